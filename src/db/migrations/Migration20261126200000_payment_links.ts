import { Migration } from '@mikro-orm/migrations';

// Payment links. The link workflow decides every attempt; the database backs its money rules: a link never
// records more paid than its amount, has at most one payment pending at a time, and a reference_id names one
// link per account and mode.
export class Migration20261126200000_payment_links extends Migration {
  override up(): void {
    this.addSql(`
create table payment_links (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  amount bigint not null check (amount > 0),
  amount_paid bigint not null default 0 check (amount_paid >= 0),
  currency text not null default 'INR',
  description text,
  customer_name text,
  customer_email text,
  customer_phone text,
  reference_id text,
  accept_partial boolean not null default false,
  first_min_partial_amount bigint check (first_min_partial_amount > 0),
  status text not null check (status in ('created', 'partially_paid', 'paid', 'expired', 'cancelled')),
  expire_by timestamptz not null,
  -- The hosted page as sent to the customer ({PUBLIC_BASE_URL}/pay/{id} when created): a link already sent keeps it.
  short_url text not null,
  callback_url text,
  metadata jsonb not null default '{}',
  -- The captured payments, oldest first, as the link workflow last wrote them.
  payment_ids text[] not null default '{}',
  -- The link workflow's write counter: a retried write of an older state changes nothing.
  state_version integer not null default 0,
  sandbox_simulate text[] not null default '{}',
  idempotency_key text not null,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  expired_at timestamptz,
  cancelled_at timestamptz,
  unique (account_id, mode, idempotency_key),
  check (amount_paid <= amount),
  check (first_min_partial_amount is null or (accept_partial and first_min_partial_amount <= amount)),
  check ((status = 'paid') = (amount_paid = amount)),
  check (status not in ('created', 'cancelled') or amount_paid = 0),
  check (status <> 'partially_paid' or amount_paid > 0),
  check ((status = 'paid') = (paid_at is not null)),
  check ((status = 'expired') = (expired_at is not null)),
  check ((status = 'cancelled') = (cancelled_at is not null))
);
create unique index payment_links_reference_idx on payment_links(account_id, mode, reference_id) where reference_id is not null;
create index payment_links_list_idx on payment_links(account_id, mode, id desc);
create index payment_links_status_idx on payment_links(account_id, mode, status, id desc);

alter table payments add column payment_link_id text references payment_links(id);
create index payments_payment_link_list_idx on payments(account_id, mode, payment_link_id, id desc) where payment_link_id is not null;
-- One payment at a time per link: never two pending.
create unique index payments_payment_link_pending_idx on payments(payment_link_id) where payment_link_id is not null and status = 'pending';
`);
  }
}
