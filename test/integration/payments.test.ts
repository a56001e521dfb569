// Payments through the real API, worker, Temporal and PostgreSQL: the sandbox's magic values, form and
// JSON bodies, validation, idempotency, reads, events and the ledger.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { paymentWorkflowId } from '../../src/domain/workflow-ids.ts';
import { allBalanceTransactions, amountsOf, assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { connectAccount } from '../helpers/connections.ts';
import { assertLedgerBalanced, createCustomer, createPayment, eventTypesOf, waitFor } from '../helpers/payments.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

// The sync wait is shortened so slow@upi answers `pending` quickly, and stays generous next to the
// few activities a capture takes on a busy machine.
const SYNC_WAIT_MS = 3000;
const SLOW_MS = 6000;

let service: TestService;
let http: Http;

before(async () => {
  // TRUST_PROXY lets live keys in through `X-Forwarded-Proto: https`, as behind a TLS proxy.
  service = await startTestService({ PAYMENT_SYNC_WAIT_MS: String(SYNC_WAIT_MS), SANDBOX_SLOW_DELAY_MS: String(SLOW_MS), TRUST_PROXY: 'true' });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

async function paymentRows(accountId: string): Promise<number> {
  const rows = await service.stack.orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from payments where account_id = ?`, [accountId]);
  return Number(rows[0].n);
}

describe('sandbox magic values, end to end', () => {
  test('success@upi is captured in the answer; the money enters pending with a payment balance transaction and payment.captured', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const res = await createPayment(http, sandboxKey, { amount: 25_000, receipt: 'order-42', vpa: 'success@upi', metadata: { order: '42' } });
    assert.equal(res.status, 200, res.text);
    const p = res.body;
    assert.match(p.id, /^pay_[0-9A-Z]{26}$/);
    assert.equal(p.object, 'payment');
    assert.equal(p.mode, 'sandbox');
    assert.equal(p.status, 'captured');
    assert.equal(p.amount, 25_000);
    assert.equal(p.currency, 'INR');
    assert.equal(p.method, 'upi');
    assert.equal(p.vpa, 'success@upi');
    assert.equal(p.bank, null);
    assert.equal(p.receipt, 'order-42');
    assert.equal(p.amount_refunded, 0);
    assert.equal(p.failure_code, null);
    assert.equal(p.failure_message, null);
    assert.equal(p.settlement_id, null);
    assert.deepEqual(p.metadata, { order: '42' });
    assert.equal(typeof p.captured_at, 'number');
    assert.equal(typeof p.created_at, 'number');
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 0, pending: 25_000, reserved: 0 });
    const txns = await allBalanceTransactions(http, sandboxKey, `source_id=${p.id}`);
    assert.deepEqual(
      txns.map((t) => [t.type, t.amount]),
      [['payment', 25_000]],
    );
    assert.deepEqual(await eventTypesOf(http, sandboxKey, p.id), ['payment.captured']);
    const event = (await http.get('/v1/events?type=payment.captured', { key: sandboxKey })).body.data[0];
    assert.deepEqual(event.data.object, p);
    assert.deepEqual((await http.get(`/v1/payments/${p.id}`, { key: sandboxKey })).body, p);
    await assertLedgerBalanced(service, accountId);
  });

  test('failure@upi fails with payment_declined, moves no money and emits payment.failed', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const res = await createPayment(http, sandboxKey, { vpa: 'failure@upi' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'failed');
    assert.equal(res.body.failure_code, 'payment_declined');
    assert.ok(res.body.failure_message);
    assert.equal(res.body.captured_at, null);
    assert.equal(typeof res.body.failed_at, 'number');
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 0, pending: 0, reserved: 0 });
    assert.deepEqual(await allBalanceTransactions(http, sandboxKey), []);
    assert.deepEqual(await eventTypesOf(http, sandboxKey, res.body.id), ['payment.failed']);
    const failed = (await http.get('/v1/events?type=payment.failed', { key: sandboxKey })).body.data;
    assert.equal(failed.length, 1);
    assert.equal(failed[0].data.object.failure_code, 'payment_declined');
    await assertLedgerBalanced(service, accountId);
  });

  test('slow@upi answers pending after the sync wait, then is captured with payment.captured', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const started = Date.now();
    const res = await createPayment(http, sandboxKey, { amount: 7_000, vpa: 'slow@upi' });
    const took = Date.now() - started;
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'pending');
    assert.equal(res.body.captured_at, null);
    assert.ok(took >= SYNC_WAIT_MS - 200, `answered after ${took} ms, before the sync wait`);
    assert.ok(took < 10_000, `answered after ${took} ms`);
    assert.deepEqual(await eventTypesOf(http, sandboxKey, res.body.id), []);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 0, pending: 0, reserved: 0 });
    const captured = await waitFor(http, sandboxKey, `/v1/payments/${res.body.id}`, (p) => p.status !== 'pending');
    assert.equal(captured.status, 'captured');
    assert.ok(Date.now() - started >= SLOW_MS - 500);
    assert.deepEqual(await eventTypesOf(http, sandboxKey, res.body.id), ['payment.captured']);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 0, pending: 7_000, reserved: 0 });
    await assertLedgerBalanced(service, accountId);
  });

  test('reversal@upi and any other UPI ID are captured', async () => {
    const { sandboxKey } = await service.newAccount();
    for (const vpa of ['reversal@upi', 'someone.else@okbank']) {
      const res = await createPayment(http, sandboxKey, { vpa });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.status, 'captured', vpa);
    }
  });

  test('netbanking with a 4-letter bank code is captured; bank FAIL is declined', async () => {
    const { sandboxKey } = await service.newAccount();
    const ok = await createPayment(http, sandboxKey, { method: 'netbanking', vpa: undefined, bank: 'hdfc' });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.status, 'captured');
    assert.equal(ok.body.method, 'netbanking');
    assert.equal(ok.body.bank, 'HDFC');
    assert.equal(ok.body.vpa, null);
    const declined = await createPayment(http, sandboxKey, { method: 'netbanking', vpa: undefined, bank: 'FAIL' });
    assert.equal(declined.status, 200, declined.text);
    assert.equal(declined.body.status, 'failed');
    assert.equal(declined.body.failure_code, 'payment_declined');
  });
});

describe('request bodies', () => {
  test('form and JSON bodies give the same payment', async () => {
    const { sandboxKey } = await service.newAccount();
    const customerId = await createCustomer(http, sandboxKey);
    const form = await http.post('/v1/payments', {
      key: sandboxKey,
      form: { amount: '12345', currency: 'INR', receipt: 'rcpt-form', method: 'upi', vpa: 'success@upi', customer_id: customerId, description: 'Order', 'metadata[order]': '42' },
      idempotencyKey: `form-${randomUUID()}`,
    });
    const json = await http.post('/v1/payments', {
      key: sandboxKey,
      json: { amount: 12345, currency: 'INR', receipt: 'rcpt-form', method: 'upi', vpa: 'success@upi', customer_id: customerId, description: 'Order', metadata: { order: '42' } },
      idempotencyKey: `json-${randomUUID()}`,
    });
    assert.equal(form.status, 200, form.text);
    assert.equal(json.status, 200, json.text);
    const strip = ({ id, idempotency_key, created_at, captured_at, ...rest }: any) => rest;
    assert.deepEqual(strip(form.body), strip(json.body));
    assert.equal(form.body.status, 'captured');
    assert.equal(form.body.amount, 12345);
    assert.equal(form.body.customer_id, customerId);
    assert.deepEqual(form.body.metadata, { order: '42' });
  });

  test('bad input is 400 with param, an unknown method is invalid_method, and nothing is created', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const base = { amount: 100, currency: 'INR', receipt: 'r', method: 'upi', vpa: 'success@upi' };
    const post = (body: Record<string, unknown>) => http.post('/v1/payments', { key: sandboxKey, json: body });
    assertApiError(await post({ ...base, method: 'card' }), 400, 'invalid_method', 'method');
    assertApiError(await post({ ...base, vpa: undefined }), 400, 'invalid_request', 'vpa');
    assertApiError(await post({ ...base, vpa: 'not-a-vpa' }), 400, 'invalid_request', 'vpa');
    assertApiError(await post({ ...base, bank: 'HDFC' }), 400, 'invalid_request', 'bank');
    assertApiError(await post({ ...base, method: 'netbanking', vpa: undefined }), 400, 'invalid_request', 'bank');
    assertApiError(await post({ ...base, method: 'netbanking', vpa: undefined, bank: 'HDFC1' }), 400, 'invalid_request', 'bank');
    assertApiError(await post({ ...base, method: 'netbanking', bank: 'HDFC' }), 400, 'invalid_request', 'vpa');
    assertApiError(await post({ ...base, method: undefined }), 400, 'invalid_request', 'method');
    assertApiError(await post({ ...base, receipt: 'x'.repeat(41) }), 400, 'invalid_request', 'receipt');
    assertApiError(await post({ ...base, amount: '1.5' }), 400, 'invalid_request', 'amount');
    assertApiError(await post({ ...base, amount: 0 }), 400, 'invalid_request', 'amount');
    assertApiError(await post({ ...base, amount: undefined }), 400, 'invalid_request', 'amount');
    assertApiError(await post({ ...base, currency: 'USD' }), 400, 'invalid_request', 'currency');
    assertApiError(await post({ ...base, customer_id: 'bene_1' }), 400, 'invalid_request', 'customer_id');
    assertApiError(await post({ ...base, tip: '5' }), 400, 'invalid_request', 'tip');
    // A return_url is where a customer is sent: an absolute http(s) URL only, never control characters or a broken host.
    const netbanking = { ...base, method: 'netbanking', vpa: undefined, bank: 'HDFC' };
    for (const returnUrl of ['https://\u000f\u00a9h', 'https://a[b', 'javascript:alert(1)', 'https://', 'shop.example/back']) {
      assertApiError(await post({ ...netbanking, return_url: returnUrl }), 400, 'invalid_request', 'return_url');
    }
    assertApiError(await post({ ...base, metadata: { ['k'.repeat(41)]: 'v' } }), 400, 'invalid_request');
    assert.equal(await paymentRows(accountId), 0);
  });

  test('a customer_id that is unknown, of another account or of the other mode is 404 naming customer_id; nothing is created and the key stays free', async () => {
    const { accountId, sandboxKey, liveKey } = await service.newAccount({ live: true });
    const stranger = await service.newAccount();
    const strangersCustomer = await createCustomer(http, stranger.sandboxKey);
    const liveCustomer = await createCustomer(http, liveKey!, null, { 'x-forwarded-proto': 'https' });
    for (const customerId of ['cust_01JD3Y8X4W0000000000000000', strangersCustomer, liveCustomer]) {
      assertApiError(await createPayment(http, sandboxKey, { customer_id: customerId }, 'pay-with-customer'), 404, 'not_found', 'customer_id');
    }
    assert.equal(await paymentRows(accountId), 0);
    assert.equal(await paymentRows(stranger.accountId), 0);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 0, pending: 0, reserved: 0 });

    // The refusal bound nothing: the same key works once the caller names its own customer.
    const ownCustomer = await createCustomer(http, sandboxKey);
    const res = await createPayment(http, sandboxKey, { customer_id: ownCustomer }, 'pay-with-customer');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.customer_id, ownCustomer);
    assert.equal(res.body.status, 'captured');
    assert.equal(await paymentRows(accountId), 1);
  });
});

describe('idempotency', () => {
  test('the same key twice is the same payment, replayed byte for byte, and its workflow is keyed by it', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const first = await createPayment(http, sandboxKey, { amount: 5_000 }, 'order-9/attempt');
    const second = await createPayment(http, sandboxKey, { amount: 5_000 }, 'order-9/attempt');
    assert.equal(first.status, 200, first.text);
    assert.equal(second.status, 200);
    assert.equal(second.text, first.text);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    assert.equal(first.body.idempotency_key, 'order-9/attempt');
    assertApiError(await createPayment(http, sandboxKey, { amount: 5_001 }, 'order-9/attempt'), 422, 'idempotency_key_reused');
    assert.equal(await paymentRows(accountId), 1);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 0, pending: 5_000, reserved: 0 });
    const description = await service.stack.temporal!.client.workflow.getHandle(paymentWorkflowId(accountId, 'sandbox', 'order-9/attempt')).describe();
    assert.equal(description.type, 'paymentWorkflow');
    assert.deepEqual(description.searchAttributes.AccountId, [accountId]);
    assert.deepEqual(description.searchAttributes.Mode, ['sandbox']);
    assert.deepEqual(description.searchAttributes.ResourceId, [first.body.id]);
  });
});

describe('Sandbox-Simulate', () => {
  test('webhook simulations of the request reach the events its payment emits later', async () => {
    const { sandboxKey } = await service.newAccount();
    const res = await http.post('/v1/payments', {
      key: sandboxKey,
      json: { amount: 100, method: 'upi', vpa: 'slow@upi' },
      headers: { 'sandbox-simulate': 'duplicate_webhooks' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'pending');
    await waitFor(http, sandboxKey, `/v1/payments/${res.body.id}`, (p) => p.status === 'captured');
    const rows = await service.stack.orm.em.fork().execute<{ type: string; sandbox_simulate: string[] }[]>(
      `select type, sandbox_simulate from events where data->'object'->>'id' = ?`,
      [res.body.id],
    );
    assert.deepEqual(rows, [{ type: 'payment.captured', sandbox_simulate: ['duplicate_webhooks'] }]);
  });
});

describe('reads', () => {
  test('get one and list with filters status, customer_id and receipt; other accounts and modes see 404', async () => {
    const { sandboxKey } = await service.newAccount({ live: true });
    const customerA = await createCustomer(http, sandboxKey);
    const customerB = await createCustomer(http, sandboxKey);
    const a = await createPayment(http, sandboxKey, { receipt: 'rcpt-a', customer_id: customerA });
    const b = await createPayment(http, sandboxKey, { receipt: 'rcpt-b', customer_id: customerB, vpa: 'failure@upi' });
    const c = await createPayment(http, sandboxKey, { receipt: 'rcpt-a', customer_id: customerB });
    for (const r of [a, b, c]) assert.equal(r.status, 200, r.text);
    const ids = async (query: string) => (await http.get(`/v1/payments${query}`, { key: sandboxKey })).body.data.map((p: any) => p.id);
    assert.deepEqual(await ids(''), [c.body.id, b.body.id, a.body.id]);
    assert.deepEqual(await ids('?status=failed'), [b.body.id]);
    assert.deepEqual(await ids('?status=captured'), [c.body.id, a.body.id]);
    assert.deepEqual(await ids(`?customer_id=${customerB}`), [c.body.id, b.body.id]);
    assert.deepEqual(await ids('?receipt=rcpt-a'), [c.body.id, a.body.id]);
    assert.deepEqual(await ids(`?receipt=rcpt-a&customer_id=${customerA}`), [a.body.id]);
    assert.deepEqual(await ids(`?limit=1&starting_after=${c.body.id}`), [b.body.id]);
    assertApiError(await http.get('/v1/payments?status=refunded', { key: sandboxKey }), 400, 'invalid_request', 'status');
    const other = await service.newAccount({ live: true });
    assertApiError(await http.get(`/v1/payments/${a.body.id}`, { key: other.sandboxKey }), 404, 'not_found');
    assert.deepEqual((await http.get('/v1/payments', { key: other.sandboxKey })).body.data, []);
  });

  test('a live payment on a connection is held to the provider\'s rules before anything starts: 400, nothing created, the key stays free', async () => {
    const { accountId, liveKey } = await service.newAccount({ live: true });
    // Without a connection: 403 connection_required (test/integration/live-connection.test.ts); paid through one:
    // test/integration/live-payments.test.ts.
    await connectAccount(service, accountId);
    const https = { 'x-forwarded-proto': 'https' };
    const idempotencyKey = `live-pay-${accountId}`;
    // The provider takes no order under 100 paise, and names the customer (email and phone) on every payment.
    for (const [body, param] of [[{ amount: 99, method: 'upi' }, 'amount'], [{ amount: 100, method: 'upi', vpa: 'success@upi' }, 'customer_id']] as const) {
      const res = await http.post('/v1/payments', { key: liveKey!, json: body, headers: https, idempotencyKey });
      assertApiError(res, 400, 'invalid_request', param);
      assert.equal(res.headers.get('idempotent-replayed'), null, 'a refusal binds no key');
    }
    assert.deepEqual((await http.get('/v1/payments', { key: liveKey!, headers: https })).body.data, []);
    assertApiError(await http.post('/v1/refunds', { key: liveKey!, json: { payment_id: 'pay_01M8G8XMX75WABDN4JXH0HRQYA' }, headers: https }), 404, 'not_found', 'payment_id');
  });
});
