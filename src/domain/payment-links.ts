// Payment links: statuses, what a pay attempt may be, and how a link's state moves after a captured payment,
// an expiry or a cancellation (docs/api.md, Payment links). The link workflow applies these functions and nothing
// else decides; they are pure, so the workflow stays deterministic and the rules are unit-tested.
import { formatRupees } from './money.ts';

export const paymentLinkStatuses = ['created', 'partially_paid', 'paid', 'expired', 'cancelled'] as const;
export type PaymentLinkStatus = (typeof paymentLinkStatuses)[number];

/** Later payments of a partial link must be at least ₹1 (100 paise), unless less than that is due. */
export const MIN_LATER_PARTIAL_AMOUNT = 100;
/** `expire_by` default: 7 days after creation; at most 180 days ahead; at least 15 minutes (configurable for sandbox tests). */
export const DEFAULT_EXPIRY_SECONDS = 7 * 86_400;
export const MAX_EXPIRY_SECONDS = 180 * 86_400;
export const MIN_EXPIRY_SECONDS = 15 * 60;

export const REFERENCE_ID_MAX = 40;
export const LINK_DESCRIPTION_MAX = 2048;

/** What the workflow keeps of a link to decide attempts (amounts in paise). */
export interface PaymentLinkState {
  status: PaymentLinkStatus;
  amount: number;
  amountPaid: number;
  acceptPartial: boolean;
  firstMinPartialAmount: number | null;
  /** Captured payments, oldest first. */
  paymentIds: string[];
  /** Unix ms of the status changes that have a time of their own. */
  paidAt: number | null;
  expiredAt: number | null;
  cancelledAt: number | null;
}

export function initialLinkState(link: { amount: number; acceptPartial: boolean; firstMinPartialAmount: number | null }): PaymentLinkState {
  return { status: 'created', amount: link.amount, amountPaid: 0, acceptPartial: link.acceptPartial, firstMinPartialAmount: link.firstMinPartialAmount, paymentIds: [], paidAt: null, expiredAt: null, cancelledAt: null };
}

/** True while the link may still take money. */
export function isPayable(status: PaymentLinkStatus): boolean {
  return status === 'created' || status === 'partially_paid';
}

export function isFinal(status: PaymentLinkStatus): boolean {
  return !isPayable(status);
}

/** What is still due, in paise. */
export function amountDue(state: PaymentLinkState): number {
  return state.amount - state.amountPaid;
}

/** Why this link takes no payment now, or undefined when it does. */
export function payableProblem(status: PaymentLinkStatus): string | undefined {
  switch (status) {
    case 'created':
    case 'partially_paid':
      return undefined;
    case 'paid':
      return 'This link has been paid.';
    case 'expired':
      return 'This link has expired.';
    case 'cancelled':
      return 'This link has been cancelled.';
    default:
      return status satisfies never;
  }
}

/** The least and most the next payment may be (paise). A full-amount link takes exactly what is due. */
export function payableRange(state: PaymentLinkState): { min: number; max: number } {
  const due = amountDue(state);
  if (!state.acceptPartial) return { min: due, max: due };
  if (state.amountPaid === 0) return { min: Math.min(state.firstMinPartialAmount ?? MIN_LATER_PARTIAL_AMOUNT, due), max: due };
  return { min: Math.min(MIN_LATER_PARTIAL_AMOUNT, due), max: due };
}

/** Why `amount` cannot be the next payment of this link, or undefined when it can. */
export function payAmountProblem(state: PaymentLinkState, amount: number): string | undefined {
  const status = payableProblem(state.status);
  if (status) return status;
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'The amount must be a whole number of paise.';
  const { min, max } = payableRange(state);
  if (amount > max) return `At most ${formatRupees(max)} is still due.`;
  if (amount < min) return min === max ? `This link takes exactly ${formatRupees(max)}.` : `The amount must be at least ${formatRupees(min)}.`;
  return undefined;
}

/** The state after a captured payment of `amount` (validated before the attempt began). */
export function afterCapture(state: PaymentLinkState, paymentId: string, amount: number, nowMs: number): PaymentLinkState {
  const amountPaid = state.amountPaid + amount;
  const paid = amountPaid >= state.amount;
  return {
    ...state,
    amountPaid,
    paymentIds: [...state.paymentIds, paymentId],
    status: paid ? 'paid' : 'partially_paid',
    paidAt: paid ? nowMs : state.paidAt,
  };
}

export function expire(state: PaymentLinkState, nowMs: number): PaymentLinkState {
  return isPayable(state.status) ? { ...state, status: 'expired', expiredAt: nowMs } : state;
}

/** Only a link nobody has paid anything on may be cancelled (docs/api.md: `created` → `cancelled`). */
export function cancelProblem(status: PaymentLinkStatus): string | undefined {
  return status === 'created' ? undefined : `A ${status} payment link cannot be cancelled; only a link in status created can.`;
}

export function cancel(state: PaymentLinkState, nowMs: number): PaymentLinkState {
  return { ...state, status: 'cancelled', cancelledAt: nowMs };
}

/** The event a status change emits. */
export function linkEventType(status: PaymentLinkStatus): string | undefined {
  return status === 'created' ? undefined : `payment_link.${status}`;
}

/** Where the customer lands after a successful payment: `callback_url` with the outcome in its query string. */
export function callbackTarget(callbackUrl: string, outcome: { linkId: string; paymentId: string; status: string }): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('payment_link_id', outcome.linkId);
  url.searchParams.set('payment_id', outcome.paymentId);
  url.searchParams.set('status', outcome.status);
  return url.toString();
}

/**
 * The UPI intent a QR code carries (NPCI's deep-link format): payee address and name, the amount in rupees
 * with two decimals, INR, the link as transaction reference, and the note.
 */
export function upiIntent(payee: { vpa: string; name: string }, linkId: string, amountPaise: number, note: string): string {
  const params = new URLSearchParams({
    pa: payee.vpa,
    pn: payee.name,
    tr: linkId,
    am: (amountPaise / 100).toFixed(2),
    cu: 'INR',
    tn: note,
  });
  return `upi://pay?${params.toString().replace(/\+/g, '%20')}`;
}
