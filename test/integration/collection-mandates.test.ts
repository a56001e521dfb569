// Collections on mandates through the real API, worker, Temporal and PostgreSQL (docs/api.md, Mandates; issue #38): a
// collection is refused without an active mandate, above its max_amount, above ₹15,000, with a schedule that does
// not fit, outside its validity; the customer's pause, resume and revoke (test helpers) and the business's revoke
// reach its collections with their events; the business cannot resume a collection while the mandate is paused;
// a mandate's expiry ends its collections (collection-timers.test.ts, where the notice period is short).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../helpers/api-assert.ts';
import { activeMandate, collectionAction, collectionEventTypes, waitForCollection } from '../helpers/collections.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { createCustomer, waitFor } from '../helpers/payments.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService({});
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

const now = () => Math.floor(Date.now() / 1000);
/** A start an hour ahead: nothing charges while a test runs. */
const later = () => now() + 3_600;

function post(key: string, body: Record<string, unknown>) {
  return http.post('/v1/collections', { key, json: { amount: 49_900, schedule: 'monthly', start_at: later(), ...body }, idempotencyKey: `coll-${randomUUID()}` });
}

async function collectionOn(key: string, mandateId: string, body: Record<string, unknown> = {}): Promise<any> {
  const res = await post(key, { mandate_id: mandateId, ...body });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

describe('a collection charges through an active mandate only, within its terms', () => {
  test('an unknown mandate_id is 404; a mandate not yet approved is 409 invalid_state (without mandate_id: collection-source-call.test.ts)', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const customer = await createCustomer(http, key);
    assertApiError(await post(key, { mandate_id: 'mdt_01JD3Y8X4W0000000000000000' }), 404, 'not_found', 'mandate_id');
    const created = await http.post('/v1/mandates', { key, json: { customer_id: customer, max_amount: 100_000, frequency: 'monthly' }, idempotencyKey: randomUUID() });
    assert.equal(created.status, 200, created.text);
    assertApiError(await post(key, { mandate_id: created.body.id }), 409, 'invalid_state', 'mandate_id');
  });

  test('a paused, revoked or expired mandate is refused with 409', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const paused = await activeMandate(http, key);
    assert.equal((await http.post(`/v1/test_helpers/mandates/${paused.id}/pause`, { key })).status, 200);
    assertApiError(await post(key, { mandate_id: paused.id }), 409, 'invalid_state', 'mandate_id');
    const revoked = await activeMandate(http, key);
    assert.equal((await http.post(`/v1/mandates/${revoked.id}/revoke`, { key })).status, 200);
    assertApiError(await post(key, { mandate_id: revoked.id }), 409, 'invalid_state', 'mandate_id');
  });

  test("above max_amount, above ₹15,000, a schedule that does not fit, another customer's mandate, a start after expire_at: 400 naming the param", async () => {
    const { sandboxKey: key } = await service.newAccount();
    const monthly = await activeMandate(http, key, undefined, { max_amount: 100_000, frequency: 'monthly', expire_at: now() + 30 * 86_400 });
    assertApiError(await post(key, { mandate_id: monthly.id, amount: 100_001 }), 400, 'invalid_request', 'amount');
    assertApiError(await post(key, { mandate_id: monthly.id, schedule: 'weekly' }), 400, 'invalid_request', 'schedule');
    assertApiError(await post(key, { mandate_id: monthly.id, customer_id: await createCustomer(http, key) }), 400, 'invalid_request', 'mandate_id');
    assertApiError(await post(key, { mandate_id: monthly.id, start_at: now() + 31 * 86_400 }), 400, 'invalid_request', 'start_at');
    // Exactly its max_amount, its own customer named, and its own frequency are fine.
    const ok = await collectionOn(key, monthly.id, { amount: 100_000, customer_id: monthly.customer_id });
    assert.equal(ok.mandate_id, monthly.id);
    assert.equal(ok.customer_id, monthly.customer_id, 'the mandate names the customer');
    assert.equal(ok.status, 'active');

    const large = await activeMandate(http, key, undefined, { max_amount: 5_000_000 });
    assertApiError(await post(key, { mandate_id: large.id, amount: 1_500_001 }), 400, 'invalid_request', 'amount');
    const exact = await collectionOn(key, large.id, { amount: 1_500_000 });
    assert.equal(exact.amount, 1_500_000, '₹15,000 exactly is allowed');
    // as_presented fits every schedule (one open collection at a time on a mandate: each is cancelled before the next).
    assert.equal((await collectionAction(http, key, exact.id, 'cancel')).status, 200);
    for (const schedule of ['weekly', 'monthly', 'yearly']) {
      const c = await collectionOn(key, large.id, { schedule });
      assert.equal(c.schedule, schedule);
      assert.equal((await collectionAction(http, key, c.id, 'cancel')).status, 200);
    }
  });
});

describe("a mandate's moves reach its collections", () => {
  test("the customer's pause pauses them (mandate_paused), the business cannot resume them meanwhile (409), the mandate's resume resumes them", async () => {
    const { sandboxKey: key } = await service.newAccount();
    const mandate = await activeMandate(http, key);
    const ownMandate = await activeMandate(http, key);
    const first = await collectionOn(key, mandate.id);
    const second = await collectionOn(key, (await activeMandate(http, key)).id, { schedule: 'weekly' });
    // A collection the business paused itself stays paused when the mandate resumes.
    const ownPause = await collectionOn(key, ownMandate.id);
    assert.equal((await collectionAction(http, key, ownPause.id, 'pause')).status, 200);

    const moveMandates = async (action: 'pause' | 'resume') => {
      for (const m of [mandate.id, second.mandate_id, ownMandate.id]) assert.equal((await http.post(`/v1/test_helpers/mandates/${m}/${action}`, { key })).status, 200);
    };
    await moveMandates('pause');
    for (const c of [first, second]) {
      const paused = await waitForCollection(http, key, c.id, (x) => x.status === 'paused');
      assert.equal(paused.pause_reason, 'mandate_paused');
      assert.equal(paused.next_charge_at, null);
    }
    assertApiError(await collectionAction(http, key, first.id, 'resume'), 409, 'invalid_state');
    assertApiError(await collectionAction(http, key, ownPause.id, 'resume'), 409, 'invalid_state');

    await moveMandates('resume');
    for (const c of [first, second]) {
      const resumed = await waitForCollection(http, key, c.id, (x) => x.status === 'active');
      assert.equal(resumed.pause_reason, null);
      assert.ok(resumed.next_charge_at !== null);
      assert.deepEqual(await collectionEventTypes(http, key, c.id), ['collection.paused', 'collection.resumed']);
    }
    const own = (await http.get(`/v1/collections/${ownPause.id}`, { key })).body;
    assert.equal(own.status, 'paused', "the business's own pause is not the mandate's to lift");
    assert.equal(own.pause_reason, null);
    // With the mandate active again, the business resumes its own.
    assert.equal((await collectionAction(http, key, ownPause.id, 'resume')).status, 200);
  });

  test("the customer's revoke cancels them (mandate_revoked) with collection.cancelled", async () => {
    const { sandboxKey: key } = await service.newAccount();
    const active = await collectionOn(key, (await activeMandate(http, key)).id);
    const paused = await collectionOn(key, (await activeMandate(http, key)).id);
    assert.equal((await collectionAction(http, key, paused.id, 'pause')).status, 200);
    for (const c of [active, paused]) assert.equal((await http.post(`/v1/test_helpers/mandates/${c.mandate_id}/revoke`, { key })).status, 200);
    for (const c of [active, paused]) {
      const cancelled = await waitForCollection(http, key, c.id, (x) => x.status === 'cancelled');
      assert.equal(cancelled.cancel_reason, 'mandate_revoked');
      assert.equal((await collectionEventTypes(http, key, c.id)).at(-1), 'collection.cancelled');
    }
    assertApiError(await collectionAction(http, key, active.id, 'resume'), 409, 'invalid_state');
  });

  test("the business's revoke (POST /v1/mandates/:id/revoke) cancels them too", async () => {
    const { sandboxKey: key } = await service.newAccount();
    const mandate = await activeMandate(http, key);
    const c = await collectionOn(key, mandate.id);
    assert.equal((await http.post(`/v1/mandates/${mandate.id}/revoke`, { key })).status, 200);
    const cancelled = await waitForCollection(http, key, c.id, (x) => x.status === 'cancelled');
    assert.equal(cancelled.cancel_reason, 'mandate_revoked');
    assert.deepEqual(await collectionEventTypes(http, key, c.id), ['collection.cancelled']);
  });

  test('a cancelled collection stays cancelled: the business cancels, then the mandate is revoked', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const mandate = await activeMandate(http, key);
    const c = await collectionOn(key, mandate.id);
    assert.equal((await collectionAction(http, key, c.id, 'cancel')).status, 200);
    assert.equal((await http.post(`/v1/mandates/${mandate.id}/revoke`, { key })).status, 200);
    await waitFor(http, key, `/v1/mandates/${mandate.id}`, (m) => m.status === 'revoked');
    const after = (await http.get(`/v1/collections/${c.id}`, { key })).body;
    assert.equal(after.status, 'cancelled');
    assert.equal(after.cancel_reason, null, 'cancelled by the business');
  });
});
