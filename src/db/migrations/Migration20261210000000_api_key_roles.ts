import { Migration } from '@mikro-orm/migrations';

// Key roles (docs/api.md, "Key roles"): each API key has a role, `full` (every key made before roles: it may do
// everything), `maker` or `approver`, a name and the holder it belongs to (maker and checker are compared by holder;
// a key without one is its own holder).
export class Migration20261210000000_api_key_roles extends Migration {
  override up(): void {
    this.addSql(`alter table api_keys add column role text not null default 'full' check (role in ('full', 'maker', 'approver'));`);
    this.addSql(`alter table api_keys add column name text null check (length(name) between 1 and 100);`);
    this.addSql(`alter table api_keys add column holder text null check (length(holder) between 1 and 100);`);
  }
}
