import { Migration } from '@mikro-orm/migrations';

// Live payments and refunds through a provider (API.md, Live payments, refunds, settlements and payment links):
// - payments.provider_reference / fee: the provider's id of the payment and its fee, GST included (0 in the sandbox);
//   next_action: what the customer must do while the payment is pending ({type, url}; null when nothing);
//   return_url: where netbanking sends the customer back.
// - a live UPI payment in the intent flow names no UPI ID: `vpa` may be null for live UPI payments.
// - refunds.provider_reference: the provider's id of the refund.
// `if not exists`: another change of the same wave may add the same provider columns.
export class Migration20261202000000_live_payments extends Migration {
  override up(): void {
    this.addSql(`
alter table payments
  add column if not exists provider_reference text,
  add column if not exists fee bigint not null default 0,
  add column if not exists next_action jsonb,
  add column if not exists return_url text;`);
    this.addSql(`alter table refunds add column if not exists provider_reference text;`);
    // The unnamed check of the payments table that pairs upi with its vpa: replaced by one that lets live UPI go without.
    this.addSql(`
do $$
declare c record;
begin
  for c in select conname from pg_constraint
    where conrelid = 'payments'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%netbanking%' and pg_get_constraintdef(oid) like '%vpa%'
  loop
    execute format('alter table payments drop constraint %I', c.conname);
  end loop;
end $$;`);
    this.addSql(`
alter table payments add constraint payments_method_instrument_check check (
  (method = 'upi' and bank is null and (vpa is not null or mode = 'live'))
  or (method = 'netbanking' and bank is not null and vpa is null));`);
    this.addSql(`create index if not exists payments_provider_reference_idx on payments(provider_reference) where provider_reference is not null;`);
  }
}
