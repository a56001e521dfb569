import { Migration } from '@mikro-orm/migrations';

// Transaction reports: the report row, its file in chunks (so any API process serves it with nothing else to
// run, and a download streams a chunk at a time), and an index that makes a range of one account's balance
// transactions a range scan in creation order.
export class Migration20261126210000_reports extends Migration {
  override up(): void {
    this.addSql(`
create table reports (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  -- Calendar days (Asia/Kolkata) as YYYY-MM-DD text: no time zone or driver conversion can move them.
  from_date text not null check (from_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  to_date text not null check (to_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and to_date >= from_date),
  format text not null check (format in ('csv', 'jsonl')),
  status text not null check (status in ('pending', 'ready', 'failed')),
  -- The moment of the request: rows created later never enter the report.
  requested_at timestamptz not null,
  row_count bigint,
  size bigint,
  sha256 text,
  failure_message text,
  idempotency_key text not null,
  created_at timestamptz not null default now(),
  ready_at timestamptz,
  failed_at timestamptz,
  unique (account_id, mode, idempotency_key),
  check ((status = 'ready') = (ready_at is not null and row_count is not null and size is not null and sha256 is not null))
);
create index reports_list_idx on reports(account_id, mode, id desc);

create table report_chunks (
  report_id text not null references reports(id) on delete cascade,
  seq integer not null,
  data bytea not null,
  primary key (report_id, seq)
);

create index balance_transactions_created_idx on balance_transactions(account_id, mode, created_at, id);
`);
  }
}
