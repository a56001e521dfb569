// The worker process killed (SIGKILL, no draining) in the middle of a payout batch, then started again:
// Temporal re-runs what the dead worker had in hand, and still no payout moves money twice. Activities
// are at-least-once, so a submission cut off by the kill may reach the sandbox rail again; the rail
// dedupes it by the payout id (its idempotency key) and records it as a duplicate. Money is checked
// where it moves: one accepted submission, one reservation and at most one settlement per payout.
import assert from 'node:assert/strict';
import { batchCounts } from '../helpers/payouts.ts';
import { after, before, test } from 'node:test';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { workerProcesses, type WorkerProcesses } from '../helpers/worker-process.ts';

let service: TestService;
let http: Http;
let workers: WorkerProcesses;

before(async () => {
  service = await startTestService(
    { SANDBOX_PAYOUT_DELAY_MS: '200', SANDBOX_SLOW_DELAY_MS: '2000', SANDBOX_REVERSAL_DELAY_MS: '500', PAYOUT_BATCH_WINDOW: '25' },
    { role: 'api' },
  );
  http = createHttp(service.url);
  workers = workerProcesses(service);
});
after(async () => {
  workers?.killAll();
  await service?.stop();
});

test('a payout batch whose worker is SIGKILLed mid-batch completes after a restart, and no payout moves money twice', async () => {
  const first = await workers.start();
  const { accountId, sandboxKey: key } = await service.newAccount();
  assert.equal((await http.post('/v1/test_helpers/top_ups', { key, json: { amount: 100_000_000 } })).status, 200);
  const good = await http.post('/v1/beneficiaries', { key, json: { name: 'ok', type: 'vpa', vpa: 'success@upi' } });
  const bad = await http.post('/v1/beneficiaries', { key, json: { name: 'bad', type: 'vpa', vpa: 'failure@upi' } });
  const N = 150;
  const items = Array.from({ length: N }, (_, i) => ({
    beneficiary_id: (i % 3 === 2 ? bad : good).body.id,
    amount: 1000 + i,
    mode: 'upi',
    idempotency_key: `kill-${i}`,
  }));
  const res = await http.post('/v1/payout_batches', { key, json: { payouts: items } });
  assert.equal(res.status, 200, res.text);
  const batchId = res.body.id as string;

  const processed = async () => Number((await service.sql<{ n: string }>(`select count(payout_id) as n from payout_batch_items where batch_id = ?`, [batchId]))[0].n);
  const deadline = Date.now() + 90_000;
  while ((await processed()) < 30) {
    assert.ok(Date.now() < deadline, 'the batch started');
    await new Promise((r) => setTimeout(r, 50));
  }
  await workers.kill(first);
  const atKill = await processed();
  assert.ok(atKill < N, `killed mid-batch (${atKill} of ${N} items had a payout)`);

  await workers.start();
  const started = Date.now();
  let batch: any;
  for (;;) {
    batch = (await http.get(`/v1/payout_batches/${batchId}`, { key })).body;
    if (batch.status === 'completed') break;
    assert.ok(Date.now() - started < 240_000, `batch completed after the restart: ${JSON.stringify(batch)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const expectedFailed = items.filter((_, i) => i % 3 === 2).length;
  assert.deepEqual(batch.counts, batchCounts({ initiated: 0, completed: N - expectedFailed, failed: expectedFailed, reversed: 0 }));

  const perPayout = await service.sql<{ id: string; status: string; accepted: string; duplicates: string; reserves: string; settles: string }>(
    `select p.id, p.status,
       (select count(*) from rail_submissions r where r.idempotency_key = p.id and not r.duplicate) as accepted,
       (select count(*) from rail_submissions r where r.idempotency_key = p.id and r.duplicate) as duplicates,
       (select count(*) from balance_transactions t where t.source_id = p.id and t.type = 'payout' and t.amount < 0) as reserves,
       (select count(*) from balance_transactions t where t.source_id = p.id and t.type = 'payout' and t.amount = 0) as settles
     from payouts p where p.batch_id = ?`,
    [batchId],
  );
  assert.equal(perPayout.length, N);
  let duplicates = 0;
  for (const p of perPayout) {
    assert.equal(Number(p.accepted), 1, `payout ${p.id} accepted by the rail once`);
    assert.equal(Number(p.reserves), 1, `payout ${p.id} reserved once`);
    assert.equal(Number(p.settles), p.status === 'completed' ? 1 : 0, `payout ${p.id} settled at most once`);
    duplicates += Number(p.duplicates);
  }
  console.log(`# killed after ${atKill}/${N} items; ${duplicates} submission(s) repeated after the kill, deduplicated by the rail`);

  const unbalanced = await service.sql(
    `select t.id from balance_transactions t join ledger_entries e on e.transaction_id = t.id where t.account_id = ? group by t.id having sum(e.amount) <> 0`,
    [accountId],
  );
  assert.deepEqual(unbalanced, []);
  const balance = (await http.get('/v1/balance', { key })).body;
  const paidAmount = items.reduce((sum, item, i) => (i % 3 === 2 ? sum : sum + item.amount), 0);
  assert.deepEqual({ available: balance.available, reserved: balance.reserved }, { available: 100_000_000 - paidAmount, reserved: 0 });
});
