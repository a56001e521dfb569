import { Migration } from '@mikro-orm/migrations';

// Mandates (UPI AutoPay e-mandates). The mandate workflow decides every move (src/domain/mandates.ts); the
// table backs the rules a row must keep whatever writes it: a known status with its timestamp, a max_amount
// within the UPI AutoPay ceiling, a validity that ends after it starts, one mandate per idempotency key.
export class Migration20261130700000_mandates extends Migration {
  override up(): void {
    this.addSql(`
create table mandates (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  customer_id text not null references customers(id),
  vpa text not null,
  max_amount bigint not null check (max_amount > 0 and max_amount <= 10000000),
  frequency text not null check (frequency in ('weekly', 'monthly', 'yearly', 'as_presented')),
  start_at timestamptz not null,
  expire_at timestamptz not null,
  status text not null check (status in ('created', 'active', 'paused', 'rejected', 'revoked', 'expired')),
  -- The hosted page as sent to the customer ({PUBLIC_BASE_URL}/mandates/{id}/authorize when created).
  authorization_url text not null,
  -- A mandate still created at this time expires unapproved.
  authorization_expires_at timestamptz not null,
  -- When the customer's approval began (sandbox slow@upi: it is still on its way): the page then waits.
  authorization_started_at timestamptz,
  -- The provider's mandate (its token id); null in the sandbox.
  provider_reference text,
  description text,
  metadata jsonb not null default '{}',
  -- The mandate workflow's write counter: a retried write of an older state changes nothing.
  state_version integer not null default 0,
  sandbox_simulate text[] not null default '{}',
  idempotency_key text not null,
  created_at timestamptz not null default now(),
  activated_at timestamptz,
  paused_at timestamptz,
  resumed_at timestamptz,
  revoked_at timestamptz,
  rejected_at timestamptz,
  expired_at timestamptz,
  unique (account_id, mode, idempotency_key),
  check (expire_at > start_at),
  check ((status = 'rejected') = (rejected_at is not null)),
  check ((status = 'revoked') = (revoked_at is not null)),
  check ((status = 'expired') = (expired_at is not null)),
  check (status = 'created' or status = 'rejected' or status = 'expired' or activated_at is not null)
);
create index mandates_list_idx on mandates(account_id, mode, id desc);
create index mandates_status_idx on mandates(account_id, mode, status, id desc);
create index mandates_customer_idx on mandates(account_id, mode, customer_id, id desc);

create table mandate_status_history (
  id bigserial primary key,
  mandate_id text not null references mandates(id),
  from_status text,
  to_status text not null,
  created_at timestamptz not null default now()
);
create index mandate_status_history_mandate_idx on mandate_status_history(mandate_id, id);
`);
  }
}
