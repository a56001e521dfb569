// Payments: statuses, the lifecycle (transition table, postings, events), payment methods and failure codes.
// No other code decides whether a payment may move from one status to another.
import { type RailDecision, type RailFailure, type RailNoRecord, defineLifecycle } from './lifecycle.ts';
import { paymentCapturePosting } from './ledger.ts';

export const paymentStatuses = ['pending', 'captured', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** The payment lifecycle: the one transition table, postings and events (src/domain/lifecycle.ts). */
export const paymentLifecycle = defineLifecycle<PaymentStatus>({
  resource: 'payment',
  statuses: paymentStatuses,
  transitions: {
    pending: ['captured', 'failed'],
    captured: [],
    failed: [],
  },
  // Settled: the outcome is known (the POST stops waiting; the workflow ends).
  settled: { pending: false, captured: true, failed: true },
  watched: { pending: true, captured: false, failed: false },
  // Only a capture moves money.
  posting: (_from, to, amount) => (to === 'captured' ? paymentCapturePosting(amount) : undefined),
  // Creation as `pending` emits none.
  events: { pending: undefined, captured: 'payment.captured', failed: 'payment.failed' },
  failed: 'failed',
});

/** `provider_unavailable`: the provider account was not set up for the payment (no customer declined it). */
export const paymentFailureCodes = ['payment_declined', 'provider_unavailable'] as const;
export type PaymentFailureCode = (typeof paymentFailureCodes)[number];

export const paymentMethods = ['upi', 'netbanking'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const VPA_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$/;
export const BANK_CODE_PATTERN = /^[A-Z]{4}$/;

/** What a payment rail (the acquirer) says of a payment, in our words. `checkAgainInMs` as for payouts. */
export type PaymentRailState =
  | { state: 'processing'; checkAgainInMs: number }
  | { state: 'captured'; reference: string }
  | { state: 'failed'; failure: RailFailure<PaymentFailureCode> };

const UNKNOWN_TO_ACQUIRER: RailFailure<PaymentFailureCode> = { code: 'payment_declined', message: 'The acquirer has no record of this payment.' };

/**
 * What the rail's answer means for a payment in `status`. Only a pending payment moves; a captured or failed one
 * never moves again (a capture that still arrives after `failed` is the connector's to refund, not a move).
 */
export function paymentRailDecision(status: PaymentStatus, rail: PaymentRailState | RailNoRecord): RailDecision<PaymentStatus, PaymentFailureCode> {
  const pending = status === 'pending';
  switch (rail.state) {
    case 'processing':
      return pending ? { moves: [], next: { checkAgainInMs: rail.checkAgainInMs } } : { moves: [], next: 'settled' };
    case 'captured':
      return { moves: pending ? [{ to: 'captured' }] : [], next: 'settled' };
    case 'failed':
      return { moves: pending ? [{ to: 'failed', failure: rail.failure }] : [], next: 'settled' };
    case 'unknown':
      return { moves: pending ? [{ to: 'failed', failure: UNKNOWN_TO_ACQUIRER }] : [], next: 'settled' };
    default:
      return rail satisfies never;
  }
}
