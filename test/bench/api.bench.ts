// `npm run bench:api`: requests/s and p50/p99 latency of two reads through the whole stack (HTTP →
// request id → logging → metrics → errors → ORM context → router → auth by API key (the process's key cache) →
// rate limit (the process's budget) → the read on PostgreSQL), each beside a bare Koa app with one middleware
// that runs the same read on the same database through the same ORM and pool:
// - GET /v1/balance (readBalances),
// - GET /v1/balance_transactions?limit=10, a list page of 10 of the account's 30 transactions (listPage).
// The difference is what the stack costs per request on top of the query.
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
import { BalanceTransactionEntity } from '../../src/db/entities.ts';
import { balanceTransactionView, balanceView } from '../../src/db/views.ts';
import { listPage } from '../../src/api/pagination.ts';
import { envNumber, formatRatio, formatSummary, medianOf, runHttpLoadInWorker, summarize, type HttpRequestSpec, type Summary } from './lib.ts';
import { onBenchStop, runBench, startBenchStack, UNREACHABLE_RATE_LIMIT } from './stack.ts';

const concurrency = envNumber('BENCH_CONCURRENCY', 32, { integer: true, min: 1 });
const seconds = envNumber('BENCH_SECONDS', 10);
const warmupSeconds = envNumber('BENCH_WARMUP_SECONDS', 2, { min: 0 });
const rounds = envNumber('BENCH_ROUNDS', 2, { integer: true, min: 1 });

const BARE = 'bare Koa + readBalances';
const FULL = 'full stack GET /v1/balance';
const BARE_LIST = 'bare Koa + listPage';
const FULL_LIST = 'full stack GET /v1/balance_transactions';
const LIST_PATH = '/v1/balance_transactions';
const LIST_ROWS = 30;
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

  const auth = { Authorization: `Bearer ${account.sandbox_key}` };
  for (let i = 0; i < LIST_ROWS; i++) {
    const res = await fetch(`${stack.apiUrl}/v1/test_helpers/top_ups`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ amount: 100 + i }) });
    assert.equal(res.status, 200, await res.text());
  }

  const scope = { accountId: account.account_id, mode: 'sandbox' as const };
  const bare = new Koa();
  bare.use(async (ctx) => {
    if (ctx.path === LIST_PATH) {
      const page = await listPage({ em: orm.em.fork(), entity: BalanceTransactionEntity, scope, params: { limit: 10 }, url: LIST_PATH, objectName: 'balance_transaction' });
      ctx.body = { ...page, data: page.data.map(balanceTransactionView) };
      return;
    }
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
    [FULL]: { url: `${stack.apiUrl}/v1/balance`, headers: auth },
    [BARE_LIST]: { url: `http://127.0.0.1:${barePort}${LIST_PATH}?limit=10` },
    [FULL_LIST]: { url: `${stack.apiUrl}${LIST_PATH}?limit=10`, headers: auth },
  };
  const pairs = [
    [BARE, FULL],
    [BARE_LIST, FULL_LIST],
  ] as const;

  // Each pair answers 200 with the same body; the full stack's rate limit is out of reach.
  let fullOnce: Awaited<ReturnType<typeof getOnce>> | undefined;
  for (const [bareName, fullName] of pairs) {
    const bareOnce = await getOnce(targets[bareName]);
    fullOnce = await getOnce(targets[fullName]);
    assert.equal(bareOnce.status, 200, JSON.stringify(bareOnce.body));
    assert.equal(fullOnce.status, 200, JSON.stringify(fullOnce.body));
    assert.deepEqual(bareOnce.body, fullOnce.body);
    assert.equal(fullOnce.headers.get('x-ratelimit-limit'), RATE_LIMIT);
  }
  assert.equal((fullOnce!.body as { data: unknown[] }).data.length, 10);

  console.log(
    `stack up in ${((performance.now() - startedAt) / 1000).toFixed(1)} s ` +
      `(PostgreSQL ${process.env.DATABASE_URL ? 'from DATABASE_URL' : 'embedded'}, ` +
      `Temporal ${process.env.TEMPORAL_ADDRESS ? 'from TEMPORAL_ADDRESS' : 'dev server'}); Node ${process.version}, ${os.availableParallelism()} CPUs`,
  );
  console.log(
    `GET /v1/balance and GET ${LIST_PATH}?limit=10, ${concurrency} in flight, keep-alive; ${seconds} s per round after ` +
      `${warmupSeconds} s warm-up; ${rounds} round(s) each, alternating bare, full`,
  );

  const results: Record<string, Summary[]> = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const name of pairs.flat()) {
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

  console.log(`median of ${rounds} round(s):`);
  const ratios: string[] = [];
  for (const [bareName, fullName] of pairs) {
    const bareMedian = medianOf(bareName, results[bareName]);
    const fullMedian = medianOf(fullName, results[fullName]);
    console.log(formatSummary(bareMedian));
    console.log(formatSummary(fullMedian));
    ratios.push(formatRatio(`${fullName.replace('full stack ', '')} full/bare`, fullMedian, bareMedian));
  }
  for (const line of ratios) console.log(line);
}

await runBench('bench:api', main);
