import { Migration } from '@mikro-orm/migrations';

// Provider events are matched to our objects only through what the service sent (docs/live-money.md, "Events are
// wake-ups"): a live payment through the provider order made for it, whose id is now kept on the payment at submit
// (payments made before this keep matching through the provider payment id their submit answered); a link's QR
// payment through the id of a code made for that link, kept for every code it ever had (a payment to a code the link
// has just closed or replaced is still the link's, to keep or give back). An event that matches nothing of ours keeps the reason on its row, which /metrics
// counts (paygate_provider_events_ignored_total{reason}) whichever worker resolved it.
export class Migration20261207010000_provider_event_matching extends Migration {
  override up(): void {
    this.addSql(`alter table payments add column if not exists provider_order_reference text;`);
    this.addSql(`create index if not exists payments_provider_order_reference_idx on payments (account_id, provider_order_reference) where provider_order_reference is not null;`);
    this.addSql(`
create table if not exists payment_link_qr_codes (
  provider_reference text primary key,
  link_id text not null references payment_links (id),
  created_at timestamptz not null default now()
);`);
    this.addSql(`insert into payment_link_qr_codes (provider_reference, link_id)
      select qr_provider_reference, id from payment_links where qr_provider_reference is not null on conflict do nothing;`);
    this.addSql(`alter table provider_events add column if not exists ignored_reason text;`);
    this.addSql(`create index if not exists provider_events_ignored_idx on provider_events (ignored_reason) where ignored_reason is not null;`);
  }
}
