import { Migration } from '@mikro-orm/migrations';

// Sandbox-Simulate webhook values of the request that created a payout batch: its payouts and its
// payout_batch.completed event inherit them, as the events of a single payout do.
export class Migration20261124010000_batch_simulate extends Migration {
  override up(): void {
    this.addSql(`alter table payout_batches add column sandbox_simulate text[] not null default '{}';`);
  }
}
