// `npm run bench:api`: requests/s and p50/p99 latency of GET /v1/balance through the whole stack (HTTP →
// request id → logging → metrics → errors → ORM context → router → auth by API key hash lookup →
// rate limit → readBalances on PostgreSQL), beside a bare Koa app with one middleware that runs the
// same readBalances on the same database through the same ORM and pool. The difference is what the
// stack costs per request on top of the query.
//
// Everything is started here, on free ports in a temp DATA_DIR: embedded PostgreSQL and the Temporal dev
// server through startStack (unless DATABASE_URL / TEMPORAL_ADDRESS are set), API + worker, and the
// bare server. Rounds alternate bare, full, bare, full, … so drift hits both alike; the figures
// reported are per-figure medians over rounds. The load runs in a worker thread (lib.ts).
//
//   BENCH_CONCURRENCY      requests in flight (default 32)
//   BENCH_SECONDS          measured seconds per round (default 10)
//   BENCH_WARMUP_SECONDS   warm-up before each round, not measured (default 2)
//   BENCH_ROUNDS           rounds per server (default 2)
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import Koa from 'koa';
import { createAccount } from '../../src/db/accounts.ts';
import { readBalances } from '../../src/db/balances.ts';
import { balanceView } from '../../src/db/views.ts';
import { envNumber, formatRatio, formatSummary, medianOf, runHttpLoadInWorker, summarize, type HttpRequestSpec, type Summary } from './lib.ts';
import { onBenchStop, runBench, startBenchStack, UNREACHABLE_RATE_LIMIT } from './stack.ts';

const concurrency = envNumber('BENCH_CONCURRENCY', 32, { integer: true, min: 1 });
const seconds = envNumber('BENCH_SECONDS', 10);
const warmupSeconds = envNumber('BENCH_WARMUP_SECONDS', 2, { min: 0 });
const rounds = envNumber('BENCH_ROUNDS', 2, { integer: true, min: 1 });

const BARE = 'bare Koa + readBalances';
const FULL = 'full stack GET /v1/balance';
const RATE_LIMIT = UNREACHABLE_RATE_LIMIT;

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

async function getOnce(spec: HttpRequestSpec): Promise<{ status: number; headers: Headers; body: unknown }> {
  const res = await fetch(spec.url, { headers: spec.headers });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const { stack } = await startBenchStack({ env: { RATE_LIMIT_SANDBOX: RATE_LIMIT, RATE_LIMIT_LIVE: RATE_LIMIT } });
  const { orm } = stack;
  const account = await createAccount(orm.em.fork(), 'Benchmark account');

  const bare = new Koa();
  bare.use(async (ctx) => {
    const balances = await readBalances(orm.em.fork(), account.account_id, 'sandbox', 'INR');
    ctx.body = balanceView('sandbox', balances);
  });
  const bareServer = http.createServer(bare.callback());
  onBenchStop(
    () =>
      new Promise<void>((resolve) => {
        bareServer.close(() => resolve());
        bareServer.closeAllConnections();
      }),
  );
  const barePort = await listen(bareServer);

  const targets: Record<string, HttpRequestSpec> = {
    [BARE]: { url: `http://127.0.0.1:${barePort}/v1/balance` },
    [FULL]: { url: `${stack.apiUrl}/v1/balance`, headers: { Authorization: `Bearer ${account.sandbox_key}` } },
  };

  // Both answer 200 with the same body; the full stack's rate limit is out of reach.
  const bareOnce = await getOnce(targets[BARE]);
  const fullOnce = await getOnce(targets[FULL]);
  assert.equal(bareOnce.status, 200, JSON.stringify(bareOnce.body));
  assert.equal(fullOnce.status, 200, JSON.stringify(fullOnce.body));
  assert.deepEqual(bareOnce.body, fullOnce.body);
  assert.equal(fullOnce.headers.get('x-ratelimit-limit'), RATE_LIMIT);

  console.log(
    `stack up in ${((performance.now() - startedAt) / 1000).toFixed(1)} s ` +
      `(PostgreSQL ${process.env.DATABASE_URL ? 'from DATABASE_URL' : 'embedded'}, ` +
      `Temporal ${process.env.TEMPORAL_ADDRESS ? 'from TEMPORAL_ADDRESS' : 'dev server'}); Node ${process.version}, ${os.availableParallelism()} CPUs`,
  );
  console.log(`response: ${JSON.stringify(fullOnce.body)}`);
  console.log(
    `GET /v1/balance, ${concurrency} in flight, keep-alive; ${seconds} s per round after ${warmupSeconds} s warm-up; ` +
      `${rounds} round(s) each, alternating bare, full`,
  );

  const results: Record<string, Summary[]> = { [BARE]: [], [FULL]: [] };
  for (let round = 1; round <= rounds; round++) {
    for (const name of [BARE, FULL]) {
      const result = await runHttpLoadInWorker({
        ...targets[name],
        concurrency,
        warmupMs: warmupSeconds * 1000,
        durationMs: seconds * 1000,
      });
      if (result.errors > 0 || result.warmupErrors > 0) {
        throw new Error(`${name}, round ${round}: ${result.errors} failed requests (${result.warmupErrors} in warm-up); first: ${result.firstError}`);
      }
      const summary = summarize(name, result);
      results[name].push(summary);
      console.log(`  round ${round}  ${formatSummary(summary)} (${summary.requests} requests, max ${summary.max.toFixed(1)} ms)`);
    }
  }

  const bareMedian = medianOf(BARE, results[BARE]);
  const fullMedian = medianOf(FULL, results[FULL]);
  console.log(`median of ${rounds} round(s):`);
  console.log(formatSummary(bareMedian));
  console.log(formatSummary(fullMedian));
  console.log(formatRatio('full/bare', fullMedian, bareMedian));
}

await runBench('bench:api', main);
