// The payment gateway half of the Razorpay stand-in, exercised over HTTP as a connector would: each documented
// refusal, a payment's life (UPI intent, UPI collect, netbanking through its bank page and back to the callback),
// late authorization, refund idempotency, settlement sums and recon, QR code bounds and payments, signed webhooks,
// and the fault switches on the new paths. No PostgreSQL or Temporal needed.
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, beforeEach, describe, test } from 'node:test';
import { connectRazorpayStandin, paymentSignature, startRazorpayStandin } from '../standins/razorpay/index.ts';
import type { RazorpayStandin, RazorpayStandinOptions } from '../standins/razorpay/index.ts';
import { startWebhookReceiver, waitUntil } from '../helpers/webhook-receiver.ts';
import type { WebhookReceiver } from '../helpers/webhook-receiver.ts';

const KEY_ID = 'rzp_test_standin';
const KEY_SECRET = 'standin-key-secret';
const ACCOUNT = '7878780080316316';
const HOOK_SECRET = 'standin-webhook-secret';
const CALLBACK = 'https://merchant.example/return';

let receiver: WebhookReceiver;
let standin: RazorpayStandin;

interface Answer {
  status: number;
  body: any;
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, auth = `${KEY_ID}:${KEY_SECRET}`): Promise<Answer> {
  const res = await fetch(standin.baseUrl + path, {
    method,
    headers: { authorization: `Basic ${Buffer.from(auth).toString('base64')}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

function assertRefused(answer: Answer, status: number, field: string | null, description?: RegExp, reason?: string): void {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  const e = answer.body.error;
  assert.deepEqual(Object.keys(e).sort(), ['code', 'description', 'field', 'metadata', 'reason', 'source', 'step']);
  assert.equal(e.code, status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR');
  assert.equal(e.field, field, JSON.stringify(e));
  if (description) assert.match(e.description, description);
  if (reason) assert.equal(e.reason, reason);
}

function checkAll(cases: [string, Answer, string | null, RegExp?, string?][]): void {
  for (const [what, answer, field, description, reason] of cases) {
    try {
      assertRefused(answer, 400, field, description, reason);
    } catch (err) {
      assert.fail(`${what}: ${(err as Error).message}`);
    }
  }
}

let hookPath = '';
let hookPaths = 0;
function freshHookPath(): void {
  hookPath = `/hooks/razorpay-pg/${++hookPaths}`;
  standin.control.setWebhook({ url: receiver.url(hookPath), secret: HOOK_SECRET });
}
const received = () => receiver.received(hookPath);
const hookEvents = () => received().map((r) => JSON.parse(r.body).event as string);
const sign = (body: string, secret = HOOK_SECRET) => createHmac('sha256', secret).update(body).digest('hex');

async function restart(over: Partial<RazorpayStandinOptions> = {}): Promise<void> {
  await standin?.stop();
  standin = await startRazorpayStandin({ keyId: KEY_ID, keySecret: KEY_SECRET, accountNumber: ACCOUNT, webhookRetryDelaysMs: [50, 50], ...over });
  freshHookPath();
}

const order = async (amount = 10_000, receipt = 'pay_ours_1') => (await call('POST', '/v1/orders', { amount, currency: 'INR', receipt, notes: { ours: receipt } })).body;

function upiBody(orderId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    amount: 10_000, currency: 'INR', order_id: orderId, email: 'gaurav.kumar@example.com', contact: '9000090000', method: 'upi',
    upi: { flow: 'intent' }, description: 'Order 1', notes: { ours: 'pay_1' }, ...over,
  };
}

/** A captured UPI payment of `amount` (intent flow, authorized by the test). */
async function capturedPayment(amount = 10_000, receipt = `r_${Math.random()}`.slice(0, 20)): Promise<string> {
  const o = await order(amount, receipt);
  const created = await call('POST', '/v1/payments/create/upi', upiBody(o.id, { amount }));
  assert.equal(created.status, 200, JSON.stringify(created.body));
  standin.control.authorizePayment(created.body.razorpay_payment_id);
  return created.body.razorpay_payment_id;
}

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

describe('orders', () => {
  test('an order is created with the documented shape, found by id and by receipt, and every documented refusal names its field', async () => {
    const created = await call('POST', '/v1/orders', { amount: 5000, currency: 'INR', receipt: 'receipt#1', notes: { key1: 'value3' } });
    assert.equal(created.status, 200);
    const o = created.body;
    assert.match(o.id, /^order_/);
    assert.deepEqual({ ...o, id: 0, created_at: 0 }, {
      id: 0, entity: 'order', amount: 5000, amount_paid: 0, amount_due: 5000, currency: 'INR', receipt: 'receipt#1', offer_id: null,
      status: 'created', attempts: 0, notes: { key1: 'value3' }, created_at: 0,
    });
    assert.equal((await call('GET', `/v1/orders/${o.id}`)).body.receipt, 'receipt#1');
    await order(7000, 'receipt#2');
    const byReceipt = await call('GET', '/v1/orders?receipt=receipt%231');
    assert.deepEqual(byReceipt.body.items.map((i: any) => i.id), [o.id]);
    assert.equal((await call('GET', '/v1/orders')).body.count, 2);
    assert.deepEqual((await call('GET', `/v1/orders/${o.id}/payments`)).body, { entity: 'collection', count: 0, items: [] });
    // UPI AutoPay orders carry method and token; accepted for later.
    assert.equal((await call('POST', '/v1/orders', { amount: 100, currency: 'INR', method: 'upi', token: { max_amount: 500_000, frequency: 'monthly' } })).status, 200);

    checkAll([
      ['amount under 100', await call('POST', '/v1/orders', { amount: 99, currency: 'INR' }), 'amount', /at least INR 1\.00/, 'input_validation_failed'],
      ['missing amount', await call('POST', '/v1/orders', { currency: 'INR' }), 'amount', /amount field is required/],
      ['fractional amount', await call('POST', '/v1/orders', { amount: 100.5, currency: 'INR' }), 'amount'],
      ['missing currency', await call('POST', '/v1/orders', { amount: 100 }), 'currency'],
      ['other currency', await call('POST', '/v1/orders', { amount: 100, currency: 'USD' }), 'currency'],
      ['receipt over 40', await call('POST', '/v1/orders', { amount: 100, currency: 'INR', receipt: 'r'.repeat(41) }), 'receipt'],
      ['unknown field', await call('POST', '/v1/orders', { amount: 100, currency: 'INR', customer: 'x' }), 'customer', /is\/are not required/],
      ['16 notes', await call('POST', '/v1/orders', { amount: 100, currency: 'INR', notes: Object.fromEntries([...Array(16).keys()].map((i) => [`k${i}`, 'v'])) }), 'notes'],
      ['unknown order', await call('GET', '/v1/orders/order_00000000000000'), 'id', /does not exist/],
      ['unknown list filter', await call('GET', '/v1/orders?status=paid'), 'status'],
    ]);
    assert.equal(standin.control.orders().length, 3);
  });

  test('a request without the key pair is 401 on the gateway paths too', async () => {
    const res = await fetch(`${standin.baseUrl}/v1/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"amount":100,"currency":"INR"}' });
    assert.equal(res.status, 401);
    assert.equal(standin.control.orders().length, 0);
  });
});

describe('UPI payments', () => {
  test('intent: the link, then authorized → captured with fee and tax, order paid, and the webhooks in order', async () => {
    const o = await order(10_000, 'pay_ours_1');
    const created = await call('POST', '/v1/payments/create/upi', upiBody(o.id));
    assert.equal(created.status, 200);
    const id = created.body.razorpay_payment_id;
    assert.match(id, /^pay_/);
    const link = new URL(created.body.link);
    assert.equal(link.protocol, 'upi:');
    assert.deepEqual([link.searchParams.get('am'), link.searchParams.get('cu'), link.searchParams.get('pa')], ['100.00', 'INR', 'acme.rzp@icici']);
    const pending = (await call('GET', `/v1/payments/${id}`)).body;
    assert.deepEqual([pending.status, pending.fee, pending.tax, pending.captured, pending.upi.flow], ['created', null, null, false, 'intent']);
    assert.deepEqual([(await call('GET', `/v1/orders/${o.id}`)).body.status, (await call('GET', `/v1/orders/${o.id}`)).body.attempts], ['attempted', 1]);

    standin.control.authorizePayment(id, { vpa: 'gaurav.kumar@okhdfcbank' });
    const paid = (await call('GET', `/v1/payments/${id}`)).body;
    assert.deepEqual([paid.status, paid.captured, paid.fee, paid.tax, paid.vpa, paid.order_id], ['captured', true, 236, 36, 'gaurav.kumar@okhdfcbank', o.id]);
    assert.match(paid.acquirer_data.rrn, /^[0-9]{12}$/);
    assert.deepEqual([paid.email, paid.contact, paid.notes], ['gaurav.kumar@example.com', '+919000090000', { ours: 'pay_1' }]);
    const paidOrder = (await call('GET', `/v1/orders/${o.id}`)).body;
    assert.deepEqual([paidOrder.status, paidOrder.amount_paid, paidOrder.amount_due], ['paid', 10_000, 0]);
    assert.deepEqual((await call('GET', `/v1/orders/${o.id}/payments`)).body.items.map((p: any) => p.id), [id]);
    assert.equal((await call('GET', '/v1/payments')).body.items[0].id, id);

    await waitUntil('three webhooks', () => received().length >= 3);
    await standin.control.webhooksIdle();
    assert.deepEqual(hookEvents(), ['payment.authorized', 'payment.captured', 'order.paid']);
    const orderPaid = JSON.parse(received()[2].body);
    assert.deepEqual(orderPaid.contains, ['payment', 'order']);
    assert.equal(orderPaid.payload.order.entity.status, 'paid');
    assert.equal(orderPaid.payload.payment.entity.id, id);
    const authorized = JSON.parse(received()[0].body).payload.payment.entity;
    assert.deepEqual([authorized.status, authorized.fee], ['authorized', null]);

    assertRefused(await call('POST', '/v1/payments/create/upi', upiBody(o.id)), 400, 'order_id', /order is already paid/);
  });

  test('intent through /payments/create/json answers next: intent and poll', async () => {
    const o = await order();
    const created = await call('POST', '/v1/payments/create/json', upiBody(o.id));
    assert.equal(created.status, 200);
    const [intent, poll] = created.body.next;
    assert.equal(intent.action, 'intent');
    assert.match(intent.url, /^upi:\/\/pay\?.*am=100\.00/);
    assert.deepEqual(poll, { action: 'poll', url: `${standin.baseUrl}/v1/payments/${created.body.razorpay_payment_id}` });
  });

  test('each documented refusal of an S2S UPI payment names its field and creates nothing', async () => {
    const o = await order();
    const without = (field: string) => {
      const body = upiBody(o.id);
      delete body[field];
      return body;
    };
    checkAll([
      ['collect not enabled', await call('POST', '/v1/payments/create/upi', upiBody(o.id, { upi: { flow: 'collect', vpa: 'gaurav@okicici' } })), 'upi.flow', /Collect/, 'upi_collect_not_enabled'],
      ['amount other than the order', await call('POST', '/v1/payments/create/upi', upiBody(o.id, { amount: 9_999 })), 'amount'],
      ['amount under 100', await call('POST', '/v1/payments/create/upi', upiBody(o.id, { amount: 99 })), 'amount', /at least INR 1\.00/],
      ['unknown order', await call('POST', '/v1/payments/create/upi', upiBody('order_00000000000000')), 'order_id', /does not exist/],
      ['missing order', await call('POST', '/v1/payments/create/upi', without('order_id')), 'order_id'],
      ['missing email', await call('POST', '/v1/payments/create/upi', without('email')), 'email'],
      ['missing contact', await call('POST', '/v1/payments/create/upi', without('contact')), 'contact'],
      ['bad contact', await call('POST', '/v1/payments/create/upi', upiBody(o.id, { contact: '90-00' })), 'contact'],
      ['missing currency', await call('POST', '/v1/payments/create/upi', without('currency')), 'currency'],
      ['missing upi', await call('POST', '/v1/payments/create/upi', without('upi')), 'upi'],
      ['unknown flow', await call('POST', '/v1/payments/create/upi', upiBody(o.id, { upi: { flow: 'qr' } })), 'upi.flow'],
      ['card on the UPI endpoint', await call('POST', '/v1/payments/create/upi', upiBody(o.id, { method: 'card' })), 'method', undefined, 'payment_method_not_enabled'],
      ['unknown field', await call('POST', '/v1/payments/create/upi', upiBody(o.id, { vpa: 'x@y' })), 'vpa', /is\/are not required/],
    ]);
    assert.equal(standin.control.payments().length, 0);
    assert.equal((await call('GET', `/v1/orders/${o.id}`)).body.attempts, 0);
  });

  test('collect where enabled: the VPA and the browser details are required; a declined request fails with the error fields', async () => {
    await restart({ upiCollect: true });
    const o = await order();
    const collect = (over: Record<string, unknown> = {}, upi: Record<string, unknown> = { flow: 'collect', vpa: 'gaurav.kumar@okicici' }) =>
      call('POST', '/v1/payments/create/upi', upiBody(o.id, { upi, ip: '105.106.107.108', referer: 'https://shop.example/', user_agent: 'Mozilla/5.0', ...over }));
    checkAll([
      ['missing vpa', await collect({}, { flow: 'collect' }), 'upi.vpa'],
      ['malformed vpa', await collect({}, { flow: 'collect', vpa: 'not a vpa' }), 'upi.vpa'],
      ['expiry over 5760', await collect({}, { flow: 'collect', vpa: 'g@okicici', expiry_time: 5761 }), 'upi.expiry_time'],
      ['missing ip', await collect({ ip: undefined }), 'ip'],
      ['missing user agent', await collect({ user_agent: undefined }), 'user_agent'],
    ]);
    const created = await collect();
    assert.deepEqual(Object.keys(created.body), ['razorpay_payment_id']);
    const id = created.body.razorpay_payment_id;
    assert.deepEqual([standin.control.payment(id).vpa, standin.control.payment(id).upi?.flow], ['gaurav.kumar@okicici', 'collect']);
    standin.control.failPayment(id, { source: 'customer', step: 'payment_authentication', reason: 'payment_collect_request_expired', description: 'Collect request expired' });
    const failed = (await call('GET', `/v1/payments/${id}`)).body;
    assert.deepEqual([failed.status, failed.error_code, failed.error_reason, failed.error_source, failed.error_step],
      ['failed', 'BAD_REQUEST_ERROR', 'payment_collect_request_expired', 'customer', 'payment_authentication']);
    await waitUntil('payment.failed', () => hookEvents().includes('payment.failed'));
    // The order takes another attempt.
    assert.equal((await collect()).status, 200);
    assert.equal((await call('GET', `/v1/orders/${o.id}`)).body.attempts, 2);
  });

  test('late authorization: the payment fails when its window passes, then the bank\'s late answer authorizes and captures it', async () => {
    const o = await order();
    const id = (await call('POST', '/v1/payments/create/upi', upiBody(o.id))).body.razorpay_payment_id;
    standin.control.lateAuthorizePayment(id);
    const p = (await call('GET', `/v1/payments/${id}`)).body;
    assert.deepEqual([p.status, p.captured, p.error_code], ['captured', true, null]);
    await waitUntil('four webhooks', () => received().length >= 4);
    await standin.control.webhooksIdle();
    assert.deepEqual(hookEvents(), ['payment.failed', 'payment.authorized', 'payment.captured', 'order.paid']);
    assert.equal(JSON.parse(received()[0].body).payload.payment.entity.error_reason, 'payment_timed_out');
  });

  test('without auto-capture a payment stays authorized until captured with its exact amount', async () => {
    await restart({ autoCapture: false });
    const o = await order();
    const id = (await call('POST', '/v1/payments/create/upi', upiBody(o.id))).body.razorpay_payment_id;
    standin.control.authorizePayment(id);
    assert.equal((await call('GET', `/v1/payments/${id}`)).body.status, 'authorized');
    assertRefused(await call('POST', `/v1/payments/${id}/capture`, { amount: 9_000, currency: 'INR' }), 400, 'amount', /equal to the amount authorized/);
    assertRefused(await call('POST', `/v1/payments/${id}/capture`, { amount: 10_000 }), 400, 'currency');
    const captured = await call('POST', `/v1/payments/${id}/capture`, { amount: 10_000, currency: 'INR' });
    assert.deepEqual([captured.status, captured.body.status, captured.body.fee], [200, 'captured', 236]);
    assertRefused(await call('POST', `/v1/payments/${id}/capture`, { amount: 10_000, currency: 'INR' }), 400, 'id', /already paid/);
  });
});

/** Follows the redirect of a netbanking payment as a browser would, pressing `button`; answers the callback form's fields. */
async function playBank(redirect: string, outcome: 'success' | 'failure'): Promise<{ action: string; fields: Record<string, string> }> {
  const page = await (await fetch(redirect)).text();
  assert.match(page, /id="pay"/);
  assert.match(page, /id="fail"/);
  const res = await fetch(redirect, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `outcome=${outcome}` });
  assert.equal(res.status, 200);
  const html = await res.text();
  const action = /<form id="callback" method="post" action="([^"]+)"/.exec(html)![1];
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1].replaceAll('&#91;', '[').replaceAll('&#93;', ']')] = m[2].replaceAll('&#34;', '"');
  return { action, fields };
}

describe('netbanking', () => {
  const nbBody = (orderId: string, over: Record<string, unknown> = {}) => ({
    amount: '10000', currency: 'INR', email: 'gaurav.kumar@example.com', contact: '9000090000', order_id: orderId, callback_url: CALLBACK,
    ip: '192.168.0.103', method: 'netbanking', bank: 'HDFC', ...over,
  });

  test('the redirect page pays, and returns to the callback with a signature the business can check', async () => {
    const o = await order();
    const created = await call('POST', '/v1/payments/create/json', nbBody(o.id));
    assert.equal(created.status, 200);
    const id = created.body.razorpay_payment_id;
    assert.deepEqual(created.body.next, [{ action: 'redirect', url: `${standin.baseUrl}/v1/payments/${id}/authorize` }]);
    const { action, fields } = await playBank(created.body.next[0].url, 'success');
    assert.equal(action, CALLBACK);
    assert.deepEqual(fields, { razorpay_payment_id: id, razorpay_order_id: o.id, razorpay_signature: createHmac('sha256', KEY_SECRET).update(`${o.id}|${id}`).digest('hex') });
    assert.equal(fields.razorpay_signature, paymentSignature(o.id, id, KEY_SECRET));
    const p = (await call('GET', `/v1/payments/${id}`)).body;
    assert.deepEqual([p.status, p.method, p.bank], ['captured', 'netbanking', 'HDFC']);
    // The page of a payment already decided shows its state and takes no second answer.
    assert.match(await (await fetch(created.body.next[0].url)).text(), /This payment is captured/);
  });

  test('the customer cancelling at the bank fails the payment and the callback carries the error', async () => {
    const o = await order();
    const created = await call('POST', '/v1/payments/create/json', nbBody(o.id));
    const { action, fields } = await playBank(created.body.next[0].url, 'failure');
    assert.equal(action, CALLBACK);
    assert.equal(fields['error[code]'], 'BAD_REQUEST_ERROR');
    assert.equal(fields['error[reason]'], 'payment_cancelled');
    assert.deepEqual(JSON.parse(fields['error[metadata]']), { payment_id: created.body.razorpay_payment_id, order_id: o.id });
    assert.equal((await call('GET', `/v1/payments/${created.body.razorpay_payment_id}`)).body.status, 'failed');
  });

  test('netbanking refusals: bank, callback_url and ip are required', async () => {
    const o = await order();
    checkAll([
      ['unknown bank', await call('POST', '/v1/payments/create/json', nbBody(o.id, { bank: 'ABCD' })), 'bank'],
      ['missing bank', await call('POST', '/v1/payments/create/json', nbBody(o.id, { bank: undefined })), 'bank'],
      ['missing callback', await call('POST', '/v1/payments/create/json', nbBody(o.id, { callback_url: undefined })), 'callback_url'],
      ['missing ip', await call('POST', '/v1/payments/create/json', nbBody(o.id, { ip: undefined })), 'ip'],
      ['netbanking on the UPI endpoint', await call('POST', '/v1/payments/create/upi', nbBody(o.id)), 'method', undefined, 'payment_method_not_enabled'],
    ]);
    assert.equal(standin.control.payments().length, 0);
  });
});

describe('partial payments and remote control', () => {
  test('an order with partial_payment takes payments up to what is due and is paid when nothing is due', async () => {
    const o = (await call('POST', '/v1/orders', { amount: 10_000, currency: 'INR', partial_payment: true })).body;
    const first = (await call('POST', '/v1/payments/create/upi', upiBody(o.id, { amount: 4_000 }))).body.razorpay_payment_id;
    standin.control.authorizePayment(first);
    assert.deepEqual([standin.control.order(o.id).status, standin.control.order(o.id).amount_due], ['attempted', 6_000]);
    assertRefused(await call('POST', '/v1/payments/create/upi', upiBody(o.id, { amount: 6_001 })), 400, 'amount');
    const second = (await call('POST', '/v1/payments/create/upi', upiBody(o.id, { amount: 6_000 }))).body.razorpay_payment_id;
    standin.control.authorizePayment(second);
    assert.deepEqual([standin.control.order(o.id).status, standin.control.order(o.id).amount_paid], ['paid', 10_000]);
  });

  test('connectRazorpayStandin drives the gateway from another process', async () => {
    const remote = connectRazorpayStandin(standin.baseUrl);
    const o = await order();
    const id = (await call('POST', '/v1/payments/create/upi', upiBody(o.id))).body.razorpay_payment_id;
    assert.equal((await remote.authorizePayment(id)).status, 'captured');
    const s = await remote.settle({ utr: 'UTR0001' });
    assert.equal(s.amount, 10_000 - 236);
    await assert.rejects(remote.failPayment(id), /captured and cannot fail/);
  });
});

describe('refunds', () => {
  test('X-Refund-Idempotency: the same key and body answer the same refund, another body is refused 409, malformed keys 400', async () => {
    const pay = await capturedPayment();
    const key = 're_01JF8Z3Q5W7Y9A1C3E5G7J9K1M';
    const body = { amount: 3_000, speed: 'normal', receipt: 're_ours_1', notes: { reason: 'requested_by_customer' } };
    const first = await call('POST', `/v1/payments/${pay}/refund`, body, { 'X-Refund-Idempotency': key });
    assert.equal(first.status, 200);
    assert.match(first.body.id, /^rfnd_/);
    assert.deepEqual({ ...first.body, id: 0, created_at: 0 }, {
      id: 0, entity: 'refund', amount: 3_000, currency: 'INR', payment_id: pay, notes: body.notes, receipt: 're_ours_1',
      acquirer_data: { arn: null }, created_at: 0, batch_id: null, status: 'pending', speed_processed: null, speed_requested: 'normal',
    });
    const again = await call('POST', `/v1/payments/${pay}/refund`, body, { 'X-Refund-Idempotency': key });
    assert.deepEqual([again.status, again.body.id], [200, first.body.id]);
    assertRefused(await call('POST', `/v1/payments/${pay}/refund`, { ...body, amount: 2_000 }, { 'X-Refund-Idempotency': key }), 409, 'X-Refund-Idempotency', /Different request with the same idempotency key/);
    assertRefused(await call('POST', `/v1/payments/${pay}/refund`, body, { 'X-Refund-Idempotency': 're_short' }), 400, 'X-Refund-Idempotency', /at least 10/);
    assertRefused(await call('POST', `/v1/payments/${pay}/refund`, body, { 'X-Refund-Idempotency': 're_01JF8Z3Q5W!' }), 400, 'X-Refund-Idempotency', /alphanumeric/);
    assert.equal(standin.control.refunds().length, 1);
    const payment = (await call('GET', `/v1/payments/${pay}`)).body;
    assert.deepEqual([payment.status, payment.amount_refunded, payment.refund_status], ['captured', 3_000, 'partial']);
    assert.equal(standin.control.requests({ path: `/v1/payments/${pay}/refund` })[0].idempotencyKey, key);
  });

  test('each documented refund refusal names its field; a full refund makes the payment refunded', async () => {
    const pay = await capturedPayment();
    // The fee stays with the provider, so a full refund needs more unsettled money than this payment left.
    await capturedPayment(5_000, 'cushion');
    const o = await order(10_000, 'uncaptured');
    const uncaptured = (await call('POST', '/v1/payments/create/upi', upiBody(o.id))).body.razorpay_payment_id;
    checkAll([
      ['amount under 100', await call('POST', `/v1/payments/${pay}/refund`, { amount: 99 }), 'amount', /at least INR 1\.00/],
      ['more than captured', await call('POST', `/v1/payments/${pay}/refund`, { amount: 10_001 }), 'amount', /greater than amount captured/],
      ['unknown speed', await call('POST', `/v1/payments/${pay}/refund`, { speed: 'instant' }), 'speed'],
      ['unknown field', await call('POST', `/v1/payments/${pay}/refund`, { reason: 'x' }), 'reason', /is\/are not required/],
      ['receipt over 40', await call('POST', `/v1/payments/${pay}/refund`, { receipt: 'r'.repeat(41) }), 'receipt'],
      ['unknown payment', await call('POST', '/v1/payments/pay_00000000000000/refund', {}), 'id', /does not exist/],
      ['not captured', await call('POST', `/v1/payments/${uncaptured}/refund`, {}), 'id'],
    ]);
    const full = await call('POST', `/v1/payments/${pay}/refund`, {});
    assert.deepEqual([full.status, full.body.amount], [200, 10_000]);
    assert.deepEqual([standin.control.payment(pay).status, standin.control.payment(pay).refund_status], ['refunded', 'full']);
    assertRefused(await call('POST', `/v1/payments/${pay}/refund`, {}), 400, 'id', /fully refunded already/);
    assert.deepEqual((await call('GET', `/v1/payments/${pay}/refunds`)).body.items.map((r: any) => r.id), [full.body.id]);
    assert.equal((await call('GET', `/v1/payments/${pay}/refunds/${full.body.id}`)).body.amount, 10_000);
    assert.equal((await call('GET', `/v1/refunds/${full.body.id}`)).body.payment_id, pay);
    assert.equal((await call('GET', '/v1/refunds')).body.count, 1);
    assertRefused(await call('GET', '/v1/refunds?receipt=x'), 400, 'receipt', /is\/are not required/);
  });

  test('pending → processed and pending → failed, with refund.created/processed/failed carrying the refund and the payment', async () => {
    const pay = await capturedPayment();
    await standin.control.webhooksIdle();
    freshHookPath();
    const a = (await call('POST', `/v1/payments/${pay}/refund`, { amount: 4_000 })).body.id;
    const b = (await call('POST', `/v1/payments/${pay}/refund`, { amount: 5_000 })).body.id;
    // A UPI payment's refund carries the UPI network's rrn (api/refunds/entity.md: RRN, ARN or UTR), not an arn.
    assert.throws(() => standin.control.processRefund(a, { arn: '74836500000000000000001' }), /carries an rrn, not an arn/);
    standin.control.processRefund(a, { rrn: '512300000001' });
    standin.control.failRefund(b);
    assert.deepEqual([(await call('GET', `/v1/refunds/${a}`)).body.status, (await call('GET', `/v1/refunds/${a}`)).body.acquirer_data], ['processed', { rrn: '512300000001' }]);
    assert.equal((await call('GET', `/v1/refunds/${b}`)).body.status, 'failed');
    assert.deepEqual([standin.control.payment(pay).amount_refunded, standin.control.payment(pay).status], [4_000, 'captured']);
    assert.throws(() => standin.control.processRefund(b), /failed, not pending/);
    await waitUntil('four refund webhooks', () => received().length >= 4);
    await standin.control.webhooksIdle();
    assert.deepEqual(hookEvents(), ['refund.created', 'refund.created', 'refund.processed', 'refund.failed']);
    const failed = JSON.parse(received()[3].body);
    assert.deepEqual(failed.contains, ['refund', 'payment']);
    assert.deepEqual([failed.payload.refund.entity.id, failed.payload.payment.entity.amount_refunded], [b, 4_000]);
  });
});

describe('settlements', () => {
  test('settle: payments net of fees minus refunds, the webhook, the API and the recon report agree', async () => {
    const p1 = await capturedPayment(10_000, 'ours_p1');
    const p2 = await capturedPayment(5_000, 'ours_p2');
    const r1 = (await call('POST', `/v1/payments/${p1}/refund`, { amount: 3_000 })).body.id;
    assert.equal(standin.control.gatewayBalance(), (10_000 - 236) + (5_000 - 118) - 3_000);
    await standin.control.webhooksIdle();
    freshHookPath();

    const s = standin.control.settle({ utr: 'AXISCN0000000001' });
    assert.deepEqual({ ...s, id: 0, created_at: 0 }, { id: 0, entity: 'settlement', amount: 11_646, status: 'processed', fees: 354, tax: 54, utr: 'AXISCN0000000001', created_at: 0 });
    assert.equal(standin.control.gatewayBalance(), 0);
    assert.deepEqual((await call('GET', `/v1/settlements/${s.id}`)).body, s);
    assert.deepEqual((await call('GET', '/v1/settlements')).body.items, [s]);
    await waitUntil('settlement.processed', () => received().length >= 1);
    const hook = JSON.parse(received()[0].body);
    assert.deepEqual([hook.event, hook.payload.settlement.entity], ['settlement.processed', s]);

    const ist = new Date(s.created_at * 1000 + 5.5 * 3600 * 1000);
    const q = `year=${ist.getUTCFullYear()}&month=${ist.getUTCMonth() + 1}&day=${ist.getUTCDate()}`;
    const recon = await call('GET', `/v1/settlements/recon/combined?${q}`);
    assert.equal(recon.status, 200);
    const items = recon.body.items as any[];
    assert.deepEqual(items.map((i) => [i.entity_id, i.type, i.settlement_id, i.settlement_utr]), [
      [p1, 'payment', s.id, s.utr], [p2, 'payment', s.id, s.utr], [r1, 'refund', s.id, s.utr],
    ]);
    assert.deepEqual(items.map((i) => [i.credit, i.debit, i.fee, i.tax]), [[9_764, 0, 236, 36], [4_882, 0, 118, 18], [0, 3_000, 0, 0]]);
    assert.equal(items.reduce((t, i) => t + i.credit - i.debit, 0), s.amount);
    assert.equal(items[2].payment_id, p1);
    assert.equal(items[0].order_receipt, 'ours_p1');
    assert.equal((await call('GET', `/v1/settlements/recon/combined?year=${ist.getUTCFullYear()}&month=${ist.getUTCMonth() + 1}`)).body.count, 3);

    checkAll([
      ['month 13', await call('GET', `/v1/settlements/recon/combined?year=2026&month=13`), 'month', /not a valid month/],
      ['missing year', await call('GET', '/v1/settlements/recon/combined?month=6'), 'year'],
      ['count over 1000', await call('GET', '/v1/settlements/recon/combined?year=2026&month=6&count=1001'), 'count'],
      ['unknown settlement', await call('GET', '/v1/settlements/setl_00000000000000'), 'id'],
    ]);
    // A refund draws on what is not settled yet: nothing is left.
    const short = await call('POST', `/v1/payments/${p2}/refund`, { amount: 1_000 });
    assertRefused(short, 400, 'amount', undefined, 'insufficient_funds');
    assert.throws(() => standin.control.settle(), /Nothing to settle/);
  });
});

describe('QR codes', () => {
  const qrBody = (over: Record<string, unknown> = {}) => ({
    type: 'upi_qr', name: 'Link plink_1', usage: 'single_use', fixed_amount: true, payment_amount: 30_000, description: 'Payment link plink_1',
    close_by: Math.floor(Date.now() / 1000) + 3600, notes: { link: 'plink_1' }, ...over,
  });

  test('close_by must be 15 minutes to 45 days ahead for a single-use code; other refusals name their field', async () => {
    const now = Math.floor(Date.now() / 1000);
    checkAll([
      ['close_by in 10 minutes', await call('POST', '/v1/payments/qr_codes', qrBody({ close_by: now + 600 })), 'close_by', /15 minutes/],
      ['close_by in 46 days', await call('POST', '/v1/payments/qr_codes', qrBody({ close_by: now + 46 * 86_400 })), 'close_by', /45 days/],
      ['close_by before 2000', await call('POST', '/v1/payments/qr_codes', qrBody({ close_by: 946684799 })), 'close_by', /between 946684800 and 4765046400/],
      ['fixed without amount', await call('POST', '/v1/payments/qr_codes', qrBody({ payment_amount: undefined })), 'payment_amount'],
      ['bharat_qr', await call('POST', '/v1/payments/qr_codes', qrBody({ type: 'bharat_qr' })), 'type'],
      ['missing usage', await call('POST', '/v1/payments/qr_codes', qrBody({ usage: undefined })), 'usage'],
      ['unknown customer', await call('POST', '/v1/payments/qr_codes', qrBody({ customer_id: 'cust_00000000000000' })), 'customer_id', /not a valid id/],
      ['unknown field', await call('POST', '/v1/payments/qr_codes', qrBody({ amount: 100 })), 'amount', /is\/are not required/],
    ]);
    assert.equal(standin.control.qrCodes().length, 0);
    const edge = await call('POST', '/v1/payments/qr_codes', qrBody({ close_by: now + 45 * 86_400 - 60 }));
    assert.equal(edge.status, 200);
    const unbounded = await call('POST', '/v1/payments/qr_codes', qrBody({ close_by: undefined }));
    assert.ok(Math.abs(unbounded.body.close_by - (now + 45 * 86_400)) < 60, 'a single-use code without close_by closes after 45 days');
  });

  test('a single-use QR code: image_content with the amount, paid once (qr_code.credited), closed as paid, then takes no payment', async () => {
    const created = await call('POST', '/v1/payments/qr_codes', qrBody());
    assert.equal(created.status, 200);
    const qr = created.body;
    assert.match(qr.id, /^qr_/);
    assert.deepEqual([qr.entity, qr.status, qr.usage, qr.fixed_amount, qr.payment_amount, qr.payments_amount_received, qr.close_reason], ['qr_code', 'active', 'single_use', true, 30_000, 0, null]);
    const content = new URL(qr.image_content);
    assert.equal(content.protocol, 'upi:');
    assert.deepEqual([content.searchParams.get('am'), content.searchParams.get('cu')], ['300.00', 'INR']);
    assert.equal(await (await fetch(qr.image_url)).text(), qr.image_content);
    await standin.control.webhooksIdle();
    freshHookPath();

    const pay = standin.control.payQr(qr.id, { vpa: 'gauri.kumar@okhdfcbank' });
    assert.deepEqual([pay.status, pay.amount, pay.method, pay.vpa, pay.order_id, pay.fee], ['captured', 30_000, 'upi', 'gauri.kumar@okhdfcbank', null, 708]);
    const after = (await call('GET', `/v1/payments/qr_codes/${qr.id}`)).body;
    assert.deepEqual([after.status, after.close_reason, after.payments_amount_received, after.payments_count_received], ['closed', 'paid', 30_000, 1]);
    assert.deepEqual((await call('GET', `/v1/payments/qr_codes/${qr.id}/payments`)).body.items.map((p: any) => p.id), [pay.id]);
    assert.throws(() => standin.control.payQr(qr.id), /closed and takes no payment/);
    await waitUntil('three QR webhooks', () => received().length >= 3);
    await standin.control.webhooksIdle();
    assert.deepEqual(hookEvents(), ['payment.authorized', 'payment.captured', 'qr_code.credited']);
    const credited = JSON.parse(received()[2].body);
    assert.deepEqual(credited.contains, ['payment', 'qr_code']);
    assert.deepEqual([credited.payload.payment.entity.id, credited.payload.qr_code.entity.id], [pay.id, qr.id]);
  });

  test('closing a QR code: qr_code.closed, on_demand; a closed code refuses a second close and any payment', async () => {
    const qr = (await call('POST', '/v1/payments/qr_codes', qrBody())).body;
    await standin.control.webhooksIdle();
    freshHookPath();
    const closed = await call('POST', `/v1/payments/qr_codes/${qr.id}/close`);
    assert.deepEqual([closed.status, closed.body.status, closed.body.close_reason], [200, 'closed', 'on_demand']);
    assert.ok(closed.body.closed_at > 0);
    assertRefused(await call('POST', `/v1/payments/qr_codes/${qr.id}/close`), 400, 'id', /already closed/);
    assertRefused(await call('POST', '/v1/payments/qr_codes/qr_00000000000000/close'), 400, 'id', /does not exist/);
    assert.throws(() => standin.control.payQr(qr.id), /closed/);
    await waitUntil('qr_code.closed', () => received().length >= 1);
    await standin.control.webhooksIdle();
    assert.deepEqual(hookEvents(), ['qr_code.closed']);
    assert.equal(standin.control.payments().length, 0);
  });
});

describe('webhooks and faults on the gateway paths', () => {
  test('every gateway event is signed with the webhook secret and carries an event id; the webhook fault switches apply', async () => {
    standin.control.badlySignWebhooks({ event: 'payment.captured' });
    standin.control.duplicateWebhooks({ event: 'order.paid' });
    standin.control.dropWebhooks({ event: 'payment.authorized' });
    const pay = await capturedPayment();
    await waitUntil('captured and order.paid twice', () => received().length >= 3);
    await standin.control.webhooksIdle();
    const got = received();
    assert.deepEqual(got.map((r) => JSON.parse(r.body).event), ['payment.captured', 'order.paid', 'order.paid']);
    assert.notEqual(got[0].headers['x-razorpay-signature'], sign(got[0].body), 'the badly signed one');
    for (const r of got.slice(1)) assert.equal(r.headers['x-razorpay-signature'], sign(r.body));
    assert.equal(got[1].headers['x-razorpay-event-id'], got[2].headers['x-razorpay-event-id']);
    assert.deepEqual(standin.control.droppedWebhooks().map((d) => d.event), ['payment.authorized']);
    // The badly signed delivery is resent properly on request.
    await standin.control.resendWebhook(got[0].headers['x-razorpay-event-id']);
    const resent = received().at(-1)!;
    assert.equal(resent.headers['x-razorpay-signature'], sign(resent.body));
    assert.equal(JSON.parse(resent.body).payload.payment.entity.id, pay);
  });

  test('held events are released in reverse order', async () => {
    standin.control.holdWebhooks();
    await capturedPayment();
    await standin.control.releaseWebhooks('reverse');
    await standin.control.webhooksIdle();
    assert.deepEqual(hookEvents(), ['order.paid', 'payment.captured', 'payment.authorized']);
  });

  test('a 500 after the refund was made loses the answer; the same key then answers that refund, and only one exists', async () => {
    const pay = await capturedPayment();
    standin.control.failNext({ path: '/v1/payments/*', method: 'POST', when: 'after' });
    const key = 're_01JF8Z3Q5W7Y9A1C3E5G7J9K1N';
    const lost = await call('POST', `/v1/payments/${pay}/refund`, { amount: 1_000, receipt: 're_ours_2' }, { 'X-Refund-Idempotency': key });
    assertRefused(lost, 500, null, /trouble completing your request/);
    assert.equal(standin.control.refunds().length, 1);
    const retry = await call('POST', `/v1/payments/${pay}/refund`, { amount: 1_000, receipt: 're_ours_2' }, { 'X-Refund-Idempotency': key });
    assert.deepEqual([retry.status, retry.body.id], [200, standin.control.refunds()[0].id]);
    assert.equal(standin.control.refunds().length, 1);
  });

  test('a 500 before creates no order; 429 on QR codes; a timed-out payment request is held while the payment exists', async () => {
    standin.control.failNext({ path: '/v1/orders', method: 'POST' });
    assertRefused(await call('POST', '/v1/orders', { amount: 100, currency: 'INR' }), 500, null);
    assert.equal(standin.control.orders().length, 0);

    standin.control.throttleNext({ path: '/v1/payments/qr_codes' });
    const throttled = await call('POST', '/v1/payments/qr_codes', { type: 'upi_qr', usage: 'single_use', fixed_amount: true, payment_amount: 100 });
    assertRefused(throttled, 429, null, undefined, 'rate_limit_exceeded');
    assert.equal(standin.control.qrCodes().length, 0);

    const o = await order();
    standin.control.timeoutNext({ path: '/v1/payments/create/upi', when: 'after' });
    await assert.rejects(fetch(`${standin.baseUrl}/v1/payments/create/upi`, {
      method: 'POST', signal: AbortSignal.timeout(300),
      headers: { authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify(upiBody(o.id)),
    }));
    assert.equal(standin.control.requests({ path: '/v1/payments/create/upi' })[0].status, 'held');
    assert.equal((await call('GET', `/v1/orders/${o.id}/payments`)).body.count, 1);
  });
});
