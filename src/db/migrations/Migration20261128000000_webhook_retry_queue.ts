import { Migration } from '@mikro-orm/migrations';

// Deliveries whose first attempt (made with their fan-out batch) failed, waiting for their retry workflow to be
// started. The fan-out activity writes them with the attempts; the retry starter of each worker takes them in the
// order they came (FOR UPDATE SKIP LOCKED), at a bounded rate, starts webhook/{event}/{endpoint}[/variant] and
// deletes the row in the same transaction. So a burst of failures (a dead receiver during a payout batch) reaches
// Temporal as a steady trickle of starts rather than hundreds at once.
export class Migration20261128000000_webhook_retry_queue extends Migration {
  override up(): void {
    this.addSql(`
create table webhook_retry_queue (
  workflow_id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  event_id text not null,
  endpoint_id text not null,
  variant text,
  -- When the batch made the first attempt; null when it made none (ran out of time before this pair).
  first_attempt_at timestamptz,
  queued_at timestamptz not null default clock_timestamp()
);
create index webhook_retry_queue_order_idx on webhook_retry_queue (queued_at, workflow_id);
create index webhook_retry_queue_endpoint_idx on webhook_retry_queue (endpoint_id);
`);
  }
}
