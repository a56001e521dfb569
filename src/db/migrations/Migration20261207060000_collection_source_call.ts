import { Migration } from '@mikro-orm/migrations';

// A collection made without a mandate_id (the interface document's call) waits `created` for the customer to
// approve the mandate the service made for it; its authorization_url is that mandate's page while it waits.
// Existing collections all have a mandate already: none becomes `created`, and their authorization_url stays null.
// Cancelling such a collection before its customer approved withdraws the mandate: `revoked` by the business
// without ever having been active, which the mandates table's last check did not allow.
export class Migration20261207060000_collection_source_call extends Migration {
  override up(): void {
    this.addSql(`
alter table collections drop constraint if exists collections_status_check;
alter table collections add constraint collections_status_check
  check (status in ('created', 'active', 'paused', 'halted', 'cancelled', 'completed'));
alter table collections add column authorization_url text;
alter table mandates drop constraint if exists mandates_check4;
alter table mandates add constraint mandates_activated_check
  check (status in ('created', 'rejected', 'expired', 'revoked') or activated_at is not null);
`);
  }
}
