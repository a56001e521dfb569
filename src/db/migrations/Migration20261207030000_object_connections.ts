import { Migration } from '@mikro-orm/migrations';

// Each live object keeps the connection that carried it (docs/live-money.md, "Connections"): payouts, payments,
// refunds, payment links (their QR codes) and mandates gain `connection_id`; a payout also keeps the payout account
// number it was sent from, where it is looked up. Null in the sandbox, and on a payout until it is sent.
// - Existing live objects get the connection their account had when they were made (the newest one made by then;
//   else the account's first), and a payout the number of that connection.
// - Connections of one provider account (same key id or same payout account number, within an account, joined
//   transitively) were made by re-adding a connection to change a key: each group keeps its newest row. Objects of
//   the older rows point at it; the older rows are disabled and marked `superseded_by` it (their webhook URLs still
//   verify, and their reconciliation leaves the statement to the newest, which reads the same provider account).
// - `credentials_version` counts key rotations and updates, so a worker drops what it built from older settings.
const live = ['payouts', 'payments', 'refunds', 'payment_links', 'mandates'] as const;

/** Each connection with the newest connection of its provider-account group (itself when it is the newest). */
const groups = `
with recursive edges as (
  select a.id as a, b.id as b from connections a join connections b
    on a.account_id = b.account_id and (a.key_id = b.key_id or a.payout_account_number = b.payout_account_number)
), reach(root, id) as (
  select a, b from edges
  union
  select r.root, e.b from reach r join edges e on e.a = r.id
), newest as (
  select distinct on (r.root) r.root as id, c.id as newest
    from reach r join connections c on c.id = r.id
   order by r.root, c.created_at desc, c.id desc
)`;

export class Migration20261207030000_object_connections extends Migration {
  override up(): void {
    this.addSql(`alter table connections add column superseded_by text null references connections (id);`);
    this.addSql(`alter table connections add column credentials_version integer not null default 0;`);
    for (const table of live) this.addSql(`alter table ${table} add column connection_id text null references connections (id);`);
    this.addSql(`alter table payouts add column payout_account_number text null;`);
    // `connections update` asks whether a payout sent from the old number is still in flight.
    this.addSql(`create index payouts_connection_initiated_idx on payouts (connection_id) where status = 'initiated';`);
    // A provider deposit is recorded once per provider account, found by the provider's transaction id.
    this.addSql(`create index top_ups_provider_reference_idx on top_ups (account_id, provider_reference) where provider_reference is not null;`);

    for (const table of live) {
      this.addSql(`
update ${table} o set connection_id = coalesce(
    (select c.id from connections c where c.account_id = o.account_id and c.created_at <= o.created_at order by c.created_at desc, c.id desc limit 1),
    (select c.id from connections c where c.account_id = o.account_id order by c.created_at, c.id limit 1))
 where o.mode = 'live' and o.connection_id is null;`);
    }
    // The number a payout was sent from is its first connection's, before the groups are merged.
    this.addSql(`update payouts p set payout_account_number = c.payout_account_number from connections c where p.connection_id = c.id and p.payout_account_number is null;`);
    for (const table of live) {
      this.addSql(`${groups}
update ${table} o set connection_id = n.newest from newest n where o.connection_id = n.id and n.newest <> n.id;`);
    }
    this.addSql(`${groups}
update connections c set superseded_by = n.newest, status = 'disabled' from newest n where c.id = n.id and n.newest <> n.id;`);
  }
}
