import { Migration } from '@mikro-orm/migrations';

// Live settlements and live payment links (API.md, Live payments, refunds, settlements and payment links).
// - A settlement the provider reports becomes ours once: `provider_reference` is unique per account among live
//   settlements, whether the webhook or the settlements sync saw it first; `fees` is what the provider says it kept
//   (0 in the sandbox; the fees themselves were recorded at capture).
// - A live payment keeps the provider's id (`provider_reference`), by which a settlement's lines name it (a QR
//   payment has no order, so no receipt naming ours). `if not exists`: the live payments work adds it too.
// - A connection remembers how far its settlements sync has read (apart from the statement cursor).
// - A live payment link keeps the provider's single-use QR code it shows (its id, `upi://` content, close time).
export class Migration20261202500000_live_settlements_and_link_qr extends Migration {
  override up(): void {
    this.addSql(`
alter table settlements
  add column provider_reference text null,
  add column fees bigint not null default 0;
create unique index settlements_provider_reference_unique on settlements (account_id, provider_reference)
  where provider_reference is not null;
alter table payments add column if not exists provider_reference text null;
create index if not exists payments_provider_reference_idx on payments (account_id, provider_reference)
  where provider_reference is not null;
alter table connections add column settlements_cursor text null;
alter table payment_links
  add column qr_provider_reference text null,
  add column qr_content text null,
  add column qr_close_by timestamptz null,
  add column qr_amount bigint null;`);
  }
}
