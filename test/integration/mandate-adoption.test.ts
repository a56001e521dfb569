// Mandates the collection-mandates migration wrote straight to the database (one per existing sandbox collection,
// idempotency key `§migration:<collection id>`) had no workflow: nothing expired them at expire_at, and a pause or
// revoke found no one to move them. A worker that starts gives each open one its workflow, as if it had run: the
// customer's pause reaches it, and it expires by itself. Rows are written as the migration writes them (the API
// cannot make such a mandate); everything after goes through the real API of a service started afterwards.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { newId } from '../../src/domain/ids.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let first: TestService;
let second: TestService | undefined;

before(async () => {
  first = await startTestService();
});
after(async () => {
  await second?.stop();
  await first?.stop();
});

/** A mandate as the migration wrote it for a collection: active since creation, no workflow. */
async function migratedMandate(service: TestService, accountId: string, customerId: string, expireInS: number): Promise<string> {
  const id = newId('mandate');
  await service.sql(
    `insert into mandates (id, account_id, mode, customer_id, vpa, max_amount, frequency, start_at, expire_at, status,
       authorization_url, authorization_expires_at, description, metadata, idempotency_key, created_at, activated_at, state_version)
     values (?, ?, 'sandbox', ?, 'asha@okhdfc', 50000, 'monthly', now() - interval '1 day', now() + make_interval(secs => ?), 'active',
       '/mandates/' || ? || '/authorize', now() - interval '1 day', 'Given to a collection when collections began to need a mandate',
       '{}', ?, now(), now(), 0)`,
    [id, accountId, customerId, expireInS, id, `\u00a7migration:col_${randomUUID()}`],
  );
  return id;
}

async function waitForStatus(http: Http, key: string, id: string, status: string, timeoutMs: number): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await http.get(`/v1/mandates/${id}`, { key });
    if (res.body?.status === status) return res.body;
    if (Date.now() > deadline) assert.fail(`mandate ${id} is ${res.body?.status}, not ${status}, after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('a worker that starts gives each open migrated mandate its workflow: the customer pauses one, another expires by itself', async () => {
  const { accountId, sandboxKey: key } = await first.newAccount();
  const customer = await createHttp(first.url).post('/v1/customers', { key, json: { name: 'Asha Rao', email: 'asha@example.com', phone: '+919812345678', vpa: 'asha@okhdfc' } });
  assert.equal(customer.status, 200, customer.text);
  const lasting = await migratedMandate(first, accountId, customer.body.id, 3_600);
  const expiring = await migratedMandate(first, accountId, customer.body.id, 20);

  second = await startTestService();
  const http = createHttp(second.url);
  const paused = await http.post(`/v1/test_helpers/mandates/${lasting}/pause`, { key });
  assert.equal(paused.status, 200, paused.text);
  assert.equal(paused.body.status, 'paused');
  const resumed = await http.post(`/v1/test_helpers/mandates/${lasting}/resume`, { key });
  assert.equal(resumed.status, 200, resumed.text);
  assert.equal(resumed.body.status, 'active');

  const expired = await waitForStatus(http, key, expiring, 'expired', 60_000);
  assert.ok(expired.expired_at >= expired.expire_at, 'not before expire_at');
  const events = (await http.get('/v1/events?limit=100', { key })).body.data.filter((e: any) => e.type.startsWith('mandate.'));
  assert.deepEqual(
    events.map((e: any) => [e.type, e.data.object.id]).reverse(),
    [
      ['mandate.paused', lasting],
      ['mandate.resumed', lasting],
      ['mandate.expired', expiring],
    ],
  );
});
