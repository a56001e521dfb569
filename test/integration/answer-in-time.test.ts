// A creating call that waits for an outcome (a report's file, a payment's capture) answers inside
// WORKFLOW_ANSWER_TIMEOUT_MS however long its workflow took to start and create: the wait ends at a moment the
// API set when it sent the request, not a fixed span after creation (CI once saw POST /v1/reports/transactions
// answer 503 after 10 s on a busy machine). And when the workflow cannot answer in time although the object is
// written (a stalled worker), the caller gets the object as it is, not a 503.
//
// The slowness is real PostgreSQL time: triggers sleep in the creating insert and in the report's file.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, test } from 'node:test';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { waitUntil } from '../helpers/webhook-receiver.ts';
import { workerProcesses, type WorkerProcesses } from '../helpers/worker-process.ts';

const ANSWER_TIMEOUT_MS = 4000;
let service: TestService;
let http: Http;
let workers: WorkerProcesses;
let worker: ChildProcess;

before(async () => {
  service = await startTestService({ WORKFLOW_ANSWER_TIMEOUT_MS: String(ANSWER_TIMEOUT_MS), SANDBOX_SLOW_DELAY_MS: '60000' }, { role: 'api' });
  http = createHttp(service.url);
  workers = workerProcesses(service);
  worker = await workers.start();
});
after(async () => {
  if (worker?.exitCode === null) worker.kill('SIGCONT');
  workers?.killAll();
  await service?.stop();
});

/** Makes every insert into `table` sleep `seconds` inside PostgreSQL; returns how to undo it. */
async function slowInserts(table: string, seconds: number): Promise<() => Promise<void>> {
  const name = `slow_${table}`;
  await service.sql(`create function ${name}() returns trigger language plpgsql as $$ begin perform pg_sleep(${seconds}); return new; end $$`);
  await service.sql(`create trigger ${name} before insert on ${table} for each row execute function ${name}()`);
  return async () => {
    await service.sql(`drop trigger if exists ${name} on ${table}`);
    await service.sql(`drop function if exists ${name}()`);
  };
}

async function timed<T>(call: () => Promise<T>): Promise<{ res: T; took: number }> {
  const started = Date.now();
  const res = await call();
  return { res, took: Date.now() - started };
}

test('a report whose creation and file are slow answers pending inside the answer timeout, then becomes ready', async () => {
  const { sandboxKey: key } = await service.newAccount();
  const undoCreate = await slowInserts('reports', 2.5);
  const undoFile = await slowInserts('report_chunks', 3);
  try {
    const { res, took } = await timed(() => http.post('/v1/reports/transactions', { key, json: { from: '2026-10-01', to: '2026-10-31' } }));
    console.log(`# report answered ${res.status} after ${took} ms (WORKFLOW_ANSWER_TIMEOUT_MS=${ANSWER_TIMEOUT_MS})`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'pending');
    assert.ok(took < ANSWER_TIMEOUT_MS, `answered after ${took} ms`);
    const ready = await waitUntil(
      'the report is ready',
      async () => {
        const got = await http.get(`/v1/reports/${res.body.id}`, { key });
        return got.body.status === 'ready' ? got.body : undefined;
      },
      30_000,
    );
    assert.equal(ready.row_count, 0);
  } finally {
    await undoFile();
    await undoCreate();
  }
});

test('a payment whose creation is slow answers pending inside the answer timeout', async () => {
  const { sandboxKey: key } = await service.newAccount();
  const undo = await slowInserts('payments', 2.5);
  try {
    const { res, took } = await timed(() => http.post('/v1/payments', { key, json: { amount: 5_000, method: 'upi', vpa: 'slow@upi' } }));
    console.log(`# payment answered ${res.status} after ${took} ms`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'pending');
    assert.ok(took < ANSWER_TIMEOUT_MS, `answered after ${took} ms`);
  } finally {
    await undo();
  }
});

test('a worker that stalls after the payment is written: the caller gets the pending payment, not a 503, and the same key again gets the same one', async () => {
  const { accountId, sandboxKey: key } = await service.newAccount();
  const body = { amount: 6_000, method: 'upi', vpa: 'slow@upi' };
  const answer = timed(() => http.post('/v1/payments', { key, json: body, idempotencyKey: 'stalls' }));
  const paymentId = await waitUntil(
    'the payment is written',
    async () => (await service.sql<{ id: string }>(`select id from payments where account_id = ? and idempotency_key = 'stalls'`, [accountId]))[0]?.id,
    ANSWER_TIMEOUT_MS,
  );
  worker.kill('SIGSTOP');
  try {
    const { res, took } = await answer;
    console.log(`# stalled worker: answered ${res.status} after ${took} ms`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.id, paymentId);
    assert.equal(res.body.status, 'pending');
    assert.equal(res.body.amount, 6_000);
    assert.ok(took < ANSWER_TIMEOUT_MS, `answered after ${took} ms`);
  } finally {
    worker.kill('SIGCONT');
  }
  const again = await http.post('/v1/payments', { key, json: body, idempotencyKey: 'stalls' });
  assert.equal(again.status, 200, again.text);
  assert.equal(again.body.id, paymentId);
  const listed = await http.get('/v1/payments', { key });
  assert.equal(listed.body.data.length, 1);
});
