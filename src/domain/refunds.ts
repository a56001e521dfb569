// Refunds: statuses, the lifecycle (transition table, postings, events), how much of a payment is still refundable.
// No other code decides whether a refund may move from one status to another.
import { type RailDecision, type RailFailure, type RailNoRecord, defineLifecycle } from './lifecycle.ts';
import { refundReleasePosting, refundReservePosting, refundSettlePosting } from './ledger.ts';
import type { Mode } from './modes.ts';

export const refundStatuses = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** The refund lifecycle: the one transition table, postings and events (src/domain/lifecycle.ts). */
export const refundLifecycle = defineLifecycle<RefundStatus>({
  resource: 'refund',
  statuses: refundStatuses,
  transitions: {
    pending: ['processed', 'failed'],
    processed: [],
    failed: [],
  },
  settled: { pending: false, processed: true, failed: true },
  watched: { pending: true, processed: false, failed: false },
  // A sandbox refund draws on `available`; a live one on `pending`, the provider's unsettled balance it takes
  // refunds from (docs/api.md, Live payments; docs/live-money.md).
  posting(_from, to, amount, mode?: Mode) {
    const from = mode === 'live' ? 'pending' : 'available';
    switch (to) {
      case 'pending':
        return refundReservePosting(amount, from);
      case 'processed':
        return refundSettlePosting(amount);
      case 'failed':
        return refundReleasePosting(amount, from);
      default:
        return to satisfies never;
    }
  },
  // Creation as `pending` emits none.
  events: { pending: undefined, processed: 'refund.processed', failed: 'refund.failed' },
  failed: 'failed',
});

/** True while the refund still holds part of the payment (a failed refund gives its share back). */
export function countsAgainstPayment(status: RefundStatus): boolean {
  switch (status) {
    case 'pending':
    case 'processed':
      return true;
    case 'failed':
      return false;
    default:
      return status satisfies never;
  }
}

export const refundFailureCodes = ['refund_declined'] as const;
export type RefundFailureCode = (typeof refundFailureCodes)[number];

/**
 * The amount a new refund takes: the requested one, or (none requested) all that is still refundable.
 * `held` is the sum of the payment's refunds that count against it. Returns the refusal's message when
 * the payment cannot give that much back.
 */
export function refundAmount(paymentAmount: number, held: bigint, requested: number | null): { ok: true; amount: number } | { ok: false; message: string } {
  // In bigint: `held` is a sum. What is left of one payment is at most its own amount, so a number again.
  const left = BigInt(paymentAmount) - held;
  if (left <= 0n) return { ok: false, message: 'This payment has already been refunded in full.' };
  const refundable = Number(left);
  if (requested === null) return { ok: true, amount: refundable };
  if (requested > refundable) {
    return { ok: false, message: `amount must be at most ${refundable} paise: the payment was ${paymentAmount} and ${held} is already refunded or being refunded.` };
  }
  return { ok: true, amount: requested };
}

/** What a refund rail says of a refund, in our words. `checkAgainInMs` as for payouts. */
export type RefundRailState =
  | { state: 'processing'; checkAgainInMs: number }
  | { state: 'processed'; utr: string }
  | { state: 'failed'; failure: RailFailure<RefundFailureCode> };

const UNKNOWN_TO_ACQUIRER: RailFailure<RefundFailureCode> = { code: 'refund_declined', message: 'The acquirer has no record of this refund.' };

/** What the rail's answer means for a refund in `status`: only a pending refund moves. */
export function refundRailDecision(status: RefundStatus, rail: RefundRailState | RailNoRecord): RailDecision<RefundStatus, RefundFailureCode> {
  const pending = status === 'pending';
  switch (rail.state) {
    case 'processing':
      return pending ? { moves: [], next: { checkAgainInMs: rail.checkAgainInMs } } : { moves: [], next: 'settled' };
    case 'processed':
      return { moves: pending ? [{ to: 'processed', utr: rail.utr }] : [], next: 'settled' };
    case 'failed':
      return { moves: pending ? [{ to: 'failed', failure: rail.failure }] : [], next: 'settled' };
    case 'unknown':
      return { moves: pending ? [{ to: 'failed', failure: UNKNOWN_TO_ACQUIRER }] : [], next: 'settled' };
    default:
      return rail satisfies never;
  }
}
