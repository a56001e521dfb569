import { Migration } from '@mikro-orm/migrations';

// A maker's refunds count toward its daily amount (docs/api.md, "Spending limits of a maker key"), so a refund
// records the key that created it, as a payout does (Migration20261211000000_payout_waits); null for refunds made
// before, and by keys whose day nobody counts. The index serves the day's sum, read under the key's lock.
export class Migration20261211010000_refund_creators extends Migration {
  override up(): void {
    this.addSql(`alter table refunds add column created_by_key_id text null;`);
    this.addSql(`create index refunds_key_day_idx on refunds (created_by_key_id, created_at) where created_by_key_id is not null;`);
  }
}
