// UPI AutoPay through Razorpay: the request bodies against the pages' samples (the customer with fail_existing "0",
// the authorization order with its token, the intent authorization payment with recurring "1", the debit's order
// with its pre-debit notification, the recurring payment), the token and authorization payment translations, and
// what the connector sends and answers over a recording provider: a retried registration finds its order by the
// mandate id, a lost intent link gets a new attempt, the mandate read from its token or its registration, a debit
// only on its notice's order, and a cancellation that tolerates a token already cancelled or never made.
// Sources: payments/payment-gateway/s2s-integration/recurring-payments/upi-intent/{authorization-transaction,
// subsequent-payments,tokens}.md, api/payments/recurring-payments/upi/create-subsequent-payments.md, api/customers/create.md.
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { connectorOf } from '../../src/connectors/index.ts';
import { answerOf, type RazorpayHttp, type RequestOptions } from '../../src/connectors/razorpay/http.ts';
import { createRazorpayPaymentRail } from '../../src/connectors/razorpay/payment-rail.ts';
import { createPaymentsApi, recurringPaymentBody } from '../../src/connectors/razorpay/payments-api.ts';
import {
  authorizationOrderBody,
  authorizationPaymentBody,
  createRecurringApi,
  customerRequestBody,
  noticeOrderBody,
} from '../../src/connectors/razorpay/recurring-api.ts';
import { razorpayRecurringOver } from '../../src/connectors/razorpay/recurring.ts';
import { authorizationReportOf, tokenOutcomeOf, tokenReportOf } from '../../src/connectors/razorpay/translate-recurring.ts';
import type { ProviderRecurring } from '../../src/rails/provider.ts';
import type { PaymentSubmission } from '../../src/rails/payments.ts';

const customer = { name: 'Gaurav Kumar', email: 'gaurav.kumar@example.com', phone: '+919876543210' };
const MANDATE = 'mdt_01JD3Y8X4W0000000000000000';
const PAYMENT = 'pay_01JD3Y8X4W0000000000000001';

describe('request bodies', () => {
  test('the customer: name, email, contact and fail_existing "0" (the existing customer with the same details)', () => {
    assert.deepEqual(customerRequestBody(customer), { name: 'Gaurav Kumar', email: 'gaurav.kumar@example.com', contact: '+919876543210', fail_existing: '0' });
    // The name is optional there; one its rule refuses (3-50 letters, digits, . ' / @ ( )) is left out, not refused.
    assert.equal('name' in customerRequestBody({ ...customer, name: 'Zoë-Anne' }), false);
    assert.equal('name' in customerRequestBody({ ...customer, name: 'Al' }), false);
  });

  test('the authorization order: ₹1, method upi, the customer, the token terms in seconds, our mandate id as receipt and note', () => {
    const body = authorizationOrderBody({ mandateId: MANDATE, customerReference: 'cust_4xbQrmEoA5WJ01', maxAmount: 200_000, frequency: 'monthly', expireAt: 2_709_971_120_500 });
    assert.deepEqual(body, {
      amount: 100,
      currency: 'INR',
      customer_id: 'cust_4xbQrmEoA5WJ01',
      method: 'upi',
      token: { max_amount: 200_000, expire_at: 2_709_971_120, frequency: 'monthly' },
      receipt: MANDATE,
      notes: { mandate_id: MANDATE },
    });
    for (const frequency of ['weekly', 'monthly', 'yearly', 'as_presented'] as const) {
      const t = authorizationOrderBody({ mandateId: MANDATE, customerReference: 'c', maxAmount: 100, frequency, expireAt: 0 }).token as { frequency: string };
      assert.equal(t.frequency, frequency);
    }
  });

  test('the authorization payment: the order, the customer (with the endpoint\'s email and contact), recurring "1", UPI intent, our mandate id in its notes', () => {
    const input = { mandateId: MANDATE, orderId: 'order_1Aa00000000002', customerReference: 'cust_1Aa00000000001', amount: 100, email: 'gaurav.kumar@example.com', contact: '+919876543210' };
    assert.deepEqual(authorizationPaymentBody(input), {
      amount: 100,
      currency: 'INR',
      order_id: 'order_1Aa00000000002',
      customer_id: 'cust_1Aa00000000001',
      email: 'gaurav.kumar@example.com',
      contact: '+919876543210',
      recurring: '1',
      method: 'upi',
      upi: { flow: 'intent' },
      notes: { mandate_id: MANDATE },
    });
  });

  test('the debit\'s order: captured by itself, our payment id as receipt and note, the token\'s notification after debit_at', () => {
    const body = noticeOrderBody({
      paymentId: PAYMENT,
      mandate: { customerReference: 'cust_1', registrationReference: 'order_1', tokenReference: 'token_M7K2eFBU7vToaQ' },
      amount: 1000,
      debitAt: 1_634_057_113_200,
      notes: { collection_id: 'col_1' },
    });
    assert.deepEqual(body, {
      amount: 1000,
      currency: 'INR',
      payment_capture: true,
      receipt: PAYMENT,
      notification: { token_id: 'token_M7K2eFBU7vToaQ', payment_after: 1_634_057_114 },
      notes: { collection_id: 'col_1', payment_id: PAYMENT },
    });
  });

  test('the recurring payment: email, contact, amount, the order, customer and token, recurring true', () => {
    const body = recurringPaymentBody({
      orderId: 'order_1Aa00000000002',
      paymentId: PAYMENT,
      amount: 1000,
      customerReference: 'cust_1Aa00000000001',
      tokenReference: 'token_1Aa00000000001',
      customer: { email: 'gaurav.kumar@example.com', phone: '+919876543210' },
      description: 'Creating recurring payment for Gaurav Kumar',
      notes: { collection_id: 'col_1' },
    });
    assert.deepEqual(body, {
      email: 'gaurav.kumar@example.com',
      contact: '+919876543210',
      amount: 1000,
      currency: 'INR',
      order_id: 'order_1Aa00000000002',
      customer_id: 'cust_1Aa00000000001',
      token: 'token_1Aa00000000001',
      recurring: true,
      description: 'Creating recurring payment for Gaurav Kumar',
      notes: { collection_id: 'col_1', payment_id: PAYMENT },
    });
  });
});

// tokens.md's sample token (Fetch Tokens by Customer ID).
const sampleToken = {
  id: 'token_FHfAzGzREc1ug6',
  entity: 'token',
  token: '9KHsdPaCELeQ0t',
  bank: null,
  wallet: null,
  method: 'upi',
  vpa: { username: 'gaurav.kumar', handle: 'upi', name: null },
  recurring: true,
  recurring_details: { status: 'confirmed', failure_reason: null },
  auth_type: null,
  mrn: null,
  used_at: 1_595_447_490,
  created_at: 1_595_447_490,
  start_time: 1_595_447_455,
  dcc_enabled: false,
};

describe('translations', () => {
  test('a token\'s recurring status → the mandate\'s outcome', () => {
    const now = 1_700_000_000_000;
    const cases: [string, string][] = [
      ['initiated', 'pending'],
      ['confirmed', 'active'],
      ['resumed', 'active'],
      ['paused', 'paused'],
      ['cancelled', 'revoked'],
      ['rejected', 'rejected'],
      ['something_new', 'pending'],
    ];
    for (const [status, state] of cases) {
      assert.equal(tokenOutcomeOf({ ...sampleToken, recurring_details: { status, failure_reason: null } }, now).state, state, status);
    }
    assert.equal(tokenOutcomeOf({ ...sampleToken, expired_at: now / 1000 }, now).state, 'expired');
    assert.equal(tokenOutcomeOf({ ...sampleToken, expired_at: now / 1000 + 1 }, now).state, 'active');
  });

  test('the sample token as a report, with what we already know of the mandate', () => {
    assert.deepEqual(tokenReportOf(sampleToken, 1_700_000_000_000, { mandateId: MANDATE, registrationReference: 'order_1', customerReference: 'cust_DtHaBuooGHTuyZ' }), {
      mandateId: MANDATE,
      tokenReference: 'token_FHfAzGzREc1ug6',
      registrationReference: 'order_1',
      customerReference: 'cust_DtHaBuooGHTuyZ',
      providerStatus: 'confirmed',
      outcome: { state: 'active' },
      vpa: 'gaurav.kumar@upi',
    });
  });

  test('tokens.md\'s authorization payment sample (failed, upi_dummy_payment, with a token) names its token, pending', () => {
    const payment = {
      id: 'pay_QDhVJ5M23wt4rh',
      entity: 'payment',
      amount: 1000,
      status: 'failed',
      order_id: 'order_QDhT2PqFJvtg4y',
      method: 'upi',
      vpa: 'success@razorpay',
      customer_id: 'cust_Q0g6LTYw3obZEn',
      token_id: 'token_QDhVJHYr5m87fF',
      notes: { mandate_id: MANDATE },
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Payment was a dummy payment for one time mandate registration.',
      error_source: 'business',
      error_step: 'payment_initiation',
      error_reason: 'upi_dummy_payment',
      upi: { vpa: 'success@razorpay' },
    };
    assert.deepEqual(authorizationReportOf(payment), {
      mandateId: MANDATE,
      tokenReference: 'token_QDhVJHYr5m87fF',
      registrationReference: 'order_QDhT2PqFJvtg4y',
      customerReference: 'cust_Q0g6LTYw3obZEn',
      providerStatus: 'failed',
      outcome: { state: 'pending' },
      vpa: 'success@razorpay',
    });
  });
});

// A recording provider: just enough of the pages' endpoints, answering through the connector's own answer mapping.
interface Sent {
  method: string;
  path: string;
  body?: unknown;
  query?: RequestOptions['query'];
}
type Answer = [number, unknown];
type Row = Record<string, unknown> & { id: string };

class FakeProvider {
  sent: Sent[] = [];
  customers: Row[] = [];
  orders: Row[] = [];
  payments: Row[] = [];
  tokens: Row[] = [];
  /** Overrides by "METHOD path" for one answer each. */
  next = new Map<string, Answer>();
  private seq = 0;

  newId(prefix: string): string {
    return `${prefix}_${String(++this.seq).padStart(14, '0')}`;
  }

  http(): RazorpayHttp {
    const send = async <T>(method: string, path: string, options: RequestOptions = {}): Promise<T> => {
      this.sent.push({ method, path, body: options.body, query: options.query });
      const override = this.next.get(`${method} ${path}`);
      if (override) this.next.delete(`${method} ${path}`);
      const [status, body] = override ?? this.answer(method, path, options);
      return answerOf<T>(status, JSON.stringify(body), {}, `${method} ${path}`);
    };
    return { get: (p, o) => send('GET', p, o), post: (p, o) => send('POST', p, o), put: (p, o) => send('PUT', p, o) };
  }

  private answer(method: string, path: string, options: RequestOptions): Answer {
    const body = (options.body ?? {}) as Record<string, unknown>;
    const collection = (items: unknown[]): Answer => [200, { entity: 'collection', count: items.length, items }];
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const same = this.customers.find((c) => c.email === body.email && c.contact === body.contact);
      if (same) return body.fail_existing === '0' ? [200, same] : [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'Customer already exists for the merchant' } }];
      const row = { id: this.newId('cust'), entity: 'customer', name: body.name ?? null, email: body.email, contact: body.contact };
      this.customers.push(row);
      return [200, row];
    }
    if (method === 'GET' && path === '/v1/orders') return collection(this.orders.filter((o) => o.receipt === options.query?.receipt));
    if (method === 'POST' && path === '/v1/orders') {
      const row = { id: this.newId('order'), entity: 'order', status: 'created', attempts: 0, ...body };
      this.orders.push(row);
      return [200, row];
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/orders\/([^/]+)\/payments$/))) return collection(this.payments.filter((p) => p.order_id === m![1]));
    if (method === 'GET' && (m = path.match(/^\/v1\/orders\/([^/]+)$/))) return [200, this.orders.find((o) => o.id === m![1])];
    if (method === 'POST' && (path === '/v1/payments/create/upi' || path === '/v1/payments/create/recurring')) {
      const recurring = path.endsWith('recurring');
      const row = { id: this.newId('pay'), entity: 'payment', status: 'created', method: 'upi', created_at: this.seq, ...body };
      this.payments.push(row);
      return [200, recurring ? { razorpay_payment_id: row.id, razorpay_order_id: body.order_id } : { razorpay_payment_id: row.id, link: `upi://mandate?tr=${row.id}` }];
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/customers\/([^/]+)\/tokens$/))) return collection(this.tokens.filter((t) => t.customer === m![1]));
    if (method === 'PUT' && (m = path.match(/^\/v1\/customers\/([^/]+)\/tokens\/([^/]+)\/cancel$/))) {
      const token = this.tokens.find((t) => t.id === m![2] && t.customer === m![1]) as (Row & { recurring_details: { status: string } }) | undefined;
      if (!token || token.recurring_details.status === 'cancelled') return [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'Token is not active' } }];
      token.recurring_details = { status: 'cancelled' };
      return [200, { status: 'cancellation_initiated' }];
    }
    return [404, { error: { code: 'BAD_REQUEST_ERROR', description: `no route ${method} ${path}` } }];
  }

  /** The customer approves the authorization attempt: the payment is authorized and its token made (initiated). */
  approve(paymentId: string, tokenStatus = 'initiated'): string {
    const payment = this.payments.find((p) => p.id === paymentId)!;
    const token = { id: this.newId('token'), entity: 'token', method: 'upi', customer: payment.customer_id, vpa: { username: 'gaurav.kumar', handle: 'upi' }, recurring: true, recurring_details: { status: tokenStatus, failure_reason: null } };
    this.tokens.push(token);
    Object.assign(payment, { status: 'authorized', token_id: token.id, vpa: 'gaurav.kumar@upi' });
    return token.id;
  }

  setToken(tokenId: string, status: string): void {
    Object.assign(this.tokens.find((t) => t.id === tokenId)!, { recurring_details: { status, failure_reason: null } });
  }
}

const registration = { mandateId: MANDATE, customer, maxAmount: 500_000, frequency: 'monthly' as const, startAt: 1_764_300_000_000, expireAt: 2_079_900_000_000 };

describe('ProviderRecurring over the provider', () => {
  let rzp: FakeProvider;
  let recurring: ProviderRecurring;
  beforeEach(() => {
    rzp = new FakeProvider();
    const http = rzp.http();
    recurring = razorpayRecurringOver({ payments: createPaymentsApi(http), recurring: createRecurringApi(http), now: () => 1_764_300_000_000 });
  });

  test('register: the customer, then the order looked up by our mandate id before it is made, then the intent attempt', async () => {
    const reg = await recurring.register(registration);
    assert.deepEqual(
      rzp.sent.map((s) => `${s.method} ${s.path}`),
      ['POST /v1/customers', 'GET /v1/orders', 'POST /v1/orders', 'GET /v1/orders/order_00000000000002/payments', 'POST /v1/payments/create/upi'],
    );
    assert.equal(rzp.sent[1].query?.receipt, MANDATE);
    assert.deepEqual(reg, {
      customerReference: 'cust_00000000000001',
      registrationReference: 'order_00000000000002',
      tokenReference: null,
      intentUrl: 'upi://mandate?tr=pay_00000000000003',
    });
    assert.deepEqual((rzp.sent[4].body as { notes: unknown }).notes, { mandate_id: MANDATE });
  });

  test('a retried registration finds the same customer and order (no second one) and gives a fresh link for the open attempt', async () => {
    const first = await recurring.register(registration);
    const again = await recurring.register(registration);
    assert.equal(rzp.customers.length, 1);
    assert.equal(rzp.orders.length, 1);
    assert.equal(again.registrationReference, first.registrationReference);
    assert.equal(again.customerReference, first.customerReference);
    assert.notEqual(again.intentUrl, first.intentUrl);
    assert.equal(rzp.payments.length, 2, 'the lost link needs a new attempt on the same order');
  });

  test('a registration retried after the customer approved answers the token, with no new attempt', async () => {
    const first = await recurring.register(registration);
    const token = rzp.approve(rzp.payments[0].id);
    const again = await recurring.register(registration);
    assert.deepEqual(again, { ...first, tokenReference: token, intentUrl: null });
    assert.equal(rzp.payments.length, 1);
  });

  test('mandate(): pending before approval, then the token\'s status (found through the registration when not yet known)', async () => {
    const reg = await recurring.register(registration);
    assert.equal((await recurring.mandate(reg)).outcome.state, 'pending');
    const token = rzp.approve(rzp.payments[0].id);
    const seen = await recurring.mandate(reg);
    assert.deepEqual([seen.outcome.state, seen.tokenReference, seen.providerStatus, seen.mandateId], ['pending', token, 'initiated', MANDATE]);
    rzp.setToken(token, 'confirmed');
    const ref = { ...reg, tokenReference: token };
    assert.deepEqual(await recurring.mandate(ref), {
      mandateId: null,
      tokenReference: token,
      registrationReference: reg.registrationReference,
      customerReference: reg.customerReference,
      providerStatus: 'confirmed',
      outcome: { state: 'active' },
      vpa: 'gaurav.kumar@upi',
    });
    rzp.setToken(token, 'paused');
    assert.equal((await recurring.mandate(ref)).outcome.state, 'paused');
    rzp.setToken(token, 'cancelled');
    assert.equal((await recurring.mandate(ref)).outcome.state, 'revoked');
  });

  test('mandate(): a failed authorization attempt is a rejection; a token the provider does not list tells nothing yet', async () => {
    const reg = await recurring.register(registration);
    Object.assign(rzp.payments[0], { status: 'failed', error_source: 'customer', error_reason: 'payment_cancelled', error_description: 'Cancelled' });
    assert.deepEqual((await recurring.mandate(reg)).outcome, { state: 'rejected', details: { source: 'customer', reason: 'payment_cancelled', description: 'Cancelled' } });
    const unknown = await recurring.mandate({ ...reg, tokenReference: 'token_gone' });
    assert.deepEqual([unknown.outcome.state, unknown.providerStatus], ['pending', 'token_not_listed']);
  });

  test('noticeDebit: the order under our payment id with the notification, once', async () => {
    const mandate = { customerReference: 'cust_1', registrationReference: 'order_1', tokenReference: 'token_1' };
    const input = { paymentId: PAYMENT, mandate, amount: 25_000, debitAt: 1_764_400_000_000 };
    const { orderReference } = await recurring.noticeDebit(input);
    assert.deepEqual(await recurring.noticeDebit(input), { orderReference });
    assert.equal(rzp.orders.length, 1);
    assert.deepEqual(rzp.orders[0].notification, { token_id: 'token_1', payment_after: 1_764_400_000 });
    assert.equal(rzp.orders[0].payment_capture, true);
  });

  test('cancel: the token\'s cancellation; again, or with no token yet, changes nothing and throws nothing', async () => {
    const reg = await recurring.register(registration);
    await recurring.cancel(reg);
    assert.equal(rzp.sent.filter((s) => s.method === 'PUT').length, 0, 'no token yet');
    const token = rzp.approve(rzp.payments[0].id, 'confirmed');
    // The token is not known yet to the caller: the registration's payment names it.
    await recurring.cancel(reg);
    assert.deepEqual(rzp.sent.filter((s) => s.method === 'PUT').map((s) => s.path), [`/v1/customers/${reg.customerReference}/tokens/${token}/cancel`]);
    await recurring.cancel({ ...reg, tokenReference: token });
    assert.equal((await recurring.mandate({ ...reg, tokenReference: token })).outcome.state, 'revoked');
  });

  test('cancel: a refusal for a token that still stands is not swallowed', async () => {
    const reg = await recurring.register(registration);
    const token = rzp.approve(rzp.payments[0].id, 'confirmed');
    rzp.next.set(`PUT /v1/customers/${reg.customerReference}/tokens/${token}/cancel`, [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'try later' } }]);
    await assert.rejects(recurring.cancel({ ...reg, tokenReference: token }), /try later/);
  });
});

describe('a collection\'s debit on the payment rail', () => {
  let rzp: FakeProvider;
  let submit: (s: PaymentSubmission) => ReturnType<ReturnType<typeof createRazorpayPaymentRail>['submit']>;
  const debit: PaymentSubmission = {
    paymentId: PAYMENT,
    accountId: 'acct_1',
    mode: 'live',
    amount: 25_000,
    instrument: { method: 'upi', vpa: null, bank: null },
    customer: { email: 'gaurav.kumar@example.com', phone: '+919876543210' },
    description: 'May rent',
    notes: { collection_id: 'col_1' },
    recurring: { customerReference: 'cust_1', tokenReference: 'token_1' },
  };
  beforeEach(() => {
    rzp = new FakeProvider();
    const api = createPaymentsApi(rzp.http());
    const rail = createRazorpayPaymentRail({ connectionFor: async () => ({ api }), defaultReturnUrl: () => 'https://x', checkAgainInMs: 5_000 });
    submit = rail.submit;
  });

  test('without its notice\'s order it is declined with a clear reason, and no order is made', async () => {
    const answer = await submit(debit);
    assert.equal(answer.outcome.state, 'failed');
    assert.deepEqual(answer.outcome.state === 'failed' && [answer.outcome.failure.code, answer.outcome.failure.provider?.reason], ['payment_declined', 'pre_debit_notice_missing']);
    assert.equal(answer.providerReference, null);
    assert.deepEqual(rzp.sent.map((s) => s.method), ['GET']);
  });

  test('on the notice\'s order: POST /v1/payments/create/recurring with the token, processing; a retry reuses the attempt', async () => {
    rzp.orders.push({ id: 'order_N1', entity: 'order', amount: 25_000, receipt: PAYMENT, status: 'created' });
    const answer = await submit(debit);
    assert.deepEqual(answer, { outcome: { state: 'processing', checkAgainInMs: 5_000 }, providerReference: rzp.payments[0].id, fees: 0, nextAction: null, orderReference: 'order_N1' });
    const sent = rzp.sent.find((s) => s.path === '/v1/payments/create/recurring');
    assert.deepEqual(sent?.body, {
      email: 'gaurav.kumar@example.com',
      contact: '+919876543210',
      amount: 25_000,
      currency: 'INR',
      order_id: 'order_N1',
      customer_id: 'cust_1',
      token: 'token_1',
      recurring: true,
      description: 'May rent',
      notes: { collection_id: 'col_1', payment_id: PAYMENT },
    });
    Object.assign(rzp.payments[0], { status: 'captured', fee: 590 });
    const again = await submit(debit);
    assert.equal(rzp.payments.length, 1);
    assert.deepEqual([again.outcome, again.providerReference, again.fees], [{ state: 'captured', reference: rzp.payments[0].id }, rzp.payments[0].id, 590]);
  });

  test('a refusal of the debit (4xx) is a declined payment', async () => {
    rzp.orders.push({ id: 'order_N1', entity: 'order', amount: 25_000, receipt: PAYMENT, status: 'created' });
    rzp.next.set('POST /v1/payments/create/recurring', [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'Token is not active', source: 'business', reason: 'input_validation_failed' } }]);
    const answer = await submit(debit);
    assert.deepEqual(answer.outcome.state === 'failed' && answer.outcome.failure.provider, { source: 'business', reason: 'input_validation_failed', description: 'Token is not active' });
  });
});

test('the registry gives createRecurring', () => {
  const c = connectorOf('razorpay');
  assert.equal(typeof c?.createRecurring, 'function');
});
