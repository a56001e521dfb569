// Collections left to their own timers: with COLLECTION_INTERVAL_MS standing in for a month and retry gaps of
// a fraction of a second, whole lifecycles play out in seconds with nobody calling advance. Durable timers
// fire the charges, a failing mandate is retried and halted, a pause skips the cycles it covers, and a
// cancel stops everything after it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { amountsOf } from '../helpers/api-assert.ts';
import { activeMandate, chargesOf, collectionAction, collectionEventTypes, createCollection, mandateDebiting, waitForCollection } from '../helpers/collections.ts';
import { waitFor } from '../helpers/payments.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { connectAccount } from '../helpers/connections.ts';
import { assertLedgerBalanced, createCustomer } from '../helpers/payments.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const INTERVAL_MS = 4000;
const RETRY_MS = 400;

let service: TestService;
let http: Http;

before(async () => {
  // TRUST_PROXY lets live keys in through `X-Forwarded-Proto: https`, as behind a TLS proxy.
  service = await startTestService({ COLLECTION_INTERVAL_MS: String(INTERVAL_MS), COLLECTION_NOTICE_SECONDS: '1', UPI_AUTOPAY_WINDOWS: '00:00-24:00', COLLECTION_RETRY_DELAYS_MS: `${RETRY_MS},${RETRY_MS},${RETRY_MS}`, TRUST_PROXY: 'true' });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cycleOf = (payment: any): number => Number(/:cycle:(\d+):/.exec(payment.idempotency_key)![1]);

test('total_count 3 charges on its own timers, one interval apart, and ends completed with three payments', async () => {
  const { accountId, sandboxKey: key } = await service.newAccount();
  const customer = await createCustomer(http, key);
  const created = await createCollection(http, key, { customer_id: customer, amount: 2_000, total_count: 3 });
  const done = await waitForCollection(http, key, created.id, (c) => c.status === 'completed', 4 * INTERVAL_MS + 20_000);
  assert.equal(done.paid_count, 3);
  assert.equal(done.failed_count, 0);
  assert.equal(done.next_charge_at, null);

  const charges = await chargesOf(http, key, created.id);
  assert.deepEqual(charges.map(cycleOf), [1, 2, 3]);
  assert.ok(charges.every((p) => p.status === 'captured'));
  // Each cycle waited for its due date: start, start + 1 interval, start + 2 intervals (created_at is in seconds).
  for (const [i, p] of charges.entries()) {
    assert.ok(p.created_at >= created.start_at + Math.floor((i * INTERVAL_MS) / 1000) - 1, `cycle ${i + 1} was charged early: ${p.created_at} vs start ${created.start_at}`);
  }
  assert.deepEqual(await collectionEventTypes(http, key, created.id), ['collection.charged', 'collection.charged', 'collection.charged', 'collection.completed']);
  // Every charge was announced first (collection.upcoming), its debit_at the notice period (1 s here) after the notice at the earliest.
  const events = (await http.get('/v1/events?limit=100', { key })).body.data.filter((e: any) => e.data.object.id === created.id).reverse();
  assert.deepEqual(
    events.map((e: any) => e.type),
    ['collection.upcoming', 'collection.charged', 'collection.upcoming', 'collection.charged', 'collection.upcoming', 'collection.charged', 'collection.completed'],
  );
  for (const [i, charge] of charges.entries()) {
    const notice = events[2 * i];
    assert.equal(notice.data.amount, 2_000);
    assert.ok(notice.data.debit_at >= notice.created_at + 1, 'debit_at the notice period after the notice');
    assert.ok(charge.created_at >= notice.data.debit_at - 1, `cycle ${i + 1} charged at ${charge.created_at}, announced for ${notice.data.debit_at}`);
  }
  assert.equal((await amountsOf(http, key)).pending, 6_000);
  await assertLedgerBalanced(service, accountId);
});

test('nofunds@upi is retried by the timers three times and then halted; nothing is charged after that', async () => {
  const { sandboxKey: key } = await service.newAccount();
  const customer = await createCustomer(http, key, 'nofunds@upi');
  const created = await createCollection(http, key, { mandate_id: await mandateDebiting(http, key, customer) });
  const halted = await waitForCollection(http, key, created.id, (c) => c.status === 'halted', 20_000);
  assert.equal(halted.failed_count, 4);
  assert.equal(halted.paid_count, 0);
  assert.equal(halted.next_charge_at, null);
  await sleep(INTERVAL_MS + 1000);
  const charges = await chargesOf(http, key, created.id);
  assert.equal(charges.length, 4, 'a halted collection charges nothing more, not even at the next cycle');
  assert.ok(charges.every((p) => p.status === 'failed' && cycleOf(p) === 1));
  assert.deepEqual(await collectionEventTypes(http, key, created.id), [
    'collection.failed',
    'collection.failed',
    'collection.failed',
    'collection.failed',
    'collection.halted',
  ]);
});

test('pause, then resume after three cycles fell due: no burst, the next charge is the next due cycle; cancel stops all that follow', async () => {
  const { sandboxKey: key } = await service.newAccount();
  const customer = await createCustomer(http, key);
  const created = await createCollection(http, key, { customer_id: customer });
  const startMs = created.start_at * 1000;
  await waitForCollection(http, key, created.id, (c) => c.paid_count === 1);
  const paused = await collectionAction(http, key, created.id, 'pause');
  assert.equal(paused.status, 200, paused.text);

  // Cycles 2, 3 and 4 fall due while paused.
  await sleep(Math.max(0, startMs + 3.3 * INTERVAL_MS - Date.now()));
  assert.equal((await chargesOf(http, key, created.id)).length, 1, 'a paused collection charges nothing');
  const resumed = await collectionAction(http, key, created.id, 'resume');
  assert.equal(resumed.status, 200, resumed.text);
  assert.equal(resumed.body.status, 'active');
  assert.equal(resumed.body.current_cycle, 5);
  assert.ok(resumed.body.next_charge_at * 1000 >= startMs + 4 * INTERVAL_MS - 1000, `next charge ${resumed.body.next_charge_at} is cycle 5's date`);
  await sleep(500);
  assert.equal((await chargesOf(http, key, created.id)).length, 1, 'resuming charges nothing at once');

  const second = await waitForCollection(http, key, created.id, (c) => c.paid_count === 2, 2 * INTERVAL_MS + 10_000);
  assert.equal(second.current_cycle, 6);
  const charges = await chargesOf(http, key, created.id);
  assert.deepEqual(charges.map(cycleOf), [1, 5]);
  assert.ok(charges[1].created_at >= resumed.body.next_charge_at - 1);

  const cancelled = await collectionAction(http, key, created.id, 'cancel');
  assert.equal(cancelled.status, 200, cancelled.text);
  assert.equal(cancelled.body.status, 'cancelled');
  await sleep(2 * INTERVAL_MS);
  assert.equal((await chargesOf(http, key, created.id)).length, 2, 'nothing is charged after cancel');
  assert.deepEqual(await collectionEventTypes(http, key, created.id), ['collection.charged', 'collection.paused', 'collection.resumed', 'collection.charged', 'collection.cancelled']);
});

test("a live collection charges through a live mandate of the account's: a sandbox mandate's id is 404, nothing created (live without mandate_id: live-mandates.test.ts)", async () => {
  // Live recurring debits go through the connection's UPI AutoPay (live-mandates.test.ts): a collection names the
  // live mandate the customer approved in their UPI app; sandbox and live never meet.
  const { accountId, liveKey, sandboxKey } = await service.newAccount({ live: true });
  await connectAccount(service, accountId);
  const headers = { 'x-forwarded-proto': 'https' };
  const sandboxMandate = await activeMandate(http, sandboxKey);
  const crossed = await http.post('/v1/collections', { key: liveKey!, headers, json: { mandate_id: sandboxMandate.id, amount: 100, schedule: 'monthly' } });
  assert.equal(crossed.status, 404, crossed.text);
  assert.deepEqual((await http.get('/v1/collections', { key: liveKey!, headers })).body.data, []);
});

test("a mandate's expiry at expire_at ends its collections (mandate_expired); nothing is charged at or after expire_at", async () => {
  const { sandboxKey: key } = await service.newAccount();
  const expireAt = Math.floor(Date.now() / 1000) + 10;
  const mandate = await activeMandate(http, key, undefined, { expire_at: expireAt });
  const created = await http.post('/v1/collections', { key, json: { mandate_id: mandate.id, amount: 1_000, schedule: 'monthly' } });
  assert.equal(created.status, 200, created.text);
  await waitFor(http, key, `/v1/mandates/${mandate.id}`, (m) => m.status === 'expired', 60_000);
  const cancelled = await waitForCollection(http, key, created.body.id, (c) => c.status === 'cancelled', 60_000);
  assert.equal(cancelled.cancel_reason, 'mandate_expired');
  assert.equal((await collectionEventTypes(http, key, created.body.id)).at(-1), 'collection.cancelled');
  const charges = await chargesOf(http, key, created.body.id);
  assert.ok(charges.length >= 1, 'charged while the mandate was valid');
  assert.ok(charges.every((p) => p.created_at < expireAt), 'nothing charged at or after expire_at');
});
