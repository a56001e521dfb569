import { Migration } from '@mikro-orm/migrations';

// Live mandates (API.md, Mandates): a mandate registered with the provider's UPI AutoPay keeps where it lives there:
// the provider's customer, the registration (its authorization order), and the intent link the customer's UPI app
// opens to approve it (the hosted page shows it). `provider_reference` (already a column) is the provider's token,
// once the customer approved. Sandbox mandates leave all three null.
export class Migration20261206000000_live_mandates extends Migration {
  override up(): void {
    this.addSql(`alter table mandates add column provider_customer_reference text null;`);
    this.addSql(`alter table mandates add column provider_registration_reference text null;`);
    this.addSql(`alter table mandates add column authorization_intent_url text null;`);
    // A token's events name only the token: they find their mandate by it.
    this.addSql(`create index mandates_provider_reference_idx on mandates (provider_reference) where provider_reference is not null;`);
  }
}
