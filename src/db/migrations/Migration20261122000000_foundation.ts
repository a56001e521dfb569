import { Migration } from '@mikro-orm/migrations';

// Foundation: accounts, API keys, HTTP idempotency records, the double-entry ledger, top-ups and the
// event outbox. The database itself guards the money invariants: internal ledger accounts never go
// below zero (CHECK), and the entries of every transaction sum to zero (deferred constraint trigger).
export class Migration20261122000000_foundation extends Migration {
  override up(): void {
    this.addSql(`
create table accounts (
  id text primary key,
  name text not null,
  created_at timestamptz not null default now()
);

create table api_keys (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  key_hash text not null unique,
  last4 text not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index api_keys_account_idx on api_keys(account_id);

create table idempotency_records (
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  key text not null,
  method text not null,
  path text not null,
  request_hash text not null,
  state text not null check (state in ('in_flight', 'done')),
  status_code integer,
  response_body text,
  locked_until timestamptz not null,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  primary key (account_id, mode, key)
);

create table ledger_accounts (
  id bigserial primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  kind text not null,
  currency text not null default 'INR',
  internal boolean not null,
  balance bigint not null default 0,
  constraint ledger_accounts_internal_non_negative check (not internal or balance >= 0),
  unique (account_id, mode, kind, currency)
);

create table balance_transactions (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  type text not null,
  source_id text not null,
  amount bigint not null,
  fee bigint not null default 0,
  currency text not null default 'INR',
  status text not null default 'available',
  description text,
  created_at timestamptz not null default now()
);
create index balance_transactions_list_idx on balance_transactions(account_id, mode, id desc);
create index balance_transactions_source_idx on balance_transactions(account_id, mode, source_id);

create table ledger_entries (
  id bigserial primary key,
  transaction_id text not null references balance_transactions(id),
  ledger_account_id bigint not null references ledger_accounts(id),
  amount bigint not null check (amount <> 0),
  created_at timestamptz not null default now()
);
create index ledger_entries_transaction_idx on ledger_entries(transaction_id);
create index ledger_entries_account_idx on ledger_entries(ledger_account_id);

-- Every entry moves its account's balance in the same statement; the CHECK above then refuses an
-- internal balance below zero, whatever the concurrency (the row lock serialises writers).
create function ledger_apply_entry() returns trigger language plpgsql as $$
begin
  update ledger_accounts set balance = balance + new.amount where id = new.ledger_account_id;
  return new;
end $$;
create trigger ledger_entries_apply after insert on ledger_entries
  for each row execute function ledger_apply_entry();

-- Checked at commit, once all legs are in: a transaction whose entries do not sum to zero is refused.
create function ledger_check_balanced() returns trigger language plpgsql as $$
declare total bigint;
begin
  select coalesce(sum(amount), 0) into total from ledger_entries where transaction_id = new.transaction_id;
  if total <> 0 then
    raise exception 'ledger transaction % is unbalanced by %', new.transaction_id, total
      using errcode = 'check_violation';
  end if;
  return null;
end $$;
create constraint trigger ledger_entries_balanced after insert on ledger_entries
  deferrable initially deferred for each row execute function ledger_check_balanced();

-- Entries are history: never changed, never removed.
create function ledger_entries_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'ledger entries are append-only';
end $$;
create trigger ledger_entries_no_change before update or delete on ledger_entries
  for each row execute function ledger_entries_immutable();

create table top_ups (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  amount bigint not null check (amount > 0),
  currency text not null default 'INR',
  status text not null,
  description text,
  metadata jsonb not null default '{}',
  idempotency_key text not null,
  balance_transaction_id text references balance_transactions(id),
  created_at timestamptz not null default now(),
  unique (account_id, mode, idempotency_key)
);
create index top_ups_list_idx on top_ups(account_id, mode, id desc);

create table events (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  type text not null,
  data jsonb not null,
  created_at timestamptz not null default now()
);
create index events_list_idx on events(account_id, mode, id desc);
`);
  }
}
