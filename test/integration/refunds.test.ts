// Refunds through the real API, worker, Temporal and PostgreSQL: full and partial refunds, the limits
// (never more than was paid, only captured payments, only what `available` covers), concurrency, failed
// refunds, idempotency, reads, events and the ledger.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { refundWorkflowId } from '../../src/domain/workflow-ids.ts';
import { allBalanceTransactions, amountsOf, assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { fund } from '../helpers/payouts.ts';
import { assertLedgerBalanced, capturedPayment, createPayment, eventTypesOf, waitFor } from '../helpers/payments.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService({ SANDBOX_PAYOUT_DELAY_MS: '300', SANDBOX_SLOW_DELAY_MS: '60000', PAYMENT_SYNC_WAIT_MS: '500' });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

async function refund(key: string, body: Record<string, unknown>, idempotencyKey = `rf-${randomUUID()}`) {
  return http.post('/v1/refunds', { key, json: body, idempotencyKey });
}

const finished = (r: { status: string }) => r.status !== 'pending';

async function refundRows(accountId: string): Promise<number> {
  const rows = await service.stack.orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from refunds where account_id = ?`, [accountId]);
  return Number(rows[0].n);
}

/** An account with one captured payment of `amount`, settled so that `available` holds it. */
async function settledPayment(amount: number, extra: Record<string, unknown> = {}) {
  const account = await service.newAccount();
  const paymentId = await capturedPayment(http, account.sandboxKey, amount, extra);
  const run = await http.post('/v1/test_helpers/settlements/run', { key: account.sandboxKey });
  assert.equal(run.status, 200, run.text);
  assert.equal(run.body.data[0].amount, amount);
  return { ...account, paymentId };
}

describe('refunding a captured payment', () => {
  test('a full refund (no amount) gives the whole payment back: pending, then processed, with its postings and refund.processed', async () => {
    const { accountId, sandboxKey, paymentId } = await settledPayment(10_000);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 10_000, pending: 0, reserved: 0 });
    const res = await refund(sandboxKey, { payment_id: paymentId, reason: 'customer asked', metadata: { ticket: 'T-1' } });
    assert.equal(res.status, 200, res.text);
    const r = res.body;
    assert.match(r.id, /^rfnd_[0-9A-Z]{26}$/);
    assert.equal(r.object, 'refund');
    assert.equal(r.mode, 'sandbox');
    assert.equal(r.payment_id, paymentId);
    assert.equal(r.amount, 10_000);
    assert.equal(r.currency, 'INR');
    assert.equal(r.status, 'pending');
    assert.equal(r.reason, 'customer asked');
    assert.deepEqual(r.metadata, { ticket: 'T-1' });
    assert.equal(r.processed_at, null);
    // Reserved from `available` at once.
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 0, pending: 0, reserved: 10_000 });
    const done = await waitFor(http, sandboxKey, `/v1/refunds/${r.id}`, finished);
    assert.equal(done.status, 'processed');
    assert.match(done.utr, /^SBXR/);
    assert.equal(typeof done.processed_at, 'number');
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 0, pending: 0, reserved: 0 });
    const payment = (await http.get(`/v1/payments/${paymentId}`, { key: sandboxKey })).body;
    assert.equal(payment.amount_refunded, 10_000);
    assert.equal(payment.status, 'captured');
    assert.deepEqual(await eventTypesOf(http, sandboxKey, r.id), ['refund.processed']);
    const event = (await http.get('/v1/events?type=refund.processed', { key: sandboxKey })).body.data[0];
    assert.deepEqual(event.data.object, done);
    const txns = await allBalanceTransactions(http, sandboxKey, `source_id=${r.id}`);
    assert.deepEqual(
      txns.map((t) => [t.type, t.amount]).reverse(),
      [
        ['refund', -10_000],
        ['refund', 0],
      ],
    );
    // Nothing is left to refund.
    assertApiError(await refund(sandboxKey, { payment_id: paymentId }), 400, 'invalid_request', 'amount');
    assertApiError(await refund(sandboxKey, { payment_id: paymentId, amount: 1 }), 400, 'invalid_request', 'amount');
    await assertLedgerBalanced(service, accountId);
  });

  test('several partial refunds add up to the payment; one more paisa is 400 with param amount and creates nothing', async () => {
    const { accountId, sandboxKey, paymentId } = await settledPayment(10_000);
    await fund(http, sandboxKey, 50_000);
    for (const amount of [2_500, 2_500, 4_000]) {
      const res = await refund(sandboxKey, { payment_id: paymentId, amount });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.amount, amount);
    }
    const over = await refund(sandboxKey, { payment_id: paymentId, amount: 1_001 }, 'over-1');
    assertApiError(over, 400, 'invalid_request', 'amount');
    assert.match(over.body.error.message, /1000/);
    // The rest, by default.
    const rest = await refund(sandboxKey, { payment_id: paymentId });
    assert.equal(rest.status, 200, rest.text);
    assert.equal(rest.body.amount, 1_000);
    assert.equal(await refundRows(accountId), 4);
    const list = await http.get(`/v1/refunds?payment_id=${paymentId}`, { key: sandboxKey });
    assert.deepEqual(list.body.data.map((r: any) => r.amount), [1_000, 4_000, 2_500, 2_500]);
    for (const r of list.body.data) await waitFor(http, sandboxKey, `/v1/refunds/${r.id}`, finished);
    assert.equal((await http.get(`/v1/payments/${paymentId}`, { key: sandboxKey })).body.amount_refunded, 10_000);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 50_000, pending: 0, reserved: 0 });
    // The refused key was left free; it is still refused for the same reason.
    assertApiError(await refund(sandboxKey, { payment_id: paymentId, amount: 1_001 }, 'over-1'), 400, 'invalid_request', 'amount');
    await assertLedgerBalanced(service, accountId);
  });

  test('a refund over the payment amount is 400 with param amount', async () => {
    const { sandboxKey, paymentId, accountId } = await settledPayment(5_000);
    assertApiError(await refund(sandboxKey, { payment_id: paymentId, amount: 5_001 }), 400, 'invalid_request', 'amount');
    assert.equal(await refundRows(accountId), 0);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 5_000, pending: 0, reserved: 0 });
  });
});

describe('refusals', () => {
  test('a failed or pending payment cannot be refunded: 409 invalid_state', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    await fund(http, sandboxKey, 100_000);
    const failed = await createPayment(http, sandboxKey, { vpa: 'failure@upi' });
    assert.equal(failed.body.status, 'failed');
    assertApiError(await refund(sandboxKey, { payment_id: failed.body.id }), 409, 'invalid_state');
    assertApiError(await refund(sandboxKey, { payment_id: failed.body.id, amount: 100 }), 409, 'invalid_state');
    const pending = await createPayment(http, sandboxKey, { vpa: 'slow@upi' });
    assert.equal(pending.body.status, 'pending');
    assertApiError(await refund(sandboxKey, { payment_id: pending.body.id }), 409, 'invalid_state');
    assert.equal(await refundRows(accountId), 0);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 100_000, pending: 0, reserved: 0 });
  });

  test('without funds in available it is 402 insufficient_funds, nothing is created, and the key stays free', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    // Captured but not settled: the money is in `pending`, and refunds draw on `available`.
    const paymentId = await capturedPayment(http, sandboxKey, 8_000);
    const refused = await refund(sandboxKey, { payment_id: paymentId, amount: 3_000 }, 'refund-key-1');
    assertApiError(refused, 402, 'insufficient_funds');
    assert.equal(await refundRows(accountId), 0);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 0, pending: 8_000, reserved: 0 });
    assert.deepEqual(await allBalanceTransactions(http, sandboxKey, 'type=refund'), []);
    await fund(http, sandboxKey, 3_000);
    const retried = await refund(sandboxKey, { payment_id: paymentId, amount: 3_000 }, 'refund-key-1');
    assert.equal(retried.status, 200, retried.text);
    assert.equal(retried.body.status, 'pending');
    assert.equal(retried.body.idempotency_key, 'refund-key-1');
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 0, pending: 8_000, reserved: 3_000 });
    await waitFor(http, sandboxKey, `/v1/refunds/${retried.body.id}`, finished);
    await assertLedgerBalanced(service, accountId);
  });

  test('an unknown payment, or one of another account, is 404 with param payment_id; bad input is 400', async () => {
    const { sandboxKey } = await service.newAccount();
    const other = await settledPayment(1_000);
    assertApiError(await refund(sandboxKey, { payment_id: 'pay_01JD3Y8X4W0000000000000000' }), 404, 'not_found', 'payment_id');
    assertApiError(await refund(sandboxKey, { payment_id: other.paymentId }), 404, 'not_found', 'payment_id');
    assertApiError(await refund(sandboxKey, {}), 400, 'invalid_request', 'payment_id');
    assertApiError(await refund(other.sandboxKey, { payment_id: other.paymentId, amount: '1.5' }), 400, 'invalid_request', 'amount');
    assertApiError(await refund(other.sandboxKey, { payment_id: other.paymentId, amount: 0 }), 400, 'invalid_request', 'amount');
    assertApiError(await refund(other.sandboxKey, { payment_id: other.paymentId, speed: 'optimum' }), 400, 'invalid_request', 'speed');
    assert.equal(await refundRows(other.accountId), 0);
  });
});

describe('concurrency', () => {
  test('30 concurrent partial refunds of one payment never exceed it', async () => {
    const { accountId, sandboxKey, paymentId } = await settledPayment(10_000);
    await fund(http, sandboxKey, 1_000_000);
    // 30 × 500 = 15,000 asked against a payment of 10,000: exactly 20 fit.
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => refund(sandboxKey, { payment_id: paymentId, amount: 500 }, `burst-${i}`)));
    const created = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    assert.equal(created.length, 20, results.filter((r) => r.status !== 200 && r.status !== 400).map((r) => r.text).join('\n'));
    for (const r of refused) assertApiError(r, 400, 'invalid_request', 'amount');
    assert.equal(new Set(created.map((r) => r.body.id)).size, 20);
    const rows = await service.stack.orm.em.fork().execute<{ n: string; total: string }[]>(
      `select count(*) as n, sum(amount)::text as total from refunds where payment_id = ?`,
      [paymentId],
    );
    assert.deepEqual(rows[0], { n: '20', total: '10000' });
    for (const r of created) await waitFor(http, sandboxKey, `/v1/refunds/${r.body.id}`, finished);
    assert.equal((await http.get(`/v1/payments/${paymentId}`, { key: sandboxKey })).body.amount_refunded, 10_000);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 1_000_000, pending: 0, reserved: 0 });
    await assertLedgerBalanced(service, accountId);
  });
});

describe('failed refunds', () => {
  test('a refund of a payment made from reversal@upi fails: its money returns to available and refund.failed is emitted', async () => {
    const { accountId, sandboxKey, paymentId } = await settledPayment(6_000, { vpa: 'reversal@upi' });
    const res = await refund(sandboxKey, { payment_id: paymentId, amount: 2_000 });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 4_000, pending: 0, reserved: 2_000 });
    const failed = await waitFor(http, sandboxKey, `/v1/refunds/${res.body.id}`, finished);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.failure_code, 'refund_declined');
    assert.ok(failed.failure_message);
    assert.equal(typeof failed.failed_at, 'number');
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 6_000, pending: 0, reserved: 0 });
    assert.equal((await http.get(`/v1/payments/${paymentId}`, { key: sandboxKey })).body.amount_refunded, 0);
    assert.deepEqual(await eventTypesOf(http, sandboxKey, res.body.id), ['refund.failed']);
    const txns = await allBalanceTransactions(http, sandboxKey, `source_id=${res.body.id}`);
    assert.deepEqual(
      txns.map((t) => [t.type, t.amount]).reverse(),
      [
        ['refund', -2_000],
        ['refund', 2_000],
      ],
    );
    // A failed refund no longer counts against the payment: the whole amount can be refunded again.
    const again = await refund(sandboxKey, { payment_id: paymentId });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.amount, 6_000);
    await waitFor(http, sandboxKey, `/v1/refunds/${again.body.id}`, finished);
    await assertLedgerBalanced(service, accountId);
  });
});

describe('idempotency and reads', () => {
  test('the same key twice is the same refund; its workflow is keyed by it; reads filter by payment and status', async () => {
    const { accountId, sandboxKey, paymentId } = await settledPayment(9_000);
    const first = await refund(sandboxKey, { payment_id: paymentId, amount: 1_000 }, 'refund-once');
    const second = await refund(sandboxKey, { payment_id: paymentId, amount: 1_000 }, 'refund-once');
    assert.equal(first.status, 200, first.text);
    assert.equal(second.text, first.text);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    assert.equal(await refundRows(accountId), 1);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 8_000, pending: 0, reserved: 1_000 });
    const description = await service.stack.temporal!.client.workflow.getHandle(refundWorkflowId(accountId, 'sandbox', 'refund-once')).describe();
    assert.equal(description.type, 'refundWorkflow');
    assert.deepEqual(description.searchAttributes.ResourceId, [first.body.id]);
    await waitFor(http, sandboxKey, `/v1/refunds/${first.body.id}`, finished);
    const got = await http.get(`/v1/refunds/${first.body.id}`, { key: sandboxKey });
    assert.equal(got.body.status, 'processed');
    assert.deepEqual((await http.get('/v1/refunds?status=processed', { key: sandboxKey })).body.data.map((r: any) => r.id), [first.body.id]);
    assert.deepEqual((await http.get('/v1/refunds?status=failed', { key: sandboxKey })).body.data, []);
    const other = await service.newAccount();
    assertApiError(await http.get(`/v1/refunds/${first.body.id}`, { key: other.sandboxKey }), 404, 'not_found');
    assert.deepEqual((await http.get(`/v1/refunds?payment_id=${paymentId}`, { key: other.sandboxKey })).body.data, []);
  });
});
