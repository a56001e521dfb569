// The payment gateway in our words: every documented payment, refund and QR code status, the settlement and recon
// shapes, every payment error reason the provider's UPI page lists (→ payment_declined with the provider's own
// account beside it), and every gateway webhook event as the stand-in raises it (→ a provider-neutral report), the
// payout events still translating as before. Also the provider's narrower rules for live payments (limits.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createRazorpayHttp } from '../../src/connectors/razorpay/http.ts';
import {
  checkLivePayment,
  checkOrderAmount,
  checkPaymentCustomer,
  checkReceipt,
  checkReturnUrl,
} from '../../src/connectors/razorpay/limits.ts';
import { createRazorpayPaymentRail } from '../../src/connectors/razorpay/payment-rail.ts';
import { createPaymentsApi } from '../../src/connectors/razorpay/payments-api.ts';
import {
  notesOf,
  paymentFailureMessageOf,
  paymentFailureMessages,
  paymentOutcomeOf,
  paymentReportOf,
  paymentStatuses,
  qrCodeOf,
  refundOutcomeOf,
  refundReportOf,
  refundStatuses,
  settlementLineOf,
  settlementReportOf,
} from '../../src/connectors/razorpay/translate-payments.ts';
import { parseWebhookEvent, translateWebhookEvent } from '../../src/connectors/razorpay/webhooks.ts';
import { razorpay } from '../../src/connectors/razorpay/index.ts';
import type { ConnectorWebhookOutcome } from '../../src/rails/provider.ts';
import { newId } from '../../src/domain/ids.ts';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';

const payment = (fields: Record<string, unknown>) => ({ id: 'pay_1', amount: 10_000, status: 'created', ...fields });

describe('payment statuses', () => {
  test('every documented status has an outcome', () => {
    const states = Object.fromEntries(paymentStatuses.map((status) => [status, paymentOutcomeOf(payment({ status })).state]));
    assert.deepEqual(states, { created: 'pending', authorized: 'authorized', captured: 'captured', refunded: 'captured', failed: 'failed' });
    assert.equal(paymentOutcomeOf(payment({ status: 'some_new_status' })).state, 'pending', 'an undocumented status waits for a later report');
  });

  test('a failed payment is payment_declined, with the provider\'s source, reason and description', () => {
    const outcome = paymentOutcomeOf(payment({ status: 'failed', error_source: 'customer', error_reason: 'insufficient_funds', error_description: 'Not enough money.' }));
    assert.deepEqual(outcome, {
      state: 'failed',
      code: 'payment_declined',
      message: "The customer's account did not have enough funds.",
      details: { source: 'customer', reason: 'insufficient_funds', description: 'Not enough money.' },
    });
  });

  test('every UPI error reason of the provider\'s pages has our message; any other reason the generic one', () => {
    const documented = ['bank_technical_error', 'credit_failed', 'gateway_technical_error', 'insufficient_funds', 'invalid_vpa', 'payment_cancelled',
      'payment_collect_request_expired', 'payment_declined', 'payment_timed_out', 'vpa_resolution_failed', 'payment_failed'];
    for (const reason of documented) {
      assert.ok(Object.hasOwn(paymentFailureMessages, reason), reason);
      const outcome = paymentOutcomeOf(payment({ status: 'failed', error_reason: reason }));
      assert.equal(outcome.state === 'failed' && outcome.code, 'payment_declined', reason);
      assert.equal(outcome.state === 'failed' && outcome.message, paymentFailureMessages[reason]);
    }
    assert.equal(paymentFailureMessageOf('something_else'), 'The payment was declined.');
    assert.equal(paymentFailureMessageOf(null), 'The payment was declined.');
    assert.equal(paymentFailureMessageOf('toString'), 'The payment was declined.', 'no inherited property is a reason');
  });

  test('a report: our payment id from the notes, fee and tax only once captured, the VPA paid from', () => {
    const created = paymentReportOf(payment({ status: 'authorized', fee: 236, tax: 36, notes: { payment_id: 'pay_ours' }, order_id: 'order_1' }));
    assert.equal(created.paymentId, 'pay_ours');
    assert.equal(created.orderReference, 'order_1');
    assert.equal(created.fee, null);
    const captured = paymentReportOf(payment({ status: 'captured', fee: 236, tax: 36, amount_refunded: 1000, notes: [], upi: { vpa: 'a@okaxis', flow: 'qr' } }));
    assert.deepEqual([captured.fee, captured.tax, captured.amountRefunded, captured.vpa, captured.paymentId], [236, 36, 1000, 'a@okaxis', null]);
    assert.deepEqual(notesOf([]), {});
  });
});

describe('refund, settlement and QR code shapes', () => {
  test('every documented refund status', () => {
    const outcomes = refundStatuses.map((status) => refundOutcomeOf({ id: 'rfnd_1', status, acquirer_data: { arn: null } }));
    assert.deepEqual(outcomes.map((o) => o.state), ['pending', 'processed', 'failed']);
    assert.deepEqual(outcomes[1], { state: 'processed', reference: 'rfnd_1' }, 'no ARN yet: the provider\'s refund id');
    assert.deepEqual(refundOutcomeOf({ id: 'rfnd_1', status: 'processed', acquirer_data: { arn: 'ARN1' } }), { state: 'processed', reference: 'ARN1' });
    assert.equal(outcomes[2].state === 'failed' && outcomes[2].code, 'refund_declined');
    const report = refundReportOf({ id: 'rfnd_1', amount: 500, payment_id: 'pay_1', status: 'pending', receipt: 'rfnd_ours', notes: {} });
    assert.deepEqual([report.refundId, report.paymentProviderReference, report.outcome.state], ['rfnd_ours', 'pay_1', 'pending']);
  });

  test('a settlement and its recon lines', () => {
    const s = settlementReportOf({ id: 'setl_1', amount: 9_528, status: 'processed', fees: 472, tax: 72, utr: 'UTR1', created_at: 1_800_000_000 });
    assert.deepEqual(s, { providerReference: 'setl_1', providerStatus: 'processed', amount: 9_528, fees: 472, tax: 72, utr: 'UTR1', createdAt: new Date(1_800_000_000_000) });
    const line = settlementLineOf({ entity_id: 'rfnd_1', type: 'refund', debit: 500, credit: 0, amount: 500, fee: 0, tax: 0, settlement_id: 'setl_1', payment_id: 'pay_1', order_receipt: 'pay_ours', settled_at: 1_800_000_000 });
    assert.deepEqual([line.type, line.paymentProviderReference, line.paymentId, line.debit], ['refund', 'pay_1', 'pay_ours', 500]);
    assert.equal(settlementLineOf({ entity_id: 'adj_1', type: 'adjustment' }).type, 'other');
  });

  test('a QR code is open only while active and before its close_by', () => {
    const qr = { id: 'qr_1', status: 'active', image_content: 'upi://pay?pa=x', payment_amount: 100, close_by: 2_000, payments_amount_received: 0 };
    assert.equal(qrCodeOf(qr, 1_000_000).state, 'open');
    assert.equal(qrCodeOf(qr, 2_000_000).state, 'closed', 'past close_by the provider reads it as closed');
    assert.equal(qrCodeOf({ ...qr, status: 'closed' }, 1_000_000).state, 'closed');
    assert.equal(qrCodeOf(qr).content, 'upi://pay?pa=x');
  });
});

describe('webhook events (as the stand-in raises them)', () => {
  const KEY = { keyId: 'rzp_test_key1', keySecret: 'secret1' };
  let rzp: RazorpayStandin;
  before(async () => {
    rzp = await startRazorpayStandin({ ...KEY, accountNumber: '7878780080316316', openingBalance: 1_000_000 });
    // Events are kept but never delivered: the test reads their bodies.
    rzp.control.setWebhook({ url: 'http://127.0.0.1:9/', secret: 'whsec' });
    rzp.control.dropWebhooks({ event: '*', count: 10_000 });
  });
  after(async () => {
    await rzp?.stop();
  });

  const outcomes = (): ConnectorWebhookOutcome[] => rzp.control.webhookEvents().map((e) => razorpay.webhooks.translate(e.body));
  const last = (eventType: string): ConnectorWebhookOutcome => {
    const found = outcomes().filter((o) => o.eventType === eventType).at(-1);
    assert.ok(found, `no ${eventType}`);
    return found;
  };

  test('payment.authorized, payment.captured, order.paid, refund.*, settlement.processed, payment.failed, qr_code.credited', async () => {
    const api = createPaymentsApi(createRazorpayHttp({ baseUrl: rzp.baseUrl, ...KEY }));
    const rail = createRazorpayPaymentRail({
      connectionFor: async () => ({ api }),
      defaultReturnUrl: () => 'https://paygate.example.com/return',
    });
    const customer = { email: 'a@example.com', phone: '9876543210' };
    const paymentId = newId('payment');
    const ref = (await rail.submit({ paymentId, accountId: 'acct_1', mode: 'live', amount: 10_000, instrument: { method: 'upi', vpa: null, bank: null }, customer })).providerReference!;
    rzp.control.authorizePayment(ref, { vpa: 'a@okaxis' });
    for (const [type, state] of [['payment.authorized', 'authorized'], ['payment.captured', 'captured'], ['order.paid', 'captured']] as const) {
      const o = last(type);
      assert.equal(o.kind, 'payment', type);
      assert.equal(o.kind === 'payment' && o.report.outcome.state, state, type);
      assert.equal(o.kind === 'payment' && o.report.paymentId, paymentId, type);
      assert.equal(o.kind === 'payment' && o.report.providerReference, ref, type);
    }
    const capturedReport = last('payment.captured');
    assert.equal(capturedReport.kind === 'payment' && capturedReport.report.fee, 236);

    const refundId = newId('refund');
    const refund = await api.createRefund({ paymentProviderReference: ref, refundId, amount: 1_000 });
    rzp.control.processRefund(refund.id, { rrn: '512300000042' });
    const failing = await api.createRefund({ paymentProviderReference: ref, refundId: newId('refund'), amount: 1_000 });
    rzp.control.failRefund(failing.id);
    for (const [type, state] of [['refund.created', 'pending'], ['refund.processed', 'processed'], ['refund.failed', 'failed']] as const) {
      const o = last(type);
      assert.equal(o.kind === 'refund' && o.report.outcome.state, state, type);
    }
    const processed = last('refund.processed');
    assert.ok(processed.kind === 'refund');
    assert.deepEqual([processed.report.refundId, processed.report.paymentProviderReference], [refundId, ref]);
    assert.deepEqual(processed.report.outcome, { state: 'processed', reference: '512300000042' });

    const settlement = rzp.control.settle({ utr: 'SETLUTR1' });
    const s = last('settlement.processed');
    assert.ok(s.kind === 'settlement');
    assert.deepEqual([s.report.providerReference, s.report.utr, s.report.amount, s.report.fees], [settlement.id, 'SETLUTR1', settlement.amount, settlement.fees]);

    const declinedId = newId('payment');
    const declined = (await rail.submit({ paymentId: declinedId, accountId: 'acct_1', mode: 'live', amount: 10_000, instrument: { method: 'upi', vpa: null, bank: null }, customer })).providerReference!;
    rzp.control.failPayment(declined, { source: 'customer', reason: 'payment_cancelled', description: 'Cancelled.' });
    const f = last('payment.failed');
    assert.ok(f.kind === 'payment');
    assert.equal(f.report.paymentId, declinedId);
    assert.deepEqual(f.report.outcome, {
      state: 'failed', code: 'payment_declined', message: 'The customer cancelled the payment.', details: { source: 'customer', reason: 'payment_cancelled', description: 'Cancelled.' },
    });

    const qr = await api.createQr({ reference: 'plink_1', amount: 5_000, expireBy: null, now: Date.now(), notes: { payment_link_id: 'plink_1' } });
    rzp.control.payQr(qr!.id, { vpa: 'b@okicici' });
    const credited = last('qr_code.credited');
    assert.ok(credited.kind === 'qr_payment');
    assert.equal(credited.report.outcome.state, 'captured');
    assert.equal(credited.report.amount, 5_000);
    assert.equal(credited.report.vpa, 'b@okicici');
    assert.equal(credited.qrCode.providerReference, qr!.id);
    assert.equal(credited.qrCode.notes.payment_link_id, 'plink_1');
    assert.equal(credited.qrCode.content, qr!.image_content);

    const other = await api.createQr({ reference: 'plink_2', amount: 5_000, expireBy: null, now: Date.now() });
    await api.closeQr(other!.id);
    assert.equal(last('qr_code.created').kind, 'ignored');
    assert.equal(last('qr_code.closed').kind, 'ignored');
  });

  test('payout events still translate; downtime notices and malformed gateway events are ignored', () => {
    const payout = translateWebhookEvent({ event: 'payout.processed', payload: { payout: { entity: { id: 'pout_1', status: 'processed', utr: 'U1', reference_id: 'po_1' } } } });
    assert.equal(payout.kind, 'payout');
    for (const event of ['payment.downtime.started', 'payment.dispute.created', 'order.notification.delivered']) {
      assert.equal(translateWebhookEvent({ event, payload: {} }).kind, 'ignored', event);
    }
    assert.equal(translateWebhookEvent({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_1' } } } }).kind, 'ignored');
    assert.equal(translateWebhookEvent({ event: 'refund.processed', payload: {} }).kind, 'ignored');
    assert.equal(translateWebhookEvent({ event: 'qr_code.credited', payload: { payment: { entity: payment({ status: 'captured' }) } } }).kind, 'ignored');
    const orderPaid = translateWebhookEvent(
      parseWebhookEvent(JSON.stringify({ event: 'order.paid', payload: { payment: { entity: payment({ status: 'captured', order_id: 'order_1', notes: [] }) }, order: { entity: { id: 'order_1', status: 'paid', amount: 10_000, receipt: 'pay_ours' } } } })),
    );
    assert.equal(orderPaid.kind === 'payment' && orderPaid.report.paymentId, 'pay_ours', 'the order\'s receipt when the payment\'s notes lack our id');
  });
});

describe('live payment limits', () => {
  const ok = { amount: 10_000, method: 'upi' as 'upi' | 'netbanking', customer: { email: 'a@example.com', phone: '+919876543210' } };

  test('orders of at least 100 paise, receipts of at most 40 characters', () => {
    assert.equal(checkOrderAmount(100), null);
    assert.deepEqual(checkOrderAmount(99), { param: 'amount', message: 'Live payments must be at least 100 paise.' });
    assert.equal(checkReceipt('x'.repeat(40)), null);
    assert.equal(checkReceipt('x'.repeat(41))?.param, 'receipt');
    assert.equal(checkLivePayment({ ...ok, amount: 99 })?.param, 'amount');
  });

  test('a live VPA is never checked (UPI is intent only); netbanking needs the customer\'s IP address', () => {
    assert.equal(checkLivePayment({ ...ok, vpa: 'a b@okaxis' }), null, 'the VPA is not sent');
    assert.equal(checkLivePayment({ ...ok, method: 'netbanking', returnUrl: null })?.param, 'customer_ip');
    assert.equal(checkLivePayment({ ...ok, method: 'netbanking', returnUrl: null, customerIp: '203.0.113.7' }), null);
  });

  test('the customer\'s email and phone, which every server-to-server payment names', () => {
    assert.equal(checkPaymentCustomer(ok.customer), null);
    assert.equal(checkPaymentCustomer(null)?.param, 'customer_id');
    assert.equal(checkPaymentCustomer({ email: 'a@example.com', phone: null })?.param, 'customer_id');
    assert.equal(checkPaymentCustomer({ email: 'not-an-email', phone: '9876543210' })?.param, 'customer_id');
    assert.equal(checkPaymentCustomer({ email: 'a@example.com', phone: '12-34' })?.param, 'customer_id');
    assert.equal(checkLivePayment({ ...ok, customer: null })?.param, 'customer_id');
  });

  test('a netbanking return URL is http(s)', () => {
    assert.equal(checkReturnUrl('https://shop.example.com/done'), null);
    assert.equal(checkReturnUrl('javascript:alert(1)')?.param, 'return_url');
    assert.equal(checkLivePayment({ ...ok, method: 'netbanking', returnUrl: 'ftp://x', customerIp: '203.0.113.7' })?.param, 'return_url');
    assert.equal(checkLivePayment(ok), null);
    assert.equal(razorpay.limits.checkPayment(ok), null);
  });
});
