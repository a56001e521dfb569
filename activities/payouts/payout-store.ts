// What every payout operation shares: what a payout is made of, and what it stores of its own on entering a
// status (its LifecycleStore, activities/lifecycle.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Requester } from '../../src/domain/approvals.ts';
import type { TransitionRequest } from '../../src/domain/lifecycle.ts';
import type { Mode } from '../../src/domain/modes.ts';
import { type FailureCode, type PayoutOrder, type PayoutRailState, type PayoutStatus, failure, payoutLifecycle } from '../../src/domain/payouts.ts';
import { PayoutEntity, type Payout } from '../../src/db/entities.ts';
import { readPayoutItem } from '../../src/db/payout-batches.ts';
import { payoutView } from '../../src/db/views.ts';
import { type LifecycleStore, refuse } from '../lifecycle.ts';
import type { PayoutResponse } from '../../src/contract/payouts.ts';

/** What a payout is made of, whether it came alone (POST /v1/payouts) or as a batch item. */
export interface PayoutRequest extends PayoutOrder {
  payoutId: string;
  accountId: string;
  mode: Mode;
  batchId: string | null;
  /** Sandbox-Simulate webhook values of the request (stored on the payout, inherited by its events). */
  simulate?: readonly string[];
  /** The key that asked (a single payout): its role and limits decide what the payout waits for. */
  requester?: Requester;
  /** Unix seconds: the payout waits `scheduled` until then. */
  scheduledAt?: number | null;
  /** Waits `queued` for money rather than being refused (402) or failed when `available` cannot cover it. */
  queueIfLowBalance?: boolean;
}

export interface PayoutCreation {
  /** A single payout is refused (nothing created, key freed) where a batch item is created as failed. */
  origin: 'single' | 'batch';
  request?: PayoutRequest;
  /** For batch items: the stored item to read the request from (items never travel through history). */
  item?: { batchId: string; seq: number; payoutId: string; /** The batch's (a queued item wakes its account's queue). */ accountId?: string; mode?: Mode };
}

/** A move named by hand (a sandbox test helper): the transition table decides whether it is allowed. */
export type PayoutTransition = TransitionRequest<PayoutStatus, FailureCode>;

/**
 * What a payout's rail reported on its own (a reversal days after completion: a provider's webhook, the
 * reconciliation, the sandbox's timer): payoutRailDecision reads it against the payout's status as written.
 */
export interface PayoutRailReport {
  id: string;
  outcome: PayoutRailState;
}

/** What a payout stores of its own on entering a status. */
export const payoutStore: LifecycleStore<PayoutStatus, FailureCode, Payout, PayoutResponse> = {
  lifecycle: payoutLifecycle,
  entity: PayoutEntity,
  view: payoutView,
  defaultFailure: failure('rejected_by_bank'),
  enter(payout, move, now) {
    switch (move.to) {
      case 'completed':
        payout.completedAt = now;
        payout.utr = move.utr ?? payout.utr ?? null;
        break;
      case 'reversed':
        payout.reversedAt = now;
        break;
      case 'failed':
        payout.failureProvider = move.failure?.provider ? JSON.stringify(move.failure.provider) : null;
        break;
      case 'rejected': {
        // Rejected carries its reason like a failure (approval_rejected, approval_expired); nothing was reserved.
        const reason = move.failure ?? failure('approval_rejected');
        payout.rejectedAt = now;
        payout.failureCode = reason.code;
        payout.failureMessage = reason.message;
        break;
      }
      case 'cancelled':
        payout.cancelledAt = now;
        break;
      case 'queued':
        payout.queuedAt = now;
        break;
      case 'initiated':
      case 'pending_approval':
      case 'scheduled':
        break;
      default:
        move.to satisfies never;
    }
  },
};

/** A batch item's payout request, read from the stored item. */
export async function requestFromItem(em: EntityManager, item: NonNullable<PayoutCreation['item']>): Promise<PayoutRequest> {
  const stored = await readPayoutItem(em, item.batchId, item.seq);
  if (!stored) throw refuse('NotFound', `batch item ${item.batchId}#${item.seq} not found`);
  return { ...stored, payoutId: item.payoutId, batchId: item.batchId };
}
