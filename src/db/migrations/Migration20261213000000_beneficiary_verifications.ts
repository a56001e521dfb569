import { Migration } from '@mikro-orm/migrations';

// Verified beneficiaries (docs/api.md, "Verified beneficiaries"): one row per verification, never updated once ended.
// Beneficiaries are immutable, so asking again makes a new row and the newest is the beneficiary's verification.
// - The mode is the beneficiary's own; kept on the row so the event and the rail need no join to know it.
// - `(beneficiary_id, created_at desc)` finds the latest one (the beneficiary's view, one index probe) and counts the
//   last 24 hours (at most three a day: the fourth is 429), both by the same index.
// - At most one `pending` per beneficiary, by a partial unique index: two concurrent requests cannot start two
//   (the start also runs under the beneficiary's row lock; this is what holds if a writer ever forgets it).
// - The columns a live verification needs (its connection, the provider's validation id, the fee in paise, GST
//   included) are here from the start, null in the sandbox, which charges nothing.
// - A verified row has its bank's name and its match; a failed one its reason; a pending one neither, and no end.
export class Migration20261213000000_beneficiary_verifications extends Migration {
  override up(): void {
    this.addSql(`create table beneficiary_verifications (
      id text primary key,
      beneficiary_id text not null references beneficiaries (id),
      account_id text not null references accounts (id),
      mode text not null check (mode in ('sandbox', 'live')),
      status text not null check (status in ('pending', 'verified', 'failed')),
      name_at_bank text null,
      name_match_score integer null check (name_match_score between 0 and 100),
      name_match_result text null check (name_match_result in ('match', 'partial', 'mismatch')),
      failure_code text null,
      failure_message text null,
      connection_id text null references connections (id),
      provider_validation_id text null,
      fee bigint null check (fee >= 0),
      created_at timestamptz not null default now(),
      ended_at timestamptz null,
      check ((status = 'pending') = (ended_at is null)),
      check ((status = 'verified') = (name_at_bank is not null and name_match_score is not null and name_match_result is not null)),
      check ((status = 'failed') = (failure_code is not null and failure_message is not null)));`);
    this.addSql(`create index beneficiary_verifications_latest_idx on beneficiary_verifications (beneficiary_id, created_at desc, id desc);`);
    this.addSql(`create unique index beneficiary_verifications_one_pending_idx on beneficiary_verifications (beneficiary_id) where status = 'pending';`);
  }
}
