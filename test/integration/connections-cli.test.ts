// payctl connections as an operator runs it (docs/api.md, Live mode): the real program on the service's database. Secrets
// come from the environment or files, are sealed at rest, and appear in no table, no output and no log line; one
// active connection per account; a disabled connection makes live money writes answer 403 connection_required.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createSecretBox } from '../../src/db/sealed.ts';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';
import { connectionWebhookSecrets } from '../../src/db/connections.ts';
import { assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { payctlFor, payctlJson, type Payctl } from '../helpers/payctl.ts';
import { startTestService, TEST_SECRETS_KEY, type TestService } from '../helpers/service.ts';

const PUBLIC_BASE_URL = 'https://payments.example.com';
const HTTPS = { 'x-forwarded-proto': 'https' };

let service: TestService;
let http: Http;
let workDir: string;
/** Every byte payctl printed in this file, to search for secrets at the end. */
const printed: string[] = [];
/** Every secret handed to payctl in this file. */
const secretsGiven: string[] = [];
const standins: RazorpayStandin[] = [];

before(async () => {
  service = await startTestService({ TRUST_PROXY: 'true' });
  http = createHttp(service.url);
  workDir = mkdtempSync(path.join(tmpdir(), 'payctl-connections-'));
  chmodSync(workDir, 0o700);
});
after(async () => {
  await service?.stop();
  for (const rzp of standins) await rzp.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** payctl on the service's database, with its key, at debug log level (so a leak into a log line would show); in-process (test/helpers/payctl.ts), every byte it printed kept. */
const payctl: Payctl = (args, env) => payctlFor(service, { PUBLIC_BASE_URL, LOG_LEVEL: 'debug' }, printed)(args, env);
const json = payctlJson;

function newSecret(label: string): string {
  const secret = `${label}_${randomBytes(18).toString('base64url')}`;
  secretsGiven.push(secret);
  return secret;
}

async function liveAccount(): Promise<{ accountId: string; liveKey: string; beneficiaryId: string }> {
  const { accountId, liveKey } = await service.newAccount({ live: true });
  assert.ok(liveKey);
  const bene = await http.post('/v1/beneficiaries', { key: liveKey, headers: HTTPS, json: { name: 'Live Payee', type: 'vpa', vpa: 'payee@okaxis' } });
  assert.equal(bene.status, 200, bene.text);
  return { accountId, liveKey, beneficiaryId: bene.body.id };
}

/** Nothing answers there: a test run reaches loopback addresses only, never the provider's own. */
const NOWHERE = 'http://127.0.0.1:9';

/** A provider account no other connection of the (shared) database names: one connection per provider account. */
function providerAccount(): { keyId: string; accountNumber: string } {
  return { keyId: `rzp_live_${randomBytes(8).toString('hex')}`, accountNumber: `78787800${String(randomBytes(4).readUInt32BE()).padStart(10, '0')}` };
}

/**
 * `connections add` to a provider account, at a loopback address where nothing answers unless `extra` names a
 * stand-in's `--base-url`: no test reaches the provider's real API.
 */
function addArgs(accountId: string, extra: string[] = [], p = providerAccount()): string[] {
  return ['connections', 'add', '--account', accountId, '--provider', 'razorpay', '--key-id', p.keyId, '--payout-account-number', p.accountNumber, '--base-url', NOWHERE, '--json', ...extra];
}

describe('payctl connections', () => {
  test("the base URL: a test run takes loopback addresses only; outside one, https or http to a loopback address", async () => {
    const { accountId } = await liveAccount();
    const secrets = () => ({ RAZORPAY_KEY_SECRET: newSecret('urlkey'), RAZORPAY_WEBHOOK_SECRET: newSecret('urlhook') });
    const refusals: Array<[string | undefined, string[], RegExp]> = [
      ['1', ['--base-url', 'https://api.razorpay.com'], /--base-url a test run \(PAYGATE_TEST_RUN=1\) reaches only loopback addresses, not api\.razorpay\.com/],
      [undefined, ['--base-url', 'http://api.razorpay.com'], /--base-url http is for loopback addresses only; use https for api\.razorpay\.com/],
      [undefined, ['--base-url', 'http://10.0.0.5:8080'], /--base-url http is for loopback addresses only/],
      [undefined, ['--base-url', 'ftp://127.0.0.1'], /--base-url must be an http\(s\) URL/],
    ];
    for (const [testRun, extra, message] of refusals) {
      const run = await payctl(addArgs(accountId, extra), { ...secrets(), PAYGATE_TEST_RUN: testRun });
      assert.equal(run.code, 2, `${extra.join(' ')} (test run: ${testRun ?? 'no'}) was not refused as a usage error: ${run.stdout} ${run.stderr}`);
      assert.match(run.stderr, message);
    }
    assert.deepEqual(await service.sql('select id from connections where account_id = ?', [accountId]), [], 'a refused add writes nothing');
    // Outside a test run, http to this machine (a local TLS-terminating proxy) is taken.
    const local = json(await payctl(addArgs(accountId, ['--base-url', 'http://localhost:9']), { ...secrets(), PAYGATE_TEST_RUN: undefined }));
    const [row] = await service.sql('select base_url from connections where id = ?', [local.connection_id]);
    assert.equal(row.base_url, 'http://localhost:9');
  });

  test('add with secrets from the environment prints the connection id and the webhook URL, and stores the secrets sealed', async () => {
    const { accountId } = await liveAccount();
    const keySecret = newSecret('keysecret');
    const webhookSecret = newSecret('whsecret');
    const p = providerAccount();
    const out = json(await payctl(addArgs(accountId, ['--base-url', 'http://127.0.0.1:9/'], p), { RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret }));
    assert.match(out.connection_id, /^conn_/);
    assert.equal(out.webhook_url, `${PUBLIC_BASE_URL}/connectors/razorpay/${out.connection_id}/webhooks`);
    assert.deepEqual(Object.keys(out).sort(), ['connection_id', 'webhook_url']);

    const [row] = await service.sql('select account_id, provider, key_id, base_url, status, payout_account_number from connections where id = ?', [out.connection_id]);
    assert.deepEqual(row, { account_id: accountId, provider: 'razorpay', key_id: p.keyId, base_url: 'http://127.0.0.1:9', status: 'active', payout_account_number: p.accountNumber });
    // The service opens what payctl sealed (the same SECRETS_KEY): the webhook route can verify with it.
    const opened = await connectionWebhookSecrets(service.stack.orm.em.fork(), createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')), out.connection_id);
    assert.deepEqual(opened?.secrets, [webhookSecret]);
  });

  test('add with secrets from files; a second add for the account, of its provider account or another, is refused and changes nothing', async () => {
    const { accountId } = await liveAccount();
    const keyFile = path.join(workDir, `key-${randomUUID()}`);
    const hookFile = path.join(workDir, `hook-${randomUUID()}`);
    writeFileSync(keyFile, `${newSecret('filekey')}\n`, { mode: 0o600 });
    const webhookSecret = newSecret('filehook');
    writeFileSync(hookFile, `${webhookSecret}\n`, { mode: 0o600 });
    const p = providerAccount();
    const first = json(await payctl(addArgs(accountId, ['--key-secret-file', keyFile, '--webhook-secret-file', hookFile], p)));
    assert.match(first.connection_id, /^conn_/);
    const opened = await connectionWebhookSecrets(service.stack.orm.em.fork(), createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')), first.connection_id);
    assert.deepEqual(opened?.secrets, [webhookSecret], 'the file\'s trailing newline is not part of the secret');

    const second = await payctl(addArgs(accountId, ['--key-secret-file', keyFile, '--webhook-secret-file', hookFile], p));
    assert.equal(second.code, 1, second.stderr);
    assert.equal(second.stdout, '');
    assert.match(second.stderr, new RegExp(`provider account already has a connection: ${first.connection_id} \\(active\\)`));
    const another = await payctl(addArgs(accountId, ['--key-secret-file', keyFile, '--webhook-secret-file', hookFile]));
    assert.equal(another.code, 1, another.stderr);
    assert.match(another.stderr, new RegExp(`already has an active connection \\(${first.connection_id}\\)`));
    const rows = await service.sql('select id from connections where account_id = ?', [accountId]);
    assert.deepEqual(rows.map((r) => r.id), [first.connection_id]);
  });

  test('a secret is never taken from the command line, and a missing one is a usage error', async () => {
    const { accountId } = await liveAccount();
    const onCommandLine = await payctl(addArgs(accountId, ['--key-secret', 'plain']), { RAZORPAY_WEBHOOK_SECRET: newSecret('wh') });
    assert.equal(onCommandLine.code, 2);
    const missing = await payctl(addArgs(accountId), { RAZORPAY_KEY_SECRET: newSecret('k') });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /RAZORPAY_WEBHOOK_SECRET/);
    assert.deepEqual(await service.sql('select id from connections where account_id = ?', [accountId]), []);
  });

  test('list and show print every setting but no secret; disable makes live money writes answer 403 connection_required', async () => {
    const { accountId, liveKey, beneficiaryId } = await liveAccount();
    const env = { RAZORPAY_KEY_SECRET: newSecret('listkey'), RAZORPAY_WEBHOOK_SECRET: newSecret('listhook') };
    // The payout below goes to a stand-in of the provider, never to its real API.
    const p = providerAccount();
    const rzp = await startRazorpayStandin({ keyId: p.keyId, keySecret: env.RAZORPAY_KEY_SECRET, accountNumber: p.accountNumber });
    standins.push(rzp);
    const { connection_id: id } = json(await payctl(addArgs(accountId, ['--base-url', rzp.baseUrl], p), env));

    const payout = { beneficiary_id: beneficiaryId, amount: 1_000, mode: 'upi' };
    const connected = await http.post('/v1/payouts', { key: liveKey, headers: HTTPS, json: payout, idempotencyKey: randomUUID() });
    assert.notEqual(connected.body?.error?.code, 'connection_required', connected.text);

    const list = json(await payctl(['connections', 'list', '--account', accountId, '--json']));
    assert.equal(list.data.length, 1);
    const shown = json(await payctl(['connections', 'show', id, '--json']));
    assert.deepEqual(list.data[0], shown);
    assert.equal(shown.id, id);
    assert.equal(shown.account_id, accountId);
    assert.equal(shown.provider, 'razorpay');
    assert.equal(shown.status, 'active');
    assert.equal(shown.key_id, p.keyId);
    assert.equal(shown.payout_account_number_last4, p.accountNumber.slice(-4));
    assert.equal(shown.base_url, rzp.baseUrl);
    assert.equal(shown.reconciliation_cursor, null);
    assert.equal(typeof shown.created_at, 'number');
    const human = await payctl(['connections', 'show', id]);
    assert.equal(human.code, 0, human.stderr);
    assert.match(human.stdout, new RegExp(`…${p.accountNumber.slice(-4)}`));
    assert.doesNotMatch(human.stdout, new RegExp(p.accountNumber));
    assert.doesNotMatch(JSON.stringify(list), new RegExp(p.accountNumber));

    const disabled = json(await payctl(['connections', 'disable', id, '--json']));
    assert.equal(disabled.status, 'disabled');
    const refused = await http.post('/v1/payouts', { key: liveKey, headers: HTTPS, json: payout, idempotencyKey: randomUUID() });
    assertApiError(refused, 403, 'connection_required');
    const again = await payctl(['connections', 'disable', id]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /Already disabled/);

    // With the old one disabled, the account may be connected to another provider account.
    const next = json(await payctl(addArgs(accountId), { RAZORPAY_KEY_SECRET: newSecret('nextkey'), RAZORPAY_WEBHOOK_SECRET: newSecret('nexthook') }));
    assert.notEqual(next.connection_id, id);

    const unknown = await payctl(['connections', 'show', 'conn_01JD3Y8X4W0000000000000000']);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /connection not found/);
  });

  test('rotate-webhook-secret: the new secret and the old one both verify, the old one for 24 hours', async () => {
    const { accountId } = await liveAccount();
    const oldSecret = newSecret('oldhook');
    const { connection_id: id } = json(await payctl(addArgs(accountId), { RAZORPAY_KEY_SECRET: newSecret('rotkey'), RAZORPAY_WEBHOOK_SECRET: oldSecret }));
    const newHook = newSecret('newhook');
    const rotated = json(await payctl(['connections', 'rotate-webhook-secret', id, '--json'], { RAZORPAY_WEBHOOK_SECRET: newHook }));
    const now = Math.floor(Date.now() / 1000);
    assert.ok(Math.abs(rotated.previous_secret_valid_until - (now + 24 * 3600)) < 120, JSON.stringify(rotated));
    const box = createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64'));
    const em = service.stack.orm.em.fork();
    assert.deepEqual((await connectionWebhookSecrets(em, box, id))?.secrets, [newHook, oldSecret]);
    const later = new Date(Date.now() + 24 * 3600 * 1000 + 60_000);
    assert.deepEqual((await connectionWebhookSecrets(em, box, id, later))?.secrets, [newHook]);
    const shown = json(await payctl(['connections', 'show', id, '--json']));
    assert.equal(shown.previous_webhook_secret_expires_at, rotated.previous_secret_valid_until);
  });

  test('no secret given to payctl is in clear text in any table, its output or its log lines', async () => {
    assert.ok(secretsGiven.length >= 8);
    const columns = await service.sql<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json')`,
    );
    // One query per table: every text column of a row joined, searched for any of the secrets (a regular expression
    // of them, each escaped); a hit names the table and the secrets found.
    const anySecret = secretsGiven.map((secret) => secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    const tables = new Map<string, string[]>();
    for (const { table_name, column_name } of columns) tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
    for (const [table, cols] of tables) {
      const joined = `concat_ws(' ', ${cols.map((c) => `"${c}"::text`).join(', ')})`;
      const hits = await service.sql<{ text: string }>(`select ${joined} as text from "${table}" where ${joined} ~ ?`, [anySecret]);
      const found = secretsGiven.filter((secret) => hits.some((h) => h.text.includes(secret)));
      assert.deepEqual(found, [], `${found.join(', ')} found in ${table}`);
    }
    for (const secret of secretsGiven) {
      for (const text of printed) assert.ok(!text.includes(secret), `${secret} printed by payctl`);
    }
    const sealed = await service.sql('select key_secret, webhook_secret, previous_webhook_secret from connections');
    for (const row of sealed) {
      assert.match(row.key_secret, /^sealed:v1:/);
      assert.match(row.webhook_secret, /^sealed:v1:/);
      if (row.previous_webhook_secret !== null) assert.match(row.previous_webhook_secret, /^sealed:v1:/);
    }
  });
});
