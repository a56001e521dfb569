import { Migration } from '@mikro-orm/migrations';

// A queued retry belongs to the task queue of the fan-out that queued it: only the retry starters of workers on
// that task queue start it (on that task queue). Workers of another deployment sharing the database (or, in
// tests, another service) no longer take each other's retries and start them on a queue nobody of theirs polls.
// Rows queued before have none and may be taken by any starter, as before.
export class Migration20261129000000_webhook_retry_queue_task_queue extends Migration {
  override up(): void {
    this.addSql(`
alter table webhook_retry_queue add column task_queue text;
create index webhook_retry_queue_task_queue_order_idx on webhook_retry_queue (task_queue, queued_at, workflow_id);
`);
  }
}
