// The worker process killed (SIGKILL, no draining) in the middle of a payout batch, then started again:
// Temporal re-runs what the dead worker had in hand, and still no payout moves money twice. Activities
// are at-least-once, so a submission cut off by the kill may reach the sandbox rail again; the rail
// dedupes it by the payout id (its idempotency key) and records it as a duplicate. Money is checked
// where it moves: one accepted submission, one reservation and at most one settlement per payout.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, test } from 'node:test';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;
const workers: ChildProcess[] = [];

/** `node src/main-worker.ts` as its own process, on the service's database and task queue. */
function startWorkerProcess(): Promise<ChildProcess> {
  const c = service.config;
  const child = spawn(process.execPath, ['src/main-worker.ts'], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: c.DATABASE_URL,
      TEMPORAL_ADDRESS: c.TEMPORAL_ADDRESS,
      TEMPORAL_TASK_QUEUE: c.TEMPORAL_TASK_QUEUE,
      DATA_DIR: c.DATA_DIR,
      LOG_LEVEL: 'warn',
      SANDBOX_PAYOUT_DELAY_MS: String(c.SANDBOX_PAYOUT_DELAY_MS),
      SANDBOX_SLOW_DELAY_MS: String(c.SANDBOX_SLOW_DELAY_MS),
      SANDBOX_REVERSAL_DELAY_MS: String(c.SANDBOX_REVERSAL_DELAY_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Worker ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${signal ?? code}) before it was ready: ${output}`));
    });
  });
}

before(async () => {
  service = await startTestService(
    { SANDBOX_PAYOUT_DELAY_MS: '200', SANDBOX_SLOW_DELAY_MS: '2000', SANDBOX_REVERSAL_DELAY_MS: '500', PAYOUT_BATCH_WINDOW: '25' },
    { role: 'api' },
  );
  http = createHttp(service.url);
});
after(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  await service?.stop();
});

async function sql<T = any>(query: string, params: unknown[] = []): Promise<T[]> {
  return service.stack.orm.em.fork().execute(query, params);
}

test('a payout batch whose worker is SIGKILLed mid-batch completes after a restart, and no payout moves money twice', async () => {
  const first = await startWorkerProcess();
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

  const processed = async () => Number((await sql<{ n: string }>(`select count(payout_id) as n from payout_batch_items where batch_id = ?`, [batchId]))[0].n);
  const deadline = Date.now() + 90_000;
  while ((await processed()) < 30) {
    assert.ok(Date.now() < deadline, 'the batch started');
    await new Promise((r) => setTimeout(r, 50));
  }
  first.kill('SIGKILL');
  await new Promise((r) => first.once('exit', r));
  const atKill = await processed();
  assert.ok(atKill < N, `killed mid-batch (${atKill} of ${N} items had a payout)`);

  await startWorkerProcess();
  const started = Date.now();
  let batch: any;
  for (;;) {
    batch = (await http.get(`/v1/payout_batches/${batchId}`, { key })).body;
    if (batch.status === 'completed') break;
    assert.ok(Date.now() - started < 240_000, `batch completed after the restart: ${JSON.stringify(batch)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const expectedFailed = items.filter((_, i) => i % 3 === 2).length;
  assert.deepEqual(batch.counts, { initiated: 0, completed: N - expectedFailed, failed: expectedFailed, reversed: 0 });

  const perPayout = await sql<{ id: string; status: string; accepted: string; duplicates: string; reserves: string; settles: string }>(
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

  const unbalanced = await sql(
    `select t.id from balance_transactions t join ledger_entries e on e.transaction_id = t.id where t.account_id = ? group by t.id having sum(e.amount) <> 0`,
    [accountId],
  );
  assert.deepEqual(unbalanced, []);
  const balance = (await http.get('/v1/balance', { key })).body;
  const paidAmount = items.reduce((sum, item, i) => (i % 3 === 2 ? sum : sum + item.amount), 0);
  assert.deepEqual({ available: balance.available, reserved: balance.reserved }, { available: 100_000_000 - paidAmount, reserved: 0 });
});
