// Transaction reports: POST /v1/reports/transactions starts the report's workflow (the file is made from
// PostgreSQL by an activity), reads come from the database, and the file downloads by a signed link that
// needs no API key (GET /reports/:id/file?expires=&signature=), streamed a stored chunk at a time, from any
// API process. Links: HMAC-SHA256 over the report id and the expiry, keyed by a key derived from SECRETS_KEY,
// checked in constant time; 24 h; GET /v1/reports/:id signs a fresh one while the file is kept (30 days).
// The POST answers within 2 s (the workflow waits briefly for a small report), refuses a sixth pending report
// of an account and mode (429), and its stored idempotent replay is sealed (it holds a signed link).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type Router from '@koa/router';
import type { Pool } from 'pg';
import { ApiError } from '../../domain/errors.ts';
import { isIdOf } from '../../domain/ids.ts';
import { FILE_KEPT_MS, LINK_TTL_MS, rangeProblem, reportFileName } from '../../domain/reports.ts';
import { ReportEntity, type Report } from '../../db/entities.ts';
import { readReportChunk } from '../../db/report-chunks.ts';
import { reportView } from '../../db/views.ts';
import { createReportParams, listReportsQuery, type ReportResponse } from '../../contract/reports.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { readRoutes } from '../read-routes.ts';

/** Retry-After of a report refused for too many pending ones: a report takes seconds to be ready. */
const PENDING_REPORTS_RETRY_AFTER_S = 5;

const contentTypes = { csv: 'text/csv; charset=utf-8', jsonl: 'application/x-ndjson; charset=utf-8' } as const;

export function reportRoutes(router: Router<ApiState>, deps: AppDeps): void {
  const key = deps.secrets.derive('report-download-links');
  const mac = (id: string, expires: string) => createHmac('sha256', key).update(`${id}.${expires}`).digest('hex');

  /** The report with a link signed now (while its file is kept). */
  const withLink = (row: Report, nowMs = Date.now()): ReportResponse => {
    if (row.readyAt && row.readyAt.getTime() + FILE_KEPT_MS <= nowMs) return reportView(row, null);
    if (row.status === 'failed') return reportView(row, null);
    const expiresAt = Math.floor((nowMs + LINK_TTL_MS) / 1000);
    const url = `${deps.config.publicBaseUrl}/reports/${row.id}/file?expires=${expiresAt}&signature=${mac(row.id, String(expiresAt))}`;
    return reportView(row, { url, expiresAt });
  };

  router.post('/v1/reports/transactions', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(createReportParams, ctx.state.body);
    const problem = rangeProblem(params.from, params.to, Date.now());
    if (problem) throw new ApiError('invalid_request', problem.message, problem.param);
    const report = await deps.temporal
      .createReport({ accountId, mode, idempotencyKey: idempotencyKeyOf(ctx), from: params.from, to: params.to, format: params.format ?? 'csv' })
      .catch((err: unknown) => {
        // Too many pending (the creating step counts them under a lock): nothing was made, and the key stays free.
        if (err instanceof ApiError && err.code === 'rate_limited') throw new ApiError('rate_limited', err.message, undefined, { 'Retry-After': String(PENDING_REPORTS_RETRY_AFTER_S) });
        throw err;
      });
    const row = await ctx.state.em.findOneOrFail(ReportEntity, { id: report.id });
    ctx.body = withLink(row) satisfies ReportResponse;
  });

  readRoutes(router, {
    path: '/v1/reports',
    entity: ReportEntity,
    objectName: 'report',
    listQuery: listReportsQuery,
    view: (row) => withLink(row) satisfies ReportResponse,
  });

  router.get('/reports/:id/file', async (ctx) => {
    const id = ctx.params.id;
    const expires = typeof ctx.query.expires === 'string' ? ctx.query.expires : '';
    const signature = typeof ctx.query.signature === 'string' ? ctx.query.signature : '';
    const expected = Buffer.from(isIdOf('report', id) && /^[0-9]{1,12}$/.test(expires) ? mac(id, expires) : '');
    const given = Buffer.from(signature);
    if (expected.length === 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ApiError('invalid_signature', 'This download link is not valid: its signature does not match. Get a fresh link with GET /v1/reports/:id.');
    }
    if (Number(expires) * 1000 <= Date.now()) throw new ApiError('expired', 'This download link has expired. Get a fresh link with GET /v1/reports/:id.');
    const row = await ctx.state.em.findOne(ReportEntity, { id });
    if (!row) throw new ApiError('not_found', `No such report: '${id}'.`);
    if (row.status === 'pending') throw new ApiError('invalid_state', 'The report is still being generated; try again shortly.');
    if (row.status === 'failed') throw new ApiError('invalid_state', 'The report failed and has no file; request a new one.');
    if (row.readyAt!.getTime() + FILE_KEPT_MS <= Date.now()) throw new ApiError('expired', 'The report file is no longer kept (30 days); request a new report.');

    // A stored chunk at a time, byte for byte, the next one fetched while this one is sent; no database
    // connection is held while the client reads.
    const pool = (await ctx.state.em.getConnection().getNativeClient()) as unknown as Pool;
    const chunks = Readable.from(
      (async function* () {
        let next = readReportChunk(pool, id, 0);
        for (let seq = 0; ; seq++) {
          const pieces = await next;
          if (pieces === undefined) return;
          next = readReportChunk(pool, id, seq + 1);
          yield* pieces;
        }
      })(),
      // One piece waits in the stream (the default is sixteen objects).
      { highWaterMark: 1 },
    );
    ctx.set('Content-Type', contentTypes[row.format]);
    ctx.set('Content-Disposition', `attachment; filename="${reportFileName({ id: row.id, from: row.fromDate, to: row.toDate, format: row.format })}"`);
    ctx.set('Content-Length', String(row.size));
    ctx.set('ETag', `"${row.sha256}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = chunks;
  });
}
