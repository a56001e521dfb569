import { Migration } from '@mikro-orm/migrations';

// Report limits and retention (API.md, Transaction reports):
// - reports_pending_idx: the count of an account's pending reports per mode, read under a lock before every
//   new report (at most 5 at once), stays an index lookup however many reports the account has made.
// - file_deleted_at: when the cleanup Schedule deleted the report's file (kept 30 days after ready_at); the
//   row stays, so GET still shows the report and its old links answer 410. reports_files_kept_idx holds only
//   the reports whose file is still stored, so each cleanup run reads the few due ones, not every old report.
// (The index the start-up sealing of report replays reads is Migration20261130100100's.)
export class Migration20261130100000_report_retention extends Migration {
  override up(): void {
    this.addSql(`
alter table reports add column file_deleted_at timestamptz;
create index reports_pending_idx on reports (account_id, mode) where status = 'pending';
create index reports_files_kept_idx on reports (ready_at) where status = 'ready' and file_deleted_at is null;
`);
  }
}
