// Inbound RazorpayX webhooks: the signature over the raw body (current and previous secret), and a payout event
// translated to a provider-neutral report; other events ignored (webhooks/payouts.md, webhooks/validate-test.md).
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import { connectorOf, webhookUrlOf } from '../../src/connectors/index.ts';
import { parseWebhookEvent, translateWebhookEvent, verifySignature, WebhookPayloadError } from '../../src/connectors/razorpay/webhooks.ts';

const sign = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('hex');

function payoutEvent(event: string, entity: Record<string, unknown>): string {
  return JSON.stringify({ entity: 'event', account_id: 'acc_BfVUrG6tDiL7H0', event, contains: ['payout'], payload: { payout: { entity } }, created_at: 1_580_118_468 });
}

const processed = payoutEvent('payout.processed', {
  id: 'pout_R7ambiUdUvg6AD',
  entity: 'payout',
  fund_account_id: 'fa_R7amb4zOx1gJoF',
  amount: 100,
  currency: 'INR',
  fees: 118,
  tax: 18,
  status: 'processed',
  purpose: 'payout',
  utr: '523223155921',
  mode: 'UPI',
  reference_id: 'po_01JD3Y8X4W0000000000000000',
  narration: 'Payout to Acme Corp',
  status_details: { reason: 'payout_processed', description: 'Payout is processed', source: 'beneficiary_bank' },
  created_at: 1_755_693_656,
});

describe('signature', () => {
  test('the hex HMAC-SHA256 of the raw body with the secret verifies; as a Buffer too', () => {
    assert.equal(verifySignature(processed, sign(processed, 'whsec'), ['whsec']), true);
    assert.equal(verifySignature(Buffer.from(processed), sign(processed, 'whsec'), ['whsec']), true);
  });

  test('a wrong secret, a changed body, a missing or malformed signature do not', () => {
    const good = sign(processed, 'whsec');
    assert.equal(verifySignature(processed, sign(processed, 'other'), ['whsec']), false);
    assert.equal(verifySignature(processed.replace('"amount":100', '"amount":101'), good, ['whsec']), false);
    assert.equal(verifySignature(`${processed} `, good, ['whsec']), false, 'the raw body, not a re-serialization');
    for (const bad of [undefined, '', 'zz', good.slice(0, 63), `${good}00`, `sha256=${good}`]) {
      assert.equal(verifySignature(processed, bad, ['whsec']), false, String(bad));
    }
    assert.equal(verifySignature(processed, good, []), false);
    assert.equal(verifySignature(processed, sign(processed, ''), ['']), false, 'an empty secret verifies nothing');
  });

  test('after a rotation, both the new and the previous secret verify (retries of older events)', () => {
    assert.equal(verifySignature(processed, sign(processed, 'old'), ['new', 'old']), true);
    assert.equal(verifySignature(processed, sign(processed, 'new'), ['new', 'old']), true);
    assert.equal(verifySignature(processed, sign(processed, 'older'), ['new', 'old']), false);
  });

  test('the registry exposes it under the provider, with the header names', () => {
    const c = connectorOf('razorpay');
    assert.ok(c);
    assert.equal(c.webhooks.signatureHeader, 'x-razorpay-signature');
    assert.equal(c.webhooks.eventIdHeader, 'x-razorpay-event-id');
    assert.equal(c.webhooks.verify(processed, sign(processed, 's'), ['s']), true);
    assert.equal(connectorOf('nope'), undefined);
    assert.equal(webhookUrlOf('https://pay.example.com/', 'razorpay', 'conn_1'), 'https://pay.example.com/connectors/razorpay/conn_1/webhooks');
  });
});

describe('translation', () => {
  test('payout.processed → completed with UTR, fees (tax included) and our payout id', () => {
    assert.deepEqual(translateWebhookEvent(parseWebhookEvent(processed)), {
      kind: 'payout',
      eventType: 'payout.processed',
      report: {
        providerReference: 'pout_R7ambiUdUvg6AD',
        payoutId: 'po_01JD3Y8X4W0000000000000000',
        providerStatus: 'processed',
        outcome: { state: 'completed', utr: '523223155921' },
        utr: '523223155921',
        amount: 100,
        fees: 118,
        tax: 18,
        details: { source: 'beneficiary_bank', reason: 'payout_processed', description: 'Payout is processed' },
      },
    });
  });

  test('every payout event reports the state its payout is in', () => {
    const cases: [string, string, string][] = [
      ['payout.pending', 'pending', 'initiated'],
      ['payout.queued', 'queued', 'initiated'],
      ['payout.initiated', 'processing', 'initiated'],
      ['payout.updated', 'processed', 'completed'],
      ['payout.reversed', 'reversed', 'returned'],
      ['payout.failed', 'failed', 'failed'],
      ['payout.rejected', 'rejected', 'failed'],
    ];
    for (const [event, status, state] of cases) {
      const body = payoutEvent(event, { id: 'pout_1', entity: 'payout', status, utr: null, reference_id: 'po_1', status_details: { source: 'business', reason: 'insufficient_funds', description: 'x' } });
      const out = translateWebhookEvent(parseWebhookEvent(body));
      assert.equal(out.kind, 'payout', event);
      assert.equal(out.kind === 'payout' && out.report.outcome.state, state, event);
    }
  });

  test('downtime notices, other entities and a payout event without a payout are ignored', () => {
    const downtime = JSON.stringify({ entity: 'event', event: 'payout.downtime.started', contains: ['payout.downtime'], payload: { 'payout.downtime': { entity: { id: 'poutdown_1', status: 'started' } } } });
    assert.deepEqual(translateWebhookEvent(parseWebhookEvent(downtime)), { kind: 'ignored', eventType: 'payout.downtime.started' });
    const txn = JSON.stringify({ entity: 'event', event: 'transaction.created', contains: ['transaction'], payload: { transaction: { entity: { id: 'txn_1' } } } });
    assert.deepEqual(translateWebhookEvent(parseWebhookEvent(txn)), { kind: 'ignored', eventType: 'transaction.created' });
    const empty = JSON.stringify({ entity: 'event', event: 'payout.processed', payload: {} });
    assert.deepEqual(translateWebhookEvent(parseWebhookEvent(empty)), { kind: 'ignored', eventType: 'payout.processed' });
  });

  test('a body that is not an event is refused', () => {
    for (const body of ['not json', '[]', '{}', '{"event": 5}', 'null']) {
      assert.throws(() => parseWebhookEvent(body), WebhookPayloadError, body);
    }
  });
});

// UPI AutoPay (payments/payment-gateway/s2s-integration/recurring-payments/webhooks.md; token.resumed from
// api/payments/recurring-payments/custom/webhooks.md): the pages' UPI sample tokens and payments.
function tokenEvent(event: string, status: string, extra: Record<string, unknown> = {}, createdAt = 1_599_065_559): string {
  const token = {
    id: 'token_FVIP5DVexjoZjF',
    entity: 'token',
    token: '5ESJrtR1V6k6mp',
    bank: null,
    wallet: null,
    method: 'upi',
    vpa: { username: '56546', handle: 'upi', name: null },
    recurring: true,
    recurring_details: { status, failure_reason: null },
    auth_type: null,
    mrn: null,
    used_at: 1_598_424_055,
    created_at: 1_598_424_055,
    start_time: 1_598_510_437,
    dcc_enabled: false,
    max_amount: 5600,
    expired_at: 1_913_956_837,
    ...extra,
  };
  return JSON.stringify({ entity: 'event', account_id: 'acc_8TgNt9DVrJB0bl', event, contains: ['token'], payload: { token: { entity: token } }, created_at: createdAt });
}

function upiPaymentEvent(event: string, payment: Record<string, unknown>, order?: Record<string, unknown>): string {
  const entity = {
    id: 'pay_FHhm0UWoNrZT3h',
    entity: 'payment',
    amount: 100,
    currency: 'INR',
    status: 'authorized',
    order_id: 'order_FHhlVrVCPWGSDC',
    invoice_id: null,
    method: 'upi',
    captured: false,
    vpa: 'gaurav.kumar@upi',
    email: 'gaurav.kumar@example.com',
    contact: '+919876543210',
    customer_id: 'cust_DtHaBuooGHTuyZ',
    token_id: 'token_FHhm0XTtJg9zqb',
    notes: { mandate_id: 'mdt_01JD3Y8X4W0000000000000000' },
    fee: null,
    tax: null,
    error_code: null,
    error_description: null,
    error_source: null,
    error_step: null,
    error_reason: null,
    created_at: 1_595_456_636,
    ...payment,
  };
  const payload: Record<string, unknown> = { payment: { entity } };
  if (order) payload.order = { entity: order };
  return JSON.stringify({ entity: 'event', account_id: 'acc_8TgNt9DVrJB0bl', event, contains: Object.keys(payload), payload, created_at: 1_595_456_636 });
}

const translate = (body: string) => translateWebhookEvent(parseWebhookEvent(body));

describe('UPI AutoPay events', () => {
  test('token.confirmed → the mandate active, by its token, with the VPA the customer approved from', () => {
    assert.deepEqual(translate(tokenEvent('token.confirmed', 'confirmed')), {
      kind: 'mandate',
      eventType: 'token.confirmed',
      report: {
        mandateId: null,
        tokenReference: 'token_FVIP5DVexjoZjF',
        registrationReference: null,
        customerReference: null,
        providerStatus: 'confirmed',
        outcome: { state: 'active' },
        vpa: '56546@upi',
      },
    });
  });

  test('every token event reports the state its token is in', () => {
    const cases: [string, string, string][] = [
      ['token.paused', 'paused', 'paused'],
      ['token.resumed', 'resumed', 'active'],
      ['token.cancelled', 'cancelled', 'revoked'],
      ['token.rejected', 'rejected', 'rejected'],
      ['token.confirmed', 'initiated', 'pending'],
      ['token.updated', 'confirmed', 'active'],
    ];
    for (const [event, status, state] of cases) {
      const out = translate(tokenEvent(event, status));
      assert.equal(out.kind, 'mandate', event);
      assert.equal(out.kind === 'mandate' && out.report.outcome.state, state, event);
      assert.equal(out.kind === 'mandate' && out.report.providerStatus, status, event);
    }
  });

  test('token.rejected keeps the failure reason; a standing token past its expired_at is expired', () => {
    const rejected = translate(tokenEvent('token.rejected', 'rejected', { recurring: false, recurring_details: { status: 'rejected', failure_reason: 'Rejected by bank' } }));
    assert.deepEqual(rejected.kind === 'mandate' && rejected.report.outcome, { state: 'rejected', details: { source: null, reason: null, description: 'Rejected by bank' } });
    const late = translate(tokenEvent('token.confirmed', 'confirmed', { expired_at: 1_599_065_000 }));
    assert.deepEqual(late.kind === 'mandate' && late.report.outcome, { state: 'expired' });
    const cancelledLate = translate(tokenEvent('token.cancelled', 'cancelled', { expired_at: 1_599_065_000 }));
    assert.deepEqual(cancelledLate.kind === 'mandate' && cancelledLate.report.outcome, { state: 'revoked' });
  });

  test('a token event without a token is ignored', () => {
    const empty = JSON.stringify({ entity: 'event', event: 'token.confirmed', payload: {} });
    assert.deepEqual(translate(empty), { kind: 'ignored', eventType: 'token.confirmed' });
  });

  test('the authorization payment authorized → pending with its token (the token is confirmed by a step of its own)', () => {
    assert.deepEqual(translate(upiPaymentEvent('payment.authorized', {})), {
      kind: 'mandate',
      eventType: 'payment.authorized',
      report: {
        mandateId: 'mdt_01JD3Y8X4W0000000000000000',
        tokenReference: 'token_FHhm0XTtJg9zqb',
        registrationReference: 'order_FHhlVrVCPWGSDC',
        customerReference: 'cust_DtHaBuooGHTuyZ',
        providerStatus: 'authorized',
        outcome: { state: 'pending' },
        vpa: 'gaurav.kumar@upi',
      },
    });
    const captured = translate(upiPaymentEvent('payment.captured', { status: 'captured', captured: true, fee: 0, tax: 0 }));
    assert.deepEqual(captured.kind === 'mandate' && [captured.report.outcome, captured.report.tokenReference], [{ state: 'pending' }, 'token_FHhm0XTtJg9zqb']);
  });

  test('the authorization payment failed → rejected with the provider\'s reason', () => {
    const failed = { status: 'failed', token_id: null, error_code: 'BAD_REQUEST_ERROR', error_description: 'Payment was unsuccessful as you may have cancelled it.', error_source: 'customer', error_step: 'payment_authorization', error_reason: 'payment_cancelled' };
    const out = translate(upiPaymentEvent('payment.failed', failed));
    assert.equal(out.kind, 'mandate');
    assert.deepEqual(out.kind === 'mandate' && out.report.outcome, {
      state: 'rejected',
      details: { source: 'customer', reason: 'payment_cancelled', description: 'Payment was unsuccessful as you may have cancelled it.' },
    });
  });

  test('a one-time mandate\'s dummy authorization payment fails by design: its token stands, so pending with the token', () => {
    // tokens.md's "Authorisation Payment" sample: failed, upi_dummy_payment, with a token_id.
    const dummy = { status: 'failed', token_id: 'token_QDhVJHYr5m87fF', error_code: 'BAD_REQUEST_ERROR', error_description: 'Payment was a dummy payment for one time mandate registration.', error_source: 'business', error_step: 'payment_initiation', error_reason: 'upi_dummy_payment' };
    const out = translate(upiPaymentEvent('payment.failed', dummy));
    assert.deepEqual(out.kind === 'mandate' && [out.report.outcome, out.report.tokenReference], [{ state: 'pending' }, 'token_QDhVJHYr5m87fF']);
  });

  test('order.paid of the authorization order names the mandate by the order\'s notes when the payment\'s lack it', () => {
    const order = { id: 'order_FHhlVrVCPWGSDC', entity: 'order', amount: 100, status: 'paid', receipt: 'mdt_01JD3Y8X4W0000000000000000', notes: { mandate_id: 'mdt_01JD3Y8X4W0000000000000000' } };
    const out = translate(upiPaymentEvent('order.paid', { status: 'captured', notes: [] }, order));
    assert.equal(out.kind, 'mandate');
    assert.equal(out.kind === 'mandate' && out.report.mandateId, 'mdt_01JD3Y8X4W0000000000000000');
  });

  test('a debit through the token (our payment id in its notes) stays a payment', () => {
    const debit = { id: 'pay_FHfAzEJ51k8NLj', status: 'captured', captured: true, order_id: 'order_FHfANdTUYeP8lb', token_id: 'token_FHfAzGzREc1ug6', notes: { payment_id: 'pay_01JD3Y8X4W0000000000000000' }, fee: 0, tax: 0 };
    const out = translate(upiPaymentEvent('payment.captured', debit));
    assert.equal(out.kind, 'payment');
    const alsoNamingTheMandate = translate(upiPaymentEvent('payment.captured', { ...debit, notes: { ...debit.notes, mandate_id: 'mdt_01JD3Y8X4W0000000000000000' } }));
    assert.equal(alsoNamingTheMandate.kind, 'payment', 'our payment id makes it a debit, whatever else its notes keep');
    assert.equal(out.kind === 'payment' && out.report.paymentId, 'pay_01JD3Y8X4W0000000000000000');
    assert.equal(out.kind === 'payment' && out.report.outcome.state, 'captured');
  });

  test('pre-debit notification events are not acted on', () => {
    const body = JSON.stringify({ entity: 'event', event: 'order.notification.delivered', contains: ['notification'], payload: { notification: { entity: { id: 'notification_00000000000001', entity: 'notification', order_id: 'order_1Aa00000000002', token_id: 'token_M7K2eFBU7vToaQ', delivered_at: 1_634_057_113, status: 'delivered', payment_after: 1_634_057_114 } } } });
    assert.deepEqual(translate(body), { kind: 'ignored', eventType: 'order.notification.delivered' });
  });
});
