// UPI AutoPay on the Razorpay stand-in, exercised over HTTP as a connector would: a mandate's registration end to
// end (customer, authorisation order, intent mandate link, the customer's approval in their UPI app, the webhooks),
// every documented refusal, the customer pausing, resuming and revoking the mandate, the business cancelling and
// deleting a token, and the subsequent debits: held until payment_after, failed by a switch or by a token that no
// longer takes debits. The stand-in's clock is the test's. No PostgreSQL or Temporal needed.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { connectRazorpayStandin, paymentSignature, startRazorpayStandin } from '../standins/razorpay/index.ts';
import type { RazorpayStandin, RazorpayStandinOptions } from '../standins/razorpay/index.ts';
import { startWebhookReceiver, waitUntil } from '../helpers/webhook-receiver.ts';
import type { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { type StandinAnswer, assertStandinRefused, standinCaller } from '../helpers/standin-calls.ts';

const KEY_ID = 'rzp_test_autopay';
const KEY_SECRET = 'autopay-key-secret';
const HOOK_SECRET = 'autopay-webhook-secret';
const START = Date.UTC(2026, 10, 28, 6, 0, 0);

let receiver: WebhookReceiver;
let standin: RazorpayStandin;
let clock = START;
const nowSeconds = () => Math.floor(clock / 1000);

type Answer = StandinAnswer;
const call = standinCaller(() => standin.baseUrl, KEY_ID, KEY_SECRET);

function refused(what: string, answer: Answer, field: string | null, description?: RegExp, reason?: string): void {
  try {
    assertStandinRefused(answer, 400, field, description, reason);
  } catch (err) {
    assert.fail(`${what}: ${(err as Error).message}`);
  }
}

let hookPath = '';
let hookPaths = 0;
const events = () => receiver.received(hookPath).map((r) => JSON.parse(r.body) as { event: string; payload: any });
const eventNames = () => events().map((e) => e.event);

async function restart(over: Partial<RazorpayStandinOptions> = {}): Promise<void> {
  await standin?.stop();
  clock = START;
  standin = await startRazorpayStandin({
    keyId: KEY_ID, keySecret: KEY_SECRET, accountNumber: '7878780080316316', webhookRetryDelaysMs: [50], now: () => clock, debitCheckIntervalMs: 0, ...over,
  });
  hookPath = `/hooks/autopay/${++hookPaths}`;
  standin.control.setWebhook({ url: receiver.url(hookPath), secret: HOOK_SECRET });
}

async function newHooks(): Promise<string[]> {
  await standin.control.webhooksIdle();
  return eventNames();
}

const customerBody = (over: Record<string, unknown> = {}) => ({ name: 'Gaurav Kumar', email: 'gaurav.kumar@example.com', contact: '9123456780', notes: { ours: 'cust_1' }, ...over });
const authOrderBody = (customerId: string | null, token: Record<string, unknown> = {}, over: Record<string, unknown> = {}) => ({
  amount: 100, currency: 'INR', method: 'upi', ...(customerId ? { customer_id: customerId } : {}), receipt: 'mandate_1',
  token: { max_amount: 200_000, expire_at: nowSeconds() + 365 * 86_400, frequency: 'monthly', ...token }, notes: { ours: 'mandate_1' }, ...over,
});
const authPaymentBody = (orderId: string, customerId: string, over: Record<string, unknown> = {}) => ({
  amount: 100, currency: 'INR', order_id: orderId, customer_id: customerId, recurring: '1', method: 'upi', upi: { flow: 'intent' }, notes: { ours: 'auth_1' }, ...over,
});

async function customer(over: Record<string, unknown> = {}): Promise<string> {
  const c = await call('POST', '/v1/customers', customerBody(over));
  assert.equal(c.status, 200, JSON.stringify(c.body));
  return c.body.id;
}

/** A confirmed mandate: its customer, token, authorisation order and payment. */
async function mandate(token: Record<string, unknown> = {}, contact = '9123456780'): Promise<{ customerId: string; tokenId: string; orderId: string; paymentId: string }> {
  const customerId = await customer({ contact, email: `c${contact}@example.com` });
  const o = await call('POST', '/v1/orders', authOrderBody(customerId, token));
  assert.equal(o.status, 200, JSON.stringify(o.body));
  const p = await call('POST', '/v1/payments/create/upi', authPaymentBody(o.body.id, customerId));
  assert.equal(p.status, 200, JSON.stringify(p.body));
  const { token: t } = standin.control.approveMandate(p.body.razorpay_payment_id, { vpa: 'gaurav.kumar@okhdfc' });
  return { customerId, tokenId: t.id, orderId: o.body.id, paymentId: p.body.razorpay_payment_id };
}

async function debitOrder(tokenId: string, amount = 50_000, paymentAfter: number | null = nowSeconds() - 60, over: Record<string, unknown> = {}): Promise<any> {
  const notification = paymentAfter === null ? { token_id: tokenId } : { token_id: tokenId, payment_after: paymentAfter };
  const o = await call('POST', '/v1/orders', { amount, currency: 'INR', payment_capture: true, receipt: 'debit_1', notification, notes: { ours: 'debit_1' }, ...over });
  assert.equal(o.status, 200, JSON.stringify(o.body));
  return o.body;
}

const debitBody = (orderId: string, customerId: string, tokenId: string, over: Record<string, unknown> = {}) => ({
  email: 'gaurav.kumar@example.com', contact: '9123456780', amount: 50_000, currency: 'INR', order_id: orderId, customer_id: customerId, token: tokenId,
  recurring: true, description: 'November', notes: { ours: 'collection_1' }, ...over,
});

before(async () => {
  receiver = await startWebhookReceiver();
});
after(async () => {
  await standin?.stop();
  await receiver.close();
});
beforeEach(async () => {
  await restart();
});

describe('customers', () => {
  test('created with name, email, contact, notes; fail_existing 1 (default) refuses the same customer, 0 answers it', async () => {
    const c = await call('POST', '/v1/customers', customerBody());
    assert.equal(c.status, 200);
    assert.match(c.body.id, /^cust_/);
    assert.deepEqual({ ...c.body, id: 0 }, {
      id: 0, entity: 'customer', name: 'Gaurav Kumar', email: 'gaurav.kumar@example.com', contact: '9123456780', gstin: null, notes: { ours: 'cust_1' }, created_at: nowSeconds(),
    });
    assert.deepEqual((await call('GET', `/v1/customers/${c.body.id}`)).body, c.body);
    refused('same customer again', await call('POST', '/v1/customers', customerBody()), null, /already exists/);
    refused('same customer, fail_existing 1', await call('POST', '/v1/customers', customerBody({ fail_existing: '1' })), null, /already exists/);
    const again = await call('POST', '/v1/customers', customerBody({ fail_existing: '0' }));
    assert.equal(again.status, 200);
    assert.equal(again.body.id, c.body.id);
    refused('unknown id', await call('GET', '/v1/customers/cust_LQPd9lomgwDE5Fs'), 'id', /^LQPd9lomgwDE5Fs is not a valid id$/);
    refused('no name', await call('POST', '/v1/customers', customerBody({ name: undefined, email: 'x@example.com' })), 'name', /name field is required/);
    refused('name too short', await call('POST', '/v1/customers', customerBody({ name: 'Al', email: 'x@example.com' })), 'name');
    refused('a hyphen in the name', await call('POST', '/v1/customers', customerBody({ name: 'Mary-Jane Rao', email: 'x@example.com' })), 'name');
    // Only a name: never the same customer.
    const named = [await call('POST', '/v1/customers', { name: 'Asha Rao' }), await call('POST', '/v1/customers', { name: 'Asha Rao' })];
    assert.deepEqual(named.map((a) => a.status), [200, 200]);
    assert.notEqual(named[0].body.id, named[1].body.id);
    refused('short contact', await call('POST', '/v1/customers', customerBody({ contact: '12345', email: 'x@example.com' })), 'contact', /at least 8 digits/, 'invalid_contact_number');
    refused('fail_existing 2', await call('POST', '/v1/customers', customerBody({ fail_existing: '2', email: 'x@example.com' })), 'fail_existing');
    refused('unknown field', await call('POST', '/v1/customers', customerBody({ phone: '9123456780', email: 'x@example.com' })), 'phone');
    assert.equal(standin.control.customers().length, 3);
  });
});

describe('registration', () => {
  test('customer → authorisation order → intent mandate link → the customer approves: authorized, captured, order.paid, token.confirmed', async () => {
    const customerId = await customer();
    const o = await call('POST', '/v1/orders', authOrderBody(customerId, { recurring_value: 28, recurring_type: 'before' }));
    assert.equal(o.status, 200, JSON.stringify(o.body));
    assert.deepEqual({ ...o.body, id: 0 }, {
      id: 0, entity: 'order', amount: 100, amount_paid: 0, amount_due: 100, currency: 'INR', receipt: 'mandate_1', offer_id: null,
      status: 'created', attempts: 0, notes: { ours: 'mandate_1' }, created_at: nowSeconds(),
    });
    const orderCreatedAt = nowSeconds();
    clock += 30_000;
    const p = await call('POST', '/v1/payments/create/upi', authPaymentBody(o.body.id, customerId));
    assert.equal(p.status, 200, JSON.stringify(p.body));
    assert.deepEqual(Object.keys(p.body).sort(), ['link', 'razorpay_payment_id']);
    const link = new URL(p.body.link);
    assert.equal(link.protocol, 'upi:');
    assert.ok(p.body.link.startsWith('upi://mandate?'), p.body.link);
    const q = link.searchParams;
    assert.deepEqual([q.get('amrule'), q.get('am'), q.get('fam'), q.get('cu'), q.get('txnType'), q.get('recur'), q.get('recurvalue'), q.get('recurtype')],
      ['MAX', '2000.00', '1.00', 'INR', 'CREATE', 'MONTHLY', '28', 'BEFORE']);
    assert.equal(q.get('validitystart'), '28112026');
    assert.equal(q.get('validityend'), '28112027');
    assert.equal(q.get('pa'), 'acme.rzp@icici');

    const payment = (await call('GET', `/v1/payments/${p.body.razorpay_payment_id}`)).body;
    assert.equal(payment.status, 'created');
    assert.equal(payment.customer_id, customerId);
    assert.match(payment.token_id, /^token_/);
    assert.equal(payment.order_id, o.body.id);
    assert.equal((await call('GET', `/v1/orders/${o.body.id}`)).body.status, 'attempted');
    // An unused (initiated) token is not listed.
    assert.deepEqual((await call('GET', `/v1/customers/${customerId}/tokens`)).body, { entity: 'collection', count: 0, items: [] });
    assert.deepEqual(await newHooks(), []);

    // The customer approves in their UPI app, driven from another process as an integration test would.
    const remote = connectRazorpayStandin(standin.baseUrl);
    const approved = await remote.approveMandate(o.body.id, { vpa: 'gaurav.kumar@okhdfc' });
    assert.equal(approved.payment.status, 'captured');
    assert.deepEqual(await newHooks(), ['payment.authorized', 'payment.captured', 'order.paid', 'token.confirmed']);
    const [authorized, captured, paid, confirmed] = events();
    for (const e of [authorized, captured, paid]) {
      assert.equal(e.payload.payment.entity.token_id, payment.token_id);
      assert.equal(e.payload.payment.entity.customer_id, customerId);
      assert.equal(e.payload.payment.entity.order_id, o.body.id);
      assert.equal(e.payload.payment.entity.vpa, 'gaurav.kumar@okhdfc');
    }
    assert.equal(paid.payload.order.entity.status, 'paid');
    assert.equal(paid.payload.order.entity.token, undefined);
    const token = confirmed.payload.token.entity;
    assert.deepEqual({ ...token, token: 0 }, {
      id: payment.token_id, entity: 'token', token: 0, bank: null, wallet: null, method: 'upi', vpa: { username: 'gaurav.kumar', handle: 'okhdfc', name: null },
      recurring: true, recurring_details: { status: 'confirmed', failure_reason: null }, auth_type: null, mrn: null, used_at: nowSeconds(),
      created_at: nowSeconds(), start_time: orderCreatedAt, dcc_enabled: false, max_amount: 200_000, expired_at: orderCreatedAt + 365 * 86_400,
    });
    assert.deepEqual((await call('GET', `/v1/customers/${customerId}/tokens`)).body, { entity: 'collection', count: 1, items: [token] });
    assert.deepEqual((await call('GET', `/v1/customers/${customerId}/tokens/${token.id}`)).body, token);
    const record = standin.control.token(token.id);
    assert.deepEqual([record.customerId, record.orderId, record.paymentId, record.frequency, record.deleted], [customerId, o.body.id, payment.id, 'monthly', false]);
    refused('approved twice', await call('POST', '/v1/payments/create/upi', authPaymentBody(o.body.id, customerId)), 'order_id', /already paid/);
  });

  test('the customer declines: payment.failed then token.rejected; the token is not listed and takes no debit order', async () => {
    const customerId = await customer();
    const o = await call('POST', '/v1/orders', authOrderBody(customerId));
    const p = await call('POST', '/v1/payments/create/upi', authPaymentBody(o.body.id, customerId));
    const { payment, token } = standin.control.declineMandate(p.body.razorpay_payment_id, { reason: 'debit_declined', description: 'Payment was unsuccessful as it was declined by remitter bank.' });
    assert.equal(payment.status, 'failed');
    assert.deepEqual(await newHooks(), ['payment.failed', 'token.rejected']);
    assert.equal(events()[0].payload.payment.entity.error_reason, 'debit_declined');
    assert.deepEqual(events()[1].payload.token.entity.recurring_details, { status: 'rejected', failure_reason: 'Rejected by bank' });
    assert.equal((await call('GET', `/v1/customers/${customerId}/tokens`)).body.count, 0);
    const refusedOrder = await call('POST', '/v1/orders', { amount: 500, currency: 'INR', payment_capture: true, notification: { token_id: token.id } });
    refused('a rejected token', refusedOrder, 'notification.token_id', /not active/, 'mandate_not_active');
    assert.equal(refusedOrder.body.error.step, 'payment_initiation');
    assert.throws(() => standin.control.approveMandate(payment.id), /failed, not created/);
  });

  test('the authorisation order and payment refuse what the pages refuse', async () => {
    const customerId = await customer();
    const order = (token: Record<string, unknown>, over: Record<string, unknown> = {}) => call('POST', '/v1/orders', authOrderBody(customerId, token, over));
    const year = 365 * 86_400;
    refused('max_amount under 100', await order({ max_amount: 99 }), 'token.max_amount');
    refused('max_amount above 9999900', await order({ max_amount: 9_999_901 }), 'token.max_amount');
    assert.equal((await order({ max_amount: 9_999_900 })).status, 200);
    refused('order above max_amount', await order({ max_amount: 100 }, { amount: 101 }), 'amount', /^The order amount cannot be greater than the token max amount for upi recurring\.$/);
    refused('no frequency', await order({ frequency: undefined }), 'token.frequency', /required/);
    refused('daily (not on the S2S page)', await order({ frequency: 'daily' }), 'token.frequency');
    refused('expire_at in the past', await order({ expire_at: nowSeconds() - 1 }), 'token.expire_at');
    refused('expire_at beyond 30 years', await order({ expire_at: nowSeconds() + 31 * year }), 'token.expire_at');
    refused('recurring_value 8 weekly', await order({ frequency: 'weekly', recurring_value: 8 }), 'token.recurring_value');
    refused('recurring_value 32 monthly', await order({ recurring_value: 32 }), 'token.recurring_value');
    refused('recurring_value as_presented', await order({ frequency: 'as_presented', recurring_value: 5 }), 'token.recurring_value');
    refused('recurring_type daily', await order({ recurring_type: 'daily' }), 'token.recurring_type');
    refused('unknown token field', await order({ auth_type: 'netbanking' }), 'token.auth_type');
    refused('token without method', await order({}, { method: undefined }), 'method', /method field is required/);
    refused('currency USD', await order({}, { currency: 'USD' }), 'currency', /^The currency should be INR when method is upi$/);
    refused('unknown customer', await call('POST', '/v1/orders', authOrderBody('cust_00000000000000')), 'customer_id', /^The id provided does not exist$/);
    refused('amount under 100', await order({}, { amount: 99 }), 'amount', /at least INR 1\.00/);
    // expire_at defaults to 10 years; max_amount (optional on the S2S page) to 9999900.
    const defaults = await order({ max_amount: undefined, expire_at: undefined });
    assert.equal(defaults.status, 200);
    const p = await call('POST', '/v1/payments/create/upi', authPaymentBody(defaults.body.id, customerId));
    const { token } = standin.control.approveMandate(p.body.razorpay_payment_id);
    assert.deepEqual([token.max_amount, token.expired_at], [9_999_900, nowSeconds() + 10 * year]);

    const o = (await order({})).body;
    const plain = (await call('POST', '/v1/orders', { amount: 100, currency: 'INR' })).body;
    const pay = (over: Record<string, unknown>, orderId = o.id) => call('POST', '/v1/payments/create/upi', authPaymentBody(orderId, customerId, over));
    refused('no customer_id', await pay({ customer_id: undefined }), 'customer_id', /required/);
    refused('unknown customer_id', await pay({ customer_id: 'cust_00000000000000' }), 'customer_id', /not a valid id/);
    refused('another customer', await pay({ customer_id: await customer({ email: 'other@example.com' }) }), 'customer_id');
    refused('an ordinary order', await pay({}, plain.id), 'order_id');
    refused('amount not the order\'s', await pay({ amount: 200 }), 'amount');
    refused('recurring 2', await pay({ recurring: '2' }), 'recurring');
    refused('collect not enabled', await pay({ upi: { flow: 'collect', vpa: 'gaurav@okhdfc' } }), 'upi.flow', /not enabled/, 'upi_collect_not_enabled');
    refused('json endpoint', await call('POST', '/v1/payments/create/json', { ...authPaymentBody(o.id, customerId), email: 'g@example.com', contact: '9123456780' }), 'recurring');
    assert.equal((await pay({})).status, 200);
  });
});

describe('tokens', () => {
  test('the customer pauses, resumes and revokes the mandate in their UPI app: token.paused, token.resumed, token.cancelled', async () => {
    const m = await mandate();
    await newHooks();
    const seen = events().length;
    const o1 = await debitOrder(m.tokenId);
    const paused = standin.control.pauseMandate(m.tokenId);
    assert.equal(paused.recurring_details.status, 'paused');
    refused('debit on a paused token', await call('POST', '/v1/payments/create/recurring', debitBody(o1.id, m.customerId, m.tokenId)), 'token',
      /^UPI mandate is not active, it is paused by user\.$/, 'mandate_paused');
    refused('debit order on a paused token', await call('POST', '/v1/orders', { amount: 500, currency: 'INR', payment_capture: true, notification: { token_id: m.tokenId } }),
      'notification.token_id', /paused/, 'mandate_paused');
    standin.control.resumeMandate(m.tokenId);
    const ok = await call('POST', '/v1/payments/create/recurring', debitBody(o1.id, m.customerId, m.tokenId));
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(standin.control.payment(ok.body.razorpay_payment_id).status, 'captured');
    assert.equal((await call('GET', `/v1/customers/${m.customerId}/tokens/${m.tokenId}`)).body.recurring_details.status, 'resumed');
    standin.control.revokeMandate(m.tokenId);
    const o2 = await call('POST', '/v1/orders', { amount: 500, currency: 'INR', payment_capture: true, notification: { token_id: m.tokenId } });
    refused('debit order on a revoked token', o2, 'notification.token_id', /cancelled by user/, 'mandate_cancelled');
    assert.throws(() => standin.control.resumeMandate(m.tokenId), /cancelled/);
    await newHooks();
    const tokenEvents = events().slice(seen).filter((e) => e.event.startsWith('token.'));
    assert.deepEqual(tokenEvents.map((e) => [e.event, e.payload.token.entity.recurring_details.status]),
      [['token.paused', 'paused'], ['token.resumed', 'resumed'], ['token.cancelled', 'cancelled']]);
    for (const e of tokenEvents) {
      assert.equal(e.payload.token.entity.id, m.tokenId);
      assert.equal(e.payload.token.entity.max_amount, 200_000);
      assert.equal(typeof e.payload.token.entity.expired_at, 'number');
    }
  });

  test('the business cancels (PUT .../cancel: cancellation_initiated, token.cancelled) and deletes a token ({deleted: true}, then unknown)', async () => {
    const a = await mandate({}, '9123456780');
    const b = await mandate({}, '9123456781');
    refused('another customer\'s token', await call('GET', `/v1/customers/${a.customerId}/tokens/${b.tokenId}`), 'token_id', /does not exist/);
    refused('cancel another customer\'s token', await call('PUT', `/v1/customers/${a.customerId}/tokens/${b.tokenId}/cancel`), 'token_id');
    const cancel = await call('PUT', `/v1/customers/${a.customerId}/tokens/${a.tokenId}/cancel`);
    assert.equal(cancel.status, 200);
    assert.deepEqual(cancel.body, { status: 'cancellation_initiated' });
    assert.ok((await newHooks()).includes('token.cancelled'));
    assert.equal(events().at(-1)!.payload.token.entity.recurring_details.status, 'cancelled');
    assert.equal((await call('GET', `/v1/customers/${a.customerId}/tokens/${a.tokenId}`)).body.recurring_details.status, 'cancelled');
    refused('cancelled twice', await call('PUT', `/v1/customers/${a.customerId}/tokens/${a.tokenId}/cancel`), 'token_id');
    const o = await call('POST', '/v1/orders', { amount: 500, currency: 'INR', payment_capture: true, notification: { token_id: a.tokenId } });
    refused('debit order on a cancelled token', o, 'notification.token_id', /cancelled/, 'mandate_cancelled');

    const del = await call('DELETE', `/v1/customers/${b.customerId}/tokens/${b.tokenId}`);
    assert.deepEqual([del.status, del.body], [200, { deleted: true }]);
    assert.equal((await call('GET', `/v1/customers/${b.customerId}/tokens`)).body.count, 0);
    refused('deleted token', await call('GET', `/v1/customers/${b.customerId}/tokens/${b.tokenId}`), 'token_id', /does not exist/);
    // Deleting does not cancel the mandate (no webhook), but the token can no longer be named.
    assert.equal(standin.control.token(b.tokenId).token.recurring_details.status, 'confirmed');
    assert.equal(standin.control.webhookEvents().filter((e) => e.event === 'token.cancelled').length, 1);
    refused('debit order on a deleted token', await call('POST', '/v1/orders', { amount: 500, currency: 'INR', payment_capture: true, notification: { token_id: b.tokenId } }),
      'notification.token_id', /does not exist/);
    refused('unknown customer', await call('GET', '/v1/customers/cust_00000000000000/tokens'), 'id', /not a valid id/);
  });
});

describe('subsequent debits', () => {
  test('a due debit is captured at once: the signed answer, payment.* and order.paid with the notes, the token and the order', async () => {
    const m = await mandate();
    await newHooks();
    const seen = events().length;
    const o = await debitOrder(m.tokenId, 50_000, nowSeconds() - 60);
    assert.deepEqual(Object.keys(o.notification).sort(), ['id', 'payment_after', 'token_id']);
    assert.match(o.notification.id, /^notification_/);
    assert.equal(o.notification.token_id, m.tokenId);
    const fetched = (await call('GET', `/v1/orders/${o.id}`)).body.notification;
    assert.deepEqual(fetched, { ...o.notification, status: 'delivered', delivered_at: nowSeconds() });
    const d = await call('POST', '/v1/payments/create/recurring', debitBody(o.id, m.customerId, m.tokenId));
    assert.equal(d.status, 200, JSON.stringify(d.body));
    assert.deepEqual(d.body, { razorpay_payment_id: d.body.razorpay_payment_id, razorpay_order_id: o.id, razorpay_signature: paymentSignature(o.id, d.body.razorpay_payment_id, KEY_SECRET) });
    const p = (await call('GET', `/v1/payments/${d.body.razorpay_payment_id}`)).body;
    assert.deepEqual([p.status, p.captured, p.amount, p.fee, p.tax, p.method, p.vpa, p.customer_id, p.token_id, p.order_id, p.contact],
      ['captured', true, 50_000, 1180, 180, 'upi', 'gaurav.kumar@okhdfc', m.customerId, m.tokenId, o.id, '+919123456780']);
    assert.match(p.acquirer_data.rrn, /^[0-9]{12}$/);
    await newHooks();
    const mine = events().slice(seen);
    assert.deepEqual(mine.map((e) => e.event), ['order.notification.delivered', 'payment.authorized', 'payment.captured', 'order.paid']);
    assert.deepEqual(mine[0].payload.notification.entity, {
      id: o.notification.id, entity: 'notification', order_id: o.id, token_id: m.tokenId, delivered_at: nowSeconds(), status: 'delivered', payment_after: nowSeconds() - 60,
    });
    for (const e of mine.slice(1)) {
      assert.deepEqual(e.payload.payment.entity.notes, { ours: 'collection_1' });
      assert.equal(e.payload.payment.entity.order_id, o.id);
      assert.equal(e.payload.payment.entity.token_id, m.tokenId);
    }
    assert.deepEqual(mine[3].payload.order.entity.notes, { ours: 'debit_1' });
    const [record] = standin.control.recurringDebits();
    assert.deepEqual(record, {
      paymentId: p.id, orderId: o.id, tokenId: m.tokenId, customerId: m.customerId, amount: 50_000, notificationId: o.notification.id,
      notifiedAt: nowSeconds(), paymentAfter: nowSeconds() - 60, requestedAt: nowSeconds(), debitedAt: nowSeconds(), status: 'captured',
    });
    refused('the same order again', await call('POST', '/v1/payments/create/recurring', debitBody(o.id, m.customerId, m.tokenId)), 'order_id', /already paid/);
  });

  test('a debit asked for before payment_after is held, never made before it, and made once the clock passes it', async () => {
    const m = await mandate();
    const paymentAfter = nowSeconds() + 48 * 3600;
    const o = await debitOrder(m.tokenId, 50_000, paymentAfter);
    await newHooks();
    const seen = events().length;
    const d = await call('POST', '/v1/payments/create/recurring', debitBody(o.id, m.customerId, m.tokenId));
    assert.equal(d.status, 200, JSON.stringify(d.body));
    const id = d.body.razorpay_payment_id;
    assert.equal((await call('GET', `/v1/payments/${id}`)).body.status, 'created');
    clock += 47 * 3600 * 1000;
    assert.deepEqual(standin.control.runDueDebits(), []);
    assert.equal((await call('GET', `/v1/payments/${id}`)).body.status, 'created');
    assert.deepEqual((await newHooks()).slice(seen), []);
    clock += 3600 * 1000;
    const made = standin.control.runDueDebits();
    assert.deepEqual(made.map((r) => [r.paymentId, r.status]), [[id, 'captured']]);
    assert.equal((await call('GET', `/v1/payments/${id}`)).body.status, 'captured');
    const [record] = standin.control.recurringDebits();
    assert.equal(record.paymentAfter, paymentAfter);
    assert.ok(record.debitedAt! >= record.paymentAfter, JSON.stringify(record));
    assert.equal(record.requestedAt, paymentAfter - 48 * 3600);
    assert.deepEqual((await newHooks()).slice(seen), ['payment.authorized', 'payment.captured', 'order.paid']);

    // Without a notification object the debit is tried 25 hours after the notice that goes out with the request.
    const plain = (await call('POST', '/v1/orders', { amount: 50_000, currency: 'INR', payment_capture: true })).body;
    const d2 = await call('POST', '/v1/payments/create/recurring', debitBody(plain.id, m.customerId, m.tokenId));
    const r2 = standin.control.recurringDebits().find((r) => r.paymentId === d2.body.razorpay_payment_id)!;
    assert.deepEqual([r2.notificationId, r2.paymentAfter - r2.notifiedAt, r2.debitedAt, r2.status], [null, 25 * 3600, null, 'created']);
  });

  test('held debits are made by the stand-in\'s own timer once due; a token paused meanwhile fails the debit', async () => {
    await restart({ debitCheckIntervalMs: 20 });
    const m = await mandate();
    const o1 = await debitOrder(m.tokenId, 50_000, nowSeconds() + 3600);
    const o2 = await debitOrder(m.tokenId, 60_000, nowSeconds() + 7200);
    const d1 = (await call('POST', '/v1/payments/create/recurring', debitBody(o1.id, m.customerId, m.tokenId))).body.razorpay_payment_id;
    const d2 = (await call('POST', '/v1/payments/create/recurring', debitBody(o2.id, m.customerId, m.tokenId, { amount: 60_000 }))).body.razorpay_payment_id;
    clock += 3600 * 1000;
    await waitUntil('the first debit made', () => standin.control.payment(d1).status === 'captured', 5000);
    assert.equal(standin.control.payment(d2).status, 'created');
    standin.control.pauseMandate(m.tokenId);
    clock += 3600 * 1000;
    const failed = await waitUntil('the second debit failed', () => (standin.control.payment(d2).status === 'failed' ? standin.control.payment(d2) : undefined), 5000);
    assert.deepEqual([failed.error_reason, failed.error_description], ['mandate_paused', 'UPI mandate is not active, it is paused by user.']);
  });

  test('failNextRecurringDebit: payment.failed with the reason, the order stays attempted; the next debit is captured', async () => {
    const m = await mandate();
    standin.control.failNextRecurringDebit({ reason: 'insufficient_funds', description: 'Transaction failed due to insufficient funds.' });
    const o = await debitOrder(m.tokenId);
    await newHooks();
    const seen = events().length;
    const d = await call('POST', '/v1/payments/create/recurring', debitBody(o.id, m.customerId, m.tokenId));
    assert.equal(d.status, 200);
    const p = (await call('GET', `/v1/payments/${d.body.razorpay_payment_id}`)).body;
    assert.deepEqual([p.status, p.error_reason, p.error_description, p.fee], ['failed', 'insufficient_funds', 'Transaction failed due to insufficient funds.', null]);
    assert.deepEqual((await newHooks()).slice(seen), ['payment.failed']);
    const failedHook = events().at(-1)!.payload.payment.entity;
    assert.deepEqual([failedHook.order_id, failedHook.notes, failedHook.token_id], [o.id, { ours: 'collection_1' }, m.tokenId]);
    assert.equal((await call('GET', `/v1/orders/${o.id}`)).body.status, 'attempted');
    assert.equal(standin.control.recurringDebits()[0].status, 'failed');
    const retry = await call('POST', '/v1/payments/create/recurring', debitBody(o.id, m.customerId, m.tokenId));
    assert.equal((await call('GET', `/v1/payments/${retry.body.razorpay_payment_id}`)).body.status, 'captured');
  });

  test('a fault after the work: the debit is made and its answer lost; the request log names the payment', async () => {
    const m = await mandate();
    const o = await debitOrder(m.tokenId);
    standin.control.failNext({ path: '/v1/payments/create/recurring', when: 'after' });
    const lost = await call('POST', '/v1/payments/create/recurring', debitBody(o.id, m.customerId, m.tokenId));
    assert.equal(lost.status, 500);
    const [record] = standin.control.recurringDebits();
    assert.equal(record.status, 'captured');
    const [logged] = standin.control.requests({ method: 'POST', path: '/v1/payments/create/recurring' });
    assert.deepEqual([logged.status, logged.fault, logged.resourceId], [500, 'error after', record.paymentId]);
    refused('asked again', await call('POST', '/v1/payments/create/recurring', debitBody(o.id, m.customerId, m.tokenId)), 'order_id', /already paid/);
  });

  test('payment_capture false leaves the debit authorized until captured through the API', async () => {
    await restart({ autoCapture: true });
    const m = await mandate();
    const o = (await call('POST', '/v1/orders', { amount: 50_000, currency: 'INR', payment_capture: false, notification: { token_id: m.tokenId, payment_after: nowSeconds() } })).body;
    const d = await call('POST', '/v1/payments/create/recurring', debitBody(o.id, m.customerId, m.tokenId));
    assert.equal((await call('GET', `/v1/payments/${d.body.razorpay_payment_id}`)).body.status, 'authorized');
    const captured = await call('POST', `/v1/payments/${d.body.razorpay_payment_id}/capture`, { amount: 50_000, currency: 'INR' });
    assert.equal(captured.body.status, 'captured');
  });

  test('every refusal of the debit order and of POST /payments/create/recurring', async () => {
    const m = await mandate({ max_amount: 100_000 }, '9123456780');
    const other = await mandate({}, '9123456781');
    const rejectedCustomer = await customer({ email: 'rej@example.com', contact: '9123456782' });
    const ro = (await call('POST', '/v1/orders', authOrderBody(rejectedCustomer))).body;
    const rp = (await call('POST', '/v1/payments/create/upi', authPaymentBody(ro.id, rejectedCustomer))).body;
    const rejected = standin.control.declineMandate(rp.razorpay_payment_id).token;

    const orderWith = (over: Record<string, unknown>) => call('POST', '/v1/orders', { amount: 50_000, currency: 'INR', ...over });
    refused('notification without payment_capture', await orderWith({ notification: { token_id: m.tokenId } }), 'payment_capture', /required/);
    refused('notification without token_id', await orderWith({ payment_capture: true, notification: { payment_after: nowSeconds() } }), 'notification.token_id', /required/);
    refused('unknown token', await orderWith({ payment_capture: true, notification: { token_id: 'token_00000000000000' } }), 'notification.token_id', /does not exist/);
    refused('another customer\'s token', await orderWith({ payment_capture: true, customer_id: m.customerId, notification: { token_id: other.tokenId } }), 'notification.token_id', /does not exist/);
    refused('notification and token', await orderWith({ payment_capture: true, method: 'upi', token: { frequency: 'monthly' }, notification: { token_id: m.tokenId } }), 'notification');
    refused('bad payment_after', await orderWith({ payment_capture: true, notification: { token_id: m.tokenId, payment_after: 'tomorrow' } }), 'notification.payment_after');

    const o = await debitOrder(m.tokenId);
    const big = await debitOrder(m.tokenId, 100_001);
    const plain = (await orderWith({ payment_capture: true })).body;
    const debit = (over: Record<string, unknown>, orderId = o.id) => call('POST', '/v1/payments/create/recurring', debitBody(orderId, m.customerId, m.tokenId, over));
    const cases: [string, Answer, string | null, RegExp?, string?][] = [
      ['above max_amount', await debit({ amount: 100_001 }, big.id), 'amount', /^Amount exceeds maximum amount allowed$/],
      ['amount not the order\'s', await debit({ amount: 40_000 }), 'amount'],
      ['another customer\'s token', await debit({ token: other.tokenId }, plain.id), 'token', /does not exist/],
      ['token not the notification\'s', await debit({ token: other.tokenId, customer_id: other.customerId }), 'token'],
      ['a rejected token', await debit({ token: rejected.id, customer_id: rejectedCustomer }, plain.id), 'token', /not active/, 'mandate_not_active'],
      ['unknown customer', await debit({ customer_id: 'cust_00000000000000' }), 'customer_id', /not a valid id/],
      ['unknown order', await debit({}, 'order_00000000000000'), 'order_id'],
      ['an authorisation order', await debit({}, m.orderId), 'order_id'],
      ['recurring false', await debit({ recurring: false }), 'recurring'],
      ['no recurring', await debit({ recurring: undefined }), 'recurring', /required/],
      ['no email', await debit({ email: undefined }), 'email', /required/],
      ['no contact', await debit({ contact: undefined }), 'contact', /required/],
      ['currency USD', await debit({ currency: 'USD' }), 'currency'],
      ['unknown field', await debit({ vpa: 'x@okhdfc' }), 'vpa'],
    ];
    for (const [what, answer, field, description, reason] of cases) refused(what, answer, field, description, reason);
    assert.equal(cases[0][1].body.error.step, 'payment_initiation');
    assert.equal(cases[0][1].body.error.reason, 'input_validation_failed');
    // An expired mandate: the clock passes the token's expired_at.
    clock += 366 * 86_400 * 1000;
    refused('an expired token', await debit({}, plain.id), 'token', /expired/, 'mandate_expired');
    assert.equal(standin.control.recurringDebits().length, 0);
  });
});
