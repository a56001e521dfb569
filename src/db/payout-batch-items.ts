// A batch item as its payout reads it: the item's own fields with its batch's account, mode and webhook
// simulations (items never travel through workflow history), and the link from the item to its payout.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mode } from '../domain/modes.ts';
import type { PayoutOrder } from '../domain/payouts.ts';

export interface StoredPayoutItem extends PayoutOrder {
  /** The batch's. */
  accountId: string;
  mode: Mode;
  simulate: string[];
}

/** Item `seq` of the batch, or undefined when there is none. */
export async function readPayoutItem(em: EntityManager, batchId: string, seq: number): Promise<StoredPayoutItem | undefined> {
  const [row] = await em.execute<
    {
      account_id: string;
      mode: Mode;
      idempotency_key: string;
      beneficiary_id: string;
      amount: string;
      transfer_mode: string;
      reference: string | null;
      narration: string | null;
      metadata: Record<string, string> | null;
      sandbox_simulate: string[] | null;
    }[]
  >(
    `select b.account_id, b.mode, b.sandbox_simulate, i.idempotency_key, i.beneficiary_id, i.amount, i.transfer_mode, i.reference, i.narration, i.metadata
     from payout_batch_items i join payout_batches b on b.id = i.batch_id where i.batch_id = ? and i.seq = ?`,
    [batchId, seq],
  );
  if (!row) return undefined;
  return {
    accountId: row.account_id,
    mode: row.mode,
    idempotencyKey: row.idempotency_key,
    beneficiaryId: row.beneficiary_id,
    amount: Number(row.amount),
    transferMode: row.transfer_mode,
    reference: row.reference,
    narration: row.narration,
    metadata: row.metadata ?? {},
    simulate: row.sandbox_simulate ?? [],
  };
}

/** Records which payout an item became (the one it created, or the earlier one its key had made). */
export async function linkPayoutItem(em: EntityManager, batchId: string, seq: number, payoutId: string): Promise<void> {
  await em.execute(`update payout_batch_items set payout_id = ? where batch_id = ? and seq = ?`, [payoutId, batchId, seq]);
}
