import { Migration } from '@mikro-orm/migrations';

// One payment per collection charge attempt, except the debits the provider refused as set-up errors
// (failure_code provider_unavailable, docs/live-money.md "Set-up errors are not declines"): such a debit used no
// attempt, so the attempt's next debit is a payment of its own (its idempotency key counts the refusals).
export class Migration20261209000000_collection_setup_refusals extends Migration {
  override up(): void {
    this.addSql(`drop index payments_collection_attempt_idx;`);
    this.addSql(
      `create unique index payments_collection_attempt_idx on payments(collection_id, collection_cycle, collection_attempt)
       where collection_id is not null and failure_code is distinct from 'provider_unavailable';`,
    );
  }
}
