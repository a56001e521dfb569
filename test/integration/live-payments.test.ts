// Live payments and refunds through Razorpay's payment gateway (docs/api.md, Live payments, refunds, settlements and
// payment links), against the provider stand-in, through the real API: the test plays the customer on the stand-in
// (approving a UPI intent, the bank's netbanking page), the stand-in's webhooks reach the connection's URL,
// and the ledger follows docs/live-money.md's worked example.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import type { RazorpayStandin } from '../standins/razorpay/index.ts';
import { connectedAccount as connectedTo } from '../helpers/connections.ts';
import { assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { assertLedgerBalanced } from '../helpers/payments.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };
/** UPI_COLLECT_EXPIRY_SECONDS of this file's service: long enough for a slow machine, short enough to wait out once. */
const EXPIRY_SECONDS = 25;

let service: TestService;
let http: Http;
const standins: RazorpayStandin[] = [];

before(async () => {
  service = await startTestService({
    TRUST_PROXY: 'true',
    PROVIDER_POLL_SECONDS: '5',
    PROVIDER_MAX_RPS: '50',
    UPI_COLLECT_EXPIRY_SECONDS: String(EXPIRY_SECONDS),
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
  customerId: string;
  rzp: RazorpayStandin;
}

/** An account connected to a stand-in of its own, with a live customer to pay. */
async function connectedAccount(options: { autoCapture?: boolean } = {}): Promise<Live> {
  const { accountId, liveKey, rzp } = await connectedTo(service, { autoCapture: options.autoCapture ?? true });
  standins.push(rzp);
  const customer = await http.post('/v1/customers', { key: liveKey, headers: HTTPS, json: { name: 'Meera Iyer', email: 'meera@example.com', phone: '+919812345678' } });
  assert.equal(customer.status, 200, customer.text);
  return { accountId, liveKey, customerId: customer.body.id, rzp };
}

async function pay(a: Live, body: Record<string, unknown>): Promise<any> {
  const res = await http.post('/v1/payments', {
    key: a.liveKey,
    headers: HTTPS,
    idempotencyKey: randomUUID(),
    json: { amount: 10_000, currency: 'INR', method: 'upi', customer_id: a.customerId, ...body },
  });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

/** The provider's order made for our payment (its receipt is our payment id), and its one payment attempt. */
async function providerPaymentOf(rzp: RazorpayStandin, paymentId: string) {
  for (let i = 0; i < 300; i++) {
    const order = rzp.control.orders().find((o) => o.receipt === paymentId);
    const attempts = order ? rzp.control.payments().filter((p) => p.order_id === order.id) : [];
    if (order && attempts.length > 0) return { order, payment: attempts[0], attempts };
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`the provider never got payment ${paymentId}`);
}

async function waitFor(a: Live, path: string, done: (o: any) => boolean, what: string, timeoutMs = 60_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    const res = await http.get(path, { key: a.liveKey, headers: HTTPS });
    assert.equal(res.status, 200, res.text);
    last = res.body;
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 150));
  }
  assert.fail(`${path} never reached ${what}; last seen ${JSON.stringify(last)}`);
}

async function balance(a: Live) {
  const res = await http.get('/v1/balance', { key: a.liveKey, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return { available: Number(res.body.available), pending: Number(res.body.pending), reserved: Number(res.body.reserved) };
}

async function balanceTransactions(a: Live, sourceId: string): Promise<any[]> {
  const res = await http.get(`/v1/balance_transactions?source_id=${sourceId}&limit=100`, { key: a.liveKey, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return res.body.data.reverse();
}

async function eventsOf(a: Live, objectId: string): Promise<string[]> {
  const res = await http.get('/v1/events?limit=100', { key: a.liveKey, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return res.body.data.filter((e: any) => e.data.object.id === objectId).map((e: any) => e.type).reverse();
}

/** A live UPI intent payment the customer paid: captured, with its fee. */
async function capturedPayment(a: Live, amount = 10_000): Promise<{ payment: any; providerId: string }> {
  const payment = await pay(a, { amount });
  const { payment: provider } = await providerPaymentOf(a.rzp, payment.id);
  a.rzp.control.authorizePayment(provider.id);
  const done = await waitFor(a, `/v1/payments/${payment.id}`, (p) => p.status === 'captured', 'captured');
  return { payment: done, providerId: provider.id };
}

describe('live UPI payments', () => {
  test('intent: an order under our id, next_action at once, captured when the customer pays, with its fee drawn on pending', async () => {
    const a = await connectedAccount();
    const started = Date.now();
    const payment = await pay(a, { receipt: 'order-7' });
    // It answers at once with what the customer must do, not after the 10 s a payment's POST may wait.
    assert.ok(Date.now() - started < 8_000, `answered after ${Date.now() - started} ms`);
    assert.equal(payment.status, 'pending');
    assert.equal(payment.mode, 'live');
    assert.equal(payment.vpa, null);
    assert.equal(payment.next_action.type, 'upi_intent');
    assert.match(payment.next_action.url, /^upi:\/\/pay\?.*am=100\.00/);
    const { order, payment: provider, attempts } = await providerPaymentOf(a.rzp, payment.id);
    assert.equal(attempts.length, 1);
    assert.equal(order.amount, 10_000);
    assert.equal(provider.upi?.flow, 'intent');
    const orderCreates = a.rzp.control.requests({ method: 'POST', path: '/v1/orders' });
    assert.equal(orderCreates.length, 1);
    assert.equal((orderCreates[0].body as any).receipt, payment.id);

    a.rzp.control.authorizePayment(provider.id, { vpa: 'meera@okhdfc' });
    const done = await waitFor(a, `/v1/payments/${payment.id}`, (p) => p.status === 'captured', 'captured');
    assert.equal(done.next_action, null);
    assert.equal(done.provider_reference, provider.id);
    assert.deepEqual(await eventsOf(a, payment.id), ['payment.captured']);
    const fee = a.rzp.control.payment(provider.id).fee!;
    assert.equal(fee, 236);
    const txns = await waitFor(a, `/v1/balance_transactions?source_id=${payment.id}`, (l) => l.data.length === 2, 'a payment and its fee');
    const byType = Object.fromEntries(txns.data.map((t: any) => [t.type, t]));
    assert.equal(byType.payment.amount, 10_000);
    assert.equal(byType.fee.amount, -236);
    for (const t of txns.data) {
      assert.equal(t.fee, 0, 'the fee field stays 0: the fee is its own transaction');
      assert.equal(t.net, t.amount);
    }
    assert.deepEqual(await balance(a), { available: 0, pending: 10_000 - 236, reserved: 0 });
    await assertLedgerBalanced(service, a.accountId);
  });

  test('a capture and its fee are one write: while the fee cannot be written the payment is not captured either, so pending never holds a payment without its fee', async () => {
    const a = await connectedAccount();
    await capturedPayment(a); // its fee makes the account's external_bank ledger account
    const before = await balance(a);
    // Another session holds the ledger account a fee is drawn to: a fee written on its own waits, a capture does not.
    const blocker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('begin');
      const locked = await blocker.query(`select 1 from ledger_accounts where account_id = $1 and mode = 'live' and kind = 'external_bank' for update`, [a.accountId]);
      assert.equal(locked.rowCount, 1);
      const payment = await pay(a, {});
      const { payment: provider } = await providerPaymentOf(a.rzp, payment.id);
      a.rzp.control.authorizePayment(provider.id);
      const fee = a.rzp.control.payment(provider.id).fee!;
      assert.ok(fee > 0);
      for (const until = Date.now() + 5_000; Date.now() < until; ) {
        const seen = await waitFor(a, `/v1/payments/${payment.id}`, () => true, 'read');
        const amounts = await balance(a);
        const expected = seen.status === 'captured' ? before.pending + 10_000 - fee : before.pending;
        // The balance is read after the payment: it may show a capture the payment read did not, never less.
        if (amounts.pending !== expected && !(seen.status === 'pending' && amounts.pending === before.pending + 10_000 - fee)) {
          assert.fail(`payment ${seen.status} with pending ${amounts.pending} (before ${before.pending}, fee ${fee})`);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      await blocker.query('rollback');
      await waitFor(a, `/v1/payments/${payment.id}`, (p) => p.status === 'captured', 'captured');
      assert.deepEqual(await balance(a), { ...before, pending: before.pending + 10_000 - fee });
      await assertLedgerBalanced(service, a.accountId);
    } finally {
      await blocker.end();
    }
  });

  test('an authorized payment is captured at once where the provider account does not capture by itself', async () => {
    const a = await connectedAccount({ autoCapture: false });
    const payment = await pay(a, {});
    const { payment: provider } = await providerPaymentOf(a.rzp, payment.id);
    a.rzp.control.authorizePayment(provider.id);
    await waitFor(a, `/v1/payments/${payment.id}`, (p) => p.status === 'captured', 'captured');
    assert.equal(a.rzp.control.payment(provider.id).status, 'captured');
    assert.equal(a.rzp.control.requests({ method: 'POST', path: `/v1/payments/${provider.id}/capture` }).filter((r) => r.status === 200).length, 1);
    assert.deepEqual(await eventsOf(a, payment.id), ['payment.captured']);
  });

  test('declined: the customer declines and the payment fails with payment_declined; no money moves', async () => {
    const a = await connectedAccount();
    const payment = await pay(a, {});
    const { payment: provider } = await providerPaymentOf(a.rzp, payment.id);
    a.rzp.control.failPayment(provider.id, { reason: 'payment_declined', description: 'Declined by the bank', source: 'bank' });
    const failed = await waitFor(a, `/v1/payments/${payment.id}`, (p) => p.status === 'failed', 'failed');
    assert.equal(failed.failure_code, 'payment_declined');
    assert.equal(failed.next_action, null);
    assert.deepEqual(await eventsOf(a, payment.id), ['payment.failed']);
    assert.deepEqual(await balanceTransactions(a, payment.id), []);
    assert.deepEqual(await balance(a), { available: 0, pending: 0, reserved: 0 });
  });

  test('netbanking: the customer follows the redirect to the bank and comes back to return_url (or to our page)', async () => {
    const a = await connectedAccount();
    const payment = await pay(a, { method: 'netbanking', bank: 'HDFC', return_url: 'https://shop.example/orders/7/paid', customer_ip: '203.0.113.9' });
    assert.equal(payment.next_action.type, 'redirect');
    assert.equal(payment.return_url, 'https://shop.example/orders/7/paid');
    const page = await fetch(payment.next_action.url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /id="pay"/);
    // The customer presses Pay: the bank's page sends their browser back to return_url with the provider's fields.
    const back = await fetch(payment.next_action.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=success' });
    const form = await back.text();
    assert.match(form, /action="https:\/\/shop\.example\/orders\/7\/paid"/);
    assert.match(form, /name="razorpay_payment_id"/);
    await waitFor(a, `/v1/payments/${payment.id}`, (p) => p.status === 'captured', 'captured');

    // Without return_url the customer comes back to the service's own page.
    const plain = await pay(a, { method: 'netbanking', bank: 'ICIC', customer_ip: '203.0.113.9' });
    const callback = await (await fetch(plain.next_action.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=failure' })).text();
    const action = /action="([^"]+)"/.exec(callback)![1].replace(/&#38;/g, '&');
    assert.equal(action, `${service.url}/payments/${plain.id}/return`);
    const landing = await fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'error[code]=BAD_REQUEST_ERROR' });
    assert.equal(landing.status, 200);
    assert.match(await landing.text(), /being confirmed/);
    const failed = await waitFor(a, `/v1/payments/${plain.id}`, (p) => p.status === 'failed', 'failed');
    assert.equal(failed.failure_code, 'payment_declined');
  });
});

describe('live refunds', () => {
  test('the worked example: a payment, its fee, a partial refund made once although the first answer was lost; then 402 beyond pending', async () => {
    const a = await connectedAccount();
    const { payment, providerId } = await capturedPayment(a, 10_000);
    // The fee is posted in its own transaction right after the capture's (stepLivePayment's recordPaymentFee): a read in
    // between sees pending 10,000 for a moment (seen on a busy machine), so wait for it.
    await waitFor(a, '/v1/balance', (b) => Number(b.pending) !== 10_000, 'the fee posted', 10_000);
    assert.deepEqual(await balance(a), { available: 0, pending: 9_764, reserved: 0 });
    // The sandbox's daily settlement leaves live payments to the provider's settlements.
    await service.stack.temporal!.client.workflow.execute('dailySettlementWorkflow', { taskQueue: service.config.TEMPORAL_TASK_QUEUE, workflowId: `daily-${randomUUID()}`, args: [{}] });
    assert.equal((await http.get(`/v1/payments/${payment.id}`, { key: a.liveKey, headers: HTTPS })).body.settlement_id, null);
    assert.deepEqual(await balance(a), { available: 0, pending: 9_764, reserved: 0 });

    // The provider creates the refund, then its answer is lost: the retry looks it up by our id and creates nothing more.
    a.rzp.control.failNext({ method: 'POST', path: `/v1/payments/${providerId}/refund`, when: 'after', status: 502 });
    const res = await http.post('/v1/refunds', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { payment_id: payment.id, amount: 3_000 } });
    assert.equal(res.status, 200, res.text);
    const refund = res.body;
    assert.equal(refund.status, 'pending');
    assert.deepEqual(await balance(a), { available: 0, pending: 6_764, reserved: 3_000 });
    const provider = await (async () => {
      for (let i = 0; i < 600; i++) {
        const found = a.rzp.control.refunds().filter((r) => r.receipt === refund.id);
        const looked = a.rzp.control.requests({ method: 'GET', path: `/v1/payments/${providerId}/refunds` }).length;
        if (found.length > 0 && looked >= 2) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.fail('the provider never got the refund, or it was never looked up after the lost answer');
    })();
    assert.equal(provider.length, 1, 'one refund at the provider');
    const creates = a.rzp.control.requests({ method: 'POST', path: `/v1/payments/${providerId}/refund` });
    assert.equal(creates.length, 1, 'looked up, not sent again');
    assert.equal(creates[0].idempotencyKey, refund.id);
    assert.equal((creates[0].body as any).receipt, refund.id);
    assert.equal((creates[0].body as any).amount, 3_000);

    // The refund's webhooks arrive twice and in reverse order: still processed once.
    a.rzp.control.duplicateWebhooks({ event: 'refund.*', count: 5 });
    a.rzp.control.holdWebhooks();
    a.rzp.control.processRefund(provider[0].id, { rrn: '512300000042' });
    await a.rzp.control.releaseWebhooks('reverse');
    const processed = await waitFor(a, `/v1/refunds/${refund.id}`, (r) => r.status === 'processed', 'processed');
    assert.equal(processed.utr, '512300000042');
    assert.equal((await http.get(`/v1/payments/${payment.id}`, { key: a.liveKey, headers: HTTPS })).body.amount_refunded, 3_000);
    assert.deepEqual(await eventsOf(a, refund.id), ['refund.processed']);

    // docs/live-money.md: pending = 10,000 - 236 - 3,000 = 6,764, as the provider holds it unsettled.
    assert.deepEqual(await balance(a), { available: 0, pending: 6_764, reserved: 0 });
    assert.equal(a.rzp.control.gatewayBalance(), 6_764);
    const txns = await balanceTransactions(a, payment.id);
    assert.deepEqual(txns.map((t) => [t.type, t.amount]), [['payment', 10_000], ['fee', -236]]);
    const refundTxns = await balanceTransactions(a, refund.id);
    assert.deepEqual(refundTxns.map((t) => [t.type, t.amount]), [['refund', -3_000], ['refund', 0]]);
    await assertLedgerBalanced(service, a.accountId);

    // 7,000 is still refundable of the payment, but the provider holds only 6,764 unsettled: 402, nothing created.
    const [before] = await service.sql<{ n: number }>(`select count(*)::int as n from refunds where account_id = ?`, [a.accountId]);
    const key = randomUUID();
    assertApiError(await http.post('/v1/refunds', { key: a.liveKey, headers: HTTPS, idempotencyKey: key, json: { payment_id: payment.id, amount: 7_000 } }), 402, 'insufficient_funds');
    const [afterRefused] = await service.sql<{ n: number }>(`select count(*)::int as n from refunds where account_id = ?`, [a.accountId]);
    assert.equal(afterRefused.n, before.n);
    assert.equal(a.rzp.control.refunds().length, 1);
    assert.deepEqual(await balance(a), { available: 0, pending: 6_764, reserved: 0 });

    // A refund the provider fails gives its money back to pending.
    const small = await http.post('/v1/refunds', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { payment_id: payment.id, amount: 1_000 } });
    assert.equal(small.status, 200, small.text);
    assert.deepEqual(await balance(a), { available: 0, pending: 5_764, reserved: 1_000 });
    const smallAtProvider = await (async () => {
      for (let i = 0; i < 300; i++) {
        const found = a.rzp.control.refunds().find((r) => r.receipt === small.body.id);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.fail('the provider never got the second refund');
    })();
    a.rzp.control.failRefund(smallAtProvider.id);
    const failedRefund = await waitFor(a, `/v1/refunds/${small.body.id}`, (r) => r.status === 'failed', 'failed');
    assert.equal(failedRefund.failure_code, 'refund_declined');
    assert.deepEqual(await balance(a), { available: 0, pending: 6_764, reserved: 0 });
    assert.equal(a.rzp.control.gatewayBalance(), 6_764);
    await assertLedgerBalanced(service, a.accountId);
  });
});

describe('provider webhooks about payments', () => {
  test('a badly signed event changes nothing; duplicates and reversed order change nothing twice', async () => {
    const a = await connectedAccount();
    const first = await pay(a, {});
    const { payment: p1 } = await providerPaymentOf(a.rzp, first.id);
    a.rzp.control.badlySignWebhooks({ event: 'payment.*', count: 3 });
    a.rzp.control.badlySignWebhooks({ event: 'order.paid' });
    a.rzp.control.authorizePayment(p1.id);
    await a.rzp.control.webhooksIdle();
    const bad = a.rzp.control.webhookDeliveries().filter((d) => d.status === 400);
    assert.ok(bad.length >= 2, `badly signed deliveries were refused: ${JSON.stringify(a.rzp.control.webhookDeliveries().map((d) => d.status))}`);
    assert.equal((await http.get(`/v1/payments/${first.id}`, { key: a.liveKey, headers: HTTPS })).body.status, 'pending');
    assert.deepEqual(await balanceTransactions(a, first.id), []);
    // Sent properly, they capture it once.
    for (const e of a.rzp.control.webhookEvents()) await a.rzp.control.resendWebhook(e.id);
    await waitFor(a, `/v1/payments/${first.id}`, (p) => p.status === 'captured', 'captured');

    const second = await pay(a, {});
    const { payment: p2 } = await providerPaymentOf(a.rzp, second.id);
    a.rzp.control.duplicateWebhooks({ event: '*', count: 10 });
    a.rzp.control.holdWebhooks();
    a.rzp.control.authorizePayment(p2.id);
    await a.rzp.control.releaseWebhooks('reverse');
    await a.rzp.control.webhooksIdle();
    await waitFor(a, `/v1/payments/${second.id}`, (p) => p.status === 'captured', 'captured');
    for (const e of a.rzp.control.webhookEvents()) await a.rzp.control.resendWebhook(e.id);
    await a.rzp.control.webhooksIdle();
    // Give any late workflow time to (wrongly) write twice before counting.
    await new Promise((r) => setTimeout(r, 1_500));
    for (const id of [first.id, second.id]) {
      assert.deepEqual(await eventsOf(a, id), ['payment.captured']);
      assert.deepEqual((await balanceTransactions(a, id)).map((t) => t.type).sort(), ['fee', 'payment']);
    }
    assert.deepEqual(await balance(a), { available: 0, pending: 2 * (10_000 - 236), reserved: 0 });
    await assertLedgerBalanced(service, a.accountId);
  });

  test('a late authorization: the payment failed at its expiry (looked up first), the provider captures later, and it is refunded in full at once', async () => {
    const a = await connectedAccount();
    // Money the provider already holds, so it can pay the refund back before the late capture settles.
    await capturedPayment(a, 20_000);
    const payment = await pay(a, { amount: 5_000 });
    const { payment: provider } = await providerPaymentOf(a.rzp, payment.id);
    const failed = await waitFor(a, `/v1/payments/${payment.id}`, (p) => p.status === 'failed', 'failed at expiry', (EXPIRY_SECONDS + 60) * 1000);
    assert.equal(failed.failure_code, 'payment_declined');
    // Looked up at the provider before it failed: its order's payments were read after the create.
    assert.ok(a.rzp.control.requests({ method: 'GET', path: `/v1/orders/${provider.order_id}/payments` }).length >= 1);

    a.rzp.control.lateAuthorizePayment(provider.id);
    const refunds = await waitFor(a, `/v1/refunds?payment_id=${payment.id}`, (l) => l.data.length === 1, 'a refund of the late capture');
    const refund = refunds.data[0];
    assert.equal(refund.reason, 'late_authorization');
    assert.equal(refund.amount, 5_000);
    const atProvider = await (async () => {
      for (let i = 0; i < 300; i++) {
        const found = a.rzp.control.refunds().filter((r) => r.receipt === refund.id);
        if (found.length > 0) return found[0];
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.fail('the late capture was never refunded at the provider');
    })();
    assert.equal(atProvider.amount, 5_000);
    a.rzp.control.processRefund(atProvider.id);
    await waitFor(a, `/v1/refunds/${refund.id}`, (r) => r.status === 'processed', 'processed');
    assert.equal((await http.get(`/v1/payments/${payment.id}`, { key: a.liveKey, headers: HTTPS })).body.status, 'failed', 'the payment stays failed');
    assert.deepEqual(await eventsOf(a, payment.id), ['payment.failed']);
    assert.deepEqual(await eventsOf(a, refund.id), ['refund.processed']);
    // The provider kept its fee on the late capture; pending follows it to the paisa.
    assert.equal((await balance(a)).pending, a.rzp.control.gatewayBalance());
    await assertLedgerBalanced(service, a.accountId);
  });
});

describe('live payments: what is refused', () => {
  test('a live minimum of 100 paise (400 amount), a customer the provider can name, no connection 403, another account 404', async () => {
    const a = await connectedAccount();
    const post = (body: Record<string, unknown>, key = a.liveKey) =>
      http.post('/v1/payments', { key, headers: HTTPS, json: { amount: 10_000, currency: 'INR', method: 'upi', customer_id: a.customerId, ...body } });
    assertApiError(await post({ amount: 99 }), 400, 'invalid_request', 'amount');
    assertApiError(await post({ customer_id: undefined }), 400, 'invalid_request', 'customer_id');
    assertApiError(await post({ method: 'netbanking', bank: 'HDFC', return_url: 'ftp://shop.example/back' }), 400, 'invalid_request', 'return_url');
    const [count] = await service.sql<{ n: number }>(`select count(*)::int as n from payments where account_id = ?`, [a.accountId]);
    assert.equal(count.n, 0);
    assert.equal(a.rzp.control.orders().length, 0);

    const unconnected = await service.newAccount({ live: true });
    assertApiError(await http.post('/v1/payments', { key: unconnected.liveKey!, headers: HTTPS, json: { amount: 10_000, method: 'upi' } }), 403, 'connection_required');

    const { payment } = await capturedPayment(a);
    const other = await connectedAccount();
    assertApiError(await http.get(`/v1/payments/${payment.id}`, { key: other.liveKey, headers: HTTPS }), 404, 'not_found', 'id');
    assertApiError(await http.post('/v1/refunds', { key: other.liveKey, headers: HTTPS, json: { payment_id: payment.id } }), 404, 'not_found', 'payment_id');

  });
});
