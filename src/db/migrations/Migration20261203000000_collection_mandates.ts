import { Migration } from '@mikro-orm/migrations';

// Collections charge through a mandate (API.md, Mandates; DECISIONS.md, "Mandates and collections (#22)").
// Existing data, as DECISIONS.md chose:
// - every sandbox collection that can still charge (active, paused, halted) gets an `active` sandbox mandate of
//   its own: max_amount = its amount (capped at the mandate ceiling), frequency = its schedule, valid from the
//   collection's creation for 10 years, vpa = its customer's vpa at migration time (empty when the customer had
//   none: the charge then reads the customer's vpa, as before). Its idempotency key is in the service's own
//   namespace (U+00A7), so no caller's key can meet it; its authorization_url is the page's path (an active
//   mandate's page only says so). A sandbox collection above ₹15,000 (1,500,000 paise) gets no mandate and is
//   cancelled with cancel_reason "mandate_limit": no recurring debit may take more without fresh authentication.
// - live collections (none was ever charged: live collections needed a connection that did not move them) are
//   cancelled with cancel_reason "mandate_required".
// - finished collections (cancelled, completed) keep mandate_id null.
// The running workflows of the collections cancelled here see it at their next charge (the charge's request reads
// the row and refuses a cancelled collection).
export class Migration20261203000000_collection_mandates extends Migration {
  override up(): void {
    this.addSql(`
alter table collections
  add column mandate_id text references mandates(id),
  add column pause_reason text,
  add column cancel_reason text;
create index collections_mandate_idx on collections(mandate_id) where mandate_id is not null;

do $$
declare
  c record;
  mid text;
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  i integer;
begin
  for c in
    select co.*, cu.vpa as customer_vpa from collections co join customers cu on cu.id = co.customer_id
    where co.mode = 'sandbox' and co.status in ('active', 'paused', 'halted') and co.amount <= 1500000
  loop
    -- The collection id's time part, then 80 random bits (16 characters of 5 bits), as newId makes them.
    mid := 'mdt_' || substr(c.id, 6, 10);
    for i in 1..16 loop
      mid := mid || substr(alphabet, (get_byte(uuid_send(gen_random_uuid()), 0) % 32) + 1, 1);
    end loop;
    insert into mandates (id, account_id, mode, customer_id, vpa, max_amount, frequency, start_at, expire_at, status,
      authorization_url, authorization_expires_at, description, metadata, idempotency_key, created_at, activated_at)
    values (mid, c.account_id, 'sandbox', c.customer_id, coalesce(c.customer_vpa, ''), least(c.amount, 10000000), c.schedule,
      least(c.created_at, c.start_at), least(c.created_at, c.start_at) + interval '10 years', 'active',
      '/mandates/' || mid || '/authorize', c.created_at, 'Given to collection ' || c.id || ' when collections began to need a mandate',
      '{}', U&'\\00A7' || 'migration:' || c.id, now(), now());
    insert into mandate_status_history (mandate_id, from_status, to_status) values (mid, null, 'active');
    update collections set mandate_id = mid where id = c.id;
  end loop;
end $$;

update collections set status = 'cancelled', cancelled_at = now(), next_charge_at = null, cancel_reason = 'mandate_limit'
  where mode = 'sandbox' and status in ('active', 'paused', 'halted') and amount > 1500000;
update collections set status = 'cancelled', cancelled_at = now(), next_charge_at = null, cancel_reason = 'mandate_required'
  where mode = 'live' and status in ('active', 'paused', 'halted');
`);
  }
}
