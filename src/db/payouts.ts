// Payout reads that need more than one table.
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The payouts a batch's items joined by idempotency key (created earlier, outside the batch): with the
 * ones whose batch_id is the batch, they are the batch's payouts.
 */
export async function payoutIdsJoinedByBatch(em: EntityManager, batchId: string): Promise<string[]> {
  const rows = await em.execute<{ payout_id: string }[]>(
    `select i.payout_id from payout_batch_items i join payouts p on p.id = i.payout_id
     where i.batch_id = ? and p.batch_id is distinct from ?`,
    [batchId, batchId],
  );
  return rows.map((r) => r.payout_id);
}

/**
 * Records that the payout is being handed to its rail, only while it is `initiated`; false when it is not
 * (then nothing may be sent). A give-up holding the payout's row lock makes this wait for its decision.
 */
export async function markRailHandover(em: EntityManager, payoutId: string): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update payouts set rail_handover_at = now() where id = ? and status = 'initiated' returning id`,
    [payoutId],
  );
  return rows.length > 0;
}

/** How long ago the payout was last handed to its rail, or null if it never was. */
export async function msSinceRailHandover(em: EntityManager, payoutId: string): Promise<number | null> {
  const [row] = await em.execute<{ ms: string | null }[]>(
    `select floor(extract(epoch from now() - rail_handover_at) * 1000)::bigint as ms from payouts where id = ?`,
    [payoutId],
  );
  return row?.ms == null ? null : Number(row.ms);
}
