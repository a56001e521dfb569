import { Migration } from '@mikro-orm/migrations';

// Inbound provider webhooks (API.md, Inbound provider webhooks): each event received is recorded once per connection
// by the provider's event id, so a provider's retry or duplicate delivery starts no second workflow. The body itself
// travels in the workflow's input, never in a table.
export class Migration20261130600000_provider_events extends Migration {
  override up(): void {
    this.addSql(`
create table provider_events (
  connection_id text not null references connections (id),
  event_id text not null,
  type text not null,
  received_at timestamptz not null default now(),
  primary key (connection_id, event_id)
);`);
  }
}
