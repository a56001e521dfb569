// The worker process killed (SIGKILL, no draining) in the middle of collections' lifecycles, with a cycle
// falling due while no worker runs, then started again: the durable timers and the workflow state survive,
// the missed cycle is charged once the worker is back, and no cycle is lost or charged twice.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chargesOf, collectionEventTypes, createCollection, mandateDebiting, waitForCollection } from '../helpers/collections.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { assertLedgerBalanced, createCustomer } from '../helpers/payments.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { workerProcesses, type WorkerProcesses } from '../helpers/worker-process.ts';

const INTERVAL_MS = 2500;
const RETRY_MS = 1500;
const TOTAL = 5;

let service: TestService;
let http: Http;
let workers: WorkerProcesses;

before(async () => {
  service = await startTestService(
    { COLLECTION_INTERVAL_MS: String(INTERVAL_MS), COLLECTION_NOTICE_SECONDS: '1', UPI_AUTOPAY_WINDOWS: '00:00-24:00', COLLECTION_RETRY_DELAYS_MS: `${RETRY_MS},${RETRY_MS},${RETRY_MS}` },
    { role: 'api' },
  );
  http = createHttp(service.url);
  workers = workerProcesses(service);
});
after(async () => {
  workers?.killAll();
  await service?.stop();
});

test('a worker SIGKILLed mid-lifecycle and restarted: every cycle is charged exactly once, retries go on, nothing is repeated', async () => {
  const first = await workers.start();
  const { accountId, sandboxKey: key } = await service.newAccount();
  const payer = await createCustomer(http, key);
  const failing = await createCustomer(http, key, 'nofunds@upi');
  const paying = await createCollection(http, key, { customer_id: payer, amount: 3_000, total_count: TOTAL });
  const halting = await createCollection(http, key, { mandate_id: await mandateDebiting(http, key, failing), amount: 1_000 });

  await waitForCollection(http, key, paying.id, (c) => c.paid_count >= 2, 30_000);
  await workers.kill(first);
  const atKill = (await http.get(`/v1/collections/${paying.id}`, { key })).body;
  assert.ok(atKill.paid_count < TOTAL, `killed mid-lifecycle (${atKill.paid_count} of ${TOTAL} paid)`);
  // At least one cycle falls due while no worker runs.
  await new Promise((r) => setTimeout(r, INTERVAL_MS + 500));
  assert.equal((await http.get(`/v1/collections/${paying.id}`, { key })).body.paid_count, atKill.paid_count, 'nothing runs without a worker');

  await workers.start();
  const done = await waitForCollection(http, key, paying.id, (c) => c.status === 'completed', TOTAL * INTERVAL_MS + 60_000);
  const halted = await waitForCollection(http, key, halting.id, (c) => c.status === 'halted', 60_000);
  console.log(`# killed with ${atKill.paid_count}/${TOTAL} paid; completed after the restart`);

  assert.equal(done.paid_count, TOTAL);
  assert.equal(done.failed_count, 0);
  const charges = await chargesOf(http, key, paying.id);
  assert.deepEqual(
    charges.map((p) => p.idempotency_key),
    Array.from({ length: TOTAL }, (_, i) => `§${paying.id}:cycle:${i + 1}:attempt:1`),
  );
  assert.ok(charges.every((p) => p.status === 'captured'));
  assert.deepEqual(await collectionEventTypes(http, key, paying.id), [...Array(TOTAL).fill('collection.charged'), 'collection.completed']);

  assert.equal(halted.failed_count, 4);
  const failures = await chargesOf(http, key, halting.id);
  assert.deepEqual(
    failures.map((p) => [p.idempotency_key, p.status]),
    [1, 2, 3, 4].map((n) => [`§${halting.id}:cycle:1:attempt:${n}`, 'failed']),
  );
  assert.deepEqual(await collectionEventTypes(http, key, halting.id), [...Array(4).fill('collection.failed'), 'collection.halted']);

  // Money moved once per captured charge: one rail submission accepted and one capture posting each.
  const perPayment = await service.sql<{ id: string; accepted: string; captures: string }>(
    `select p.id,
       (select count(*) from rail_submissions r where r.idempotency_key = p.id and not r.duplicate) as accepted,
       (select count(*) from balance_transactions t where t.source_id = p.id and t.type = 'payment') as captures
     from payments p where p.collection_id = ? and p.status = 'captured'`,
    [paying.id],
  );
  assert.equal(perPayment.length, TOTAL);
  for (const p of perPayment) {
    assert.equal(Number(p.accepted), 1, `payment ${p.id} submitted once`);
    assert.equal(Number(p.captures), 1, `payment ${p.id} captured once`);
  }
  const balance = (await http.get('/v1/balance', { key })).body;
  assert.equal(balance.pending, TOTAL * 3_000);
  await assertLedgerBalanced(service, accountId);
});
