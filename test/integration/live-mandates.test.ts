// Live mandates and their collections through Razorpay's UPI AutoPay (docs/api.md, Mandates; docs/decisions.md), against the
// provider stand-in, through the real API: the mandate is registered at the provider when it is created, its page
// shows the provider's intent, the test plays the customer in their UPI app (the stand-in's controls), the stand-in's
// token and payment webhooks reach the connection's URL, and each debit is announced at the provider before it is
// made with the mandate's token, never before the announced time.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type ConnectedAccount, connectedAccount } from '../helpers/connections.ts';
import { disableConnection } from '../../src/db/connections.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { assertApiError } from '../helpers/api-assert.ts';
import { assertLedgerBalanced } from '../helpers/payments.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };
/** COLLECTION_NOTICE_SECONDS of this file's service: a test run's short notice. */
const NOTICE_S = 3;
/** PROVIDER_LOOKUP_WINDOW_SECONDS: how long a provider call is retried through an outage. */
const PROVIDER_WINDOW_S = 8;
/** UPI_COLLECT_EXPIRY_SECONDS: how long a live payment waits for its customer (a recurring debit waits for none). */
const CUSTOMER_WINDOW_S = 5;

let service: TestService;
let http: Http;
const accounts: ConnectedAccount[] = [];

before(async () => {
  service = await startTestService({
    TRUST_PROXY: 'true',
    PROVIDER_POLL_SECONDS: '2',
    UPI_COLLECT_EXPIRY_SECONDS: String(CUSTOMER_WINDOW_S),
    PROVIDER_LOOKUP_WINDOW_SECONDS: String(PROVIDER_WINDOW_S),
    PROVIDER_MAX_RPS: '50',
    COLLECTION_INTERVAL_MS: '600000',
    COLLECTION_NOTICE_SECONDS: String(NOTICE_S),
    COLLECTION_RETRY_DELAYS_MS: '2000,2000,2000',
    UPI_AUTOPAY_WINDOWS: '00:00-24:00',
  });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
  for (const a of accounts) await a.rzp.stop();
});

interface Live extends ConnectedAccount {
  customerId: string;
}

async function live(): Promise<Live> {
  const a = await connectedAccount(service);
  accounts.push(a);
  const customer = await http.post('/v1/customers', { key: a.liveKey, headers: HTTPS, json: { name: 'Meera Iyer', email: 'meera@example.com', phone: '+919812345678' } });
  assert.equal(customer.status, 200, customer.text);
  return { ...a, customerId: customer.body.id };
}

async function createMandate(a: Live, body: Record<string, unknown> = {}): Promise<any> {
  const res = await http.post('/v1/mandates', {
    key: a.liveKey,
    headers: HTTPS,
    idempotencyKey: randomUUID(),
    json: { customer_id: a.customerId, max_amount: 500_000, frequency: 'monthly', ...body },
  });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

const get = (a: Live, path: string) => http.get(path, { key: a.liveKey, headers: HTTPS });
const postCollection = (a: Live, json: Record<string, unknown>) => http.post('/v1/collections', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json });

async function waitOn(a: Live, path: string, done: (object: any) => boolean, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    const res = await get(a, path);
    assert.equal(res.status, 200, res.text);
    last = res.body;
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`${path} did not reach the expected state in ${timeoutMs} ms; last seen: ${JSON.stringify(last)}`);
}
const mandateIs = (a: Live, id: string, status: string, timeoutMs = 30_000) => waitOn(a, `/v1/mandates/${id}`, (m) => m.status === status, timeoutMs);

/** The mandate's registration at the provider: its authorization order (receipt: our mandate id) and its intent payment. */
async function registrationOf(a: Live, mandateId: string) {
  for (let i = 0; i < 300; i++) {
    const order = a.rzp.control.orders().find((o) => o.receipt === mandateId);
    const payment = order && a.rzp.control.payments().find((p) => p.order_id === order.id);
    if (order && payment) return { order, payment };
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`the provider never got the registration of mandate ${mandateId}`);
}

/** A mandate the customer approved in their UPI app: active, with its token. */
async function activeMandate(a: Live, body: Record<string, unknown> = {}): Promise<any> {
  const mandate = await createMandate(a, body);
  const { order } = await registrationOf(a, mandate.id);
  const { token } = a.rzp.control.approveMandate(order.id, { vpa: 'meera@okicici' });
  const active = await mandateIs(a, mandate.id, 'active');
  assert.equal(active.provider_reference, token.id);
  return active;
}

async function eventsOf(a: Live, objectId: string, prefix: string): Promise<any[]> {
  const res = await get(a, '/v1/events?limit=100');
  assert.equal(res.status, 200, res.text);
  return res.body.data.filter((e: any) => e.type.startsWith(prefix) && e.data.object.id === objectId).reverse();
}

describe('registration and approval', () => {
  test('created live: registered at the provider under its id, its page shows the intent; approved in the UPI app: active with its token', async () => {
    const a = await live();
    const mandate = await createMandate(a, { description: 'Gym membership' });
    assert.equal(mandate.status, 'created');
    assert.equal(mandate.mode, 'live');
    assert.equal(mandate.provider_reference, null);

    const { order } = await registrationOf(a, mandate.id);
    assert.equal(order.notes.mandate_id, mandate.id);
    const registered = a.rzp.control.tokens().find((t) => t.orderId === order.id);
    assert.ok(registered, 'a token is registered for the authorization order');
    assert.equal(registered.token.max_amount, 500_000);
    assert.equal(registered.frequency, 'monthly');
    const page = await waitForPage(mandate.authorization_url, (html) => html.includes('data-testid="upi-intent"'));
    assert.match(page, /href="upi:\/\/mandate\?/);
    assert.ok(page.includes('data-testid="qr"'), 'the page draws the intent as a QR code');
    assert.ok(!page.includes('<form'), 'a live mandate takes no answer on the page');

    const { token } = a.rzp.control.approveMandate(order.id, { vpa: 'meera@okicici' });
    const active = await mandateIs(a, mandate.id, 'active');
    assert.equal(active.provider_reference, token.id);
    assert.equal(active.vpa, 'meera@okicici');
    assert.ok(active.activated_at);
    await a.rzp.control.webhooksIdle();
    assert.deepEqual((await eventsOf(a, mandate.id, 'mandate.')).map((e) => e.type), ['mandate.active']);
    assert.ok((await (await fetch(mandate.authorization_url)).text()).includes('Mandate approved'));
  });

  test('the same create sent twice at once (one Idempotency-Key): one mandate, one registration at the provider', async () => {
    const a = await live();
    const key = randomUUID();
    const send = () => http.post('/v1/mandates', { key: a.liveKey, headers: HTTPS, idempotencyKey: key, json: { customer_id: a.customerId, max_amount: 500_000, frequency: 'monthly' } });
    const answers = await Promise.all([send(), send()]);
    // The second waits for the first or hears it is still running (409 idempotency_key_in_use), as the contract says.
    for (const res of answers) assert.ok(res.status === 200 || res.body?.error?.code === 'idempotency_key_in_use', res.text);
    const first = answers.find((res) => res.status === 200)!;
    const again = await send();
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.id, first.body.id);
    await registrationOf(a, first.body.id);
    await new Promise((r) => setTimeout(r, 1_000));
    assert.equal(a.rzp.control.orders().filter((o) => o.receipt === first.body.id).length, 1, 'one authorization order');
    assert.equal(a.rzp.control.requests({ method: 'POST', path: '/v1/payments/create/upi' }).length, 1, 'one authorization payment');
    assert.equal((await get(a, '/v1/mandates')).body.data.length, 1);
  });

  test('declined in the UPI app: rejected, with its event', async () => {
    const a = await live();
    const mandate = await createMandate(a);
    const { order } = await registrationOf(a, mandate.id);
    a.rzp.control.declineMandate(order.id);
    const rejected = await mandateIs(a, mandate.id, 'rejected');
    assert.ok(rejected.rejected_at);
    assert.deepEqual((await eventsOf(a, mandate.id, 'mandate.')).map((e) => e.type), ['mandate.rejected']);
  });

  test("the provider's webhooks are lost: the mandate's look at the provider finds the approval", async () => {
    const a = await live();
    const mandate = await createMandate(a);
    const { order } = await registrationOf(a, mandate.id);
    a.rzp.control.dropWebhooks({ count: 100 });
    const { token } = a.rzp.control.approveMandate(order.id, { vpa: 'meera@okicici' });
    const active = await mandateIs(a, mandate.id, 'active', 30_000);
    assert.equal(active.provider_reference, token.id);
  });

  test('the provider refuses the registration: the mandate is rejected at once; live limits are checked before anything starts', async () => {
    const a = await live();
    a.rzp.control.failNext({ path: '/v1/orders', method: 'POST', status: 400, times: 5 });
    const mandate = await createMandate(a);
    await mandateIs(a, mandate.id, 'rejected');

    const over = await http.post('/v1/mandates', {
      key: a.liveKey,
      headers: HTTPS,
      idempotencyKey: randomUUID(),
      json: { customer_id: a.customerId, max_amount: 10_000_000, frequency: 'monthly' },
    });
    assertApiError(over, 400, 'invalid_request', 'max_amount');
  });
});

test('the provider answers 500 to every registration attempt: retried for the provider window, then given up (rejected), nothing left retrying', async () => {
  const a = await live();
  a.rzp.control.failNext({ path: '/v1/orders', method: 'POST', status: 500, times: 1000 });
  const started = Date.now();
  const mandate = await createMandate(a);
  const rejected = await mandateIs(a, mandate.id, 'rejected', 60_000);
  assert.ok(Date.now() - started >= PROVIDER_WINDOW_S * 1000 - 1000, 'retried through the window first');
  assert.ok(a.rzp.control.requests({ method: 'POST', path: '/v1/orders' }).length >= 2, 'the registration was retried');
  assert.ok(rejected.rejected_at);
  // The mandate reads rejected as soon as its row commits; the workflow ends a moment later (its event is written after).
  const handle = service.stack.temporal!.client.workflow.getHandle(`mandate/${mandate.id}`);
  let workflow = await handle.describe();
  for (let i = 0; i < 100 && workflow.status.name === 'RUNNING'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    workflow = await handle.describe();
  }
  assert.equal(workflow.status.name, 'COMPLETED', 'the mandate workflow ended');
  assert.deepEqual(workflow.raw.pendingActivities ?? [], [], 'no provider call left retrying');
  a.rzp.control.clearFaults();
});

describe('the customer and the business move a live mandate', () => {
  test('paused, resumed and revoked in the UPI app: the mandate and its collection follow, each with its event', async () => {
    const a = await live();
    const mandate = await activeMandate(a);
    const created = await postCollection(a, { mandate_id: mandate.id, amount: 20_000, schedule: 'monthly', start_at: Math.floor(Date.now() / 1000) + 3_600 });
    assert.equal(created.status, 200, created.text);
    const collectionId = created.body.id;
    const token = mandate.provider_reference;

    a.rzp.control.pauseMandate(token);
    await mandateIs(a, mandate.id, 'paused');
    const paused = await waitOn(a, `/v1/collections/${collectionId}`, (c) => c.status === 'paused');
    assert.equal(paused.pause_reason, 'mandate_paused');

    a.rzp.control.resumeMandate(token);
    await mandateIs(a, mandate.id, 'active');
    await waitOn(a, `/v1/collections/${collectionId}`, (c) => c.status === 'active');

    a.rzp.control.revokeMandate(token);
    const revoked = await mandateIs(a, mandate.id, 'revoked');
    assert.ok(revoked.revoked_at);
    const cancelled = await waitOn(a, `/v1/collections/${collectionId}`, (c) => c.status === 'cancelled');
    assert.equal(cancelled.cancel_reason, 'mandate_revoked');
    assert.deepEqual((await eventsOf(a, mandate.id, 'mandate.')).map((e) => e.type), ['mandate.active', 'mandate.paused', 'mandate.resumed', 'mandate.revoked']);
  });

  test("the business revokes: revoked at once, and the provider's token is cancelled", async () => {
    const a = await live();
    const mandate = await activeMandate(a);
    const revoked = await http.post(`/v1/mandates/${mandate.id}/revoke`, { key: a.liveKey, headers: HTTPS });
    assert.equal(revoked.status, 200, revoked.text);
    assert.equal(revoked.body.status, 'revoked');
    for (let i = 0; i < 100; i++) {
      if (a.rzp.control.token(mandate.provider_reference).token.recurring_details?.status === 'cancelled') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(a.rzp.control.token(mandate.provider_reference).token.recurring_details?.status, 'cancelled');
    // The customer's app cannot move it back: the token's later events change nothing here.
    await a.rzp.control.webhooksIdle();
    assert.equal((await get(a, `/v1/mandates/${mandate.id}`)).body.status, 'revoked');
    const helper = await http.post(`/v1/test_helpers/mandates/${mandate.id}/pause`, { key: a.liveKey, headers: HTTPS });
    assertApiError(helper, 403, 'sandbox_only');
  });
});

describe('live collections', () => {
  test("the source call live (customer_id, amount, schedule): the collection's mandate is registered at the provider; approved in the UPI app, the collection is active and its first debit captured", async () => {
    const a = await live();
    const res = await postCollection(a, { customer_id: a.customerId, amount: 20_000, schedule: 'monthly', customer_ip: '203.0.113.9', user_agent: 'Mozilla/5.0 (test)' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'created');
    assert.equal(res.body.mode, 'live');
    const mandate = (await get(a, `/v1/mandates/${res.body.mandate_id}`)).body;
    assert.equal(res.body.authorization_url, mandate.authorization_url);
    const { order } = await registrationOf(a, mandate.id);
    const registered = a.rzp.control.tokens().find((t) => t.orderId === order.id);
    assert.equal(registered?.token.max_amount, 20_000);
    assert.equal(registered?.frequency, 'monthly');
    a.rzp.control.approveMandate(order.id, { vpa: 'meera@okicici' });
    const active = await waitOn(a, `/v1/collections/${res.body.id}`, (c) => c.status === 'active');
    assert.equal(active.authorization_url, null);
    const paid = await waitOn(a, `/v1/collections/${res.body.id}`, (c) => c.paid_count === 1, 60_000);
    assert.equal(paid.status, 'active');
    assert.deepEqual((await eventsOf(a, res.body.id, 'collection.')).map((e) => e.type).slice(0, 3), ['collection.activated', 'collection.upcoming', 'collection.charged']);
  });

  test('a live collection cancelled before its mandate is approved withdraws the mandate: revoked here', async () => {
    const a = await live();
    const res = await postCollection(a, { customer_id: a.customerId, amount: 20_000, schedule: 'monthly' });
    assert.equal(res.status, 200, res.text);
    await registrationOf(a, res.body.mandate_id);
    const cancelled = await http.post(`/v1/collections/${res.body.id}/cancel`, { key: a.liveKey, headers: HTTPS });
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal(cancelled.body.status, 'cancelled');
    await mandateIs(a, res.body.mandate_id, 'revoked');
  });

  test('a debit due while the connection is disabled uses no attempt: paused (connection_disabled); resumed once it is enabled, it is made', async () => {
    const a = await live();
    const mandate = await activeMandate(a);
    // Its notice falls due a few seconds from now, once the connection is disabled.
    const created = await postCollection(a, { mandate_id: mandate.id, amount: 20_000, schedule: 'monthly', start_at: Math.floor(Date.now() / 1000) + NOTICE_S + 4 });
    assert.equal(created.status, 200, created.text);
    assert.ok(await disableConnection(service.stack.orm.em.fork(), a.connectionId));
    const paused = await waitOn(a, `/v1/collections/${created.body.id}`, (c) => c.status === 'paused', 60_000);
    assert.equal(paused.pause_reason, 'connection_disabled');
    assert.equal(paused.failed_count, 0, 'no attempt used');
    assert.equal((await get(a, `/v1/payments?collection_id=${created.body.id}`)).body.data.length, 0);
    assert.equal(a.rzp.control.recurringDebits().length, 0, 'nothing at the provider');
    assert.deepEqual((await eventsOf(a, created.body.id, 'collection.')).map((e) => e.type), ['collection.paused']);

    // The connection enabled again (as `payctl connections enable` does), the business resumes: the debit is made.
    await service.sql(`update connections set status = 'active' where id = ?`, [a.connectionId]);
    const resumed = await http.post(`/v1/collections/${created.body.id}/resume`, { key: a.liveKey, headers: HTTPS });
    assert.equal(resumed.status, 200, resumed.text);
    const charged = await waitOn(a, `/v1/collections/${created.body.id}`, (c) => c.paid_count === 1, 60_000);
    assert.deepEqual([charged.status, charged.failed_count, charged.current_cycle], ['active', 0, 2]);
  });

  test('a debit the provider refuses as a set-up error (saved UPI tokens not enabled) uses no attempt: paused (provider_unavailable); resumed once enabled, it is made in its cycle', async () => {
    const a = await live();
    const mandate = await activeMandate(a);
    a.rzp.control.setFeature('upi_tokens', false);
    const created = await postCollection(a, { mandate_id: mandate.id, amount: 20_000, schedule: 'monthly' });
    assert.equal(created.status, 200, created.text);
    const paused = await waitOn(a, `/v1/collections/${created.body.id}`, (c) => c.status === 'paused', 60_000);
    assert.deepEqual([paused.pause_reason, paused.failed_count, paused.paid_count, paused.current_cycle], ['provider_unavailable', 0, 0, 1], 'no attempt used');
    const [payment] = (await get(a, `/v1/payments?collection_id=${created.body.id}`)).body.data;
    assert.deepEqual([payment.status, payment.failure_code], ['failed', 'provider_unavailable']);
    assert.deepEqual((await eventsOf(a, created.body.id, 'collection.')).map((e) => e.type), ['collection.upcoming', 'collection.paused']);
    const attention = async () => (await service.sql(`select attention from connections where id = ?`, [a.connectionId]))[0].attention ?? {};
    assert.ok((await attention()).recurring, 'the connection needs attention for recurring debits');

    // The provider enables the feature; the business resumes: the same cycle's debit is made (announced again).
    a.rzp.control.setFeature('upi_tokens', true);
    const resumed = await http.post(`/v1/collections/${created.body.id}/resume`, { key: a.liveKey, headers: HTTPS });
    assert.equal(resumed.status, 200, resumed.text);
    const charged = await waitOn(a, `/v1/collections/${created.body.id}`, (c) => c.paid_count === 1, 60_000);
    assert.deepEqual([charged.status, charged.failed_count, charged.current_cycle], ['active', 0, 2]);
    assert.equal((await attention()).recurring, undefined, 'a debit that went through clears it');
  });

  test("a live collection the provider could not debit (below its 100 paise minimum) is refused at creation and makes nothing", async () => {
    const a = await live();
    const mandate = await activeMandate(a);
    const res = await postCollection(a, { mandate_id: mandate.id, amount: 99, schedule: 'monthly' });
    assertApiError(res, 400, 'invalid_request', 'amount');
    assert.equal((await get(a, `/v1/collections?mandate_id=${mandate.id}`)).body.data.length, 0);
  });

  test('each debit is announced at the provider (payment_after = debit_at) before collection.upcoming is out, made with the token no sooner, and captured', async () => {
    const a = await live();
    const mandate = await activeMandate(a);
    const created = await postCollection(a, { mandate_id: mandate.id, amount: 25_000, schedule: 'monthly' });
    assert.equal(created.status, 200, created.text);
    const collectionId = created.body.id;

    const charged = await waitOn(a, `/v1/collections/${collectionId}`, (c) => c.paid_count === 1, 60_000);
    assert.equal(charged.status, 'active');
    const [upcoming] = await eventsOf(a, collectionId, 'collection.upcoming');
    assert.ok(upcoming, 'collection.upcoming was sent');
    const payments = (await get(a, `/v1/payments?collection_id=${collectionId}`)).body.data;
    assert.equal(payments.length, 1);
    const [payment] = payments;
    assert.equal(payment.status, 'captured');
    assert.equal(payment.amount, 25_000);

    const debits = a.rzp.control.recurringDebits();
    assert.equal(debits.length, 1, 'one debit at the provider');
    const [debit] = debits;
    const order = a.rzp.control.orders().find((o) => o.id === debit.orderId)!;
    assert.equal(order.receipt, payment.id, "the notice's order is under the debit's payment id");
    assert.equal(debit.tokenId, mandate.provider_reference);
    assert.equal(debit.amount, 25_000);
    assert.equal(debit.paymentAfter, upcoming.data.debit_at, 'payment_after is the announced debit_at');
    assert.ok(upcoming.data.debit_at >= upcoming.created_at + NOTICE_S, 'the notice period');
    assert.ok(debit.debitedAt !== null && debit.debitedAt >= upcoming.data.debit_at, 'debited no sooner than announced');
    assert.ok(debit.notifiedAt <= upcoming.created_at + 1, "the provider's notice went out with collection.upcoming");
    assert.deepEqual((await eventsOf(a, collectionId, 'collection.')).map((e) => e.type), ['collection.upcoming', 'collection.charged']);

    // In the ledger as any live payment: the amount into pending, the provider's fee its own transaction.
    const fee = a.rzp.control.payment(debit.paymentId).fee!;
    assert.ok(fee > 0);
    const txns = await waitOn(a, `/v1/balance_transactions?source_id=${payment.id}`, (l) => l.data.length === 2);
    const byType = Object.fromEntries(txns.data.map((t: any) => [t.type, t]));
    assert.equal(byType.payment.amount, 25_000);
    assert.equal(byType.fee.amount, -fee);
    assert.equal(Number((await get(a, '/v1/balance')).body.pending), 25_000 - fee);
    await assertLedgerBalanced(service, a.accountId);
  });

  test("the answers to a debit's notice order and to the debit itself are lost (the provider made both): one notice, one debit at the provider, one captured payment, no attempt used", async () => {
    const a = await live();
    const mandate = await activeMandate(a);
    a.rzp.control.failNext({ path: '/v1/orders', method: 'POST', when: 'after', status: 502 });
    a.rzp.control.failNext({ path: '/v1/payments/create/recurring', method: 'POST', when: 'after', status: 504 });
    const created = await postCollection(a, { mandate_id: mandate.id, amount: 20_000, schedule: 'monthly' });
    assert.equal(created.status, 200, created.text);
    const collectionId = created.body.id;
    const charged = await waitOn(a, `/v1/collections/${collectionId}`, (c) => c.paid_count === 1, 90_000);
    assert.equal(charged.failed_count, 0);
    const payments = (await get(a, `/v1/payments?collection_id=${collectionId}`)).body.data;
    assert.deepEqual(payments.map((p: any) => [p.status, p.amount]), [['captured', 20_000]]);
    const answered = (path: string) => a.rzp.control.requests({ method: 'POST', path }).map((r) => r.status);
    assert.equal(answered('/v1/orders').filter((s) => s === 502).length, 1, "the notice order's answer was lost");
    assert.deepEqual(answered('/v1/payments/create/recurring').slice(0, 1), [504], "the debit's answer was lost");
    const debits = a.rzp.control.recurringDebits();
    assert.equal(debits.length, 1, 'one debit at the provider');
    assert.equal(a.rzp.control.orders().filter((o) => o.receipt === payments[0].id).length, 1, 'one notice order');
    assert.equal(a.rzp.control.payment(debits[0]!.paymentId).status, 'captured');
  });

  test('a debit the provider fails: the attempt fails, and the retry is announced again (a new notice) and captured', async () => {
    const a = await live();
    const mandate = await activeMandate(a);
    a.rzp.control.failNextRecurringDebit({ reason: 'insufficient_funds', description: 'Insufficient balance in the customer account' });
    const created = await postCollection(a, { mandate_id: mandate.id, amount: 15_000, schedule: 'monthly' });
    assert.equal(created.status, 200, created.text);
    const collectionId = created.body.id;
    const charged = await waitOn(a, `/v1/collections/${collectionId}`, (c) => c.paid_count === 1, 90_000);
    assert.equal(charged.failed_count, 1);
    const payments = (await get(a, `/v1/payments?collection_id=${collectionId}`)).body.data;
    assert.deepEqual(payments.map((p: any) => p.status).sort(), ['captured', 'failed']);
    const debits = a.rzp.control.recurringDebits();
    assert.equal(debits.length, 2);
    assert.notEqual(debits[0]!.orderId, debits[1]!.orderId, 'each attempt has its own notice');
    const upcoming = await eventsOf(a, collectionId, 'collection.upcoming');
    assert.equal(upcoming.length, 2, 'the retry was announced again');
    assert.deepEqual(
      debits.map((d) => d.paymentAfter).sort(),
      upcoming.map((e) => e.data.debit_at).sort(),
    );
  });
});

test("a debit the provider takes its time over stays pending past the customer's payment window, and is captured when the bank answers", async () => {
  const a = await live();
  a.rzp.control.holdRecurringDebits(true);
  const mandate = await activeMandate(a);
  const created = await postCollection(a, { mandate_id: mandate.id, amount: 30_000, schedule: 'monthly' });
  assert.equal(created.status, 200, created.text);
  const collectionId = created.body.id;
  for (let i = 0; i < 300 && a.rzp.control.recurringDebits().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
  const [requested] = a.rzp.control.recurringDebits();
  assert.ok(requested, 'the debit was asked of the provider');
  await new Promise((r) => setTimeout(r, (CUSTOMER_WINDOW_S + 4) * 1000));
  const [pending] = (await get(a, `/v1/payments?collection_id=${collectionId}`)).body.data;
  assert.equal(pending.status, 'pending', 'not failed at the customer payment window');

  a.rzp.control.runDueDebits();
  const charged = await waitOn(a, `/v1/collections/${collectionId}`, (c) => c.paid_count === 1, 30_000);
  assert.equal(charged.failed_count, 0);
  const [payment] = (await get(a, `/v1/payments?collection_id=${collectionId}`)).body.data;
  assert.equal(payment.status, 'captured');
  assert.equal(payment.amount_refunded, 0, 'no late-authorization refund');
});

async function waitForPage(url: string, ready: (html: string) => boolean): Promise<string> {
  let html = '';
  for (let i = 0; i < 150; i++) {
    html = await (await fetch(url)).text();
    if (ready(html)) return html;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.fail(`the page never became ready:\n${html}`);
}
