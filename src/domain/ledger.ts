// Double-entry posting rules. Every movement of money is a list of legs that sums to zero.
// Internal accounts (available, pending, reserved) hold the merchant's money and never go below zero;
// external accounts are the world outside (the sandbox funding source, customers, banks) and may.
// A positive leg increases the account's balance, a negative one decreases it.

export const internalLedgerKinds = ['available', 'pending', 'reserved'] as const;
export const externalLedgerKinds = ['external_top_up', 'external_customer', 'external_bank'] as const;
export type InternalLedgerKind = (typeof internalLedgerKinds)[number];
export type ExternalLedgerKind = (typeof externalLedgerKinds)[number];
export type LedgerKind = InternalLedgerKind | ExternalLedgerKind;

export const balanceTransactionTypes = [
  'payment',
  'refund',
  'payout',
  'payout_failure',
  'payout_reversal',
  'settlement',
  'top_up',
  'fee',
] as const;
export type BalanceTransactionType = (typeof balanceTransactionTypes)[number];

export interface Leg {
  kind: LedgerKind;
  amount: number;
}

export interface Posting {
  type: BalanceTransactionType;
  legs: Leg[];
}

export function isInternal(kind: LedgerKind): kind is InternalLedgerKind {
  return (internalLedgerKinds as readonly string[]).includes(kind);
}

/** Sandbox funding: money arrives from outside straight into `available`. */
export function topUpPosting(amount: number): Posting {
  return { type: 'top_up', legs: [{ kind: 'external_top_up', amount: -amount }, { kind: 'available', amount }] };
}

/** A payout is created: its amount moves from `available` to `reserved`. */
export function payoutReservePosting(amount: number): Posting {
  return { type: 'payout', legs: [{ kind: 'available', amount: -amount }, { kind: 'reserved', amount }] };
}

/** The bank confirmed the payout: the reserved money leaves for the bank. */
export function payoutSettlePosting(amount: number): Posting {
  return { type: 'payout', legs: [{ kind: 'reserved', amount: -amount }, { kind: 'external_bank', amount }] };
}

/** The payout failed: the reserved money goes back to `available` (booked as `payout_failure`, not a bank reversal). */
export function payoutReleasePosting(amount: number): Posting {
  return { type: 'payout_failure', legs: [{ kind: 'reserved', amount: -amount }, { kind: 'available', amount }] };
}

/** A completed payout came back from the bank: the money returns to `available`. */
export function payoutReversalPosting(amount: number): Posting {
  return { type: 'payout_reversal', legs: [{ kind: 'external_bank', amount: -amount }, { kind: 'available', amount }] };
}

/** A payment was captured: the customer's money arrives in `pending` until it is settled. */
export function paymentCapturePosting(amount: number): Posting {
  return { type: 'payment', legs: [{ kind: 'external_customer', amount: -amount }, { kind: 'pending', amount }] };
}

/** A settlement: captured money moves from `pending` to `available`. */
export function settlementPosting(amount: number): Posting {
  return { type: 'settlement', legs: [{ kind: 'pending', amount: -amount }, { kind: 'available', amount }] };
}

/** A refund is created: its amount moves from `available` to `reserved`. */
export function refundReservePosting(amount: number): Posting {
  return { type: 'refund', legs: [{ kind: 'available', amount: -amount }, { kind: 'reserved', amount }] };
}

/** The refund reached the customer: the reserved money leaves. */
export function refundSettlePosting(amount: number): Posting {
  return { type: 'refund', legs: [{ kind: 'reserved', amount: -amount }, { kind: 'external_customer', amount }] };
}

/** The refund failed: the reserved money goes back to `available`. */
export function refundReleasePosting(amount: number): Posting {
  return { type: 'refund', legs: [{ kind: 'reserved', amount: -amount }, { kind: 'available', amount }] };
}

export function isBalanced(posting: Posting): boolean {
  return posting.legs.reduce((sum, leg) => sum + leg.amount, 0) === 0 && posting.legs.every((l) => l.amount !== 0);
}

/**
 * A balance transaction's amount: how much the posting changes the merchant's free money
 * (`available` + `pending`). Money in `reserved` is already committed, so a payout shows -amount
 * when it is created and nothing more when the bank settles it.
 */
export function netAmount(posting: Posting): number {
  return posting.legs.filter((l) => l.kind === 'available' || l.kind === 'pending').reduce((sum, leg) => sum + leg.amount, 0);
}
