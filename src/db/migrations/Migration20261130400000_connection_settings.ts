import { Migration } from '@mikro-orm/migrations';

// What `payctl connections` needs beyond the first connections table (API.md, Live mode; DECISIONS, Connections
// and webhooks):
// - previous_webhook_secret / previous_webhook_secret_expires_at: after `rotate-webhook-secret` the provider still
//   signs retries of older events with the old secret, so it stays valid (sealed, bound to its own column) for 24 h.
// - upi_collect: whether the provider account takes server-to-server UPI collect requests (intent needs nothing).
export class Migration20261130400000_connection_settings extends Migration {
  override up(): void {
    this.addSql(`
alter table connections
  add column previous_webhook_secret text,
  add column previous_webhook_secret_expires_at timestamptz,
  add column upi_collect boolean not null default false,
  add constraint connections_previous_secret_expiry_chk
    check ((previous_webhook_secret is null) = (previous_webhook_secret_expires_at is null));`);
  }
}
