// Refunds: statuses, the one transition table, how much of a payment is still refundable.
// No other code decides whether a refund may move from one status to another.
import { type Posting, refundReleasePosting, refundReservePosting, refundSettlePosting } from './ledger.ts';

export const refundStatuses = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** Allowed transitions; anything not listed is refused. */
const transitions: { readonly [S in RefundStatus]: readonly RefundStatus[] } = {
  pending: ['processed', 'failed'],
  processed: [],
  failed: [],
};

export function canTransition(from: RefundStatus, to: RefundStatus): boolean {
  return transitions[from].includes(to);
}

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

/** The ledger posting that goes with entering a status (creation enters `pending`). */
export function postingForStatus(status: RefundStatus, amount: number): Posting {
  switch (status) {
    case 'pending':
      return refundReservePosting(amount);
    case 'processed':
      return refundSettlePosting(amount);
    case 'failed':
      return refundReleasePosting(amount);
    default:
      return status satisfies never;
  }
}

/** The event that entering a status emits (creation as `pending` emits none). */
export function eventTypeForStatus(status: RefundStatus): string | undefined {
  switch (status) {
    case 'pending':
      return undefined;
    case 'processed':
      return 'refund.processed';
    case 'failed':
      return 'refund.failed';
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
export function refundAmount(paymentAmount: number, held: number, requested: number | null): { ok: true; amount: number } | { ok: false; message: string } {
  const refundable = paymentAmount - held;
  if (refundable <= 0) return { ok: false, message: 'This payment has already been refunded in full.' };
  if (requested === null) return { ok: true, amount: refundable };
  if (requested > refundable) {
    return { ok: false, message: `amount must be at most ${refundable} paise: the payment was ${paymentAmount} and ${held} is already refunded or being refunded.` };
  }
  return { ok: true, amount: requested };
}
