// The Razorpay payment gateway calls and the live payment and refund rails against the provider stand-in: the order
// under our payment id (a lost answer is found by receipt, never a second order), UPI intent (never collect) and
// netbanking payments with the customer's next action, captures, refunds under X-Refund-Idempotency = receipt = our
// refund id (a lost answer never refunds twice), settlements with their recon lines, and single-use QR codes whose
// close_by is min(expire_by, now + 45 days).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ProviderAnswerUnknownError, ProviderRejectedError } from '../../src/connectors/errors.ts';
import { createRazorpayHttp } from '../../src/connectors/razorpay/http.ts';
import { createRazorpayPaymentRail, createRazorpayRefundRail } from '../../src/connectors/razorpay/payment-rail.ts';
import {
  createPaymentsApi,
  qrCloseBy,
  QR_CLOCK_MARGIN_SECONDS,
  QR_MAX_AHEAD_SECONDS,
  QR_MIN_AHEAD_SECONDS,
  REFUND_IDEMPOTENCY_HEADER,
  type RazorpayPaymentsApi,
} from '../../src/connectors/razorpay/payments-api.ts';
import { newId } from '../../src/domain/ids.ts';
import type { PaymentSubmission } from '../../src/rails/payments.ts';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';

const KEY = { keyId: 'rzp_test_key1', keySecret: 'secret1' };
const customer = { email: 'gaurav@example.com', phone: '9876543210' };
const client = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0', referer: 'https://shop.example.com/checkout' };
let rzp: RazorpayStandin;
let collectRzp: RazorpayStandin;
let api: RazorpayPaymentsApi;
let collectApi: RazorpayPaymentsApi;

function apiOf(standin: RazorpayStandin): RazorpayPaymentsApi {
  return createPaymentsApi(createRazorpayHttp({ baseUrl: standin.baseUrl, ...KEY, timeoutMs: 2_000 }));
}

function railDeps(paymentsApi: RazorpayPaymentsApi) {
  return {
    connectionFor: async () => ({ api: paymentsApi }),
    defaultReturnUrl: (paymentId: string) => `https://paygate.example.com/payments/${paymentId}/return`,
    checkAgainInMs: 5_000,
  };
}

function submission(overrides: Partial<PaymentSubmission> = {}): PaymentSubmission {
  return {
    paymentId: newId('payment'),
    accountId: 'acct_1',
    mode: 'live',
    amount: 10_000,
    instrument: { method: 'upi', vpa: null, bank: null },
    customer,
    ...overrides,
  };
}

before(async () => {
  rzp = await startRazorpayStandin({ ...KEY, accountNumber: '7878780080316316' });
  collectRzp = await startRazorpayStandin({ ...KEY, accountNumber: '7878780080316316', upiCollect: true });
  api = apiOf(rzp);
  collectApi = apiOf(collectRzp);
});
after(async () => {
  await rzp?.stop();
  await collectRzp?.stop();
});

describe('orders', () => {
  test('an order carries our payment id as receipt and in its notes, and is found by it', async () => {
    const paymentId = newId('payment');
    const order = await api.createOrder({ paymentId, amount: 10_000, notes: { account_id: 'acct_1' } });
    assert.equal(order.receipt, paymentId);
    assert.deepEqual(order.notes, { account_id: 'acct_1', payment_id: paymentId });
    assert.equal((await api.findOrderByReceipt(paymentId))?.id, order.id);
    assert.equal(await api.findOrderByReceipt(newId('payment')), null);
    assert.equal((await api.fetchOrder(order.id)).amount, 10_000);
  });

  test('an order made elsewhere under our id (receipts are not unique) is not ours: another amount is passed over, and of two with our amount the first made is ours', async () => {
    const paymentId = newId('payment');
    const ours = await api.createOrder({ paymentId, amount: 10_000, notes: {} });
    rzp.control.payElsewhere({ amount: 100, receipt: paymentId });
    rzp.control.payElsewhere({ amount: 10_000, receipt: paymentId });
    assert.equal((await api.findOrderByReceipt(paymentId, 10_000))?.id, ours.id);
    assert.equal(await api.findOrderByReceipt(paymentId, 20_000), null);
    const elsewhere = rzp.control.orders().find((o) => o.receipt === paymentId && o.amount === 100)!;
    assert.equal((await api.findOrderByReceipt(paymentId, 100))?.id, elsewhere.id);
  });

  test('an amount under 100 paise is refused by the provider', async () => {
    await assert.rejects(api.createOrder({ paymentId: newId('payment'), amount: 99 }), (err: unknown) => {
      assert.ok(err instanceof ProviderRejectedError);
      assert.equal(err.details.field, 'amount');
      return true;
    });
  });

  test('a lost answer to the order create: the rail finds the order by receipt, and exactly one order exists', async () => {
    const rail = createRazorpayPaymentRail(railDeps(api));
    const s = submission();
    rzp.control.failNext({ path: '/v1/orders', method: 'POST', when: 'after' });
    const answer = await rail.submit(s);
    assert.equal(answer.outcome.state, 'processing');
    assert.equal(answer.nextAction?.type, 'upi_intent');
    assert.equal(rzp.control.orders().filter((o) => o.receipt === s.paymentId).length, 1);
    const posts = rzp.control.requests({ method: 'POST', path: '/v1/orders' }).filter((r) => (r.body as { receipt?: string }).receipt === s.paymentId);
    assert.equal(posts.length, 1, 'the order is never sent a second time');
  });

  test('a lost answer with nothing created is sent again by the next submit, still one order', async () => {
    const rail = createRazorpayPaymentRail(railDeps(api));
    const s = submission();
    rzp.control.failNext({ path: '/v1/orders', method: 'POST', when: 'before' });
    await assert.rejects(rail.submit(s), ProviderAnswerUnknownError);
    const answer = await rail.submit(s);
    assert.equal(answer.nextAction?.type, 'upi_intent');
    assert.equal(rzp.control.orders().filter((o) => o.receipt === s.paymentId).length, 1);
  });
});

describe('payments', () => {
  test('UPI intent: the upi:// link for the amount, pending until the customer pays, then captured with its fee', async () => {
    const rail = createRazorpayPaymentRail(railDeps(api));
    const s = submission({ instrument: { method: 'upi', vpa: 'gaurav@okaxis', bank: null } });
    const answer = await rail.submit(s);
    assert.deepEqual(answer.outcome, { state: 'processing', checkAgainInMs: 5_000 });
    assert.equal(answer.nextAction?.type, 'upi_intent', 'a VPA is never sent a collect request');
    assert.match(answer.nextAction!.url!, /^upi:\/\/pay\?.*am=100\.00/);
    const ref = answer.providerReference!;
    const payment = await api.fetchPayment(ref);
    assert.equal(payment.notes && (payment.notes as Record<string, string>).payment_id, s.paymentId);
    assert.equal(payment.email, customer.email);
    // The order made for it is in the answer, and a lookup given it looks there.
    assert.equal(answer.orderReference, payment.order_id);
    assert.equal((await rail.lookup(s.paymentId, { accountId: 'acct_1' })).found, true);
    rzp.control.authorizePayment(ref);
    const looked = await rail.lookup(s.paymentId, { accountId: 'acct_1', orderReference: answer.orderReference });
    assert.ok(looked.found);
    assert.deepEqual(looked.answer, { outcome: { state: 'captured', reference: ref }, providerReference: ref, fees: 236, orderReference: payment.order_id });
    // A submit repeated after the capture answers the capture, and makes no new attempt.
    const again = await rail.submit(s);
    assert.deepEqual(again.outcome, { state: 'captured', reference: ref });
    assert.equal(again.nextAction, null);
    assert.equal(rzp.control.payments().filter((p) => p.order_id === payment.order_id).length, 1);
  });

  test('a declined payment answers failed payment_declined with the provider\'s own account', async () => {
    const rail = createRazorpayPaymentRail(railDeps(api));
    const s = submission();
    const ref = (await rail.submit(s)).providerReference!;
    rzp.control.failPayment(ref, { source: 'customer', reason: 'payment_cancelled', description: 'Payment was cancelled by the customer.' });
    const looked = await rail.lookup(s.paymentId, { accountId: 'acct_1' });
    assert.ok(looked.found);
    assert.deepEqual(looked.answer.outcome, {
      state: 'failed',
      failure: {
        code: 'payment_declined',
        message: 'The customer cancelled the payment.',
        provider: { source: 'customer', reason: 'payment_cancelled', description: 'Payment was cancelled by the customer.' },
      },
    });
  });

  test('a payment never handed over is not found', async () => {
    const rail = createRazorpayPaymentRail(railDeps(api));
    assert.deepEqual(await rail.lookup(newId('payment'), { accountId: 'acct_1' }), { found: false });
  });

  test('UPI is intent only: a VPA is never sent a collect request, even where the provider account takes them', async () => {
    const rail = createRazorpayPaymentRail(railDeps(collectApi));
    const answer = await rail.submit(submission({ instrument: { method: 'upi', vpa: 'gaurav@okaxis', bank: null } }));
    assert.equal(answer.nextAction?.type, 'upi_intent');
    const body = collectRzp.control.requests({ method: 'POST', path: '/v1/payments/create/upi' }).at(-1)!.body as Record<string, unknown>;
    assert.deepEqual(body.upi, { flow: 'intent' });
  });

  test('the customer\'s ip, referer and user agent go to the provider exactly as given; none is made up when absent', async () => {
    const rail = createRazorpayPaymentRail(railDeps(api));
    await rail.submit(submission({ client }));
    const given = rzp.control.requests({ method: 'POST', path: '/v1/payments/create/upi' }).at(-1)!.body as Record<string, unknown>;
    assert.deepEqual([given.ip, given.referer, given.user_agent], [client.ip, client.referer, client.userAgent]);
    await rail.submit(submission());
    const none = rzp.control.requests({ method: 'POST', path: '/v1/payments/create/upi' }).at(-1)!.body as Record<string, unknown>;
    assert.deepEqual(['ip', 'referer', 'user_agent'].filter((f) => f in none), []);
  });

  test('netbanking: the bank redirect, our return_url as the callback', async () => {
    const rail = createRazorpayPaymentRail(railDeps(api));
    const s = submission({ instrument: { method: 'netbanking', vpa: null, bank: 'HDFC' }, returnUrl: 'https://shop.example.com/done', client });
    const answer = await rail.submit(s);
    assert.equal(answer.nextAction?.type, 'redirect');
    assert.equal(answer.nextAction?.url, `${rzp.baseUrl}/v1/payments/${answer.providerReference}/authorize`);
    const body = rzp.control.requests({ method: 'POST', path: '/v1/payments/create/json' }).at(-1)!.body as Record<string, unknown>;
    assert.equal(body.callback_url, 'https://shop.example.com/done');
    assert.equal(body.bank, 'HDFC');
    assert.equal(body.ip, client.ip);
    const fallback = await rail.submit(submission({ instrument: { method: 'netbanking', vpa: null, bank: 'ICIC' }, client }));
    const body2 = rzp.control.requests({ method: 'POST', path: '/v1/payments/create/json' }).at(-1)!.body as Record<string, unknown>;
    assert.match(String(body2.callback_url), /^https:\/\/paygate\.example\.com\/payments\/pay_.*\/return$/);
    assert.equal(fallback.nextAction?.type, 'redirect');
  });

  test('an authorized payment not captured by the account is captured by the rail', async () => {
    const manual = await startRazorpayStandin({ ...KEY, accountNumber: '7878780080316316', autoCapture: false });
    try {
      const manualApi = apiOf(manual);
      const rail = createRazorpayPaymentRail(railDeps(manualApi));
      const s = submission();
      const ref = (await rail.submit(s)).providerReference!;
      manual.control.authorizePayment(ref);
      assert.equal(manual.control.payment(ref).status, 'authorized');
      const looked = await rail.lookup(s.paymentId, { accountId: 'acct_1' });
      assert.ok(looked.found && looked.answer.outcome.state === 'captured');
      assert.equal(manual.control.payment(ref).status, 'captured');
    } finally {
      await manual.stop();
    }
  });
});

describe('refunds', () => {
  async function capturedPayment(): Promise<{ paymentId: string; ref: string }> {
    const rail = createRazorpayPaymentRail(railDeps(api));
    const s = submission();
    const ref = (await rail.submit(s)).providerReference!;
    rzp.control.authorizePayment(ref);
    return { paymentId: s.paymentId, ref };
  }

  test('the create carries X-Refund-Idempotency = receipt = our refund id; a repeat with the key is the same refund', async () => {
    const { ref } = await capturedPayment();
    const refundId = newId('refund');
    const refund = await api.createRefund({ paymentProviderReference: ref, refundId, amount: 5_000 });
    assert.equal(refund.receipt, refundId);
    assert.equal(refund.status, 'pending');
    const sent = rzp.control.requests({ method: 'POST', path: `/v1/payments/${ref}/refund` }).at(-1)!;
    assert.equal(sent.idempotencyKey, refundId);
    assert.equal((await api.createRefund({ paymentProviderReference: ref, refundId, amount: 5_000 })).id, refund.id);
    assert.equal((await api.findRefundByReceipt(ref, refundId))?.id, refund.id);
    assert.equal((await api.fetchRefund(refund.id)).amount, 5_000);
    assert.equal(REFUND_IDEMPOTENCY_HEADER, 'X-Refund-Idempotency');
  });

  test('a 500 after the refund was made: retried with the same X-Refund-Idempotency, exactly one refund', async () => {
    const { ref } = await capturedPayment();
    const refundId = newId('refund');
    rzp.control.failNext({ path: `/v1/payments/${ref}/refund`, method: 'POST', when: 'after' });
    await assert.rejects(api.createRefund({ paymentProviderReference: ref, refundId, amount: 4_000 }), ProviderAnswerUnknownError);
    const again = await api.createRefund({ paymentProviderReference: ref, refundId, amount: 4_000 });
    assert.deepEqual(rzp.control.refunds().filter((r) => r.payment_id === ref).map((r) => r.id), [again.id]);
    const keys = rzp.control.requests({ method: 'POST', path: `/v1/payments/${ref}/refund` }).map((r) => r.idempotencyKey);
    assert.deepEqual(keys, [refundId, refundId]);
  });

  test('the refund rail: a lost answer is looked up by receipt on the next attempt, exactly one refund, then processed', async () => {
    const { paymentId, ref } = await capturedPayment();
    const rail = createRazorpayRefundRail(railDeps(api));
    const s = { refundId: newId('refund'), paymentId, accountId: 'acct_1', mode: 'live' as const, amount: 3_000, instrument: { method: 'upi' as const, vpa: null, bank: null } };
    rzp.control.failNext({ path: `/v1/payments/${ref}/refund`, method: 'POST', when: 'after' });
    await assert.rejects(rail.submit(s), ProviderAnswerUnknownError);
    const answer = await rail.submit(s);
    assert.deepEqual(answer.outcome, { state: 'processing', checkAgainInMs: 5_000 });
    const refunds = rzp.control.refunds().filter((r) => r.payment_id === ref);
    assert.equal(refunds.length, 1);
    assert.equal(rzp.control.requests({ method: 'POST', path: `/v1/payments/${ref}/refund` }).length, 1, 'found by receipt, not sent again');
    rzp.control.processRefund(refunds[0].id, { rrn: '512300000001' });
    const looked = await rail.lookup(s.refundId, { accountId: 'acct_1', paymentId, paymentProviderReference: ref });
    assert.ok(looked.found);
    assert.deepEqual(looked.answer, { outcome: { state: 'processed', utr: '512300000001' }, providerReference: refunds[0].id, fees: 0 });
    assert.deepEqual(await rail.lookup(newId('refund'), { accountId: 'acct_1', paymentId }), { found: false });
  });

  test('a failed refund and one the unsettled balance cannot cover answer refund_declined with the provider\'s account', async () => {
    const { paymentId, ref } = await capturedPayment();
    const rail = createRazorpayRefundRail(railDeps(api));
    const base = { paymentId, accountId: 'acct_1', mode: 'live' as const, instrument: { method: 'upi' as const, vpa: null, bank: null }, paymentProviderReference: ref };
    const first = await rail.submit({ ...base, refundId: newId('refund'), amount: 1_000 });
    rzp.control.failRefund(first.providerReference!);
    const failed = await rail.submit({ ...base, refundId: rzp.control.refund(first.providerReference!).receipt!, amount: 1_000 });
    assert.equal(failed.outcome.state === 'failed' && failed.outcome.failure.code, 'refund_declined');
    const tooMuch = await rail.submit({ ...base, refundId: newId('refund'), amount: 9_000_000 });
    assert.equal(tooMuch.outcome.state, 'failed');
    assert.equal(tooMuch.providerReference, null);
  });
});

describe('settlements', () => {
  test('settlements since a cursor, oldest first, each once; a settlement\'s recon lines', async () => {
    const start = await api.settlementsSince(null);
    const rail = createRazorpayPaymentRail(railDeps(api));
    const s = submission({ amount: 20_000 });
    const ref = (await rail.submit(s)).providerReference!;
    rzp.control.authorizePayment(ref);
    const settlement = rzp.control.settle({ utr: 'SETLUTR000000001' });
    const page = await api.settlementsSince(start.cursor);
    assert.deepEqual(page.settlements.map((x) => x.providerReference), [settlement.id]);
    assert.equal(page.settlements[0].utr, 'SETLUTR000000001');
    assert.equal((await api.settlementsSince(page.cursor)).settlements.length, 0, 'nothing is read twice');
    const fetched = await api.fetchSettlement(settlement.id);
    assert.equal(fetched.amount, settlement.amount);
    const lines = await api.settlementLines(fetched);
    const line = lines.find((l) => l.providerReference === ref);
    assert.ok(line);
    assert.equal(line.type, 'payment');
    assert.equal(line.paymentId, s.paymentId);
    assert.equal(line.fee, 472);
    assert.equal(line.credit, 20_000 - 472);
    assert.ok(lines.every((l) => l.settlementReference === settlement.id));
  });

  test('a settlement made after a read, in the same second as the last one it read, is read by the next sync', async () => {
    // The stand-in's clock stands still: both settlements are of one second.
    const at = Math.floor(Date.now() / 1000) * 1000 + 500;
    const still = await startRazorpayStandin({ ...KEY, accountNumber: '7878780080316316', now: () => at });
    try {
      const stillApi = apiOf(still);
      const rail = createRazorpayPaymentRail(railDeps(stillApi));
      const paid = async () => {
        const ref = (await rail.submit(submission({ amount: 20_000 }))).providerReference!;
        still.control.authorizePayment(ref);
      };
      await paid();
      const first = still.control.settle({ utr: 'SETLUTR000000011' });
      const read = await stillApi.settlementsSince(null);
      assert.deepEqual(read.settlements.map((x) => x.providerReference), [first.id]);
      await paid();
      const second = still.control.settle({ utr: 'SETLUTR000000012' });
      assert.equal(first.created_at, second.created_at);
      const next = await stillApi.settlementsSince(read.cursor);
      assert.deepEqual(next.settlements.map((x) => x.providerReference), [second.id], 'read from the cursor\'s own second, the first skipped');
      assert.equal((await stillApi.settlementsSince(next.cursor)).settlements.length, 0);
    } finally {
      await still.stop();
    }
  });
});

describe('QR codes', () => {
  test('close_by = min(expire_by, now + 45 days); none under 15 minutes', () => {
    const now = 1_800_000_000_000;
    const nowS = now / 1000;
    const margin = QR_CLOCK_MARGIN_SECONDS;
    assert.equal(qrCloseBy(null, now), nowS + QR_MAX_AHEAD_SECONDS - margin);
    assert.equal(qrCloseBy(now + 100 * 24 * 3600 * 1000, now), nowS + QR_MAX_AHEAD_SECONDS - margin);
    assert.equal(qrCloseBy(now + 3600 * 1000, now), nowS + 3600, 'the link\'s expiry when it comes first');
    const shortest = (QR_MIN_AHEAD_SECONDS + margin) * 1000;
    assert.equal(qrCloseBy(now + shortest, now), nowS + QR_MIN_AHEAD_SECONDS + margin);
    assert.equal(qrCloseBy(now + shortest - 1000, now), null, 'under 15 minutes (and the margin) left: no code');
    assert.equal(qrCloseBy(now - 1000, now), null);
  });

  test('a single-use fixed-amount code for the amount, its payments, closed on demand', async () => {
    const linkId = 'plink_01TEST';
    const now = Date.now();
    const qr = await api.createQr({ reference: linkId, amount: 25_000, expireBy: now + 2 * 3600 * 1000, now, name: 'Acme' });
    assert.ok(qr);
    assert.match(qr.image_content!, /^upi:\/\/pay\?.*am=250\.00/);
    assert.equal(qr.close_by, Math.floor((now + 2 * 3600 * 1000) / 1000));
    const sent = rzp.control.requests({ method: 'POST', path: '/v1/payments/qr_codes' }).at(-1)!.body as Record<string, unknown>;
    assert.deepEqual([sent.type, sent.usage, sent.fixed_amount, sent.payment_amount], ['upi_qr', 'single_use', true, 25_000]);
    const far = await api.createQr({ reference: linkId, amount: 25_000, expireBy: null, now, name: null });
    assert.equal(far?.close_by, Math.floor(now / 1000) + QR_MAX_AHEAD_SECONDS - QR_CLOCK_MARGIN_SECONDS);
    assert.equal(await api.createQr({ reference: linkId, amount: 25_000, expireBy: now + 10 * 60 * 1000, now }), null);
    const paid = rzp.control.payQr(qr.id, { vpa: 'gaurav@okaxis' });
    assert.deepEqual((await api.qrPayments(qr.id)).map((p) => p.id), [paid.id]);
    assert.equal((await api.fetchQr(qr.id)).status, 'closed');
    const closed = await api.closeQr(far!.id);
    assert.equal(closed.status, 'closed');
  });
});
