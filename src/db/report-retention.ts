// How many reports an account may have pending, and how long report files are kept (docs/api.md, Transaction
// reports): at most 5 pending per account and mode, counted under a lock so that every API process and
// worker agrees; files deleted 30 days after they were made (by the cleanup Schedule), the report row kept.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mode } from '../domain/modes.ts';

/** Reports pending at once per account and mode; the sixth request is `429 rate_limited`. */
export const MAX_PENDING_REPORTS = 5;

/**
 * Inside `tx`: waits for the account and mode's report lock (held to the end of `tx`), then counts its
 * pending reports. A creation that counts under the lock sees every report created before it.
 */
export async function pendingReportsLocked(tx: EntityManager, accountId: string, mode: Mode): Promise<number> {
  await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`reports/${accountId}/${mode}`]);
  // A statement of its own, after the lock: it sees every report committed by whoever held the lock before.
  const [row] = await tx.execute<{ pending: string }[]>(`select count(*) as pending from reports where account_id = ? and mode = ? and status = 'pending'`, [accountId, mode]);
  return Number(row.pending);
}

/**
 * Deletes the files of at most `limit` reports made before `cutoff`, oldest first, and marks them deleted
 * (the rows stay: GET shows the report, its links answer 410). Returns how many files it deleted. Runs
 * beside another cleanup safely: each takes rows the other has not locked.
 */
export async function deleteReportFilesBefore(em: EntityManager, cutoff: Date, limit: number): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `with due as (
       select id from reports
       where status = 'ready' and file_deleted_at is null and ready_at <= ?::timestamptz
       order by ready_at limit ? for update skip locked
     ), chunks as (
       delete from report_chunks c using due where c.report_id = due.id
     )
     update reports r set file_deleted_at = now() from due where r.id = due.id returning r.id`,
    [cutoff.toISOString(), limit],
  );
  return rows.length;
}
