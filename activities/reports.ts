// Transaction report writes: the report row, its file, and its outcome with the event. The file is made by
// PostgreSQL itself: `COPY (select ...) TO STDOUT` (CSV with RFC 4180 quoting and a header; JSONL as one JSON
// text a line) inside a repeatable-read snapshot, streamed through pg-copy-streams into 1 MiB chunks stored in
// `report_chunks` as they come (never the whole file in memory), hashed on the way.
import { createHash } from 'node:crypto';
import { Context } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Pool, PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Mode } from '../src/domain/modes.ts';
import { type ReportFormat, IST_OFFSET_TEXT, REPORT_TIME_ZONE, dayNumber, rangeInstants, reportColumns } from '../src/domain/reports.ts';
import { ReportEntity, type Report } from '../src/db/entities.ts';
import { recordEvent } from '../src/db/events.ts';
import { MAX_PENDING_REPORTS, deleteReportFilesBefore, pendingReportsLocked } from '../src/db/report-retention.ts';
import { reportView } from '../src/db/views.ts';
import { refuse } from './lifecycle.ts';
import type { ReportResponse } from '../src/contract/reports.ts';

export interface ReportRequest {
  reportId: string;
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
  /** YYYY-MM-DD, validated by the API. */
  from: string;
  to: string;
  format: ReportFormat;
}

export interface ReportFile {
  rowCount: number;
  size: number;
  sha256: string;
}

/** Bytes a stored chunk holds (the last one less). */
export const CHUNK_BYTES = 1024 * 1024;

/** The rows of a report: its account and mode, its IST days, nothing created after the request; oldest first. */
function selectRows(client: PoolClient, report: Report, columns: ReportFormat): string {
  const from = dayNumber(report.fromDate);
  const to = dayNumber(report.toDate);
  if (from === undefined || to === undefined) throw refuse('InvalidRequest', `report ${report.id} has no valid range`);
  const { startMs, endMs } = rangeInstants(from, to);
  const lit = (v: string) => client.escapeLiteral(v);
  const where =
    `t.account_id = ${lit(report.accountId)} and t.mode = ${lit(report.mode)} ` +
    `and t.created_at >= ${lit(new Date(startMs).toISOString())}::timestamptz and t.created_at < ${lit(new Date(endMs).toISOString())}::timestamptz ` +
    `and t.created_at <= ${lit(report.requestedAt.toISOString())}::timestamptz`;
  const values: Record<(typeof reportColumns)[number], string> = {
    id: 't.id',
    type: 't.type',
    source_id: 't.source_id',
    amount: 't.amount',
    fee: 't.fee',
    net: 't.amount - t.fee',
    currency: 't.currency',
    status: 't.status',
    created_at: `to_char(t.created_at at time zone '${REPORT_TIME_ZONE}', 'YYYY-MM-DD"T"HH24:MI:SS') || '${IST_OFFSET_TEXT}'`,
    // The caller's own reference of the source: a payout's reference, a payment's receipt (a payment made on a
    // payment link carries the link's reference_id as its receipt).
    reference: `coalesce(po.reference, pa.receipt, '')`,
    description: 't.description',
  };
  const list =
    columns === 'csv'
      ? reportColumns.map((c) => `${values[c]} as ${c}`).join(', ')
      : `json_build_object(${reportColumns.map((c) => `'${c}', ${values[c]}`).join(', ')})::text`;
  return (
    `select ${list} from balance_transactions t ` +
    `left join payouts po on po.id = t.source_id and t.type like 'payout%' ` +
    `left join payments pa on pa.id = t.source_id ` +
    `where ${where} order by t.created_at, t.id`
  );
}

/**
 * COPY options: CSV with a header for csv; for jsonl, each row is one JSON text written as it is (a CSV field
 * that never needs quoting: JSON escapes every control character, so delimiter \x01 and quote \x02 never occur).
 */
const copyOptions: Record<ReportFormat, string> = {
  csv: `(format csv, header true, encoding 'UTF8')`,
  jsonl: `(format csv, header false, delimiter E'\\x01', quote E'\\x02', encoding 'UTF8')`,
};

/** The COPY statement that writes a report's file (the bench times the same statement alone). */
export function reportCopyStatement(client: PoolClient, report: Report): string {
  return `copy (${selectRows(client, report, report.format)}) to stdout with ${copyOptions[report.format]}`;
}

/**
 * Writes `report`'s file into report_chunks: the rows copied in one repeatable-read snapshot (the row count is
 * COPY's own), stored in 1 MiB chunks as they stream, hashed on the way. Any chunks of an earlier attempt go first.
 */
async function writeReportFile(db: Pool, report: Report): Promise<ReportFile> {
  await db.query('delete from report_chunks where report_id = $1', [report.id]);
  const client = await db.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const stream = client.query(copyTo(reportCopyStatement(client, report)));
    const hash = createHash('sha256');
    let size = 0;
    let seq = 0;
    // Two chunk buffers, filled in turn: one is being inserted while the next fills (at most one insert in
    // flight), and the streamed pieces are copied in rather than kept, so memory stays at two chunks.
    const buffers = [Buffer.allocUnsafe(CHUNK_BYTES), Buffer.allocUnsafe(CHUNK_BYTES)];
    let filling = buffers[0];
    let filled = 0;
    let inFlight: Promise<unknown> = Promise.resolve();
    const flush = async () => {
      if (filled === 0 && seq > 0) return;
      const data = filling.subarray(0, filled);
      await inFlight;
      const at = seq++;
      inFlight = db.query('insert into report_chunks (report_id, seq, data) values ($1, $2, $3)', [report.id, at, data]);
      filling = buffers[seq % 2];
      filled = 0;
      Context.current().heartbeat({ seq, size });
    };
    for await (const piece of stream as AsyncIterable<Buffer>) {
      hash.update(piece);
      size += piece.length;
      for (let offset = 0; offset < piece.length; ) {
        const n = piece.copy(filling, filled, offset);
        filled += n;
        offset += n;
        if (filled === CHUNK_BYTES) await flush();
      }
    }
    await flush();
    await inFlight;
    // The row count is PostgreSQL's own, from COPY's command tag; it has arrived once the next query answers.
    await client.query('commit');
    return { rowCount: stream.rowCount, size, sha256: hash.digest('hex') };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export function createReportActivities(deps: { orm: MikroORM }) {
  const pool = async (): Promise<Pool> => (await deps.orm.em.getConnection().getNativeClient()) as unknown as Pool;
  const load = async (reportId: string): Promise<Report> => {
    const row = await deps.orm.em.fork().findOne(ReportEntity, { id: reportId });
    if (!row) throw refuse('NotFound', `report ${reportId} not found`);
    return row;
  };

  /** Writes the outcome and its event in one transaction (a failure drops any stored part of the file); a report already settled stays as it is. */
  const settle = (reportId: string, outcome: { file: ReportFile } | { failure: string }): Promise<ReportResponse> =>
    deps.orm.em.fork().transactional(async (tx) => {
      const row = await tx.findOne(ReportEntity, { id: reportId });
      if (!row) throw refuse('NotFound', `report ${reportId} not found`);
      if (row.status !== 'pending') return reportView(row, null);
      if ('file' in outcome) {
        Object.assign(row, { status: 'ready', rowCount: outcome.file.rowCount, size: outcome.file.size, sha256: outcome.file.sha256, readyAt: new Date() });
      } else {
        Object.assign(row, { status: 'failed', failureMessage: outcome.failure.slice(0, 500), failedAt: new Date() });
        // What the last attempt stored before it failed is no file: it goes with the outcome.
        await tx.execute('delete from report_chunks where report_id = ?', [reportId]);
      }
      await tx.flush();
      const view = reportView(row, null);
      // The event carries no link (links are signed per request): GET /v1/reports/:id gives a fresh one.
      await recordEvent(tx, { accountId: row.accountId, mode: row.mode, type: 'file' in outcome ? 'report.ready' : 'report.failed', object: view });
      return view;
    });

  return {
    /**
     * Writes the report `pending`, stamped with the moment of the request. Idempotent by key. Refused
     * (RateLimited) when the account already has MAX_PENDING_REPORTS pending in that mode.
     */
    async createReport(request: ReportRequest): Promise<ReportResponse> {
      return deps.orm.em.fork().transactional(async (tx) => {
        const pending = await pendingReportsLocked(tx, request.accountId, request.mode);
        const existing = await tx.findOne(ReportEntity, { accountId: request.accountId, mode: request.mode, idempotencyKey: request.idempotencyKey });
        if (existing) return reportView(existing, null);
        if (pending >= MAX_PENDING_REPORTS) {
          throw refuse('RateLimited', `This account already has ${pending} reports pending in ${request.mode} mode, the most allowed at once (${MAX_PENDING_REPORTS}). Retry when one is ready.`);
        }
        const row = tx.create(ReportEntity, {
          id: request.reportId,
          accountId: request.accountId,
          mode: request.mode,
          fromDate: request.from,
          toDate: request.to,
          format: request.format,
          status: 'pending',
          requestedAt: new Date(),
          rowCount: null,
          size: null,
          sha256: null,
          failureMessage: null,
          idempotencyKey: request.idempotencyKey,
          createdAt: new Date(),
          readyAt: null,
          failedAt: null,
        });
        await tx.flush();
        return reportView(row, null);
      });
    },

    /**
     * Makes the file: copies the rows in one repeatable-read snapshot (the row count is COPY's own), storing 1 MiB chunks as they
     * stream. A retried attempt starts the file over (its chunks are replaced), so the stored file is always
     * one attempt's, whole.
     */
    async generateReport(input: { reportId: string }): Promise<ReportFile> {
      return writeReportFile(await pool(), await load(input.reportId));
    },

    /**
     * Deletes the files of at most `limit` reports made more than `olderThanMs` ago (the report rows stay);
     * answers how many it deleted, so the cleanup workflow knows whether to go on.
     */
    async deleteExpiredReportFiles(input: { olderThanMs: number; limit: number }): Promise<number> {
      return deleteReportFilesBefore(deps.orm.em.fork(), new Date(Date.now() - input.olderThanMs), input.limit);
    },

    async markReportReady(input: { reportId: string; file: ReportFile }): Promise<ReportResponse> {
      return settle(input.reportId, { file: input.file });
    },

    async markReportFailed(input: { reportId: string; message: string }): Promise<ReportResponse> {
      return settle(input.reportId, { failure: input.message });
    },
  };
}

export type ReportActivities = ReturnType<typeof createReportActivities>;
