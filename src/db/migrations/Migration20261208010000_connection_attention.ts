import { Migration } from '@mikro-orm/migrations';

// What a connection's provider account is missing, and what its last reconciliation could not read
// (docs/live-money.md, "Set-up errors are not declines"):
// - connections.attention: per capability (payouts, payments, recurring, verification) the set-up refusal the
//   provider last answered, {reason, description, since}; a success of that capability removes its entry. The
//   connection shows `attention_required` while any entry is there (its stored status stays active or disabled).
// - connections.last_reconciliation: {at, error} of the last reconciliation run (error null when it read).
// - payouts.setup_refused_at: when the provider first refused the payout's create as a set-up error (nothing was
//   created); the payout is sent again on the provider retry schedule and failed `processing_failed` once the
//   lookup window has passed since then. payouts.answer_lost_at: when a send of it first went unanswered (it may
//   exist at the provider), after which a set-up refusal never fails it without a lookup.
export class Migration20261208010000_connection_attention extends Migration {
  override up(): void {
    this.addSql(`alter table connections add column attention jsonb not null default '{}'::jsonb;`);
    this.addSql(`alter table connections add column last_reconciliation jsonb;`);
    this.addSql(`alter table payouts add column setup_refused_at timestamptz;`);
    this.addSql(`alter table payouts add column answer_lost_at timestamptz;`);
  }
}
