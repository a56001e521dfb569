import { Migration } from '@mikro-orm/migrations';

// Webhooks: endpoints, the log of every delivery attempt, and what the dispatcher needs on the event
// outbox: `dispatched_at` (null until its delivery workflows are started), the Sandbox-Simulate values
// the event inherits from the request that caused it, the id of the resource it describes (to hold back
// and reorder one resource's events for out_of_order_webhooks), and a NOTIFY on insert so the
// dispatcher wakes at once instead of at its next poll. Payouts carry their request's simulations, so
// events written later (completed, reversed) inherit them too.
export class Migration20261123000000_webhooks extends Migration {
  override up(): void {
    this.addSql(`
alter table events add column dispatched_at timestamptz;
alter table events add column sandbox_simulate text[] not null default '{}';
alter table events add column resource_id text generated always as (data->'object'->>'id') stored;
-- Events written before webhooks existed have nobody to go to.
update events set dispatched_at = created_at;
create index events_undispatched_idx on events(id) where dispatched_at is null;
create index events_undispatched_resource_idx on events(account_id, mode, resource_id, id) where dispatched_at is null;

create function events_notify_insert() returns trigger language plpgsql as $$
begin
  perform pg_notify('paygate_events', '');
  return null;
end $$;
-- Per statement, and NOTIFYs with equal payloads in one transaction fold into one: cheap for bulk inserts.
create trigger events_notify after insert on events for each statement execute function events_notify_insert();

alter table payouts add column sandbox_simulate text[] not null default '{}';

create table webhook_endpoints (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  url text not null,
  description text,
  enabled_events text[] not null check (cardinality(enabled_events) > 0),
  secret text not null,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index webhook_endpoints_list_idx on webhook_endpoints(account_id, mode, id desc) where deleted_at is null;

create table webhook_deliveries (
  id text primary key,
  account_id text not null references accounts(id),
  mode text not null check (mode in ('sandbox', 'live')),
  event_id text not null references events(id),
  endpoint_id text not null references webhook_endpoints(id),
  workflow_id text not null,
  attempt integer not null check (attempt >= 1),
  succeeded boolean not null,
  status_code integer,
  error text,
  duration_ms integer not null,
  created_at timestamptz not null default now()
);
create index webhook_deliveries_endpoint_idx on webhook_deliveries(endpoint_id, id desc);
create index webhook_deliveries_event_idx on webhook_deliveries(event_id, endpoint_id);
`);
  }
}
