// `payctl connections check ID [--json]` (docs/decisions.md, Connection status): one line per read-only probe of the
// connection's provider account, `ok`, `failed: reason` or `not probed: ask the provider to enable …`, exit 1 when a
// probe failed, nothing sent that changes anything. And `last_reconciliation` on `connections show`: a reconciliation
// that cannot read records its error there and leaves the status alone; the next one that reads clears it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { insertConnection } from '../../src/db/connections.ts';
import { createSecretBox } from '../../src/db/sealed.ts';
import { STANDIN_ACCOUNT_NUMBER, STANDIN_KEY_ID, STANDIN_WEBHOOK_SECRET, connectedAccount, type ConnectedAccount } from '../helpers/connections.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { type Payctl, payctlFor, payctlJson } from '../helpers/payctl.ts';
import { TEST_SECRETS_KEY, startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;
let payctl: Payctl;
const accounts: ConnectedAccount[] = [];

before(async () => {
  service = await startTestService({ TRUST_PROXY: 'true', PROVIDER_POLL_SECONDS: '1', PROVIDER_MAX_RPS: '50' });
  http = createHttp(service.url);
  payctl = payctlFor(service);
});
after(async () => {
  await service?.stop();
  for (const a of accounts) await a.rzp.stop();
});

async function connected(): Promise<ConnectedAccount> {
  const a = await connectedAccount(service);
  accounts.push(a);
  return a;
}

/** The requests the stand-in got that could change something there (anything but a read). */
const writes = (a: ConnectedAccount) => a.rzp.control.requests().filter((r) => r.method !== 'GET');

describe('payctl connections check', () => {
  test('a connection set up right: the key, the payout account with its balance and the IP allow-list are ok; the features no read can show are not probed; only reads reach the provider', async () => {
    const a = await connected();
    a.rzp.control.deposit(250_000);
    const before = writes(a).length;
    const run = await payctl(['connections', 'check', a.connectionId]);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trim().split('\n');
    assert.deepEqual(lines.slice(0, 4), [
      'key: ok',
      'payout account …6316 and its balance: ok (balance 250000 paise)',
      'IP allow-list (payout APIs): ok',
      'verification (fund account validation): ok',
    ]);
    const notProbed = lines.slice(4);
    assert.equal(notProbed.length, 3, run.stdout);
    for (const line of notProbed) assert.match(line, /^[^:]+: not probed: ask the provider to enable /);
    assert.equal(writes(a).length, before, 'a check sends nothing but reads');

    const json = payctlJson(await payctl(['connections', 'check', a.connectionId, '--json']));
    assert.equal(json.connection_id, a.connectionId);
    assert.deepEqual(
      json.probes.map((p: { name: string; result: string }) => `${p.name}=${p.result}`),
      ['key=ok', 'payout account …6316 and its balance=ok', 'IP allow-list (payout APIs)=ok', 'verification (fund account validation)=ok', ...notProbed.map((l) => `${l.split(':')[0]}=not_probed`)],
    );
  });

  test("this machine's IP not on the account's allow-list: that probe fails with the reason, the others still run, exit 1", async () => {
    const a = await connected();
    a.rzp.control.setIpAllowlist(['203.0.113.7']);
    const run = await payctl(['connections', 'check', a.connectionId]);
    assert.equal(run.code, 1, run.stdout);
    const lines = run.stdout.trim().split('\n');
    assert.equal(lines[0], 'key: ok');
    assert.match(lines[2], /^IP allow-list \(payout APIs\): failed: ip_not_allowlisted/);
    // The allow-list covers fund account validations too (the provider's IP allow-list page): verification fails with it.
    assert.match(lines[3], /^verification \(fund account validation\): failed: ip_not_allowlisted/);
    assert.equal(lines.length, 7, run.stdout);
    assert.match(run.stderr, /2 probes failed: IP allow-list \(payout APIs\), verification \(fund account validation\)/);
    // Allow-listed again: the same check passes.
    a.rzp.control.setIpAllowlist(null);
    assert.equal((await payctl(['connections', 'check', a.connectionId])).code, 0);
  });

  test('a key secret the provider does not take: the key fails authentication_failed, exit 1; an unknown connection is an error', async () => {
    const a = await connected();
    const { accountId } = await service.newAccount({ live: true });
    // The same provider account, with a wrong secret (as a mistyped RAZORPAY_KEY_SECRET would leave it).
    const wrong = await insertConnection(service.stack.orm.em.fork(), createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')), {
      accountId,
      provider: 'razorpay',
      keyId: STANDIN_KEY_ID,
      keySecret: 'not-the-secret',
      webhookSecret: STANDIN_WEBHOOK_SECRET,
      payoutAccountNumber: STANDIN_ACCOUNT_NUMBER,
      baseUrl: a.rzp.baseUrl,
    });
    const run = await payctl(['connections', 'check', wrong, '--json']);
    assert.equal(run.code, 1, run.stderr);
    const probes: { name: string; result: string; detail: string | null }[] = JSON.parse(run.stdout).probes;
    assert.equal(probes[0].name, 'key');
    assert.equal(probes[0].result, 'failed');
    assert.match(probes[0].detail ?? '', /^authentication_failed/);
    const missing = await payctl(['connections', 'check', 'conn_00000000000000000000000000']);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /connection not found/);
  });
});

describe('last_reconciliation', () => {
  test('a reconciliation whose statement read fails records {at, error} and leaves the status active; the next read clears the error', async () => {
    const a = await connected();
    const show = async () => payctlJson(await payctl(['connections', 'show', a.connectionId, '--json']));
    assert.equal((await show()).last_reconciliation, null, 'never reconciled');
    // The first read of the statement answers 500; the activity's next attempt (5 s later) reads it.
    a.rzp.control.failNext({ path: '/v1/transactions', method: 'GET', status: 500 });
    const started = Math.floor(Date.now() / 1000);
    const reconciling = payctl(['connections', 'reconcile', a.connectionId, '--json']);
    let seen: { status: string; last_reconciliation: { at: number; error: string | null } | null } | undefined;
    for (let i = 0; i < 100; i++) {
      seen = await show();
      if (seen?.last_reconciliation?.error) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(seen?.last_reconciliation?.error, `the failed read is recorded: ${JSON.stringify(seen)}`);
    assert.match(seen.last_reconciliation.error, /^payout_account_statement: /);
    assert.ok(seen.last_reconciliation.at >= started);
    assert.equal(seen.status, 'active', 'a reading that fails is not a set-up error');
    const human = await payctl(['connections', 'show', a.connectionId]);
    assert.match(human.stdout, /last reconciliation .* could not read: payout_account_statement: /);

    const run = await reconciling;
    assert.equal(run.code, 0, run.stderr);
    const after = await show();
    assert.equal(after.status, 'active');
    assert.equal(after.last_reconciliation.error, null);
    assert.ok(after.last_reconciliation.at >= seen.last_reconciliation.at);
    assert.doesNotMatch((await payctl(['connections', 'show', a.connectionId])).stdout, /could not read/);
    // The API's balance is untouched by any of it.
    assert.equal((await http.get('/v1/balance', { key: a.liveKey, headers: { 'x-forwarded-proto': 'https' } })).status, 200);
  });
});
