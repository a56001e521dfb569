import { Migration } from '@mikro-orm/migrations';

// Live payouts through a provider (API.md, Live payouts):
// - provider_beneficiaries: a beneficiary is registered at a connection's provider once (a contact and a fund
//   account); the provider's ids are kept per (beneficiary, connection) so the same details never create a second.
// - payouts.provider_reference / fees: the provider's id of the payout (null in the sandbox) and what it charged,
//   GST included (0 in the sandbox). failure_provider: the provider's own words for a failure, beside our code.
export class Migration20261130500000_live_payouts extends Migration {
  override up(): void {
    this.addSql(`
create table provider_beneficiaries (
  beneficiary_id text not null,
  connection_id text not null references connections (id),
  contact_id text not null,
  fund_account_id text not null,
  created_at timestamptz not null default now(),
  primary key (beneficiary_id, connection_id)
);`);
    this.addSql(`
alter table payouts
  add column provider_reference text,
  add column fees bigint not null default 0,
  add column failure_provider jsonb;`);
  }
}
