import { Migration } from '@mikro-orm/migrations';

// Customers and collections (recurring charges). The database guarantees what a workflow replay or a
// retried activity could otherwise get wrong: a cycle of a collection has at most one charge that is
// pending or captured (so it can never be paid twice), each (cycle, attempt) has one payment, and a
// collection's counters never pass its total.
export class Migration20261124000000_collections extends Migration {
  override up(): void {
    this.addSql(`
create table customers (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  name text not null,
  email text,
  phone text,
  -- The UPI ID collections charge (the customer's mandate); read at each charge, so a change applies next time.
  vpa text,
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index customers_list_idx on customers(account_id, mode, id desc);
create index customers_email_idx on customers(account_id, mode, email, id desc) where email is not null;

create table collections (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  customer_id text not null references customers(id),
  amount bigint not null check (amount > 0),
  currency text not null default 'INR',
  schedule text not null check (schedule in ('monthly', 'weekly', 'yearly')),
  day_of_month integer check (day_of_month between 1 and 28),
  start_at timestamptz not null,
  total_count integer check (total_count > 0),
  description text,
  metadata jsonb not null default '{}',
  status text not null check (status in ('active', 'paused', 'halted', 'cancelled', 'completed')),
  paid_count integer not null default 0,
  failed_count integer not null default 0 check (failed_count >= 0),
  -- The cycle (1 = the charge at start_at) the next charge attempt belongs to, and the attempts it has had.
  current_cycle integer not null default 1 check (current_cycle >= 1),
  cycle_attempts integer not null default 0 check (cycle_attempts >= 0),
  next_charge_at timestamptz,
  latest_payment_id text,
  -- The collection workflow's write counter: a retried write of an older state changes nothing.
  state_version integer not null default 0,
  sandbox_simulate text[] not null default '{}',
  idempotency_key text not null,
  created_at timestamptz not null default now(),
  paused_at timestamptz,
  halted_at timestamptz,
  cancelled_at timestamptz,
  completed_at timestamptz,
  unique (account_id, mode, idempotency_key),
  check (day_of_month is null or schedule = 'monthly'),
  check (paid_count >= 0 and (total_count is null or paid_count <= total_count)),
  check ((status = 'active') = (next_charge_at is not null)),
  check ((status = 'completed') = (completed_at is not null)),
  check ((status = 'cancelled') = (cancelled_at is not null))
);
create index collections_list_idx on collections(account_id, mode, id desc);
create index collections_status_idx on collections(account_id, mode, status, id desc);
create index collections_customer_idx on collections(account_id, mode, customer_id, id desc);

create table collection_status_history (
  id bigserial primary key,
  collection_id text not null references collections(id),
  from_status text,
  to_status text not null,
  created_at timestamptz not null default now()
);
create index collection_status_history_collection_idx on collection_status_history(collection_id, id);

alter table payments
  add column collection_id text references collections(id),
  add column collection_cycle integer,
  add column collection_attempt integer,
  add constraint payments_collection_cycle_check check (
    (collection_id is null) = (collection_cycle is null) and (collection_id is null) = (collection_attempt is null)
  );
alter table collections add constraint collections_latest_payment_fk foreign key (latest_payment_id) references payments(id);
-- One payment per charge attempt, and per cycle at most one that is pending or captured: never paid twice.
create unique index payments_collection_attempt_idx on payments(collection_id, collection_cycle, collection_attempt) where collection_id is not null;
create unique index payments_collection_cycle_once_idx on payments(collection_id, collection_cycle)
  where collection_id is not null and status in ('pending', 'captured');
create index payments_collection_list_idx on payments(account_id, mode, collection_id, id desc) where collection_id is not null;
-- From now on a payment's customer must exist; rows written before customers existed are left as they are.
alter table payments add constraint payments_customer_fk foreign key (customer_id) references customers(id) not valid;
`);
  }
}
