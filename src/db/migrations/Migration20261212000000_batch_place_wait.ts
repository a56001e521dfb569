import { Migration } from '@mikro-orm/migrations';

// A batch that leaves its waits while the account already has the most batches processing at once in its mode waits
// for a place (docs/api.md, "Payouts that wait"), keeping the status it waited in. `place_wanted_at` says since when:
// the waiting batches take free places oldest first, and a new batch is refused while any waits, so none starves.
export class Migration20261212000000_batch_place_wait extends Migration {
  override up(): void {
    this.addSql(`alter table payout_batches add column place_wanted_at timestamptz null;`);
    this.addSql(`create index payout_batches_place_wanted_idx on payout_batches (account_id, mode, place_wanted_at) where place_wanted_at is not null;`);
    // Revoking a key withdraws its approvals from what still waits (src/db/accounts.ts): found by key.
    this.addSql(`create index object_approvals_key_idx on object_approvals (key_id);`);
  }
}
