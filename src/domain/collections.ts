// Collections: statuses, which action fits which status, and how a collection's state moves after a
// charge, a pause, a resume or a cancel. The collection workflow applies these functions and nothing else
// decides; they are pure, so the workflow stays deterministic and the rules are unit-tested.
import { type SchedulePlan, dueAt, firstCycleDueFrom } from './collection-schedule.ts';
import { MAX_RETRIES_PER_CYCLE, type DebitRules } from './autopay-windows.ts';

/** `created`: waiting for the customer to approve the mandate made for it (no charge is due until then). */
export const collectionStatuses = ['created', 'active', 'paused', 'halted', 'cancelled', 'completed'] as const;
export type CollectionStatus = (typeof collectionStatuses)[number];

export const collectionActions = ['pause', 'resume', 'cancel', 'advance'] as const;
export type CollectionAction = (typeof collectionActions)[number];

/** The statuses each action fits; anything else is `409 invalid_state`. */
const actionFits: { readonly [A in CollectionAction]: readonly CollectionStatus[] } = {
  pause: ['active'],
  // A halted collection resumes too: the merchant fixed the cause (a new vpa) and charges go on.
  resume: ['paused', 'halted'],
  cancel: ['created', 'active', 'paused', 'halted'],
  advance: ['active'],
};

/** Why `action` does not fit `status`, or undefined when it does. */
export function actionProblem(status: CollectionStatus, action: CollectionAction): string | undefined {
  if (actionFits[action].includes(status)) return undefined;
  return `A ${status} collection cannot be ${actionPastTense[action]}; this needs a collection that is ${actionFits[action].join(' or ')}.`;
}

const actionPastTense: { readonly [A in CollectionAction]: string } = {
  pause: 'paused',
  resume: 'resumed',
  cancel: 'cancelled',
  advance: 'advanced',
};

/** No charge will ever happen again (the workflow ends). */
export function isTerminal(status: CollectionStatus): boolean {
  switch (status) {
    case 'cancelled':
    case 'completed':
      return true;
    case 'created':
    case 'active':
    case 'paused':
    case 'halted':
      return false;
    default:
      return status satisfies never;
  }
}

/** The event that entering a status emits, besides the per-charge `collection.charged` / `collection.failed`. */
export function eventTypeForStatus(status: CollectionStatus, from?: CollectionStatus): string | undefined {
  switch (status) {
    case 'halted':
      return 'collection.halted';
    case 'completed':
      return 'collection.completed';
    case 'paused':
      return 'collection.paused';
    case 'cancelled':
      return 'collection.cancelled';
    case 'active':
      if (from === 'created') return 'collection.activated';
      return from === 'paused' || from === 'halted' ? 'collection.resumed' : undefined;
    case 'created':
      return undefined;
    default:
      return status satisfies never;
  }
}

/** Everything that decides when charges happen; fixed when the collection is created. */
export interface CollectionPlan extends SchedulePlan {
  /** Charges to collect before the collection is `completed`; null: until cancelled. */
  totalCount: number | null;
  /** The gaps before each retry of a failed charge (1, 3 and 5 days by default). */
  retryDelaysMs: readonly number[];
  /**
   * UPI AutoPay's rules for every debit (notice period, non-peak windows, the mandate's validity): each charge due is
   * announced (collection.upcoming) and made at debitAfterNotice. Absent in runs started before mandates.
   */
  debit?: DebitRules;
  /**
   * Present while the collection waits `created` for the mandate made for it: whether the caller gave `start_at`
   * (kept, no back-charging) or the first charge counts from the mandate's approval.
   */
  activation?: { startAtGiven: boolean };
}

export interface CollectionState {
  status: CollectionStatus;
  /** The cycle the next charge attempt belongs to (1 = the charge at start_at). */
  cycle: number;
  /** Attempts already made on `cycle` (each a failed payment, since a success moves to the next cycle). */
  attempts: number;
  /** Unix ms of the next charge attempt; null unless active. */
  nextChargeAt: number | null;
  paidCount: number;
  failedCount: number;
  /** Why it is paused when its mandate paused it (`mandate_paused`); absent or null otherwise. */
  pauseReason?: string | null;
  /** Unix ms of the debit announced for the next attempt (collection.upcoming sent); null or absent: not yet announced. */
  debitAt?: number | null;
  /**
   * Live: the payment id the announced debit will have. Its pre-debit notice at the provider is an order under this
   * id, which the debit then pays; null or absent in the sandbox and until announced.
   */
  debitPaymentId?: string | null;
  /** Why it was cancelled when not by the business (`mandate_revoked`, `mandate_expired`); absent or null otherwise. */
  cancelReason?: string | null;
  /**
   * Live: debits of the next attempt the provider refused as set-up errors (each paused the collection and used no
   * attempt); the attempt's next debit is a new payment. Absent once an attempt counts.
   */
  setupRefusals?: number;
}

export function initialState(plan: CollectionPlan): CollectionState {
  if (plan.activation) return { status: 'created', cycle: 1, attempts: 0, nextChargeAt: null, paidCount: 0, failedCount: 0 };
  return { status: 'active', cycle: 1, attempts: 0, nextChargeAt: plan.startAt, paidCount: 0, failedCount: 0 };
}

/**
 * The customer approved the mandate of a `created` collection at `now`: it becomes active. Without a `start_at` of
 * its own, its first cycle is now (the notice then puts the debit a notice period later); a `start_at` already past
 * charges from the first due time at or after now plus the notice, so nothing is charged for the time before.
 */
export function activate(plan: CollectionPlan, state: CollectionState, now: number): { plan: CollectionPlan; state: CollectionState } {
  const { activation: _done, ...rest } = plan;
  const next: CollectionPlan = plan.activation?.startAtGiven ? rest : { ...rest, startAt: now };
  const cycle = next.startAt < now ? firstCycleDueFrom(next, 1, now + (next.debit?.noticeMs ?? 0)) : 1;
  return { plan: next, state: { ...state, status: 'active', cycle, attempts: 0, nextChargeAt: dueAt(next, cycle) } };
}

/**
 * UPI AutoPay allows one attempt and at most MAX_RETRIES_PER_CYCLE retries per cycle, whatever the configured gaps:
 * the retries this plan makes.
 */
export function retriesOf(plan: CollectionPlan): number {
  return Math.min(plan.retryDelaysMs.length, MAX_RETRIES_PER_CYCLE);
}

/**
 * The state after a charge attempt of `state.cycle` ended. A capture moves to the next cycle (or completes
 * the collection); a failure schedules the next retry, or halts once the retries are used up. A collection
 * paused or cancelled while the charge was in flight keeps its status and counts the outcome.
 */
export function afterCharge(plan: CollectionPlan, charged: CollectionState, outcome: 'captured' | 'failed', now: number, retries = retriesOf(plan)): CollectionState {
  // The announced debit is spent: the next attempt is announced again (and starts with no set-up refusals).
  const { setupRefusals: _counted, ...state } = unannounced(charged);
  const active = state.status === 'active';
  if (outcome === 'captured') {
    const paidCount = state.paidCount + 1;
    const next = { ...state, paidCount, cycle: state.cycle + 1, attempts: 0 };
    if (plan.totalCount !== null && paidCount >= plan.totalCount && state.status !== 'cancelled') {
      return { ...next, status: 'completed', nextChargeAt: null };
    }
    return { ...next, nextChargeAt: active ? dueAt(plan, next.cycle) : null };
  }
  const attempts = state.attempts + 1;
  const next = { ...state, attempts, failedCount: state.failedCount + 1 };
  if (!active) return { ...next, nextChargeAt: null };
  const retryIndex = attempts - 1;
  if (retryIndex >= retries) return { ...next, status: 'halted', nextChargeAt: null };
  return { ...next, nextChargeAt: now + plan.retryDelaysMs[retryIndex]! };
}

/** The state without an announced debit (a charge, pause, cancel or resume spends it; the next is announced again). */
function unannounced(state: CollectionState): CollectionState {
  const { debitAt: _announced, debitPaymentId: _noticed, ...rest } = state;
  return rest;
}

/** Why a live collection paused by itself: its debit was due while the account's connection was disabled. */
export const CONNECTION_DISABLED_PAUSE = 'connection_disabled';
/**
 * Why a live collection paused by itself: the provider refused its debit as a set-up error (the provider account is
 * not set up for recurring debits: docs/live-money.md, Set-up errors are not declines). No customer refused it.
 */
export const PROVIDER_UNAVAILABLE_PAUSE = 'provider_unavailable';
/** The pauses whose debit used no attempt: the business's resume makes that debit, in its cycle. */
const HELD_DEBIT_PAUSES: readonly string[] = [CONNECTION_DISABLED_PAUSE, PROVIDER_UNAVAILABLE_PAUSE];

/** The provider refused the debit as a set-up error: paused, no attempt used, and the attempt's next debit a new payment. */
export function pauseForSetup(state: CollectionState): CollectionState {
  return { ...pause(state, PROVIDER_UNAVAILABLE_PAUSE), setupRefusals: (state.setupRefusals ?? 0) + 1 };
}

export function pause(state: CollectionState, pauseReason: string | null = null): CollectionState {
  return { ...unannounced(state), status: 'paused', nextChargeAt: null, pauseReason };
}

export function cancel(state: CollectionState, cancelReason: string | null = null): CollectionState {
  return { ...unannounced(state), status: 'cancelled', nextChargeAt: null, cancelReason };
}

/**
 * Resuming (from paused or halted) continues with the first cycle due at or after `now`: the cycles that
 * fell due meanwhile are skipped, not charged in a burst. A cycle whose charge had failed before is left
 * behind (its failures stay counted); it is not retried.
 */
export function resume(plan: CollectionPlan, state: CollectionState, now: number): CollectionState {
  // The debit a disabled connection or a set-up error held back used no attempt: it is made now (announced again), in its cycle.
  if (state.pauseReason && HELD_DEBIT_PAUSES.includes(state.pauseReason)) return { ...unannounced(state), status: 'active', nextChargeAt: now, pauseReason: null };
  const from = state.attempts > 0 ? state.cycle + 1 : state.cycle;
  const cycle = firstCycleDueFrom(plan, from, now);
  return { ...unannounced(state), status: 'active', cycle, attempts: 0, nextChargeAt: dueAt(plan, cycle), pauseReason: null };
}
