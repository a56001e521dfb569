// Handing a payout to its rail: only an initiated payout goes (a given-up one may not), its hand-over recorded
// first, under the payout id as the rail's idempotency key.
import type { MikroORM } from '@mikro-orm/postgresql';
import { type FailureCode, type PayoutRailState, type PayoutStatus, type TransferMode, failure } from '../../src/domain/payouts.ts';
import { PayoutEntity, type Payout } from '../../src/db/entities.ts';
import { type RailHandover, markRailHandover } from '../../src/db/payouts.ts';
import type { PayoutRail } from '../../src/rails/payouts.ts';
import { type RailsByMode, railFor } from '../lifecycle.ts';
import type { HandOver } from '../rail-step.ts';

export type PayoutHandOver = HandOver<PayoutStatus, FailureCode, PayoutRailState, Payout>;

/**
 * Sends the rail a payout whose hand-over is recorded (`row`: the payout's row as it was recorded) and answers what
 * the rail said. Handed over before (the step ran again): a rail that already has it is not sent it a second time,
 * and its lookup is the answer; one that has no record of it (the first hand-over never arrived) is sent it.
 */
export async function submitPayoutToRail(rails: RailsByMode<PayoutRail>, handover: Omit<RailHandover, 'row'>, row: Payout): Promise<PayoutHandOver> {
  const { id: payoutId, beneficiary, mode } = handover;
  if (!beneficiary) return { refused: { to: 'failed', failure: failure('beneficiary_not_found') } };
  const rail = railFor(rails, mode);
  if (handover.handedOverBefore) {
    const looked = await rail.lookup(payoutId);
    if (looked.found) return { handedOver: { status: 'initiated', mode, row, answer: looked.answer } };
  }
  const answer = await rail.submit({
    payoutId,
    accountId: handover.accountId,
    mode,
    amount: handover.amount,
    transferMode: handover.transferMode as TransferMode,
    beneficiary,
    beneficiaryId: row.beneficiaryId,
    narration: row.narration ?? null,
  });
  return { handedOver: { status: 'initiated', mode, row, answer } };
}

/** Records the payout's hand-over (only while it is initiated) and sends it to its rail; null when it may not go. */
export async function handOverPayout(deps: { orm: MikroORM; rails: RailsByMode<PayoutRail> }, payoutId: string): Promise<PayoutHandOver> {
  const em = deps.orm.em.fork();
  const handover = await markRailHandover(em, payoutId);
  if (!handover) return null;
  // The row as this hand-over left it, outside any identity map (a move from it is written by its own statement).
  return submitPayoutToRail(deps.rails, handover, em.map(PayoutEntity, handover.row, { disableIdentityMap: true }) as Payout);
}
