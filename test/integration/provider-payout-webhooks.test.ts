// Live payouts moved by the provider's webhooks alone, end to end through `POST /connectors/razorpay/{id}/webhooks`
// (docs/api.md, Live payouts and Inbound provider webhooks): the RazorpayX stand-in signs and delivers every event, and
// the service's backstop lookup is left at its default (30 minutes), so nothing but the webhook moves a payout here.
// processed → completed with its utr; failed → failed with our code and the provider's words; reversed after
// completion → reversed; duplicate and out-of-order deliveries end in one state with one event per transition; a
// bad signature answers 400 and changes nothing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { insertConnection } from '../../src/db/connections.ts';
import { createSecretBox } from '../../src/db/sealed.ts';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, TEST_SECRETS_KEY, type TestService } from '../helpers/service.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };
const KEY_ID = 'rzp_live_webhooks01';
const KEY_SECRET = 'payout-webhooks-key-secret';
const WEBHOOK_SECRET = 'payout-webhooks-webhook-secret';
const ACCOUNT_NUMBER = '7878780080316316';

let service: TestService;
let http: Http;
let rzp: RazorpayStandin;
let liveKey: string;
let connectionId: string;
let beneficiaryId: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  let last = await read();
  for (let i = 0; i < 300 && !ok(last); i++) {
    await sleep(100);
    last = await read();
  }
  assert.ok(ok(last), `${what}: last seen ${JSON.stringify(last)}`);
  return last;
}

const getPayout = async (id: string) => (await http.get(`/v1/payouts/${id}`, { key: liveKey, headers: HTTPS })).body;

async function available(): Promise<number> {
  const res = await http.get('/v1/balance', { key: liveKey, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return Number(res.body.available);
}

/** The payout's events of each type, as GET /v1/events lists them. */
async function eventTypes(payoutId: string): Promise<string[]> {
  const res = await http.get('/v1/events?limit=100', { key: liveKey, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return res.body.data.filter((e: any) => e.data.object.id === payoutId).map((e: any) => e.type).sort();
}

/** A live payout, handed to the provider (its id there known), still `initiated`. */
async function submittedPayout(amount = 10_000): Promise<{ id: string; providerId: string }> {
  const res = await http.post('/v1/payouts', { key: liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { beneficiary_id: beneficiaryId, amount, mode: 'upi' } });
  assert.equal(res.status, 200, res.text);
  const submitted = await eventually(() => getPayout(res.body.id), (p) => p.provider_reference !== null, 'the payout at the provider');
  assert.equal(submitted.status, 'initiated');
  await rzp.control.webhooksIdle();
  return { id: res.body.id, providerId: submitted.provider_reference };
}

/** Live `available` is the provider's balance to the paisa once nothing is reserved. */
async function assertBalancesAgree(): Promise<void> {
  await rzp.control.webhooksIdle();
  await eventually(available, (a) => a === rzp.control.balance(), 'live available equal to the provider balance');
}

before(async () => {
  service = await startTestService({ TRUST_PROXY: 'true', PROVIDER_MAX_RPS: '50' });
  http = createHttp(service.url);
  rzp = await startRazorpayStandin({ keyId: KEY_ID, keySecret: KEY_SECRET, accountNumber: ACCOUNT_NUMBER });
  const account = await service.newAccount({ live: true });
  liveKey = account.liveKey!;
  connectionId = await insertConnection(service.stack.orm.em.fork(), createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')), {
    accountId: account.accountId,
    provider: 'razorpay',
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    payoutAccountNumber: ACCOUNT_NUMBER,
    baseUrl: rzp.baseUrl,
  });
  rzp.control.setWebhook({ url: `${service.url}/connectors/razorpay/${connectionId}/webhooks`, secret: WEBHOOK_SECRET });
  // Money at the provider becomes live `available` by the deposit's webhook.
  rzp.control.deposit(10_000_000);
  await eventually(available, (a) => a === 10_000_000, 'the deposit');
  const bene = await http.post('/v1/beneficiaries', { key: liveKey, headers: HTTPS, json: { name: 'Ravi Shankar', type: 'vpa', vpa: 'ravi.hooks@okicici' } });
  assert.equal(bene.status, 200, bene.text);
  beneficiaryId = bene.body.id;
});
after(async () => {
  await service?.stop();
  await rzp?.stop();
});

describe('live payouts moved by provider webhooks through the route', () => {
  test('payout.processed completes the payout with its utr; one payout.completed event', async () => {
    const p = await submittedPayout();
    rzp.control.processPayout(p.providerId, { utr: 'HDFCN00000000101' });
    const done = await eventually(() => getPayout(p.id), (x) => x.status === 'completed', 'completed');
    assert.equal(done.utr, 'HDFCN00000000101');
    assert.deepEqual(await eventTypes(p.id), ['payout.completed', 'payout.initiated']);
    await assertBalancesAgree();
  });

  for (const [reason, code] of [
    ['beneficiary_bank_offline', 'beneficiary_bank_unavailable'],
    ['bank_account_invalid', 'beneficiary_account_invalid'],
    ['imps_not_allowed', 'invalid_method'],
    ['low_balance', 'insufficient_funds'],
    ['a_reason_never_documented', 'rejected_by_bank'],
  ] as const) {
    test(`payout.failed (${reason}) fails the payout with ${code} and the provider's words; the money and fees come back`, async () => {
      const p = await submittedPayout();
      const words = { source: 'beneficiary_bank' as const, reason, description: `The bank said ${reason}` };
      rzp.control.failPayout(p.providerId, words);
      const failed = await eventually(() => getPayout(p.id), (x) => x.status === 'failed', 'failed');
      assert.equal(failed.failure_reason.code, code);
      assert.deepEqual(failed.failure_reason.provider, words);
      assert.deepEqual(await eventTypes(p.id), ['payout.failed', 'payout.initiated']);
      await assertBalancesAgree();
    });
  }

  test('payout.reversed after completion reverses the payout: one event per transition', async () => {
    const p = await submittedPayout();
    rzp.control.processPayout(p.providerId, { utr: 'HDFCN00000000102' });
    await eventually(() => getPayout(p.id), (x) => x.status === 'completed', 'completed');
    rzp.control.reversePayout(p.providerId, { source: 'beneficiary_bank', reason: 'beneficiary_bank_rejected', description: 'Rejected by the bank' });
    const reversed = await eventually(() => getPayout(p.id), (x) => x.status === 'reversed', 'reversed');
    assert.equal(reversed.utr, 'HDFCN00000000102');
    assert.deepEqual(await eventTypes(p.id), ['payout.completed', 'payout.initiated', 'payout.reversed']);
    await assertBalancesAgree();
  });

  test('every event delivered twice: one final state, one event per transition', async () => {
    const before = rzp.control.webhookDeliveries().length;
    // Three events: initiated, processed, reversed.
    rzp.control.duplicateWebhooks({ event: 'payout.*', count: 3 });
    const p = await submittedPayout();
    rzp.control.processPayout(p.providerId, { utr: 'HDFCN00000000103' });
    rzp.control.reversePayout(p.providerId);
    await rzp.control.webhooksIdle();
    const deliveries = rzp.control.webhookDeliveries().slice(before).filter((d) => d.event.startsWith('payout.'));
    assert.ok(deliveries.length >= 6, `each payout event delivered twice (${deliveries.length} deliveries)`);
    await eventually(() => getPayout(p.id), (x) => x.status === 'reversed', 'reversed');
    await sleep(500);
    assert.deepEqual(await eventTypes(p.id), ['payout.completed', 'payout.initiated', 'payout.reversed']);
    await assertBalancesAgree();
  });

  test('events delivered in reverse order: the reversal before the completion fails the payout once, and the late completion is ignored', async () => {
    const p = await submittedPayout();
    rzp.control.holdWebhooks();
    rzp.control.processPayout(p.providerId, { utr: 'HDFCN00000000104' });
    rzp.control.reversePayout(p.providerId);
    await rzp.control.releaseWebhooks('reverse');
    await rzp.control.webhooksIdle();
    // docs/api.md: `reversed` of a payout we have not reported completed is `failed` (the money never reached the
    // beneficiary), and a `processed` arriving after that is ignored.
    const failed = await eventually(() => getPayout(p.id), (x) => x.status === 'failed', 'failed');
    await sleep(500);
    assert.equal((await getPayout(p.id)).status, 'failed');
    assert.equal(failed.failure_reason.provider.reason, 'beneficiary_bank_rejected');
    assert.deepEqual(await eventTypes(p.id), ['payout.failed', 'payout.initiated']);
    await assertBalancesAgree();
  });

  test('updates in reverse order (the utr after the completion): completed once, with the utr', async () => {
    const p = await submittedPayout();
    rzp.control.holdWebhooks();
    // payout.processed carries no utr yet; payout.updated brings it afterwards, and is delivered first.
    rzp.control.processPayout(p.providerId, { utr: null });
    rzp.control.setPayoutUtr(p.providerId, 'HDFCN00000000105');
    await rzp.control.releaseWebhooks('reverse');
    await rzp.control.webhooksIdle();
    const done = await eventually(() => getPayout(p.id), (x) => x.status === 'completed', 'completed');
    assert.equal(done.utr, 'HDFCN00000000105');
    await sleep(500);
    assert.deepEqual(await eventTypes(p.id), ['payout.completed', 'payout.initiated']);
  });

  test('a utr reported after processed (payout.updated after a completion without one) is recorded on the payout', async () => {
    const p = await submittedPayout();
    rzp.control.processPayout(p.providerId, { utr: null });
    const done = await eventually(() => getPayout(p.id), (x) => x.status === 'completed', 'completed');
    assert.ok(!done.utr, `no utr yet (${done.utr})`);
    rzp.control.setPayoutUtr(p.providerId, 'HDFCN00000000107');
    await rzp.control.webhooksIdle();
    const withUtr = await eventually(() => getPayout(p.id), (x) => !!x.utr, 'the utr recorded');
    assert.equal(withUtr.utr, 'HDFCN00000000107');
    assert.equal(withUtr.status, 'completed');
    assert.deepEqual(await eventTypes(p.id), ['payout.completed', 'payout.initiated']);
  });

  test('a badly signed payout.processed answers 400 and changes nothing; its proper resend completes the payout', async () => {
    const p = await submittedPayout();
    rzp.control.badlySignWebhooks({ event: 'payout.processed' });
    rzp.control.processPayout(p.providerId, { utr: 'HDFCN00000000106' });
    await rzp.control.webhooksIdle();
    const bad = rzp.control.webhookDeliveries().filter((d) => d.badSignature).at(-1)!;
    assert.equal(bad.event, 'payout.processed');
    assert.equal(bad.status, 400);
    await sleep(500);
    assert.equal((await getPayout(p.id)).status, 'initiated');
    assert.deepEqual(await service.sql('select event_id from provider_events where connection_id = ? and event_id = ?', [connectionId, bad.eventId]), []);
    assert.deepEqual(await eventTypes(p.id), ['payout.initiated']);
    await rzp.control.resendWebhook(bad.eventId);
    const done = await eventually(() => getPayout(p.id), (x) => x.status === 'completed', 'completed by the resend');
    assert.equal(done.utr, 'HDFCN00000000106');
  });
});

test('a payout approved at the provider later: the fees its payout.initiated webhook shows are recorded once', async () => {
  const held = await startRazorpayStandin({ keyId: KEY_ID, keySecret: KEY_SECRET, accountNumber: ACCOUNT_NUMBER, approvalWorkflow: true });
  try {
    const account = await service.newAccount({ live: true });
    const key = account.liveKey!;
    const id = await insertConnection(service.stack.orm.em.fork(), createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')), {
      accountId: account.accountId,
      provider: 'razorpay',
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      payoutAccountNumber: ACCOUNT_NUMBER,
      baseUrl: held.baseUrl,
    });
    held.control.setWebhook({ url: `${service.url}/connectors/razorpay/${id}/webhooks`, secret: WEBHOOK_SECRET });
    held.control.deposit(100_000);
    const avail = async () => Number((await http.get('/v1/balance', { key, headers: HTTPS })).body.available);
    await eventually(avail, (a) => a === 100_000, 'the deposit');
    const bene = await http.post('/v1/beneficiaries', { key, headers: HTTPS, json: { name: 'Kiran Rao', type: 'vpa', vpa: 'kiran.held@okaxis' } });
    const created = await http.post('/v1/payouts', { key, headers: HTTPS, idempotencyKey: randomUUID(), json: { beneficiary_id: bene.body.id, amount: 10_000, mode: 'upi' } });
    assert.equal(created.status, 200, created.text);
    const get = async () => (await http.get(`/v1/payouts/${created.body.id}`, { key, headers: HTTPS })).body;
    const pending = await eventually(get, (p) => p.provider_reference !== null, 'the payout at the provider');
    assert.equal(pending.fees, 0);
    held.control.duplicateWebhooks({ event: 'payout.initiated' });
    held.control.approvePayout(pending.provider_reference);
    const fees = held.control.payout(pending.provider_reference).fees;
    await held.control.webhooksIdle();
    await eventually(get, (p) => p.fees === fees, 'the fees from the webhook');
    held.control.processPayout(pending.provider_reference);
    await eventually(get, (p) => p.status === 'completed', 'completed');
    await held.control.webhooksIdle();
    const feeRows = await service.sql<{ amount: string }>(`select amount::text as amount from balance_transactions where source_id = ? and type = 'fee'`, [created.body.id]);
    assert.deepEqual(feeRows, [{ amount: String(-fees) }]);
    await eventually(avail, (a) => a === held.control.balance(), 'live available equal to the provider balance');
  } finally {
    await held.stop();
  }
});
