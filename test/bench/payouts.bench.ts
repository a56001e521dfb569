// `npm run bench:payouts`: payouts per second for single `POST /v1/payouts`, and the end-to-end time of a
// large payout batch, each beside a baseline measured in the same run against the same Temporal server:
//
// 1. Single payouts. N `POST /v1/payouts` (distinct Idempotency-Keys, one success@upi beneficiary), C in
//    flight, counted when answered (money reserved, payout `initiated`): HTTP → auth → rate limit →
//    idempotency → beneficiary check → Update-with-Start of payoutWorkflow → createPayout activity →
//    answer. Baseline: N Update-with-Start calls of a no-op workflow (its update answers at once, then it
//    completes), C in flight, on a task queue of its own served by a second Worker (bundle built from
//    test/bench/noop-workflows.ts). The no-op worker and both load generators run in a process of their own
//    (load-process.ts), so this process holds the service alone, as `npm start` runs it, with its default timings
//    (the sandbox bank's 1 s is past RAIL_INLINE_WAIT_MS, so each payout takes its follow-up step). Baseline runs
//    interleave with the payout runs (no-op, payouts, no-op, ..., no-op), and each payout run is compared with the
//    mean of the two beside it, as part 2 does, because the dev server slows as its database grows (the no-op's
//    Temporal CPU per call went 11.2, 12.2, 14.9 ms over three rounds): a baseline measured only before would
//    favour it. Each payout run is left to settle before the next run begins. Then the unloaded latency: U calls
//    of each kind one at a time (docs/decisions.md, Speed goals: payout p50 at most 1.3x the no-op's).
// 2. One batch of M items POSTed to /v1/payout_batches, timed from the POST until GET
//    /v1/payout_batches/:id says `completed` (polled every 250 ms), then checked: counts.completed = M.
//    Baseline, run before and after the service's batch (the ratio is against the mean of the two, since the dev
//    server slows as its database grows): noopBatchWorkflow started through the client and timed until its result: M no-op child
//    workflows in the same sliding window (PAYOUT_BATCH_WINDOW), one no-op page activity per page,
//    continue-as-new after draining every itemsPerRun(window) children, as workflows/payout-batch.ts does.
//
// The no-op workflows carry no search attributes (the service's do): the baseline is Temporal's floor.
// Everything is started here, on free ports in a temp DATA_DIR: embedded PostgreSQL and the Temporal dev
// server through startStack (unless DATABASE_URL / TEMPORAL_ADDRESS are set), API + worker, and the
// baseline worker and the loads in their own process (load-process.ts).
//
//   BENCH_PAYOUTS            single payouts in part 1 (default 500; also the number of no-op calls)
//   BENCH_CONCURRENCY        calls in flight in part 1 (default 16)
//   BENCH_WARMUP             unmeasured calls of each kind before part 1 (default 300: with 20, the first round was
//                            the payouts' worst in most runs, the JIT still compiling the API's and the worker's paths)
//   BENCH_BATCH_ITEMS        items of the batch in part 2 (default 10000, at most 10000)
//   BENCH_PAYOUT_DELAY_MS    the sandbox bank's processing time, SANDBOX_PAYOUT_DELAY_MS (default: the service's, 1000)
//   BENCH_UNLOADED           calls of each kind for the unloaded latency, one at a time (default 100; 0 skips it)
//   BENCH_BATCH_TIMEOUT_S    give up on the batch after this long (default 1800)
//   PAYOUT_BATCH_WINDOW      as for the service (default 200): used by the batch and its baseline alike
//   BENCH_COST_PAYOUTS       single payouts of the cost count (default 50)
//   BENCH_ROUNDS             payout runs of part 1, each between two no-op runs; medians are reported (default 3)
//
// 3. What one payout costs: the history events of its workflow (a single one and a batch child, averaged over
//    samples) and the SQL statements the whole service sends for it, counted at the `pg` client (every query
//    of the API, worker and dispatcher in this process) over BENCH_COST_PAYOUTS payouts from POST to completed,
//    less the bench's own polling.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';
import type { Client } from '@temporalio/client';
import pg from 'pg';
import { createAccount } from '../../src/db/accounts.ts';
import { workerTuning } from '../../src/temporal/worker/worker.ts';
import { MAX_BATCH_ITEMS } from '../../src/contract/payout-batches.ts';
import { payoutBatchWorkflowId } from '../../src/domain/workflow-ids.ts';
import { PAGE_SIZE, itemsPerRun, type PayoutBatchWorkflowResult } from '../../workflows/payout-batch.ts';
import { cpuPerCall, cpuSample, envNumber, formatRatio, meanOf, medianOf, summarize, type LoadResult, type Summary } from './lib.ts';
import type { LoadProcessSetup, LoadRequest } from './load-process.ts';
import type { PayoutLoadInput, ThreadLoadResult } from './payout-load.ts';
import { onBenchStop, runBench, startBenchStack, UNREACHABLE_RATE_LIMIT } from './stack.ts';
import { noopBatchWorkflow } from './noop-workflows.ts';

/**
 * What one payout cost when issue 15 was filed (this bench's cost count on the code of that day: every database
 * step an ordinary activity), printed beside today's.
 */
const BEFORE_ISSUE_15 = { sql: 48, singleEvents: 19, childEvents: 17 };

// ---------------------------------------------------------------------------------------------------

const payouts = envNumber('BENCH_PAYOUTS', 500, { integer: true, min: 1 });
const concurrency = envNumber('BENCH_CONCURRENCY', 16, { integer: true, min: 1 });
const warmup = envNumber('BENCH_WARMUP', 300, { integer: true, min: 0 });
const batchItems = envNumber('BENCH_BATCH_ITEMS', 10_000, { integer: true, min: 1 });
/** Unset: the service's own default (SANDBOX_PAYOUT_DELAY_MS, 1 s: past RAIL_INLINE_WAIT_MS, so payouts take their follow-up step). */
const payoutDelayMs = process.env.BENCH_PAYOUT_DELAY_MS ? envNumber('BENCH_PAYOUT_DELAY_MS', 1000, { integer: true, min: 1 }) : undefined;
const unloadedCalls = envNumber('BENCH_UNLOADED', 100, { integer: true, min: 0 });
const batchTimeoutS = envNumber('BENCH_BATCH_TIMEOUT_S', 1800, { min: 1 });

const RATE_LIMIT = UNREACHABLE_RATE_LIMIT;
const PAYOUT_AMOUNT = 100; // paise
const POLL_MS = 250;

const loadavg = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
const fmtMs = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

function line(s: Summary, unit: string): string {
  return `  ${s.name.padEnd(72)}: ${s.rps.toFixed(1)} ${unit}/s, p50 ${fmtMs(s.p50)} ms, p99 ${fmtMs(s.p99)} ms (${s.requests} in ${s.seconds.toFixed(2)} s)`;
}

/**
 * The no-op worker and every load generator, in a process of their own (load-process.ts), so that what this process
 * spends is the service's alone, as under `npm start`.
 */
async function startLoadProcess(setup: LoadProcessSetup): Promise<{ noop: (count: number, concurrency: number) => Promise<LoadResult>; payouts: (input: Omit<PayoutLoadInput, 'tag'>) => Promise<ThreadLoadResult>; stop: () => Promise<void> }> {
  const child = fork(fileURLToPath(new URL('./load-process.ts', import.meta.url)), [], {
    env: { ...process.env, BENCH_LOAD_SETUP: JSON.stringify(setup) },
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  let next = 1;
  child.on('message', (message: { id: number; result?: unknown; error?: string }) => {
    const w = waiting.get(message.id);
    if (!w) return;
    waiting.delete(message.id);
    if (message.error) w.reject(new Error(`load process: ${message.error}`));
    else w.resolve(message.result);
  });
  child.once('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`load process exited with code ${code}`));
    waiting.clear();
  });
  const ready = new Promise((resolve, reject) => waiting.set(0, { resolve, reject }));
  const call = <T>(command: LoadRequest): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      child.send({ ...command, id });
    });
  await ready;
  return {
    noop: (count, concurrency) => call<LoadResult>({ cmd: 'noop', count, concurrency }),
    payouts: (input) => call<ThreadLoadResult>({ cmd: 'payouts', input }),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await Promise.race([call({ cmd: 'stop' }), exited]);
      await Promise.race([exited, sleep(5000).then(() => child.kill('SIGKILL'))]);
    },
  };
}

async function api(method: string, url: string, apiKey: string, body?: unknown, idempotencyKey?: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

/** Every query any `pg` client of this process sends (MikroORM's pool included). */
let sqlStatements = 0;
const pgQuery = pg.Client.prototype.query;
export const sqlTexts = new Map<string, number>();
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  sqlStatements++;
  if (process.env.BENCH_SQL_LOG) {
    const a = args[0] as { text?: string } | string;
    const text = (typeof a === 'string' ? a : a?.text ?? '?').replace(/'(?:[^']|'')*'/g, '?').replace(/\s+/g, ' ').slice(0, 150);
    sqlTexts.set(text, (sqlTexts.get(text) ?? 0) + 1);
  }
  return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/** Mean history length of up to `sample` closed workflows the visibility query finds. */
async function meanHistoryEvents(client: Client, query: string, sample = 20): Promise<{ mean: number; n: number }> {
  const lengths: number[] = [];
  for await (const wf of client.workflow.list({ query })) {
    lengths.push(wf.historyLength);
    if (lengths.length >= sample) break;
  }
  return { mean: lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length), n: lengths.length };
}

async function main(): Promise<void> {
  if (batchItems > MAX_BATCH_ITEMS) throw new Error(`BENCH_BATCH_ITEMS must be at most ${MAX_BATCH_ITEMS}, got ${batchItems}`);
  const runId = randomUUID().slice(0, 8);
  const startedAt = performance.now();
  const { stack, config } = await startBenchStack({
    taskQueue: `bench-${runId}`,
    env: { RATE_LIMIT_SANDBOX: RATE_LIMIT, RATE_LIMIT_LIVE: RATE_LIMIT, ...(payoutDelayMs ? { SANDBOX_PAYOUT_DELAY_MS: String(payoutDelayMs) } : {}) },
    passThrough: ['WORKFLOW_ANSWER_TIMEOUT_MS', 'PAYOUT_BATCH_WINDOW', 'RAIL_INLINE_WAIT_MS', 'WORKER_MAX_WORKFLOW_TASKS', 'WORKER_WORKFLOW_TASK_POLLS', 'WORKER_MAX_LOCAL_ACTIVITIES', 'WORKER_MAX_ACTIVITIES', 'WORKER_MAX_CACHED_WORKFLOWS'],
  });
  assert.ok(stack.apiUrl && stack.temporal);
  const apiUrl = stack.apiUrl;
  const client = stack.temporal.client;
  const noopQueue = `bench-noop-${runId}`;
  const load = await startLoadProcess({ address: stack.temporalAddress, namespace: config.TEMPORAL_NAMESPACE, noopQueue, runId });
  onBenchStop(() => load.stop());
  const { orm } = stack;

  const account = await createAccount(orm.em.fork(), 'Benchmark account');
  const key = account.sandbox_key;
  const topUp = await api('POST', `${apiUrl}/v1/test_helpers/top_ups`, key, { amount: 10_000_000_000 }, `fund-${runId}`);
  assert.equal(topUp.status, 200, JSON.stringify(topUp.body));
  const bene = await api('POST', `${apiUrl}/v1/beneficiaries`, key, { name: 'Bench payee', type: 'vpa', vpa: 'success@upi' });
  assert.equal(bene.status, 200, JSON.stringify(bene.body));
  const beneficiaryId: string = bene.body.id;

  const window = config.PAYOUT_BATCH_WINDOW;
  const perRun = itemsPerRun(Math.min(Math.max(1, window), 1000));
  console.log(
    `stack + baseline worker up in ${((performance.now() - startedAt) / 1000).toFixed(1)} s ` +
      `(PostgreSQL ${process.env.DATABASE_URL ? 'from DATABASE_URL' : 'embedded'}, ` +
      `Temporal ${process.env.TEMPORAL_ADDRESS ? 'from TEMPORAL_ADDRESS' : 'dev server'}); Node ${process.version}, ${os.availableParallelism()} CPUs, ` +
      `load average ${loadavg()}`,
  );
  console.log(
    `sizes: ${payouts} single payouts, ${concurrency} in flight, ${warmup} warm-up calls of each kind; batch of ${batchItems} items, ` +
      `window ${window}, ${perRun} children per run, page ${PAGE_SIZE}; sandbox payout delay ${config.SANDBOX_PAYOUT_DELAY_MS} ms ` +
      `(rail inline wait ${config.RAIL_INLINE_WAIT_MS} ms); no-op worker and load generators in a process of their own`,
  );
  const tuning = workerTuning({
    maxWorkflowTasks: config.WORKER_MAX_WORKFLOW_TASKS,
    workflowTaskPolls: config.WORKER_WORKFLOW_TASK_POLLS,
    maxLocalActivities: config.WORKER_MAX_LOCAL_ACTIVITIES,
    maxActivities: config.WORKER_MAX_ACTIVITIES,
    maxCachedWorkflows: config.WORKER_MAX_CACHED_WORKFLOWS,
  });
  console.log(`worker: ${JSON.stringify(tuning)}`);

  const countPayouts = async (where: string, params: unknown[]): Promise<number> => {
    const [row] = await orm.em.fork().execute<{ n: number }[]>(`select count(*)::int as n from payouts where account_id = ? and ${where}`, [account.account_id, ...params]);
    return row.n;
  };
  const waitForSettled = async (what: string, timeoutMs: number): Promise<number> => {
    const t0 = performance.now();
    while ((await countPayouts(`status = 'initiated'`, [])) > 0) {
      if (performance.now() - t0 > timeoutMs) throw new Error(`${what}: payouts still initiated after ${timeoutMs} ms`);
      await sleep(POLL_MS);
    }
    return performance.now() - t0;
  };

  // ---- Part 1: single payouts -------------------------------------------------------------------
  const payoutBody = JSON.stringify({ beneficiary_id: beneficiaryId, amount: PAYOUT_AMOUNT, mode: 'upi' });
  const payoutLoadInput = (prefix: string, count: number) => ({
    url: `${apiUrl}/v1/payouts`,
    apiKey: key,
    body: payoutBody,
    keyPrefix: `${prefix}-${runId}`,
    concurrency,
    count,
  });

  if (warmup > 0) {
    const w1 = await load.noop(warmup, concurrency);
    const w2 = await load.payouts(payoutLoadInput('warmup', warmup));
    if (w1.errors || w2.errors) throw new Error(`warm-up: ${w1.errors} no-op and ${w2.errors} payout errors; first: ${w1.firstError ?? w2.firstError}`);
    if (w2.retried) console.log(`warm-up: ${w2.retried} payouts answered 503 (still processing) and were sent again with their key`);
    await waitForSettled('warm-up', 120_000);
  }

  const rounds = envNumber('BENCH_ROUNDS', 3, { integer: true, min: 1 });
  console.log(`\npart 1: single payouts, ${payouts} calls of each kind per round, ${concurrency} in flight, ${rounds} rounds (load average ${loadavg()})`);
  const noopRounds: Summary[] = [];
  const payoutRounds: Summary[] = [];
  const noopRun = async (round: number, when: 'before' | 'after'): Promise<Summary> => {
    const label = when === 'before' ? `before round ${round}` : `after round ${round}`;
    const cpu0 = await cpuSample(config.DATA_DIR);
    const noopResult = await load.noop(payouts, concurrency);
    if (noopResult.errors) throw new Error(`no-op Update-with-Start: ${noopResult.errors} errors; first: ${noopResult.firstError}`);
    const summary = summarize(`baseline: no-op Update-with-Start (client → Temporal → no-op workflow), ${label}`, noopResult);
    console.log(line(summary, 'calls'));
    await sleep(1000); // the no-op workflows complete
    const cpu1 = await cpuSample(config.DATA_DIR);
    console.log(`    ${cpuPerCall(cpu0, cpu1, payouts)}`);
    return summary;
  };
  // The no-op runs interleave with the payout runs (no-op, payouts, no-op, payouts, ..., no-op): each payout run is
  // compared with the mean of the no-op runs on either side of it.
  let noopPrevious = await noopRun(1, 'before');
  for (let round = 1; round <= rounds; round++) {
    const cpu1 = await cpuSample(config.DATA_DIR);
    const payoutResult = await load.payouts(payoutLoadInput(`single-${round}`, payouts));
    if (payoutResult.errors) throw new Error(`POST /v1/payouts: ${payoutResult.errors} errors; first: ${payoutResult.firstError}`);
    const payoutSummary = summarize(`service:  POST /v1/payouts answered (money reserved, payout initiated), round ${round}`, payoutResult);
    console.log(line(payoutSummary, 'payouts') + (payoutResult.retried ? `; ${payoutResult.retried} answered 503 (still processing) and sent again, their latency counted to the last answer` : ''));
    await waitForSettled(`part 1, round ${round}`, 600_000);
    const cpu2 = await cpuSample(config.DATA_DIR);
    console.log(
      `    ${cpuPerCall(cpu1, cpu2, payouts)} (POST to completed; the load process spent ${(payoutResult.threadCpuMs / payouts).toFixed(2)} ms per call sending)`,
    );
    const noopAfter = await noopRun(round, 'after');
    const noopSummary = meanOf(`baseline: no-op Update-with-Start, round ${round}, mean of before and after`, [noopPrevious, noopAfter]);
    console.log(line(noopSummary, 'calls'));
    console.log(formatRatio('  payouts/no-op', payoutSummary, noopSummary));
    noopRounds.push(noopSummary);
    payoutRounds.push(payoutSummary);
    noopPrevious = noopAfter;
  }
  const noopMedian = medianOf('baseline: no-op Update-with-Start, median of rounds', noopRounds);
  const payoutMedian = medianOf('service:  POST /v1/payouts, median of rounds', payoutRounds);
  console.log(line(noopMedian, 'calls'));
  console.log(line(payoutMedian, 'payouts'));
  console.log(formatRatio('  payouts/no-op (medians)', payoutMedian, noopMedian));
  const singles = await countPayouts(`batch_id is null and status = 'completed'`, []);
  assert.equal(singles, rounds * payouts + warmup, `completed single payouts: ${singles}, expected ${rounds * payouts + warmup}`);
  console.log(`  all ${singles} single payouts (with warm-up) completed`);

  // ---- Unloaded latency: one call at a time ------------------------------------------------------
  if (unloadedCalls > 0) {
    const noopBefore = summarize('no-op, one at a time, before', await load.noop(unloadedCalls, 1));
    const payoutUnloadedResult = await load.payouts({ ...payoutLoadInput('unloaded', unloadedCalls), concurrency: 1 });
    const payoutOne = summarize('payouts, one at a time', { ...payoutUnloadedResult });
    await waitForSettled('unloaded', 120_000);
    const noopAfter = summarize('no-op, one at a time, after', await load.noop(unloadedCalls, 1));
    const noopOne = meanOf('no-op, one at a time, mean of before and after', [noopBefore, noopAfter]);
    console.log(`\nunloaded, ${unloadedCalls} calls of each kind one at a time: payout p50 ${fmtMs(payoutOne.p50)} ms, no-op p50 ${fmtMs(noopOne.p50)} ms`);
    console.log(`  unloaded latency payouts/no-op: p50 ${(payoutOne.p50 / noopOne.p50).toFixed(2)}x, p99 ${(payoutOne.p99 / noopOne.p99).toFixed(2)}x (docs/decisions.md: at most 1.3x)`);
  }

  // ---- What one payout costs ------------------------------------------------------------------------
  const costPayouts = envNumber('BENCH_COST_PAYOUTS', 50, { integer: true, min: 1 });
  let polls = 0;
  const sqlBefore = sqlStatements;
  sqlTexts.clear();
  const costRun = await load.payouts({ ...payoutLoadInput('cost', costPayouts), concurrency: 4 });
  if (costRun.errors) throw new Error(`cost payouts: ${costRun.errors} errors; first: ${costRun.firstError}`);
  while ((await countPayouts(`status = 'initiated'`, [])) > 0) {
    polls++;
    await sleep(POLL_MS);
  }
  polls++;
  const sqlPerPayout = (sqlStatements - sqlBefore - polls) / costPayouts;
  if (process.env.BENCH_SQL_LOG) for (const [text, n] of [...sqlTexts].sort((a, b) => b[1] - a[1])) console.log(`  ${(n / costPayouts).toFixed(2)} ${text}`);
  await sleep(1500); // visibility catches up with the closed runs
  const single = await meanHistoryEvents(client, `WorkflowType = 'payoutWorkflow' AND AccountId = '${account.account_id}' AND BatchId IS NULL AND ExecutionStatus = 'Completed'`);
  console.log(
    `\ncost of one payout (POST → completed): ${sqlPerPayout.toFixed(1)} SQL statements (over ${costPayouts} payouts, every query of the service); ` +
      `history ${single.mean.toFixed(1)} events per single payout workflow (mean of ${single.n}); ` +
      `before issue 15: ${BEFORE_ISSUE_15.sql} statements, ${BEFORE_ISSUE_15.singleEvents} events`,
  );

  // ---- Part 2: one batch ------------------------------------------------------------------------
  console.log(`\npart 2: one batch of ${batchItems} items, window ${window} (load average ${loadavg()})`);
  // The baseline runs before and after the service's batch, and the ratio is taken against their mean: the dev
  // server slows down as its database grows, so one baseline before would flatter the service, one after would not.
  const noopBatchRun = async (which: string): Promise<number> => {
    const cpuBefore = await cpuSample(config.DATA_DIR);
    const started = performance.now();
    const handle = await client.workflow.start(noopBatchWorkflow, {
      workflowId: `noop-batch/${runId}/${which}`,
      taskQueue: noopQueue,
      args: [{ items: batchItems, window, perRun, pageSize: PAGE_SIZE }],
    });
    const result = await handle.result();
    const seconds = (performance.now() - started) / 1000;
    assert.equal(result.children, batchItems, `the no-op batch ran ${result.children} children, expected ${batchItems}`);
    console.log(
      `  baseline (${which}): no-op batch workflow, ${batchItems} no-op children: ${seconds.toFixed(2)} s, ` +
        `${(batchItems / seconds).toFixed(1)} children/s (${result.runs} runs)`,
    );
    console.log(`    ${cpuPerCall(cpuBefore, await cpuSample(config.DATA_DIR), batchItems)} (per child)`);
    return seconds;
  };
  const noopBefore = await noopBatchRun('before');
  const batchCpu1 = await cpuSample(config.DATA_DIR);

  const items = Array.from({ length: batchItems }, (_, i) => ({
    beneficiary_id: beneficiaryId,
    amount: PAYOUT_AMOUNT,
    mode: 'upi',
    idempotency_key: `batch-${runId}-${i}`,
  }));
  const batchStart = performance.now();
  const posted = await api('POST', `${apiUrl}/v1/payout_batches`, key, { payouts: items, reference: 'bench' }, `batch-${runId}`);
  const postSeconds = (performance.now() - batchStart) / 1000;
  assert.equal(posted.status, 200, JSON.stringify(posted.body).slice(0, 500));
  const batchId: string = posted.body.id;
  let batch: any = posted.body;
  let lastProgress = performance.now();
  while (batch.status !== 'completed') {
    if (performance.now() - batchStart > batchTimeoutS * 1000) {
      throw new Error(`batch ${batchId} not completed after ${batchTimeoutS} s: ${JSON.stringify(batch)}`);
    }
    await sleep(POLL_MS);
    const res = await api('GET', `${apiUrl}/v1/payout_batches/${batchId}`, key);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    batch = res.body;
    if (performance.now() - lastProgress > 30_000) {
      lastProgress = performance.now();
      console.log(`    … ${((lastProgress - batchStart) / 1000).toFixed(0)} s: ${JSON.stringify(batch.counts)} (load average ${loadavg()})`);
    }
  }
  const batchSeconds = (performance.now() - batchStart) / 1000;
  const batchCpu2 = await cpuSample(config.DATA_DIR);
  console.log(
    `  service:  POST /v1/payout_batches → GET says completed: ${batchSeconds.toFixed(2)} s, ` +
      `${(batchItems / batchSeconds).toFixed(1)} payouts/s (the POST answered in ${postSeconds.toFixed(2)} s)`,
  );
  const batchResult = (await client.workflow.getHandle(payoutBatchWorkflowId(account.account_id, 'sandbox', `batch-${runId}`)).result()) as PayoutBatchWorkflowResult;
  const { started, linked, abandoned, runs } = batchResult.stats;
  console.log(`            batch workflow: ${runs + 1} runs, ${started} children started, ${linked} linked, ${abandoned} abandoned`);
  console.log(`    ${cpuPerCall(batchCpu1, batchCpu2, batchItems)} (per item, POST to completed)`);
  const noopAfter = await noopBatchRun('after');
  const noopSeconds = (noopBefore + noopAfter) / 2;
  console.log(`  batch/no-op (against the mean of the two baselines, ${noopSeconds.toFixed(2)} s): time ${(batchSeconds / noopSeconds).toFixed(2)}x, throughput ${(noopSeconds / batchSeconds).toFixed(2)}x`);
  assert.equal(batch.total_count, batchItems, `total_count ${batch.total_count}`);
  assert.equal(batch.counts.completed, batchItems, `the batch completed with counts ${JSON.stringify(batch.counts)}`);
  console.log(`  checked: counts ${JSON.stringify(batch.counts)}; load average at the end ${loadavg()}`);
  await sleep(1500);
  const child = await meanHistoryEvents(client, `WorkflowType = 'payoutWorkflow' AND BatchId = '${batchId}' AND ExecutionStatus = 'Completed'`);
  const parent = await meanHistoryEvents(client, `WorkflowType = 'payoutBatchWorkflow' AND BatchId = '${batchId}'`, 100);
  console.log(
    `  history per item: ${child.mean.toFixed(1)} events in its child payout workflow (mean of ${child.n}; before issue 15: ${BEFORE_ISSUE_15.childEvents}), ` +
      `${((parent.mean * parent.n) / batchItems).toFixed(1)} in the batch workflow (${parent.n} runs, ${parent.mean.toFixed(0)} events each on average)`,
  );
}

await runBench('bench:payouts', main);
