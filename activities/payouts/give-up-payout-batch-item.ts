// Giving up a batch item whose payout workflow kept failing (a defect, or an operator terminating it), without
// ever giving up a payout a rail may have accepted.
import { ApplicationFailure } from '@temporalio/activity';
import { LockMode, type MikroORM } from '@mikro-orm/postgresql';
import { RAIL_HANDOVER_QUIET_MS, awaiting } from '../../src/domain/failures.ts';
import { failure, payoutLifecycle } from '../../src/domain/payouts.ts';
import { PayoutEntity } from '../../src/db/entities.ts';
import { linkPayoutItem } from '../../src/db/payout-batches.ts';
import { msSinceRailHandover } from '../../src/db/payouts.ts';
import { payoutView } from '../../src/db/views.ts';
import { recordPayoutAnswer } from './provider-fees.ts';
import type { PayoutRail } from '../../src/rails/payouts.ts';
import { type RailsByMode, applyTransition, railFor } from '../lifecycle.ts';
import { writeNewPayout } from './create-payout.ts';
import { type PayoutCreation, payoutStore, requestFromItem } from './payout-store.ts';
import type { PayoutResponse } from '../../src/contract/payouts.ts';

/** How a batch item given up after repeated internal errors stands (see giveUpPayoutBatchItem). */
export type GiveUpOutcome =
  /** It ended failed (`processing_failed`, or the rail's own refusal): no money left. */
  | 'failed'
  /** Its payout had already settled. */
  | 'settled'
  /** A rail accepted it: it must be followed to the end, never given up. */
  | 'rail_accepted';

/**
 * Ends the item's payout `failed` with `processing_failed` when no rail can have accepted it, under the payout's row
 * lock so that no hand-over can start meanwhile (markRailHandover). A payout a rail knows is never given up: the
 * answer `rail_accepted` tells the batch to keep following it. A rail's own refusal is written as such. One handed
 * over too recently to tell is retried (RailHandoverRecent) until it can be told.
 */
export async function giveUpPayoutBatchItem(
  deps: { orm: MikroORM; rails: RailsByMode<PayoutRail> },
  item: NonNullable<PayoutCreation['item']>,
): Promise<{ outcome: GiveUpOutcome; payout: PayoutResponse }> {
  return deps.orm.em.fork().transactional(async (tx) => {
    const request = await requestFromItem(tx, item);
    const payout = await tx.findOne(
      PayoutEntity,
      { accountId: request.accountId, mode: request.mode, idempotencyKey: request.idempotencyKey },
      // Outside the identity map, as loadRow reads a row to move: applyTransition writes it itself.
      { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true },
    );
    const gaveUp = failure('processing_failed');
    // No payout: nothing was reserved and nothing can have been handed over.
    if (!payout) return { outcome: 'failed', payout: await writeNewPayout(tx, request, gaveUp, item) };
    await linkPayoutItem(tx, item.batchId, item.seq, payout.id);
    if (payoutLifecycle.isSettled(payout.status)) return { outcome: 'settled', payout: payoutView(payout) };
    const sinceHandover = await msSinceRailHandover(tx, payout.id);
    if (sinceHandover !== null) {
      const looked = await railFor(deps.rails, payout.mode).lookup(payout.id);
      // Its provider id and fees, in this transaction: it holds the payout's row lock.
      if (looked.found) await recordPayoutAnswer(tx, payout.id, looked.answer);
      if (!looked.found && sinceHandover < RAIL_HANDOVER_QUIET_MS) {
        throw ApplicationFailure.retryable(`payout ${payout.id} was handed to its rail ${sinceHandover} ms ago; waiting to tell whether it arrived`, awaiting.RailHandoverRecent);
      }
      // Not found, handed over long ago: never received, as if never handed over.
      if (looked.found) {
        const rail = looked.answer.outcome;
        switch (rail.state) {
          case 'failed':
            return { outcome: 'failed', payout: await applyTransition(tx, payoutStore, payout, { to: 'failed', failure: rail.failure }) };
          case 'processing':
          case 'completed':
          case 'reversed':
            return { outcome: 'rail_accepted', payout: payoutView(payout) };
          default:
            return rail satisfies never;
        }
      }
    }
    return { outcome: 'failed', payout: await applyTransition(tx, payoutStore, payout, { to: 'failed', failure: gaveUp }) };
  });
}
