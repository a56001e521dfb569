import { Migration } from '@mikro-orm/migrations';

// Payments, refunds and settlements, each with its status history where it has one. The database
// guarantees what timing cannot: a payment is claimed by at most one settlement (a settlement claims
// rows with `settlement_id is null` in one UPDATE), a refunded amount never exceeds the payment, and a
// settled payment is a captured one.
export class Migration20261122020000_payments extends Migration {
  override up(): void {
    this.addSql(`
create table settlements (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  amount bigint not null check (amount > 0),
  currency text not null default 'INR',
  payment_count integer not null check (payment_count > 0),
  status text not null check (status in ('processed')),
  utr text not null,
  created_at timestamptz not null default now()
);
create index settlements_list_idx on settlements(account_id, mode, id desc);

create table payments (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  amount bigint not null check (amount > 0),
  currency text not null default 'INR',
  status text not null check (status in ('pending', 'captured', 'failed')),
  method text not null check (method in ('upi', 'netbanking')),
  vpa text,
  bank text,
  receipt text,
  customer_id text,
  description text,
  metadata jsonb not null default '{}',
  amount_refunded bigint not null default 0,
  failure_code text,
  failure_message text,
  -- Deferred: a settlement claims its payments first and then writes its own row, in one transaction.
  settlement_id text references settlements(id) deferrable initially deferred,
  -- Sandbox-Simulate webhook values of the creating request, inherited by the events written later.
  sandbox_simulate text[] not null default '{}',
  idempotency_key text not null,
  created_at timestamptz not null default now(),
  captured_at timestamptz,
  failed_at timestamptz,
  unique (account_id, mode, idempotency_key),
  check ((status = 'failed') = (failure_code is not null)),
  check ((status = 'captured') = (captured_at is not null)),
  check (settlement_id is null or status = 'captured'),
  check (amount_refunded >= 0 and amount_refunded <= amount),
  check ((method = 'upi' and vpa is not null and bank is null) or (method = 'netbanking' and bank is not null and vpa is null))
);
create index payments_list_idx on payments(account_id, mode, id desc);
create index payments_status_idx on payments(account_id, mode, status, id desc);
create index payments_customer_idx on payments(account_id, mode, customer_id, id desc) where customer_id is not null;
create index payments_receipt_idx on payments(account_id, mode, receipt, id desc) where receipt is not null;
create index payments_settlement_idx on payments(settlement_id) where settlement_id is not null;
-- What the next settlement will claim.
create index payments_unsettled_idx on payments(account_id, mode, id) where status = 'captured' and settlement_id is null;

create table payment_status_history (
  id bigserial primary key,
  payment_id text not null references payments(id),
  from_status text,
  to_status text not null,
  failure_code text,
  created_at timestamptz not null default now()
);
create index payment_status_history_payment_idx on payment_status_history(payment_id, id);

create table refunds (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  payment_id text not null references payments(id),
  amount bigint not null check (amount > 0),
  currency text not null default 'INR',
  status text not null check (status in ('pending', 'processed', 'failed')),
  reason text,
  metadata jsonb not null default '{}',
  failure_code text,
  failure_message text,
  utr text,
  sandbox_simulate text[] not null default '{}',
  idempotency_key text not null,
  created_at timestamptz not null default now(),
  processed_at timestamptz,
  failed_at timestamptz,
  unique (account_id, mode, idempotency_key),
  check ((status = 'failed') = (failure_code is not null))
);
create index refunds_list_idx on refunds(account_id, mode, id desc);
create index refunds_payment_idx on refunds(payment_id, id desc);

create table refund_status_history (
  id bigserial primary key,
  refund_id text not null references refunds(id),
  from_status text,
  to_status text not null,
  failure_code text,
  created_at timestamptz not null default now()
);
create index refund_status_history_refund_idx on refund_status_history(refund_id, id);
`);
  }
}
