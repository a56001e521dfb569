// The collection call as the interface document has it (`customer_id`, `amount`, `schedule`, no `mandate_id`),
// through the real API, worker, Temporal and PostgreSQL: the service makes the customer's mandate, the collection
// waits `created` on its authorization page, becomes `active` when the customer approves and charges after the
// notice; a rejected or unapproved mandate cancels it; cancelling it withdraws its mandate. Also the sandbox's
// nofunds@upi (a failing collection driven through the API alone), one open collection per mandate, and the
// advance helper answering within 2 s while a debit is pending at the sandbox bank.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../helpers/api-assert.ts';
import { activeMandate, answerMandate, chargesOf, collectionAction, collectionEventTypes, waitForCollection } from '../helpers/collections.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { getPage } from '../helpers/payment-links.ts';
import { createCustomer, createPayment, waitFor } from '../helpers/payments.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

/** Short enough to watch a mandate go unapproved, long enough to approve one on its page under load. */
const AUTHORIZATION_SECONDS = 12;
const SLOW_MS = 6_000;
const RETRY_MS = 400;

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService({
    COLLECTION_INTERVAL_MS: String(3_600_000),
    COLLECTION_NOTICE_SECONDS: '1',
    UPI_AUTOPAY_WINDOWS: '00:00-24:00',
    COLLECTION_RETRY_DELAYS_MS: `${RETRY_MS},${RETRY_MS},${RETRY_MS}`,
    MANDATE_AUTHORIZATION_SECONDS: String(AUTHORIZATION_SECONDS),
    SANDBOX_SLOW_DELAY_MS: String(SLOW_MS),
  });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

const now = () => Math.floor(Date.now() / 1000);

function postSource(key: string, body: Record<string, unknown>, idempotencyKey = `coll-${randomUUID()}`) {
  return http.post('/v1/collections', { key, json: { amount: 49_900, schedule: 'monthly', ...body }, idempotencyKey });
}

async function mandatesOf(key: string, customer: string): Promise<any[]> {
  const res = await http.get(`/v1/mandates?customer_id=${customer}`, { key });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

describe('the source call: customer_id, amount, schedule', () => {
  test('answers created with the mandate made for it; approved with success@upi it becomes active (collection.activated) and charges after the notice', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const customer = await createCustomer(http, key, 'success@upi');
    const res = await postSource(key, { customer_id: customer, customer_ip: '203.0.113.7', user_agent: 'Mozilla/5.0 (test)' });
    assert.equal(res.status, 200, res.text);
    const created = res.body;
    assert.equal(created.status, 'created');
    assert.equal(created.next_charge_at, null);
    assert.equal(created.customer_id, customer);
    assert.match(created.mandate_id, /^mdt_/);
    const mandate = (await http.get(`/v1/mandates/${created.mandate_id}`, { key })).body;
    assert.equal(created.authorization_url, mandate.authorization_url);
    assert.deepEqual([mandate.status, mandate.customer_id, mandate.max_amount, mandate.frequency, mandate.vpa], ['created', customer, 49_900, 'monthly', 'success@upi']);
    assertApiError(await collectionAction(http, key, created.id, 'advance'), 409, 'invalid_state');
    assert.equal((await chargesOf(http, key, created.id)).length, 0);

    assert.equal(await answerMandate(created.authorization_url, 'success@upi'), 303);
    const active = await waitForCollection(http, key, created.id, (c) => c.status === 'active');
    assert.equal(active.authorization_url, null);
    assert.ok(active.next_charge_at !== null);
    const charged = await waitForCollection(http, key, created.id, (c) => c.paid_count === 1);
    const charges = await chargesOf(http, key, created.id);
    assert.equal(charges.length, 1);
    assert.equal(charges[0].status, 'captured');
    assert.ok(charges[0].created_at >= active.start_at, 'no charge before the notice has run');
    assert.equal(charged.status, 'active');
    assert.deepEqual(await collectionEventTypes(http, key, created.id, { upcoming: true }), ['collection.activated', 'collection.upcoming', 'collection.charged']);
  });

  test('the same Idempotency-Key answers the same collection and makes no second mandate', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const customer = await createCustomer(http, key, 'success@upi');
    const idem = `coll-${randomUUID()}`;
    const first = await postSource(key, { customer_id: customer }, idem);
    const again = await postSource(key, { customer_id: customer }, idem);
    assert.equal(first.status, 200, first.text);
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.id, first.body.id);
    assert.equal(again.body.mandate_id, first.body.mandate_id);
    assert.equal((await mandatesOf(key, customer)).length, 1);
  });

  test('a mandate rejected on its page cancels the collection (mandate_rejected)', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const customer = await createCustomer(http, key, null);
    const res = await postSource(key, { customer_id: customer, schedule: 'weekly', amount: 10_000 });
    assert.equal(res.status, 200, res.text);
    assert.equal(await answerMandate(res.body.authorization_url, 'failure@upi'), 303);
    const cancelled = await waitForCollection(http, key, res.body.id, (c) => c.status === 'cancelled');
    assert.equal(cancelled.cancel_reason, 'mandate_rejected');
    assert.equal(cancelled.authorization_url, null);
    assert.deepEqual(await collectionEventTypes(http, key, res.body.id), ['collection.cancelled']);
    assertApiError(await collectionAction(http, key, res.body.id, 'cancel'), 409, 'invalid_state');
  });

  test('a mandate not approved within its authorization window cancels the collection (mandate_not_approved)', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const customer = await createCustomer(http, key, 'success@upi');
    const res = await postSource(key, { customer_id: customer });
    assert.equal(res.status, 200, res.text);
    const cancelled = await waitForCollection(http, key, res.body.id, (c) => c.status === 'cancelled', (AUTHORIZATION_SECONDS + 30) * 1000);
    assert.equal(cancelled.cancel_reason, 'mandate_not_approved');
    assert.equal((await http.get(`/v1/mandates/${res.body.mandate_id}`, { key })).body.status, 'expired');
  });

  test('cancelling a created collection withdraws its mandate: the page takes no approval any more', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const customer = await createCustomer(http, key, 'success@upi');
    const res = await postSource(key, { customer_id: customer });
    assert.equal(res.status, 200, res.text);
    const cancel = await collectionAction(http, key, res.body.id, 'cancel');
    assert.equal(cancel.status, 200, cancel.text);
    assert.equal(cancel.body.status, 'cancelled');
    assert.equal(cancel.body.cancel_reason, null, 'cancelled by the business');
    const mandate = await waitFor(http, key, `/v1/mandates/${res.body.mandate_id}`, (m) => m.status !== 'created');
    assert.equal(mandate.status, 'revoked');
    assert.doesNotMatch((await getPage(res.body.authorization_url)).html, /<form/i, 'the page takes no approval');
    assert.equal((await http.get(`/v1/collections/${res.body.id}`, { key })).body.status, 'cancelled');
  });

  test('the mandate rules apply at once: amount above ₹15,000 is 400 amount; a mandate of another customer is 400 mandate_id; nothing is made', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const customer = await createCustomer(http, key, 'success@upi');
    assertApiError(await postSource(key, { customer_id: customer, amount: 1_500_001 }), 400, 'invalid_request', 'amount');
    assertApiError(await postSource(key, { amount: 10_000 }), 400, 'invalid_request', 'customer_id');
    assertApiError(await postSource(key, { customer_id: 'cust_01JD3Y8X4W0000000000000000' }), 404, 'not_found', 'customer_id');
    assert.equal((await mandatesOf(key, customer)).length, 0);
    const other = await activeMandate(http, key);
    assertApiError(await postSource(key, { customer_id: customer, mandate_id: other.id }), 400, 'invalid_request', 'mandate_id');
    assert.equal((await http.get('/v1/collections', { key })).body.data.length, 0);
  });
});

describe('sandbox debit outcomes', () => {
  test('nofunds@upi approves the mandate, then every debit is declined: retried three times, then halted, through the API alone', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const customer = await createCustomer(http, key, null);
    const res = await postSource(key, { customer_id: customer, amount: 2_000 });
    assert.equal(res.status, 200, res.text);
    assert.equal(await answerMandate(res.body.authorization_url, 'nofunds@upi'), 303);
    const mandate = await waitFor(http, key, `/v1/mandates/${res.body.mandate_id}`, (m) => m.status === 'active');
    assert.equal(mandate.vpa, 'nofunds@upi');
    const halted = await waitForCollection(http, key, res.body.id, (c) => c.status === 'halted', 60_000);
    assert.equal(halted.failed_count, 4);
    const charges = await chargesOf(http, key, res.body.id);
    assert.equal(charges.length, 4);
    assert.ok(charges.every((p) => p.status === 'failed' && p.failure_code === 'payment_declined'));
    const types = await collectionEventTypes(http, key, res.body.id);
    assert.deepEqual(types, ['collection.activated', 'collection.failed', 'collection.failed', 'collection.failed', 'collection.failed', 'collection.halted']);
  });

  test('a one-off payment from nofunds@upi is declined', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const res = await createPayment(http, key, { vpa: 'nofunds@upi' });
    assert.equal(res.status, 200, res.text);
    const payment = await waitFor(http, key, `/v1/payments/${res.body.id}`, (p) => p.status !== 'pending');
    assert.equal(payment.status, 'failed');
    assert.equal(payment.failure_code, 'payment_declined');
  });

  test('advance answers within 2 s while a debit is pending at the sandbox bank (slow@upi): 409 invalid_state at once', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const customer = await createCustomer(http, key, 'slow@upi');
    const mandate = await http.post('/v1/mandates', { key, json: { customer_id: customer, max_amount: 100_000, frequency: 'monthly' }, idempotencyKey: randomUUID() });
    assert.equal(mandate.status, 200, mandate.text);
    assert.equal(await answerMandate(mandate.body.authorization_url, 'slow@upi'), 303);
    await waitFor(http, key, `/v1/mandates/${mandate.body.id}`, (m) => m.status === 'active', 60_000);
    const res = await http.post('/v1/collections', { key, json: { mandate_id: mandate.body.id, amount: 10_000, schedule: 'monthly', start_at: now() + 3_600 }, idempotencyKey: randomUUID() });
    assert.equal(res.status, 200, res.text);
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const advance = await collectionAction(http, key, res.body.id, 'advance');
      const took = Date.now() - started;
      assertApiError(advance, 409, 'invalid_state');
      assert.ok(took < 2_000, `advance ${i + 1} answered after ${took} ms`);
    }
    const paid = await waitForCollection(http, key, res.body.id, (c) => c.paid_count === 1, 60_000);
    assert.equal(paid.status, 'active');
    assert.equal((await chargesOf(http, key, res.body.id)).length, 1, 'the refused advances made no attempt of their own');
  });
});

describe('one open collection per mandate', () => {
  test('a mandate backing an open collection backs no second one (409); once that one is cancelled it backs a new one', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const mandate = await activeMandate(http, key, undefined, { max_amount: 1_500_000, frequency: 'monthly' });
    const body = { mandate_id: mandate.id, amount: 1_500_000, schedule: 'monthly', start_at: now() + 3_600 };
    const first = await http.post('/v1/collections', { key, json: body, idempotencyKey: randomUUID() });
    assert.equal(first.status, 200, first.text);
    assertApiError(await http.post('/v1/collections', { key, json: body, idempotencyKey: randomUUID() }), 409, 'invalid_state', 'mandate_id');
    assert.equal((await collectionAction(http, key, first.body.id, 'pause')).status, 200);
    assertApiError(await http.post('/v1/collections', { key, json: body, idempotencyKey: randomUUID() }), 409, 'invalid_state', 'mandate_id');
    assert.equal((await collectionAction(http, key, first.body.id, 'cancel')).status, 200);
    const next = await http.post('/v1/collections', { key, json: body, idempotencyKey: randomUUID() });
    assert.equal(next.status, 200, next.text);
    assert.equal(next.body.status, 'active');
  });

  test('two collections asked for at once on one mandate: one is made, the other is 409', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const mandate = await activeMandate(http, key, undefined, { frequency: 'monthly' });
    const body = { mandate_id: mandate.id, amount: 10_000, schedule: 'monthly', start_at: now() + 3_600 };
    const answers = await Promise.all([0, 1, 2].map(() => http.post('/v1/collections', { key, json: body, idempotencyKey: randomUUID() })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409, 409], answers.map((a) => a.text).join('\n'));
    const open = (await http.get(`/v1/collections?mandate_id=${mandate.id}`, { key })).body.data;
    assert.equal(open.length, 1);
  });
});
