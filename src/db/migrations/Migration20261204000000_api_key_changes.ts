import { Migration } from '@mikro-orm/migrations';

// API processes keep the keys they have looked up in memory (src/db/api-key-cache.ts). Every change to an API key
// row (created, revoked, deleted), by whatever writes it (payctl, the service, an operator's SQL), tells every
// listening process which key changed, through NOTIFY on the channel api_key_changes with the key's hash as payload.
// PostgreSQL delivers it when the writing transaction commits, never before.
export class Migration20261204000000_api_key_changes extends Migration {
  override up(): void {
    this.addSql(`
create function notify_api_key_change() returns trigger language plpgsql as $fn$
begin
  perform pg_notify('api_key_changes', case when tg_op = 'INSERT' then new.key_hash else old.key_hash end);
  return null;
end
$fn$;`);
    this.addSql(`
create trigger api_keys_notify_change after insert or update or delete on api_keys
  for each row execute function notify_api_key_change();`);
  }
}
