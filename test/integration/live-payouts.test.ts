// Live payouts through a RazorpayX connection (docs/api.md, Live payouts), against the provider stand-in: the
// beneficiary registered once, the payout created under X-Payout-Idempotency = our payout id, its final state
// learned by the workflow's backstop lookup (short PROVIDER_* settings), and a lost answer sent again with the same
// key and body, so the provider holds exactly one payout.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { topUpPosting } from '../../src/domain/ledger.ts';
import { insertConnection } from '../../src/db/connections.ts';
import { createSecretBox } from '../../src/db/sealed.ts';
import { post } from '../../src/ledger/ledger.ts';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';
import { assertApiError } from '../helpers/api-assert.ts';
import { payoutReportSink } from '../../src/temporal/worker/rail-reports.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { TEST_SECRETS_KEY, startTestService, type TestService } from '../helpers/service.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };
const KEY_ID = 'rzp_live_standin';
const KEY_SECRET = 'standin-key-secret';
const ACCOUNT_NUMBER = '7878780080316316';

let service: TestService;
let http: Http;
/** Every stand-in started (one per account: its balance is that account's alone). */
const standins: RazorpayStandin[] = [];

before(async () => {
  service = await startTestService({
    TRUST_PROXY: 'true',
    PROVIDER_RETRY_DELAYS_SECONDS: '1,1,1',
    PROVIDER_LOOKUP_WINDOW_SECONDS: '4',
    PROVIDER_POLL_SECONDS: '1',
    PROVIDER_MAX_RPS: '50',
  });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
  for (const rzp of standins) await rzp.stop();
});

interface Live {
  accountId: string;
  liveKey: string;
  beneficiaryId: string;
  rzp: RazorpayStandin;
}

/**
 * An account connected to the stand-in, with money at the provider and the same in live `available` (a provider
 * deposit's top-up is another change's; here it is posted as that top-up would post it).
 */
async function connectedAccount(deposit: number, providerDeposit = deposit): Promise<Live> {
  const rzp = await startRazorpayStandin({ keyId: KEY_ID, keySecret: KEY_SECRET, accountNumber: ACCOUNT_NUMBER });
  standins.push(rzp);
  const { accountId, liveKey } = await service.newAccount({ live: true });
  assert.ok(liveKey);
  await insertConnection(service.stack.orm.em.fork(), createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')), {
    accountId,
    provider: 'razorpay',
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: 'standin-webhook-secret',
    payoutAccountNumber: ACCOUNT_NUMBER,
    baseUrl: rzp.baseUrl,
  });
  if (providerDeposit > 0) rzp.control.deposit(providerDeposit);
  await service.stack.orm.em
    .fork()
    .transactional((tx) => post(tx, { accountId, mode: 'live', posting: topUpPosting(deposit), sourceId: `tu_${randomUUID()}`, description: 'provider deposit' }));
  const bene = await http.post('/v1/beneficiaries', { key: liveKey, headers: HTTPS, json: { name: 'Asha Kumar', type: 'vpa', vpa: `asha${Date.now()}@okaxis` } });
  assert.equal(bene.status, 200, bene.text);
  return { accountId, liveKey, beneficiaryId: bene.body.id, rzp };
}

async function createPayout(a: Live, amount: number): Promise<any> {
  const res = await http.post('/v1/payouts', {
    key: a.liveKey,
    headers: HTTPS,
    idempotencyKey: randomUUID(),
    json: { beneficiary_id: a.beneficiaryId, amount, mode: 'upi', narration: 'Invoice 42' },
  });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.livemode, true);
  return res.body;
}

async function payoutAt(a: Live, id: string, want: (p: any) => boolean, what: string): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const res = await http.get(`/v1/payouts/${id}`, { key: a.liveKey, headers: HTTPS });
    if (want(res.body)) return res.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.fail(`payout ${id} never reached ${what}`);
}

async function waitForBatch(a: Live, batchId: string) {
  for (let i = 0; i < 1_200; i++) {
    const res = await http.get(`/v1/payout_batches/${batchId}`, { key: a.liveKey, headers: HTTPS });
    if (res.body.status === 'completed') return res.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.fail(`batch ${batchId} never completed`);
}

/** Live `available` equals the provider's balance to the paisa (nothing reserved is left once the payout settled). */
async function assertReconciled(a: Live) {
  const res = await http.get('/v1/balance', { key: a.liveKey, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  assert.equal(Number(res.body.available), a.rzp.control.balance());
  const [fees] = await service.sql<{ n: string }>(`select coalesce(sum(amount), 0)::text as n from balance_transactions where account_id = ? and mode = 'live' and type = 'fee'`, [a.accountId]);
  const feesCharged = a.rzp.control.payouts().filter((p) => p.status === 'processed').reduce((sum, p) => sum + p.fees, 0);
  assert.equal(Number(fees.n) + feesCharged, 0, `live fee transactions sum to ${fees.n}; the provider charged ${feesCharged}`);
}

async function providerPayoutOf(rzp: RazorpayStandin, payoutId: string) {
  for (let i = 0; i < 300; i++) {
    const found = rzp.control.payouts().filter((p) => p.reference_id === payoutId);
    if (found.length > 0) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`the provider never got payout ${payoutId}`);
}

describe('live payouts through RazorpayX', () => {
  test('a payout is created at the provider once, with the body and key of docs/api.md, and completes with its utr', async () => {
    const a = await connectedAccount(100_000);
    const payout = await createPayout(a, 5_000);
    assert.equal(payout.status, 'initiated');
    assert.equal(payout.provider_reference, null);
    const [provider] = await providerPayoutOf(a.rzp, payout.id);
    const creates = a.rzp.control.requests({ method: 'POST', path: '/v1/payouts' }).filter((r) => (r.body as any)?.reference_id === payout.id);
    assert.equal(creates.length, 1);
    assert.equal(creates[0].idempotencyKey, payout.id);
    assert.deepEqual(creates[0].body, {
      account_number: ACCOUNT_NUMBER,
      fund_account_id: provider.fund_account_id,
      amount: 5_000,
      currency: 'INR',
      mode: 'UPI',
      purpose: 'payout',
      queue_if_low_balance: false,
      reference_id: payout.id,
      narration: 'Invoice 42',
    });
    a.rzp.control.processPayout(provider.id, { utr: 'UTR000000000042' });
    const done = await payoutAt(a, payout.id, (p) => p.status === 'completed', 'completed');
    assert.equal(done.utr, 'UTR000000000042');
    assert.equal(done.provider_reference, provider.id);
    assert.equal(done.fees, a.rzp.control.payout(provider.id).fees);
    assert.ok(done.fees > 0);
    await assertReconciled(a);

    // A second payout to the same beneficiary registers nothing again.
    const contactsBefore = a.rzp.control.contacts().length;
    const fundsBefore = a.rzp.control.fundAccounts().length;
    const second = await createPayout(a, 1_000);
    await providerPayoutOf(a.rzp, second.id);
    assert.equal(a.rzp.control.contacts().length, contactsBefore);
    assert.equal(a.rzp.control.fundAccounts().length, fundsBefore);
  });

  for (const [reason, code] of [
    ['beneficiary_vpa_invalid', 'beneficiary_account_invalid'],
    ['bank_window_closed', 'beneficiary_bank_unavailable'],
    ['some_new_reason', 'rejected_by_bank'],
  ] as const) {
    test(`a payout the provider fails for ${reason} is failed ${code}, with the provider's words`, async () => {
      const a = await connectedAccount(100_000);
      const payout = await createPayout(a, 2_000);
      const [provider] = await providerPayoutOf(a.rzp, payout.id);
      a.rzp.control.failPayout(provider.id, { source: 'beneficiary_bank', reason, description: `said ${reason}` });
      const failed = await payoutAt(a, payout.id, (p) => p.status === 'failed', 'failed');
      assert.equal(failed.failure_reason.code, code);
      assert.deepEqual(failed.failure_reason.provider, { source: 'beneficiary_bank', reason, description: `said ${reason}` });
      // The provider had debited the payout and its fees, and gave both back.
      await assertReconciled(a);
    });
  }

  test('a create whose answer was lost before the provider made it is sent again with the same key and body: one provider payout', async () => {
    const a = await connectedAccount(100_000);
    a.rzp.control.failNext({ path: '/v1/payouts', method: 'POST', when: 'before', times: 2 });
    const payout = await createPayout(a, 3_000);
    const [provider] = await providerPayoutOf(a.rzp, payout.id);
    a.rzp.control.processPayout(provider.id, { utr: 'UTR000000000043' });
    await payoutAt(a, payout.id, (p) => p.status === 'completed', 'completed');
    assert.equal(a.rzp.control.payouts().filter((p) => p.reference_id === payout.id).length, 1);
    // Sent again after each lost answer, under the same key with the same body, until one was answered.
    const sends = a.rzp.control.requests({ method: 'POST', path: '/v1/payouts' }).filter((r) => (r.body as any)?.reference_id === payout.id);
    assert.deepEqual(sends.map((r) => r.status), [500, 500, 200]);
    assert.deepEqual([...new Set(sends.map((r) => r.idempotencyKey))], [payout.id]);
    for (const resend of sends.slice(1)) assert.deepEqual(resend.body, sends[0].body);
    await assertReconciled(a);
  });

  test('a create whose answer was lost after the provider made it is found by its reference, not sent again: one provider payout', async () => {
    const a = await connectedAccount(100_000);
    a.rzp.control.failNext({ path: '/v1/payouts', method: 'POST', when: 'after', times: 2 });
    const payout = await createPayout(a, 3_000);
    const [provider] = await providerPayoutOf(a.rzp, payout.id);
    a.rzp.control.processPayout(provider.id, { utr: 'UTR000000000044' });
    await payoutAt(a, payout.id, (p) => p.status === 'completed', 'completed');
    assert.equal(a.rzp.control.payouts().filter((p) => p.reference_id === payout.id).length, 1);
    const sends = a.rzp.control.requests({ method: 'POST', path: '/v1/payouts' }).filter((r) => (r.body as any)?.reference_id === payout.id);
    assert.deepEqual(sends.map((r) => r.status), [500]);
    assert.equal(sends[0].idempotencyKey, payout.id);
    assert.ok(a.rzp.control.requests({ method: 'GET', path: '/v1/payouts*' }).length > 0, 'looked up');
    await assertReconciled(a);
  });

  test('a create the provider never got, through every send, is failed processing_failed after the lookup window', async () => {
    const a = await connectedAccount(100_000);
    a.rzp.control.failNext({ path: '/v1/payouts', method: 'POST', when: 'before', times: 4 });
    const payout = await createPayout(a, 3_000);
    const failed = await payoutAt(a, payout.id, (p) => p.status === 'failed', 'failed');
    assert.equal(failed.failure_reason.code, 'processing_failed');
    assert.equal(a.rzp.control.payouts().filter((p) => p.reference_id === payout.id).length, 0);
    await assertReconciled(a);
  });

  test('a payout the provider balance cannot cover is failed insufficient_funds', async () => {
    // Our ledger has the money; the provider's balance does not (the deposit there went elsewhere).
    const a = await connectedAccount(10_000, 500);
    const payout = await createPayout(a, 900);
    const failed = await payoutAt(a, payout.id, (p) => p.status === 'failed', 'failed');
    assert.equal(failed.failure_reason.code, 'insufficient_funds');
    assert.equal(failed.failure_reason.provider.reason, 'insufficient_funds');
    assert.equal(a.rzp.control.balance(), 500);
  });

  test("the provider's narrower rules are checked at creation: 400 naming the param, or a batch item created failed invalid_amount", async () => {
    const a = await connectedAccount(100_000);
    const pay = (json: Record<string, unknown>) => http.post('/v1/payouts', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json });
    assertApiError(await pay({ beneficiary_id: a.beneficiaryId, amount: 99, mode: 'upi' }), 400, 'invalid_request', 'amount');
    assertApiError(await pay({ beneficiary_id: a.beneficiaryId, amount: 1_000, mode: 'upi', narration: 'Invoice #42' }), 400, 'invalid_request', 'narration');
    const bene = (json: Record<string, unknown>) => http.post('/v1/beneficiaries', { key: a.liveKey, headers: HTTPS, json });
    assertApiError(await bene({ name: 'Al', type: 'vpa', vpa: 'al@okaxis' }), 400, 'invalid_request', 'name');
    assertApiError(await bene({ name: 'Asha Kumar', type: 'vpa', vpa: `a${'x'.repeat(100)}@okaxis` }), 400, 'invalid_request', 'vpa');

    const batch = await http.post('/v1/payout_batches', {
      key: a.liveKey,
      headers: HTTPS,
      idempotencyKey: randomUUID(),
      json: {
        payouts: [
          { idempotency_key: 'small', beneficiary_id: a.beneficiaryId, amount: 50, mode: 'upi' },
          { idempotency_key: 'fine', beneficiary_id: a.beneficiaryId, amount: 1_000, mode: 'upi' },
        ],
      },
    });
    assert.equal(batch.status, 200, batch.text);
    let items: any[] = [];
    for (let i = 0; i < 300 && items.length < 2; i++) {
      items = (await http.get(`/v1/payouts?batch_id=${batch.body.id}`, { key: a.liveKey, headers: HTTPS })).body.data;
      if (items.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    const small = items.find((p) => p.idempotency_key === 'small');
    assert.equal(small.status, 'failed');
    assert.equal(small.failure_reason.code, 'invalid_amount');
    const fine = items.find((p) => p.idempotency_key === 'fine');
    await providerPayoutOf(a.rzp, fine.id);
    assert.equal(a.rzp.control.payouts().length, 1);
  });

  test('a live batch keeps within PROVIDER_MAX_RPS and pays each item once', async () => {
    // 250 items ask for creates and lookups faster than the pace allows for several seconds; the 1,000-item case
    // (resubmitted, paid once) is live-payout-batches.test.ts's, two workers' shared pace provider-pace.test.ts's.
    const count = 250;
    const a = await connectedAccount(count * 1_000 * 2);
    const batch = await http.post('/v1/payout_batches', {
      key: a.liveKey,
      headers: HTTPS,
      idempotencyKey: randomUUID(),
      json: { payouts: Array.from({ length: count }, (_, i) => ({ idempotency_key: `item-${i}`, beneficiary_id: a.beneficiaryId, amount: 1_000, mode: 'upi' })) },
    });
    assert.equal(batch.status, 200, batch.text);
    // The provider processes each payout as it comes (so the backstop lookups of finished ones stop).
    for (let i = 0; i < 3_000 && a.rzp.control.payouts().filter((p) => p.status === 'processed').length < count; i++) {
      for (const p of a.rzp.control.payouts()) if (p.status === 'processing') a.rzp.control.processPayout(p.id);
      await new Promise((r) => setTimeout(r, 100));
    }
    const payouts = a.rzp.control.payouts();
    assert.equal(payouts.length, count);
    assert.equal(new Set(payouts.map((p) => p.reference_id)).size, count);
    assert.ok(a.rzp.control.peakRequestsPerSecond() <= 50, `peak ${a.rzp.control.peakRequestsPerSecond()} requests a second`);
    assert.equal(a.rzp.control.contacts().length, 1);
    await waitForBatch(a, batch.body.id);
    await assertReconciled(a);
  });

  test('a completed payout the provider reverses later is reversed through the transition path, its fees given back', async () => {
    const a = await connectedAccount(100_000);
    const payout = await createPayout(a, 4_000);
    const [provider] = await providerPayoutOf(a.rzp, payout.id);
    a.rzp.control.processPayout(provider.id, { utr: 'UTR000000000077' });
    const done = await payoutAt(a, payout.id, (p) => p.status === 'completed', 'completed');
    assert.ok(done.fees > 0);
    const reversed = a.rzp.control.reversePayout(provider.id, { source: 'beneficiary_bank', reason: 'beneficiary_bank_rejected', description: 'returned' });
    // Its workflow has ended; the reversal arrives as a rail report (what the provider's webhook or the
    // reconciliation hands in), applied by the short transition workflow.
    await payoutReportSink(service.stack.temporal!.client, service.config.TEMPORAL_TASK_QUEUE)(
      { id: payout.id, accountId: a.accountId, mode: 'live', key: `reversed:${reversed.id}`, answer: { outcome: { state: 'reversed', utr: reversed.utr }, providerReference: reversed.id, fees: reversed.fees } },
      { delayMs: 0 },
    );
    const back = await payoutAt(a, payout.id, (p) => p.status === 'reversed', 'reversed');
    assert.equal(back.provider_reference, provider.id);
    const txns = await service.sql<{ type: string; amount: string }>(
      `select type, amount::text as amount from balance_transactions where account_id = ? and mode = 'live' and source_id = ? order by created_at, id`,
      [a.accountId, payout.id],
    );
    assert.ok(txns.some((t) => t.type === 'payout_reversal' && Number(t.amount) === 4_000), JSON.stringify(txns));
    assert.deepEqual(txns.filter((t) => t.type === 'fee').map((t) => Number(t.amount)).sort((x, y) => x - y), [-done.fees, done.fees]);
    await assertReconciled(a);
  });

  test('a 429 from the provider (no Retry-After in it) waits a second before each send again: the payout goes through, once', async () => {
    const a = await connectedAccount(100_000);
    a.rzp.control.throttleNext({ path: '/v1/payouts', method: 'POST', times: 2 });
    const payout = await createPayout(a, 2_500);
    const [provider] = await providerPayoutOf(a.rzp, payout.id);
    const creates = a.rzp.control.requests({ method: 'POST', path: '/v1/payouts' });
    assert.deepEqual(creates.map((r) => r.status), [429, 429, 200]);
    // The stand-in's 429 names no Retry-After: the connector then waits its default second before sending again.
    for (let i = 1; i < creates.length; i++) {
      const gap = creates[i].at - creates[i - 1].at;
      assert.ok(gap >= 1_000, `send ${i + 1} came ${gap} ms after the 429 before it, not after the wait`);
    }
    a.rzp.control.processPayout(provider.id);
    await payoutAt(a, payout.id, (p) => p.status === 'completed', 'completed');
    assert.equal(a.rzp.control.payouts().length, 1);
    await assertReconciled(a);
  });
});
