// Shared steps of payment, refund and settlement tests: pay, wait for an object to reach a state, read
// events, and check the ledger's invariants straight from the database.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ApiResponse, Http } from './http.ts';
import type { TestService } from './service.ts';

/** A customer whose UPI mandate is `vpa` (none with null), through the API; returns its id. */
export async function createCustomer(http: Http, key: string, vpa: string | null = 'success@upi', headers?: Record<string, string>): Promise<string> {
  const res = await http.post('/v1/customers', {
    key,
    headers,
    json: { name: 'Meera Iyer', email: 'meera@example.com', phone: '+919812345678', ...(vpa ? { vpa } : {}) },
  });
  assert.equal(res.status, 200, res.text);
  return res.body.id;
}

export async function createPayment(http: Http, key: string, body: Record<string, unknown>, idempotencyKey = `pay-${randomUUID()}`): Promise<ApiResponse> {
  return http.post('/v1/payments', { key, json: { amount: 10_000, currency: 'INR', receipt: 'order-1', method: 'upi', vpa: 'success@upi', ...body }, idempotencyKey });
}

/** A captured payment of `amount` (success@upi); returns its id. */
export async function capturedPayment(http: Http, key: string, amount: number, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await createPayment(http, key, { amount, ...extra });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.status, 'captured', res.text);
  return res.body.id;
}

/** Polls GET `path` until `done(object)` holds; fails with the last object seen. */
export async function waitFor(http: Http, key: string, path: string, done: (object: any) => boolean, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    const res = await http.get(path, { key });
    assert.equal(res.status, 200, res.text);
    last = res.body;
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`${path} did not reach the expected state in ${timeoutMs} ms; last seen: ${JSON.stringify(last)}`);
}

/** Types of the events about one object, oldest first. */
export async function eventTypesOf(http: Http, key: string, objectId: string): Promise<string[]> {
  const res = await http.get('/v1/events?limit=100', { key });
  assert.equal(res.status, 200, res.text);
  return res.body.data
    .filter((e: any) => e.data.object.id === objectId)
    .map((e: any) => e.type)
    .reverse();
}

/** Every balance transaction's entries sum to zero, and no internal balance of the account is negative. */
export async function assertLedgerBalanced(service: TestService, accountId: string): Promise<void> {
  const em = service.stack.orm.em.fork();
  const unbalanced = await em.execute(
    `select t.id from balance_transactions t left join ledger_entries e on e.transaction_id = t.id
     where t.account_id = ? group by t.id having coalesce(sum(e.amount), 0) <> 0 or count(e.id) = 0`,
    [accountId],
  );
  assert.deepEqual(unbalanced, []);
  const negative = await em.execute(`select kind, balance from ledger_accounts where account_id = ? and internal and balance < 0`, [accountId]);
  assert.deepEqual(negative, []);
  // Each internal balance is exactly the sum of its entries.
  const drift = await em.execute(
    `select la.kind from ledger_accounts la left join ledger_entries e on e.ledger_account_id = la.id
     where la.account_id = ? group by la.id having la.balance <> coalesce(sum(e.amount), 0)`,
    [accountId],
  );
  assert.deepEqual(drift, []);
}
