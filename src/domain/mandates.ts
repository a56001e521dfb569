// Mandates (UPI AutoPay e-mandates): statuses and their transition table, the limits a mandate and the
// collections charging through it must keep, and how a mandate's change reaches its collections. Pure, so
// the mandate workflow, the collection workflow and the API all apply the same rules.
import { DAY_MS, dueAt, type CollectionSchedule } from './collection-schedule.ts';
import type { CollectionStatus } from './collections.ts';
import type { ErrorCode } from './errors.ts';

export const mandateStatuses = ['created', 'active', 'paused', 'rejected', 'revoked', 'expired'] as const;
export type MandateStatus = (typeof mandateStatuses)[number];

/** Allowed moves; anything else is refused (`409 invalid_state` at the API). */
export const mandateTransitions: { readonly [S in MandateStatus]: readonly MandateStatus[] } = {
  // A mandate never approved expires when its authorization window ends (authorization_expires_at).
  created: ['active', 'rejected', 'expired'],
  active: ['paused', 'revoked', 'expired'],
  paused: ['active', 'revoked', 'expired'],
  rejected: [],
  revoked: [],
  expired: [],
};

export function canTransition(from: MandateStatus, to: MandateStatus): boolean {
  return mandateTransitions[from].includes(to);
}

/** Nothing will happen to the mandate again (its workflow ends). */
export function isTerminal(status: MandateStatus): boolean {
  switch (status) {
    case 'rejected':
    case 'revoked':
    case 'expired':
      return true;
    case 'created':
    case 'active':
    case 'paused':
      return false;
    default:
      return status satisfies never;
  }
}

/** What happens to a mandate: the customer's approval, rejection, pause, resume or revocation, the business's revocation, the clock. */
export const mandateActions = ['approve', 'reject', 'pause', 'resume', 'revoke', 'expire'] as const;
export type MandateAction = (typeof mandateActions)[number];

export function targetStatus(action: MandateAction): MandateStatus {
  switch (action) {
    case 'approve':
    case 'resume':
      return 'active';
    case 'reject':
      return 'rejected';
    case 'pause':
      return 'paused';
    case 'revoke':
      return 'revoked';
    case 'expire':
      return 'expired';
    default:
      return action satisfies never;
  }
}

/** Why `action` does not fit a mandate in `status`, or undefined when it does. */
export function mandateActionProblem(status: MandateStatus, action: MandateAction): string | undefined {
  const to = targetStatus(action);
  // `resume` means paused → active; approving means created → active. Both end `active`, so check the source too.
  const fits = canTransition(status, to) && (action !== 'resume' || status === 'paused') && (action !== 'approve' || status === 'created');
  if (fits) return undefined;
  const from = mandateStatuses.filter((s) => canTransition(s, to) && (action !== 'resume' || s === 'paused') && (action !== 'approve' || s === 'created'));
  return `${/^[aeiou]/.test(status) ? 'An' : 'A'} ${status} mandate cannot be ${pastTense[action]}; this needs a mandate that is ${from.join(' or ')}.`;
}

const pastTense: { readonly [A in MandateAction]: string } = {
  approve: 'approved',
  reject: 'rejected',
  pause: 'paused',
  resume: 'resumed',
  revoke: 'revoked',
  expire: 'expired',
};

/** The event a move emits: `mandate.active` on approval, `mandate.resumed` when a paused mandate is active again. */
export function mandateEventType(from: MandateStatus, to: MandateStatus): string | undefined {
  switch (to) {
    case 'active':
      return from === 'paused' ? 'mandate.resumed' : 'mandate.active';
    case 'paused':
      return 'mandate.paused';
    case 'rejected':
      return 'mandate.rejected';
    case 'revoked':
      return 'mandate.revoked';
    case 'expired':
      return 'mandate.expired';
    case 'created':
      return undefined;
    default:
      return to satisfies never;
  }
}

// Limits (paise). A provider's narrower limits (Razorpay's max_amount of 9,999,900) are provider rules, checked
// where live mandates are checked against their connection's provider, not here.
/** A mandate's `max_amount`: at most ₹1,00,000 (NPCI's UPI AutoPay ceiling). */
export const MANDATE_MAX_AMOUNT = 10_000_000;
/** One recurring debit: above ₹15,000 NPCI requires the customer's fresh authentication, which a recurring debit cannot have. */
export const AUTOPAY_MAX_DEBIT = 1_500_000;
export const MANDATE_MIN_AMOUNT = 1;

/** How long the customer has to approve a new mandate before it expires unapproved. */
export const AUTHORIZATION_WINDOW_MS = 7 * DAY_MS;
/** A mandate's default validity, in calendar years after `start_at`. */
export const DEFAULT_VALIDITY_YEARS = 10;

export const mandateFrequencies = ['weekly', 'monthly', 'yearly', 'as_presented'] as const;
export type MandateFrequency = (typeof mandateFrequencies)[number];

/** Why `maxAmount` cannot be a mandate's `max_amount` (param `max_amount`), or undefined. */
export function maxAmountProblem(maxAmount: number): string | undefined {
  if (!Number.isInteger(maxAmount) || maxAmount < MANDATE_MIN_AMOUNT) return 'max_amount must be a positive integer amount in paise.';
  if (maxAmount > MANDATE_MAX_AMOUNT) return `max_amount must be at most ${MANDATE_MAX_AMOUNT} (₹1,00,000), the UPI AutoPay limit.`;
  return undefined;
}

/** Unix ms of the default `expire_at`: ten calendar years after `startAt` in Asia/Kolkata (29 February → 28 February). */
export function defaultExpireAt(startAt: number): number {
  return dueAt({ schedule: 'yearly', startAt, dayOfMonth: null, intervalMs: null }, DEFAULT_VALIDITY_YEARS + 1);
}

/** Unix ms at which a mandate created at `createdAt` expires if the customer has not approved it. */
export function defaultAuthorizationExpiresAt(createdAt: number): number {
  return createdAt + AUTHORIZATION_WINDOW_MS;
}

/** The longest a mandate may run: it must end within 30 years of its creation (a bank's standing instruction, not a perpetual one). */
export const MAX_VALIDITY_YEARS = 30;
const MAX_VALIDITY_MS = MAX_VALIDITY_YEARS * 366 * DAY_MS;

/** Why `start_at` cannot be a mandate's (param `start_at`), or undefined: it must leave room for the validity. */
export function startProblem(startAt: number, now: number): string | undefined {
  if (startAt >= now + MAX_VALIDITY_MS) return `start_at must be less than ${MAX_VALIDITY_YEARS} years from now.`;
  return undefined;
}

/** Why a validity cannot be a mandate's (param `expire_at`), or undefined. */
export function validityProblem(startAt: number, expireAt: number, now: number): string | undefined {
  if (expireAt <= startAt) return 'expire_at must be after start_at.';
  if (expireAt <= now) return 'expire_at must be in the future.';
  if (expireAt > now + MAX_VALIDITY_MS) return `expire_at must be at most ${MAX_VALIDITY_YEARS} years from now.`;
  return undefined;
}

/**
 * A collection `schedule` fits a mandate `frequency` of the same period; `as_presented` (the business presents each
 * debit) fits any. UPI AutoPay registers the frequency with the mandate and the bank checks debits against it.
 */
export function frequencyFits(frequency: MandateFrequency, schedule: CollectionSchedule): boolean {
  switch (frequency) {
    case 'as_presented':
      return true;
    case 'weekly':
    case 'monthly':
    case 'yearly':
      return frequency === schedule;
    default:
      return frequency satisfies never;
  }
}

export interface MandateTerms {
  status: MandateStatus;
  maxAmount: number;
  frequency: MandateFrequency;
}

export interface CollectionProblem {
  code: ErrorCode;
  param: string;
  message: string;
}

/** Why a collection of `amount` on `schedule` cannot charge through `mandate`, or undefined. */
export function collectionOnMandateProblem(mandate: MandateTerms, collection: { amount: number; schedule: CollectionSchedule }): CollectionProblem | undefined {
  if (mandate.status !== 'active') {
    return { code: 'invalid_state', param: 'mandate_id', message: `The mandate is ${mandate.status}; collections charge through an active mandate only.` };
  }
  if (collection.amount > mandate.maxAmount) {
    return { code: 'invalid_request', param: 'amount', message: `amount must be at most the mandate's max_amount (${mandate.maxAmount}).` };
  }
  if (collection.amount > AUTOPAY_MAX_DEBIT) {
    return { code: 'invalid_request', param: 'amount', message: `amount must be at most ${AUTOPAY_MAX_DEBIT} (₹15,000) a debit: above it UPI AutoPay needs the customer's fresh authentication for every debit.` };
  }
  if (!frequencyFits(mandate.frequency, collection.schedule)) {
    return { code: 'invalid_request', param: 'schedule', message: `schedule ${collection.schedule} does not fit the mandate's frequency ${mandate.frequency}.` };
  }
  return undefined;
}

/** Why a collection is paused: `mandate_paused` when its mandate's pause paused it; the mandate's resume resumes only those. */
export const MANDATE_PAUSED = 'mandate_paused';
/** Why a collection whose mandate was made for it ended before charging: declined, or not approved in time. */
export type MandateCancelReason = 'mandate_revoked' | 'mandate_expired' | 'mandate_rejected' | 'mandate_not_approved';

/** What a mandate's move does to one of its collections. */
export type CollectionFollow =
  | { kind: 'pause'; pauseReason: typeof MANDATE_PAUSED }
  | { kind: 'resume' }
  | { kind: 'activate' }
  | { kind: 'cancel'; cancelReason: MandateCancelReason }
  | { kind: 'none' };

/** The effect on a collection (its status and pause_reason) of its mandate moving from `from` to `to`. */
export function collectionFollows(from: MandateStatus, to: MandateStatus, collection: { status: CollectionStatus; pauseReason: string | null }): CollectionFollow {
  const open = collection.status === 'active' || collection.status === 'paused' || collection.status === 'halted';
  // A collection waiting for the mandate made for it starts with its approval and ends with its refusal.
  if (collection.status === 'created') {
    if (from !== 'created') return { kind: 'none' };
    if (to === 'active') return { kind: 'activate' };
    if (to === 'rejected') return { kind: 'cancel', cancelReason: 'mandate_rejected' };
    if (to === 'expired') return { kind: 'cancel', cancelReason: 'mandate_not_approved' };
    return to === 'revoked' ? { kind: 'cancel', cancelReason: 'mandate_revoked' } : { kind: 'none' };
  }
  switch (to) {
    case 'paused':
      // A collection the business paused, or one halted by failures, keeps its own state and reason.
      return collection.status === 'active' ? { kind: 'pause', pauseReason: MANDATE_PAUSED } : { kind: 'none' };
    case 'active':
      return from === 'paused' && collection.status === 'paused' && collection.pauseReason === MANDATE_PAUSED ? { kind: 'resume' } : { kind: 'none' };
    case 'revoked':
      return open ? { kind: 'cancel', cancelReason: 'mandate_revoked' } : { kind: 'none' };
    case 'expired':
      return open ? { kind: 'cancel', cancelReason: 'mandate_expired' } : { kind: 'none' };
    case 'created':
    case 'rejected':
      return { kind: 'none' };
    default:
      return to satisfies never;
  }
}

/** Why the business cannot resume a collection whose mandate is in `status` (`409 invalid_state`), or undefined. */
export function collectionResumeProblem(mandateStatus: MandateStatus): string | undefined {
  if (mandateStatus === 'active') return undefined;
  return `The collection's mandate is ${mandateStatus}; a collection resumes only while its mandate is active.`;
}

/** Where a mandate stands, as its workflow keeps it and writes it to its row (unix ms timestamps). */
export interface MandateState {
  status: MandateStatus;
  /** The UPI ID the mandate debits: the one the customer approved from. */
  vpa: string;
  /** When the customer's approval began and has not yet ended (sandbox slow@upi); null otherwise. */
  authorizationStartedAt: number | null;
  activatedAt: number | null;
  pausedAt: number | null;
  resumedAt: number | null;
  revokedAt: number | null;
  rejectedAt: number | null;
  expiredAt: number | null;
  /** Live: the provider's token, once the customer approved (the row's provider_reference). */
  providerReference?: string | null;
  /** Live: the mandate is registered at the provider (its authorization order and intent link are on its row). */
  registered?: boolean;
}

export function initialMandateState(vpa: string): MandateState {
  return { status: 'created', vpa, authorizationStartedAt: null, activatedAt: null, pausedAt: null, resumedAt: null, revokedAt: null, rejectedAt: null, expiredAt: null };
}

/** The state after `action` at `now`; the caller has checked it fits (mandateActionProblem). */
export function applyMandateAction(state: MandateState, action: MandateAction, now: number): MandateState {
  const next: MandateState = { ...state, status: targetStatus(action), authorizationStartedAt: null };
  switch (action) {
    case 'approve':
      return { ...next, activatedAt: now };
    case 'reject':
      return { ...next, rejectedAt: now };
    case 'pause':
      return { ...next, pausedAt: now };
    case 'resume':
      return { ...next, resumedAt: now };
    case 'revoke':
      return { ...next, revokedAt: now };
    case 'expire':
      return { ...next, expiredAt: now };
    default:
      return action satisfies never;
  }
}

/** The sandbox's customer: which UPI ID approves, rejects, or approves slowly (docs/api.md, Mandates). */
export function sandboxAuthorization(vpa: string): 'approve' | 'reject' | 'slow' {
  const name = vpa.toLowerCase();
  if (name === 'failure@upi') return 'reject';
  if (name === 'slow@upi') return 'slow';
  return 'approve';
}

/** The description and frequency as the authorization page and the Temporal UI say it. */
export const frequencyText: { readonly [F in MandateFrequency]: string } = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
  as_presented: 'As presented (when the business asks)',
};

/** Where a live mandate stands at its provider, in our words (a connector's report, src/rails/provider.ts). */
export type ProviderMandateState = 'pending' | 'active' | 'paused' | 'revoked' | 'expired' | 'rejected';

/**
 * The move a provider's report of a live mandate calls for, or undefined when it calls for none (nothing changed,
 * or the report is older than what we know: a `paused` arriving after the mandate was revoked). The customer acts in
 * their UPI app; the provider tells us by webhook or when we look.
 */
export function providerMove(status: MandateStatus, reported: ProviderMandateState): MandateAction | undefined {
  const fits = (action: MandateAction) => (mandateActionProblem(status, action) === undefined ? action : undefined);
  switch (reported) {
    case 'pending':
      return undefined;
    case 'active':
      return status === 'created' ? fits('approve') : fits('resume');
    case 'paused':
      // Approved and paused before we heard of the approval: approved now, the pause follows in the next report.
      return status === 'created' ? fits('approve') : fits('pause');
    case 'rejected':
      return fits('reject');
    case 'revoked':
      // A registration cancelled before the customer approved it was never a mandate: rejected.
      return status === 'created' ? fits('reject') : fits('revoke');
    case 'expired':
      return fits('expire');
    default:
      return reported satisfies never;
  }
}
