import { Migration } from '@mikro-orm/migrations';

// payouts.rail_handover_at: when the payout was last handed to its rail (set just before each submission,
// and only while the payout is `initiated`). A batch item given up after repeated internal errors may be
// failed with `processing_failed` only if no rail can have accepted it: a payout never handed over is
// certain; one handed over is asked of the rail, and is given up only once the rail still has no record
// of it well after the last hand-over could have arrived (activities/payouts.ts, giveUpPayoutBatchItem).
export class Migration20261126120000_payout_rail_handover extends Migration {
  override up(): void {
    this.addSql(`alter table payouts add column rail_handover_at timestamptz;`);
  }
}
