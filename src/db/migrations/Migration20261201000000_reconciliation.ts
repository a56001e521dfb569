import { Migration } from '@mikro-orm/migrations';

// Reconciliation (API.md, Live mode) and where a top-up's money came from.
// - top_ups.source: `test_helper` (a sandbox top-up, POST /v1/test_helpers/top_ups) or `provider` (a credit to a live
//   connection's payout account, by webhook or reconciliation); provider_reference is the provider's transaction id.
//   Existing live top-ups were all provider deposits, keyed `provider/{connection_id}/{transaction_id}` with the
//   transaction id in their metadata.
// - connections: what the last reconciliation found (when, the provider's balance after the last transaction read,
//   the difference from ours) and how many runs found a difference; never a correction.
export class Migration20261201000000_reconciliation extends Migration {
  override up(): void {
    this.addSql(`alter table top_ups add column source text not null default 'test_helper' check (source in ('test_helper', 'provider'));`);
    this.addSql(`alter table top_ups add column provider_reference text;`);
    this.addSql(`
update top_ups set source = 'provider', provider_reference = metadata->>'provider_reference'
 where mode = 'live' and idempotency_key like 'provider/%';`);
    this.addSql(`alter table top_ups add constraint top_ups_provider_reference_check check ((source = 'provider') = (provider_reference is not null));`);
    this.addSql(`alter table top_ups alter column source drop default;`);
    this.addSql(`alter table connections add column reconciled_at timestamptz;`);
    this.addSql(`alter table connections add column reconciliation_provider_balance bigint;`);
    this.addSql(`alter table connections add column reconciliation_difference bigint;`);
    this.addSql(`alter table connections add column reconciliation_differences_found integer not null default 0;`);
  }
}
