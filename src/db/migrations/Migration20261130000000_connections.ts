import { Migration } from '@mikro-orm/migrations';

// Connections from an account to a payment provider (API.md, Live mode; ARCHITECTURE.md, Connectors). A live write
// that moves money needs the account's active connection; until the connectors exist, none has one and such a
// write answers 403 connection_required. The secrets are sealed with SECRETS_KEY (src/db/sealed.ts), bound to the row.
// - One active connection per account (v1): a partial unique index, which is also the lookup on every live write.
// - reconciliation_cursor: where the next reconciliation reads the provider's transactions from (the provider's own
//   cursor, opaque to us).
export class Migration20261130000000_connections extends Migration {
  override up(): void {
    this.addSql(`
create table connections (
  id text primary key,
  account_id text not null references accounts(id),
  provider text not null check (provider <> ''),
  key_id text not null,
  key_secret text not null,
  webhook_secret text not null,
  payout_account_number text,
  base_url text not null,
  status text not null default 'active' check (status in ('active', 'disabled')),
  reconciliation_cursor text,
  created_at timestamptz not null default now()
);`);
    this.addSql(`create unique index connections_one_active_idx on connections(account_id) where status = 'active';`);
  }
}
