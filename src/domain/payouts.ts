// Payouts: statuses, the lifecycle (transition table, postings, events), transfer-mode rules and failure reasons.
// No other code decides whether a payout may move from one status to another.
import { type RailDecision, type RailFailure, type RailNoRecord, defineLifecycle } from './lifecycle.ts';
import {
  payoutReleasePosting,
  payoutReservePosting,
  payoutReversalPosting,
  payoutSettlePosting,
} from './ledger.ts';

export const payoutStatuses = ['pending_approval', 'scheduled', 'queued', 'initiated', 'completed', 'failed', 'rejected', 'cancelled', 'reversed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** The statuses a payout waits in before anything is reserved or sent (docs/api.md, "Payouts that wait"). */
export const payoutWaitStatuses = ['pending_approval', 'scheduled', 'queued'] as const satisfies readonly PayoutStatus[];
export type PayoutWaitStatus = (typeof payoutWaitStatuses)[number];
export const isPayoutWaiting = (status: string): status is PayoutWaitStatus => (payoutWaitStatuses as readonly string[]).includes(status);

/** The payout lifecycle: the one transition table, postings and events (src/domain/lifecycle.ts). */
export const payoutLifecycle = defineLifecycle<PayoutStatus>({
  resource: 'payout',
  statuses: payoutStatuses,
  transitions: {
    // The waits come in order (approval, time, money) and a payout judged again when it leaves one may go back to
    // approval; each wait ends `rejected` or `cancelled`, or `failed` when nothing may be sent (no money, no
    // beneficiary). None of them has reserved anything.
    pending_approval: ['scheduled', 'queued', 'initiated', 'failed', 'rejected', 'cancelled'],
    scheduled: ['pending_approval', 'queued', 'initiated', 'failed', 'cancelled'],
    queued: ['initiated', 'failed', 'cancelled'],
    initiated: ['completed', 'failed'],
    completed: ['reversed'],
    failed: [],
    rejected: [],
    cancelled: [],
    reversed: [],
  },
  // Settled for a batch: the payout will not move again on its own (a later reversal is still possible).
  settled: { pending_approval: false, scheduled: false, queued: false, initiated: false, completed: true, failed: true, rejected: true, cancelled: true, reversed: true },
  // A completed payout's workflow ends: a reversal days later arrives as a report (payoutRailDecision). A waiting
  // payout was never sent: its workflow waits for it (workflows/payout.ts), no rail watches it.
  watched: { pending_approval: false, scheduled: false, queued: false, initiated: true, completed: false, failed: false, rejected: false, cancelled: false, reversed: false },
  posting(from, to, amount) {
    switch (to) {
      case 'initiated':
        return payoutReservePosting(amount);
      case 'completed':
        return payoutSettlePosting(amount);
      case 'failed':
        // A payout refused at creation or failed from a wait never reserved anything: nothing to release.
        return from === null || isPayoutWaiting(from) ? undefined : payoutReleasePosting(amount);
      case 'reversed':
        return payoutReversalPosting(amount);
      case 'pending_approval':
      case 'scheduled':
      case 'queued':
      case 'rejected':
      case 'cancelled':
        return undefined;
      default:
        return to satisfies never;
    }
  },
  events: {
    pending_approval: 'payout.pending_approval',
    scheduled: 'payout.scheduled',
    queued: 'payout.queued',
    initiated: 'payout.initiated',
    completed: 'payout.completed',
    failed: 'payout.failed',
    rejected: 'payout.rejected',
    cancelled: 'payout.cancelled',
    reversed: 'payout.reversed',
  },
  failed: 'failed',
});

/** What one payout asks for, alone (POST /v1/payouts) or as a batch item. */
export interface PayoutOrder {
  idempotencyKey: string;
  beneficiaryId: string;
  amount: number;
  /** `mode` on the wire: upi, imps, neft or rtgs (checked by transferModeProblem). */
  transferMode: string;
  reference: string | null;
  narration: string | null;
  metadata: Record<string, string>;
}

export const failureCodes = [
  'insufficient_funds',
  'beneficiary_account_invalid',
  'beneficiary_bank_unavailable',
  'invalid_method',
  'beneficiary_not_found',
  'rejected_by_bank',
  'processing_failed',
  'invalid_amount',
  'beneficiary_not_verified',
  'approval_rejected',
  'approval_expired',
] as const;
export type FailureCode = (typeof failureCodes)[number];

export interface FailureReason {
  code: FailureCode;
  message: string;
}

export const failureMessages: { readonly [C in FailureCode]: string } = {
  insufficient_funds: 'The available balance could not cover this payout when it was processed.',
  beneficiary_account_invalid: "The beneficiary's account or UPI ID is invalid or closed.",
  beneficiary_bank_unavailable: "The beneficiary's bank is unavailable; try again later.",
  invalid_method: 'The transfer mode is not valid for this beneficiary or amount.',
  beneficiary_not_found: 'No active beneficiary with this id.',
  rejected_by_bank: 'The bank rejected the transfer.',
  processing_failed: 'The payout could not be processed after repeated internal errors; no money left the account.',
  invalid_amount: 'The amount is below the smallest live payout the provider takes.',
  beneficiary_not_verified: "The account's approval policy refuses payouts to this beneficiary until it is verified.",
  approval_rejected: 'An approver rejected this payout; no money left the account.',
  approval_expired: 'This payout was not approved in time; no money left the account.',
};

export function failure(code: FailureCode, message?: string): FailureReason {
  return { code, message: message ?? failureMessages[code] };
}

export const transferModes = ['upi', 'imps', 'neft', 'rtgs'] as const;
export type TransferMode = (typeof transferModes)[number];
export const beneficiaryTypes = ['bank_account', 'vpa'] as const;
export type BeneficiaryType = (typeof beneficiaryTypes)[number];

export const UPI_MAX = 10_000_000; // ₹1,00,000
export const IMPS_MAX = 50_000_000; // ₹5,00,000
export const RTGS_MIN = 20_000_000; // ₹2,00,000

/** Why a transfer mode (`mode` on the wire) does not fit the beneficiary and amount, or undefined when it does. */
export function transferModeProblem(transferMode: string, beneficiaryType: BeneficiaryType, amount: number): string | undefined {
  if (!(transferModes as readonly string[]).includes(transferMode)) return `Unknown transfer mode '${transferMode}'; use upi, imps, neft or rtgs.`;
  const m = transferMode as TransferMode;
  switch (m) {
    case 'upi':
      if (beneficiaryType !== 'vpa') return 'Mode upi pays UPI IDs; this beneficiary is a bank account.';
      if (amount > UPI_MAX) return `Mode upi allows at most ${UPI_MAX} paise.`;
      return undefined;
    case 'imps':
    case 'neft':
    case 'rtgs':
      if (beneficiaryType !== 'bank_account') return `Mode ${m} pays bank accounts; this beneficiary is a UPI ID.`;
      if (m === 'imps' && amount > IMPS_MAX) return `Mode imps allows at most ${IMPS_MAX} paise.`;
      if (m === 'rtgs' && amount < RTGS_MIN) return `Mode rtgs needs at least ${RTGS_MIN} paise.`;
      return undefined;
    default:
      return m satisfies never;
  }
}

/** The beneficiary types a transfer mode and amount can pay (none: the mode or the amount does not fit any). */
export function fittingBeneficiaryTypes(transferMode: string, amount: number): BeneficiaryType[] {
  return beneficiaryTypes.filter((type) => transferModeProblem(transferMode, type, amount) === undefined);
}

/**
 * What a payout rail says of a payout, in our words (a connector translates its provider's statuses into these:
 * queued, pending, processing → processing; processed → completed; failed, rejected, cancelled → failed).
 * `checkAgainInMs`: when asking again may tell more (the sandbox knows; a connector's polling backstop).
 */
export type PayoutRailState =
  | { state: 'processing'; checkAgainInMs: number }
  | { state: 'completed'; utr: string }
  | { state: 'failed'; failure: RailFailure<FailureCode> }
  /** The bank sent the money back; `failure`: the provider's words for why, when it gave them. */
  | { state: 'reversed'; utr: string | null; failure?: RailFailure<FailureCode> };

/** A reversal of a payout never reported completed: the money never reached the beneficiary. */
export const REVERSED_BEFORE_COMPLETION = failure('rejected_by_bank', 'The bank returned the transfer before reporting it complete.');

const LOST_BY_RAIL = failure('rejected_by_bank', 'The bank has no record of this transfer.');

/**
 * What the rail's answer means for a payout in `status`, whoever brings it (the workflow's own look, a provider's
 * webhook, the reconciliation, the sandbox's report): any order and repetition of answers lands in one state, and
 * an answer about a state the payout has passed changes nothing (docs/api.md, Live payouts).
 */
export function payoutRailDecision(status: PayoutStatus, rail: PayoutRailState | RailNoRecord): RailDecision<PayoutStatus, FailureCode> {
  const initiated = status === 'initiated';
  const settled = (moves: RailDecision<PayoutStatus, FailureCode>['moves'] = []) => ({ moves, next: 'settled' as const });
  switch (rail.state) {
    case 'processing':
      // Not initiated any more while the bank still works on it: a test helper decided; nothing to ask.
      return initiated ? { moves: [], next: { checkAgainInMs: rail.checkAgainInMs } } : settled();
    case 'completed':
      // A completion after a failure is ignored (the money was released): nothing moves a payout backwards.
      return settled(initiated ? [{ to: 'completed', utr: rail.utr }] : []);
    case 'failed':
      return settled(initiated ? [{ to: 'failed', failure: rail.failure }] : []);
    case 'reversed':
      switch (status) {
        case 'initiated':
          // Never reported completed: to the caller the payout failed (payout_failure), it was not reversed.
          return settled([{ to: 'failed', failure: rail.failure ?? REVERSED_BEFORE_COMPLETION }]);
        case 'completed':
          return settled([{ to: 'reversed' }]);
        case 'failed':
        case 'reversed':
        case 'rejected':
        case 'cancelled':
        // A payout still waiting was never sent: nothing a rail says is about it.
        case 'pending_approval':
        case 'scheduled':
        case 'queued':
          return settled();
        default:
          return status satisfies never;
      }
    case 'unknown':
      // Asked only after a hand-over the rail acknowledged: a bank that lost it did not pay it.
      return settled(initiated ? [{ to: 'failed', failure: LOST_BY_RAIL }] : []);
    default:
      return rail satisfies never;
  }
}
