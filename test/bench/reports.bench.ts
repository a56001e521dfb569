// `npm run bench:reports`: a transaction report of a busy month end to end through the service — POST
// /v1/reports/transactions, the report's workflow and its COPY into stored chunks, then GET until ready and
// the whole file downloaded by its signed link — beside PostgreSQL's own `COPY (the same select) TO STDOUT`
// of the same rows read to the end by a plain client, in the same run. Also the service's peak RSS growth
// while it runs (the service runs in this process, sampled every 20 ms; the file is downloaded by curl, a
// process of its own, so the client's buffers do not count).
//
//   BENCH_ROWS     balance transactions in the month (default 1000000)
//   BENCH_FORMAT   csv (default) or jsonl
//   BENCH_ROUNDS   rounds of each, alternating (default 3); figures are medians
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { Pool } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { reportCopyStatement } from '../../activities/reports.ts';
import { createAccount } from '../../src/db/accounts.ts';
import { ReportEntity } from '../../src/db/entities.ts';
import { envNumber, median } from './lib.ts';
import { runBench, startBenchStack, UNREACHABLE_RATE_LIMIT } from './stack.ts';

const execFileAsync = promisify(execFile);
const rows = envNumber('BENCH_ROWS', 1_000_000, { integer: true, min: 1 });
const rounds = envNumber('BENCH_ROUNDS', 3, { integer: true, min: 1 });
const format = process.env.BENCH_FORMAT === 'jsonl' ? 'jsonl' : 'csv';

async function main(): Promise<void> {
  const { stack } = await startBenchStack({ env: { RATE_LIMIT_SANDBOX: UNREACHABLE_RATE_LIMIT } });
  assert.ok(stack.apiUrl);
  const { orm } = stack;
  const account = await createAccount(orm.em.fork(), 'Benchmark account');
  const key = account.sandbox_key;

  const t0 = performance.now();
  // A month of rows, spread over October 2026 (IST), a quarter of them with a description that needs quoting.
  await orm.em.fork().execute(
    `insert into balance_transactions (id, account_id, mode, type, source_id, amount, fee, currency, status, description, created_at)
     select 'txn_B' || lpad(g::text, 25, '0'), ?, 'sandbox', 'adjustment', 'adj_' || g, 100 + g % 9000, g % 7, 'INR', 'available',
            case when g % 4 = 0 then 'Refund for order ' || g || ', "express"' else null end,
            timestamptz '2026-10-01 00:00:00+05:30' + (g * (interval '31 days' / ?))
     from generate_series(0, ? - 1) g`,
    [account.account_id, rows, rows],
  );
  await orm.em.fork().execute('analyze balance_transactions');
  console.log(`${rows} balance transactions inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s; format ${format}; ${rounds} round(s)`);

  const pool = (await orm.em.getConnection().getNativeClient()) as unknown as Pool;

  /** PostgreSQL alone: the report's own COPY statement, read to the end. */
  const plainCopy = async (reportId: string): Promise<{ seconds: number; bytes: number }> => {
    const report = await orm.em.fork().findOneOrFail(ReportEntity, { id: reportId });
    const client = await pool.connect();
    try {
      const started = performance.now();
      let bytes = 0;
      for await (const chunk of client.query(copyTo(reportCopyStatement(client, report))) as AsyncIterable<Buffer>) bytes += chunk.length;
      return { seconds: (performance.now() - started) / 1000, bytes };
    } finally {
      client.release();
    }
  };

  /** The service: POST → ready → last byte downloaded; peak RSS growth meanwhile. */
  const throughService = async (): Promise<{ seconds: number; readySeconds: number; makingGrowthMb: number; bytes: number; reportId: string; rssGrowthMb: number; retainedMb: number; size: number }> => {
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    try {
      const started = performance.now();
      const res = await fetch(`${stack.apiUrl}/v1/reports/transactions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ from: '2026-10-01', to: '2026-10-31', format }),
      });
      let report = (await res.json()) as { id: string; status: string; download_url: string; size: number; row_count: number };
      assert.equal(res.status, 200, JSON.stringify(report));
      while (report.status === 'pending') {
        await new Promise((r) => setTimeout(r, 100));
        report = (await (await fetch(`${stack.apiUrl}/v1/reports/${report.id}`, { headers: { authorization: `Bearer ${key}` } })).json()) as typeof report;
      }
      assert.equal(report.status, 'ready');
      assert.equal(report.row_count, rows);
      const readyAt = performance.now();
      const peakWhileMaking = peak;
      // Downloaded by curl, a process of its own, so the RSS measured is the service's alone.
      const { stdout } = await execFileAsync('curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code} %{size_download}', report.download_url]);
      const [status, downloaded] = stdout.trim().split(' ').map(Number);
      assert.equal(status, 200);
      const bytes = downloaded;
      const seconds = (performance.now() - started) / 1000;
      const readySeconds = (readyAt - started) / 1000;
      global.gc?.();
      const retainedMb = (process.memoryUsage().rss - baseline) / 1024 / 1024;
      return { seconds, readySeconds, makingGrowthMb: (peakWhileMaking - baseline) / 1024 / 1024, bytes, reportId: report.id, rssGrowthMb: (peak - baseline) / 1024 / 1024, retainedMb, size: report.size };
    } finally {
      clearInterval(sampler);
    }
  };

  const service: number[] = [];
  const copy: number[] = [];
  const growth: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const s = await throughService();
    assert.equal(s.bytes, s.size, 'the whole file downloaded');
    const c = await plainCopy(s.reportId);
    assert.equal(c.bytes, s.size, 'COPY gives the same number of bytes');
    service.push(s.seconds);
    copy.push(c.seconds);
    growth.push(s.rssGrowthMb);
    console.log(
      `  round ${round}: service ${s.seconds.toFixed(2)} s (POST → ready ${s.readySeconds.toFixed(2)} s → ${(s.bytes / 1024 / 1024).toFixed(1)} MiB downloaded), COPY alone ${c.seconds.toFixed(2)} s; ` +
        `service RSS growth ${s.rssGrowthMb.toFixed(1)} MB at the peak (${s.makingGrowthMb.toFixed(1)} MB before the download), ${s.retainedMb.toFixed(1)} MB after a full GC`,
    );
  }
  console.log(
    `report of ${rows} rows (${format}), median: service ${median(service).toFixed(2)} s, COPY ${median(copy).toFixed(2)} s: ` +
      `${(median(service) / median(copy)).toFixed(2)}x (goal <= 2x); peak RSS growth ${Math.max(...growth).toFixed(1)} MB (goal < 100 MB)`,
  );
}

await runBench('bench:reports', main);
