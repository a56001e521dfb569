// The low-balance queue of an account and mode (docs/api.md, "Payouts that wait"): payouts with
// `queue_if_low_balance` wait `queued`, reserving nothing, and go on strictly first in, first out (a smaller later
// payout never passes a larger older one) as soon as `available` covers them. One transaction under the `available`
// lock reserves the covered head, so two releases cannot reserve the same rupee and `available` never goes below
// zero; the queue's workflow then wakes each released payout's workflow, which sends it.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Mode } from '../../src/domain/modes.ts';
import { payoutWorkflowId } from '../../src/domain/workflow-ids.ts';
import { lockedAvailable } from '../../src/db/payout-waits.ts';
import { applyTransition, loadRow } from '../lifecycle.ts';
import { payoutStore } from './payout-store.ts';

export interface PayoutQueueRef {
  accountId: string;
  mode: Mode;
}

export interface ReleasedPayouts {
  /** Payouts moved to `initiated` (their money reserved) by this call, oldest first. */
  released: { payoutId: string; workflowId: string }[];
  /** Payouts still queued after it. */
  waiting: number;
}

/** At most this many payouts leave the queue in one transaction (a page; the workflow calls again at once). */
const RELEASE_PAGE = 500;

export async function releasePayoutQueue(orm: MikroORM, queue: PayoutQueueRef): Promise<ReleasedPayouts> {
  return orm.em.fork().transactional(async (tx) => {
    let available = await lockedAvailable(tx, queue.accountId, queue.mode);
    // The head in order of joining; one whose time ran out is skipped (its own timer fails it), so it never blocks
    // the ones behind it.
    const head = await tx.execute<{ id: string; idempotency_key: string; amount: string }[]>(
      `select id, idempotency_key, amount::text as amount from payouts
       where account_id = ? and mode = ? and status = 'queued' and queue_expires_at > now()
       order by queued_at, id limit ? for update`,
      [queue.accountId, queue.mode, RELEASE_PAGE],
    );
    const released: ReleasedPayouts['released'] = [];
    for (const next of head) {
      if (BigInt(next.amount) > available) break; // strictly first in, first out
      const row = await loadRow(tx, payoutStore, next.id, true);
      await applyTransition(tx, payoutStore, row, { to: 'initiated' });
      available -= BigInt(next.amount);
      released.push({ payoutId: next.id, workflowId: payoutWorkflowId(queue.accountId, queue.mode, next.idempotency_key) });
    }
    const [left] = await tx.execute<{ n: string }[]>(`select count(*)::text as n from payouts where account_id = ? and mode = ? and status = 'queued'`, [queue.accountId, queue.mode]);
    return { released, waiting: Number(left?.n ?? 0) };
  });
}
