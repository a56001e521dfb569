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
