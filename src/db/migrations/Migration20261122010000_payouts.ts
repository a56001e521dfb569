import { Migration } from '@mikro-orm/migrations';

// Payouts: beneficiaries, payouts with their status history, batches with their stored items, and the
// sandbox rail's record of every submission (tests use it to prove nothing was sent twice).
export class Migration20261122010000_payouts extends Migration {
  override up(): void {
    this.addSql(`
create table beneficiaries (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  name text not null,
  type text not null check (type in ('bank_account', 'vpa')),
  account_number text,
  ifsc text,
  vpa text,
  email text,
  phone text,
  metadata jsonb not null default '{}',
  active boolean not null default true,
  created_at timestamptz not null default now(),
  deactivated_at timestamptz,
  check ((type = 'bank_account' and account_number is not null and ifsc is not null and vpa is null)
      or (type = 'vpa' and vpa is not null and account_number is null and ifsc is null))
);
create index beneficiaries_list_idx on beneficiaries(account_id, mode, id desc);

create table payout_batches (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  reference text,
  idempotency_key text not null,
  status text not null check (status in ('processing', 'completed')),
  total_count integer not null,
  total_amount bigint not null,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  unique (account_id, mode, idempotency_key)
);
create index payout_batches_list_idx on payout_batches(account_id, mode, id desc);

create table payouts (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  beneficiary_id text not null,
  amount bigint not null check (amount > 0),
  currency text not null default 'INR',
  transfer_mode text not null,
  status text not null check (status in ('initiated', 'completed', 'failed', 'reversed')),
  failure_code text,
  failure_message text,
  utr text,
  batch_id text references payout_batches(id),
  reference text,
  narration text,
  metadata jsonb not null default '{}',
  idempotency_key text not null,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  failed_at timestamptz,
  reversed_at timestamptz,
  unique (account_id, mode, idempotency_key),
  check ((status = 'failed') = (failure_code is not null))
);
create index payouts_list_idx on payouts(account_id, mode, id desc);
create index payouts_status_idx on payouts(account_id, mode, status, id desc);
create index payouts_beneficiary_idx on payouts(account_id, mode, beneficiary_id, id desc);

-- A batch's items, stored once; the batch workflow pages through them by seq. payout_id links the
-- payout the item's key created (in this batch or earlier), so a re-submitted run joins, not repays.
create table payout_batch_items (
  batch_id text not null references payout_batches(id),
  seq integer not null,
  idempotency_key text not null,
  beneficiary_id text not null,
  amount bigint not null,
  transfer_mode text not null,
  reference text,
  narration text,
  metadata jsonb not null default '{}',
  payout_id text references payouts(id),
  primary key (batch_id, seq),
  unique (batch_id, idempotency_key)
);
create index payout_batch_items_payout_idx on payout_batch_items(payout_id);

create table payout_status_history (
  id bigserial primary key,
  payout_id text not null references payouts(id),
  from_status text,
  to_status text not null,
  failure_code text,
  created_at timestamptz not null default now()
);
create index payout_status_history_payout_idx on payout_status_history(payout_id, id);

create table rail_submissions (
  id bigserial primary key,
  rail text not null,
  idempotency_key text not null,
  duplicate boolean not null,
  payload jsonb not null,
  created_at timestamptz not null default now()
);
create index rail_submissions_key_idx on rail_submissions(rail, idempotency_key);
`);
  }
}
