// Reconciliation of a live connection (docs/api.md, Live mode), against the RazorpayX stand-in, through the real API and
// `payctl`: a deposit and a reversal whose webhooks were lost are recorded from the provider's statement, each once
// however the webhook and the reconciliation meet; a difference planted at the provider is reported (log line,
// /metrics, `payctl connections show`) and nothing is changed to hide it; the worker makes the Schedule of a
// connection added while the service was down. The connection's secrets appear in no table, no CLI output and no log
// line of the service (its every line is captured here, at debug level).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Client, Connection } from '@temporalio/client';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';
import { freePort } from '../../src/infra/ports.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { payctlFor, payctlJson, type Payctl } from '../helpers/payctl.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };
// This run's own provider account: other test files' connections share the database (one connection per provider account).
const RUN_TAG = randomUUID().replace(/-/g, '').slice(0, 12);
const KEY_ID = `rzp_live_${RUN_TAG}`;
const KEY_SECRET = `key-secret-${randomUUID()}`;
const WEBHOOK_SECRET = `webhook-secret-${randomUUID()}`;
const ACCOUNT_NUMBER = `7878${RUN_TAG.replace(/[a-f]/g, '8')}`;

let service: TestService;
let http: Http;
let rzp: RazorpayStandin;
let accountId: string;
let liveKey: string;
let sandboxKey: string;
let connectionId: string;
/** Every line the service logged, and every byte payctl printed. */
const logLines: string[] = [];
const printed: string[] = [];
const extraStandins: RazorpayStandin[] = [];

/** payctl as an operator runs it, on the service's database and Temporal, at debug log level; what it printed is kept. */
const payctl: Payctl = (args, env) => payctlFor(service, { LOG_LEVEL: 'debug' }, printed)(args, env);
const json = payctlJson;

interface ProviderKeys {
  keyId: string;
  accountNumber: string;
}

/** Another provider account (one connection per provider account): its own key id and payout account number. */
function otherProvider(): ProviderKeys {
  const tag = randomUUID().replace(/-/g, '').slice(0, 12);
  return { keyId: `rzp_live_${tag}`, accountNumber: `7878${tag.replace(/[a-f]/g, '9')}` };
}

/** `payctl connections add` with the secrets in the environment, as README says. */
async function addConnection(account: string, baseUrl: string, env: Record<string, string> = {}, p: ProviderKeys = { keyId: KEY_ID, accountNumber: ACCOUNT_NUMBER }): Promise<{ connection_id: string }> {
  return json(
    await payctl(['connections', 'add', '--account', account, '--provider', 'razorpay', '--key-id', p.keyId, '--payout-account-number', p.accountNumber, '--base-url', baseUrl, '--json'], {
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ...env,
    }),
  );
}

const reconcile = async (id = connectionId) => json(await payctl(['connections', 'reconcile', id, '--json']));
const show = async (id = connectionId) => json(await payctl(['connections', 'show', id, '--json']));

async function balance(): Promise<{ available: number; reserved: number }> {
  const res = await http.get('/v1/balance', { key: liveKey, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return { available: Number(res.body.available), reserved: Number(res.body.reserved) };
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  let last = await read();
  for (let i = 0; i < 300 && !ok(last); i++) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  assert.ok(ok(last), `${what}: last seen ${JSON.stringify(last)}`);
  return last;
}

async function liveTopUps(): Promise<any[]> {
  const res = await http.get('/v1/top_ups?limit=100', { key: liveKey, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

async function eventsAbout(type: string, objectId: string): Promise<any[]> {
  const res = await http.get(`/v1/events?type=${type}&limit=100`, { key: liveKey, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return res.body.data.filter((e: any) => e.data.object.id === objectId);
}

/** Whatever this process (the service runs in it) writes to stdout and stderr, besides its log lines. */
const processOutput: string[] = [];
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    processOutput.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString());
    return write(chunk, ...rest);
  }) as typeof stream.write;
}

before(async () => {
  service = await startTestService({ TRUST_PROXY: 'true', LOG_LEVEL: 'debug', PROVIDER_MAX_RPS: '50' }, { logTo: (line) => logLines.push(line) });
  http = createHttp(service.url);
  rzp = await startRazorpayStandin({ keyId: KEY_ID, keySecret: KEY_SECRET, accountNumber: ACCOUNT_NUMBER });
  const account = await service.newAccount({ live: true });
  accountId = account.accountId;
  liveKey = account.liveKey!;
  sandboxKey = account.sandboxKey;
  connectionId = (await addConnection(accountId, rzp.baseUrl)).connection_id;
  rzp.control.setWebhook({ url: `${service.url}/connectors/razorpay/${connectionId}/webhooks`, secret: WEBHOOK_SECRET });
});
after(async () => {
  await service?.stop();
  await rzp?.stop();
  for (const s of extraStandins) await s.stop();
});

describe('reconciliation of a live connection', () => {
  test('a deposit whose webhook was lost becomes a top-up by reconciliation, once, also when the webhook comes after', async () => {
    rzp.control.dropWebhooks({ event: 'transaction.created' });
    const txn = rzp.control.deposit(1_000_000);
    await rzp.control.webhooksIdle();
    assert.equal((await balance()).available, 0);

    const result = await reconcile();
    assert.equal(result.deposits_read, 1);
    assert.equal(result.provider_balance, 1_000_000);
    assert.equal(result.difference, 0);
    assert.equal((await balance()).available, 1_000_000);

    // The lost webhook arrives at last: the same top-up, nothing more.
    const [dropped] = rzp.control.droppedWebhooks();
    await rzp.control.resendWebhook(dropped.id);
    await rzp.control.webhooksIdle();
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await balance()).available, 1_000_000);
    const fromProvider = (await liveTopUps()).filter((t) => t.provider_reference === txn.id);
    assert.equal(fromProvider.length, 1);
    assert.equal(fromProvider[0].source, 'provider');
    assert.equal(fromProvider[0].amount, 1_000_000);

    // The other order: the webhook first, then reconciliation finds the deposit recorded.
    const second = rzp.control.deposit(5_000);
    await rzp.control.webhooksIdle();
    await eventually(balance, (b) => b.available === 1_005_000, 'the deposit webhook');
    const again = await reconcile();
    assert.equal(again.difference, 0);
    assert.equal((await balance()).available, 1_005_000);
    assert.equal((await liveTopUps()).filter((t) => t.provider_reference === second.id).length, 1);
  });

  test('GET /v1/top_ups shows live deposits with their provider reference and sandbox ones as test_helper, never another account\'s', async () => {
    const sandbox = await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, idempotencyKey: randomUUID(), json: { amount: 777 } });
    assert.equal(sandbox.status, 200, sandbox.text);
    assert.equal(sandbox.body.source, 'test_helper');
    assert.equal(sandbox.body.provider_reference, null);
    const live = await liveTopUps();
    assert.equal(live.length, 2);
    assert.ok(live.every((t) => t.source === 'provider' && t.mode === 'live' && /^txn_/.test(t.provider_reference)));
    assert.ok(!live.some((t) => t.id === sandbox.body.id));
    const one = await http.get(`/v1/top_ups/${live[0].id}`, { key: liveKey, headers: HTTPS });
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(one.body, live[0]);
    const filtered = await http.get('/v1/top_ups?source=test_helper', { key: sandboxKey });
    assert.deepEqual(filtered.body.data.map((t: any) => t.id), [sandbox.body.id]);
    assert.equal((await http.get('/v1/top_ups?source=provider', { key: sandboxKey })).body.data.length, 0);

    // Another account sees none of them, in either mode.
    const other = await service.newAccount({ live: true });
    assert.deepEqual((await http.get('/v1/top_ups', { key: other.liveKey!, headers: HTTPS })).body.data, []);
    assert.deepEqual((await http.get('/v1/top_ups', { key: other.sandboxKey })).body.data, []);
    assert.equal((await http.get(`/v1/top_ups/${live[0].id}`, { key: other.liveKey!, headers: HTTPS })).status, 404);
    assert.equal((await http.get(`/v1/top_ups/${sandbox.body.id}`, { key: liveKey, headers: HTTPS })).status, 404);
  });

  test('a reversal of a completed payout whose webhook was lost is brought by reconciliation, once', async () => {
    const bene = await http.post('/v1/beneficiaries', { key: liveKey, headers: HTTPS, json: { name: 'Asha Kumar', type: 'vpa', vpa: 'asha.recon@okaxis' } });
    assert.equal(bene.status, 200, bene.text);
    const created = await http.post('/v1/payouts', { key: liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { beneficiary_id: bene.body.id, amount: 20_000, mode: 'upi' } });
    assert.equal(created.status, 200, created.text);
    const payoutId = created.body.id;
    const get = async () => (await http.get(`/v1/payouts/${payoutId}`, { key: liveKey, headers: HTTPS })).body;
    const submitted = await eventually(get, (p) => p.provider_reference !== null && p.fees > 0, 'the payout at the provider');
    rzp.control.processPayout(submitted.provider_reference, { utr: 'UTR0000RECON01' });
    await eventually(get, (p) => p.status === 'completed', 'completed by webhook');
    const afterCompletion = await balance();
    assert.equal(afterCompletion.available, 1_005_000 - 20_000 - submitted.fees);

    rzp.control.dropWebhooks({ event: 'payout.reversed' });
    rzp.control.reversePayout(submitted.provider_reference, { source: 'beneficiary_bank', reason: 'beneficiary_bank_rejected', description: 'Rejected by the bank' });
    await rzp.control.webhooksIdle();
    assert.equal((await get()).status, 'completed');

    const result = await reconcile();
    assert.equal(result.payout_reports, 1);
    assert.equal(result.difference, 0);
    const reversed = await get();
    assert.equal(reversed.status, 'reversed');
    // The amount and the fees came back, as at the provider.
    assert.equal((await balance()).available, rzp.control.balance());
    assert.equal((await eventsAbout('payout.reversed', payoutId)).length, 1);

    // The lost webhook arrives after all: nothing moves again.
    const dropped = rzp.control.droppedWebhooks().find((e) => e.event === 'payout.reversed')!;
    await rzp.control.resendWebhook(dropped.id);
    await rzp.control.webhooksIdle();
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await get()).status, 'reversed');
    assert.equal((await eventsAbout('payout.reversed', payoutId)).length, 1);
    assert.equal((await balance()).available, rzp.control.balance());
    assert.equal((await reconcile()).difference, 0);
  });

  test('a difference planted at the provider is reported (log, /metrics, payctl connections show), never corrected', async () => {
    const before = await balance();
    rzp.control.adjustBalance(-1_234, 'a charge nothing of ours explains');
    const result = await reconcile();
    assert.equal(result.difference, -1_234);
    assert.equal(result.unexplained_lines, 1);
    assert.equal(result.provider_balance, rzp.control.balance());
    assert.deepEqual(await balance(), before);

    const shown = await show();
    assert.equal(shown.reconciliation_difference, -1_234);
    assert.equal(shown.reconciliation_provider_balance, rzp.control.balance());
    assert.ok(shown.reconciled_at > 0);
    assert.ok(shown.reconciliation_cursor);
    assert.equal(shown.reconciliation_differences_found, 1);
    const human = await payctl(['connections', 'show', connectionId]);
    assert.match(human.stdout, /difference\s+-1234 paise/);
    assert.match(human.stdout, /last reconciled\s+\d{4}-/);

    const metrics = await http.get('/metrics');
    const labels = `connection_id="${connectionId}",provider="razorpay"`;
    assert.ok(metrics.text.includes(`paygate_reconciliation_difference_paise{${labels}} -1234`), `${metrics.status} ${metrics.text.slice(0, 300)}`);
    assert.ok(metrics.text.includes(`paygate_reconciliation_differences_total{${labels}} 1`), metrics.text.split('\n').filter((l) => l.includes('reconciliation')).join('\n'));

    const logged = logLines.map((l) => JSON.parse(l)).filter((l) => /reconciliation difference/.test(l.msg ?? '') && l.connection_id === connectionId);
    assert.equal(logged.length, 1, 'one log line for the one run that found the difference');
    assert.equal(logged[0].difference, -1_234);

    // Still there on the next run, counted again; the balances are as they were.
    assert.equal((await reconcile()).difference, -1_234);
    assert.deepEqual(await balance(), before);
    assert.ok((await http.get('/metrics')).text.includes(`paygate_reconciliation_differences_total{${labels}} 2`));
  });

  test('payout fees no webhook brought (a payout approved at the provider later) are recorded once, from the statement', async () => {
    // An account whose RazorpayX holds payouts for approval: the create answers `pending`, with no fees yet.
    const heldKeys = otherProvider();
    const held = await startRazorpayStandin({ ...heldKeys, keySecret: KEY_SECRET, approvalWorkflow: true });
    extraStandins.push(held);
    const other = await service.newAccount({ live: true });
    const id = (await addConnection(other.accountId, held.baseUrl, {}, heldKeys)).connection_id;
    held.control.setWebhook({ url: `${service.url}/connectors/razorpay/${id}/webhooks`, secret: WEBHOOK_SECRET });
    held.control.deposit(50_000);
    const otherBalance = async () => Number((await http.get('/v1/balance', { key: other.liveKey!, headers: HTTPS })).body.available);
    await eventually(otherBalance, (b) => b === 50_000, 'the deposit webhook');
    const bene = await http.post('/v1/beneficiaries', { key: other.liveKey!, headers: HTTPS, json: { name: 'Meera Iyer', type: 'vpa', vpa: 'meera.fees@okhdfc' } });
    const created = await http.post('/v1/payouts', { key: other.liveKey!, headers: HTTPS, idempotencyKey: randomUUID(), json: { beneficiary_id: bene.body.id, amount: 10_000, mode: 'upi' } });
    assert.equal(created.status, 200, created.text);
    const get = async () => (await http.get(`/v1/payouts/${created.body.id}`, { key: other.liveKey!, headers: HTTPS })).body;
    const pending = await eventually(get, (p) => p.provider_reference !== null, 'the payout at the provider');
    assert.equal(pending.fees, 0);
    // Approved at the provider (debited with its fees); the webhook saying so is lost.
    held.control.dropWebhooks({ event: 'payout.initiated' });
    held.control.approvePayout(pending.provider_reference);
    await held.control.webhooksIdle();
    const fees = held.control.payout(pending.provider_reference).fees;
    assert.ok(fees > 0);

    const result = await reconcile(id);
    assert.equal(result.difference, 0);
    assert.equal((await get()).fees, fees);
    const feeRows = async () => service.sql<{ amount: string }>(`select amount::text as amount from balance_transactions where source_id = ? and type = 'fee'`, [created.body.id]);
    assert.deepEqual(await feeRows(), [{ amount: String(-fees) }]);
    assert.equal((await reconcile(id)).difference, 0);
    assert.deepEqual(await feeRows(), [{ amount: String(-fees) }]);
    assert.equal(await otherBalance(), held.control.balance());
  });

  test('an account with history before the connection: its balance then is one top-up, what came after is line by line', async () => {
    const oldKeys = otherProvider();
    const old = await startRazorpayStandin({ ...oldKeys, keySecret: KEY_SECRET });
    extraStandins.push(old);
    old.control.deposit(30_000);
    old.control.adjustBalance(-2_000, 'a charge from before');
    // The statement's clock has whole seconds: the connection is made in a later one.
    await new Promise((r) => setTimeout(r, 1_100));
    const other = await service.newAccount({ live: true });
    const id = (await addConnection(other.accountId, old.baseUrl, {}, oldKeys)).connection_id;
    const after = old.control.deposit(5_000);
    const result = await reconcile(id);
    assert.equal(result.difference, 0);
    assert.equal(result.unexplained_lines, 0);
    const topUps = (await http.get('/v1/top_ups', { key: other.liveKey!, headers: HTTPS })).body.data;
    assert.deepEqual(topUps.map((t: any) => [t.amount, t.source]).sort(), [[28_000, 'provider'], [5_000, 'provider']].sort());
    assert.ok(topUps.some((t: any) => t.provider_reference === after.id));
    assert.equal(Number((await http.get('/v1/balance', { key: other.liveKey!, headers: HTTPS })).body.available), old.control.balance());
    assert.equal((await reconcile(id)).deposits_read, 0);
  });

  test('a disabled connection still reconciles: a deposit it missed is recorded, nothing else changes', async () => {
    const disabled = json(await payctl(['connections', 'disable', connectionId, '--json']));
    assert.equal(disabled.status, 'disabled');
    rzp.control.dropWebhooks({ event: 'transaction.created' });
    const txn = rzp.control.deposit(3_000);
    await rzp.control.webhooksIdle();
    const before = await balance();
    const result = await reconcile();
    assert.equal(result.deposits_read, 1);
    assert.equal(result.difference, -1_234);
    assert.equal((await balance()).available, before.available + 3_000);
    assert.equal((await liveTopUps()).filter((t) => t.provider_reference === txn.id).length, 1);
  });

  test('the worker makes the Schedule of a connection added while the service was down, and the Schedule reconciles', async () => {
    const downKeys = otherProvider();
    const down = await startRazorpayStandin({ ...downKeys, keySecret: KEY_SECRET });
    extraStandins.push(down);
    down.control.deposit(42_000);
    const other = await service.newAccount({ live: true });
    // Temporal cannot be reached while the connection is added: the Schedule is left to the worker's start-up.
    const added = await payctl(
      ['connections', 'add', '--account', other.accountId, '--provider', 'razorpay', '--key-id', downKeys.keyId, '--payout-account-number', downKeys.accountNumber, '--base-url', down.baseUrl],
      { RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}` },
    );
    assert.equal(added.code, 0, added.stderr);
    assert.match(added.stdout, /scheduled when the service's worker next starts/);
    const id = /conn_[0-9A-Za-z]+/.exec(added.stdout)![0];
    const connection = await Connection.connect({ address: service.config.TEMPORAL_ADDRESS! });
    try {
      const client = new Client({ connection });
      await assert.rejects(client.schedule.getHandle(`reconcile/${id}`).describe());

      // A worker starts (another process of the deployment): the Schedule exists, every RECONCILE_INTERVAL_SECONDS.
      const worker = await startTestService({ TEMPORAL_TASK_QUEUE: service.config.TEMPORAL_TASK_QUEUE, RECONCILE_INTERVAL_SECONDS: '1800', TRUST_PROXY: 'true' });
      try {
        const handle = client.schedule.getHandle(`reconcile/${id}`);
        const described = await handle.describe();
        assert.equal(described.action.type, 'startWorkflow');
        assert.equal((described.action as { workflowType: string }).workflowType, 'reconcileConnectionWorkflow');
        assert.equal(Number(described.spec.intervals?.[0]?.every), 1_800_000);
        // A run of the Schedule itself (triggered rather than waited for) reconciles the connection.
        await handle.trigger();
        const reconciled = await eventually(
          async () => (await service.sql<{ reconciled_at: Date | null }>('select reconciled_at from connections where id = ?', [id]))[0],
          (row) => row.reconciled_at !== null,
          'a scheduled reconciliation',
        );
        assert.ok(reconciled.reconciled_at);
        const topUps = await http.get('/v1/top_ups', { key: other.liveKey!, headers: HTTPS });
        assert.deepEqual(topUps.body.data.map((t: any) => [t.amount, t.source]), [[42_000, 'provider']]);
      } finally {
        await worker.stop();
      }
    } finally {
      await connection.close();
    }
  });

  test('the secrets are in no table, no payctl output and no log line of the service', async () => {
    assert.ok(logLines.length > 100, `the service logged ${logLines.length} lines`);
    const logs = logLines.join('') + processOutput.join('');
    for (const secret of [KEY_SECRET, WEBHOOK_SECRET]) {
      assert.ok(!logs.includes(secret), 'a secret in a log line of the service');
      assert.ok(!printed.join('').includes(secret), 'a secret in payctl output');
    }
    const tables = await service.sql<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`);
    for (const { table_name } of tables) {
      const [hit] = await service.sql<{ n: number }>(
        `select count(*)::int as n from "${table_name}" t where t::text like ? or t::text like ?`,
        [`%${KEY_SECRET}%`, `%${WEBHOOK_SECRET}%`],
      );
      assert.equal(hit.n, 0, `a secret in table ${table_name}`);
    }
  });
});
