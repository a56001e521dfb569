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

/** Leg amounts are bigints: a settlement's leg is a sum of payments and may pass 2^53 paise. */
export interface Leg {
  kind: LedgerKind;
  amount: bigint;
}

/** A single amount (a number up to 10^12) or a sum (a bigint), as the posting builders take it. */
export type PostingAmount = number | bigint;

export interface Posting {
  type: BalanceTransactionType;
  legs: Leg[];
}

export function isInternal(kind: LedgerKind): kind is InternalLedgerKind {
  return (internalLedgerKinds as readonly string[]).includes(kind);
}

/** `amount` paise leave `from` for `to`: the two legs of every posting below. */
function move(type: BalanceTransactionType, from: LedgerKind, to: LedgerKind, amount: PostingAmount): Posting {
  const paise = BigInt(amount);
  return { type, legs: [{ kind: from, amount: -paise }, { kind: to, amount: paise }] };
}

/** Sandbox funding: money arrives from outside straight into `available`. */
export function topUpPosting(amount: PostingAmount): Posting {
  return move('top_up', 'external_top_up', 'available', amount);
}

/** A payout is created: its amount moves from `available` to `reserved`. */
export function payoutReservePosting(amount: PostingAmount): Posting {
  return move('payout', 'available', 'reserved', amount);
}

/** The bank confirmed the payout: the reserved money leaves for the bank. */
export function payoutSettlePosting(amount: PostingAmount): Posting {
  return move('payout', 'reserved', 'external_bank', amount);
}

/** The payout failed: the reserved money goes back to `available` (booked as `payout_failure`, not a bank reversal). */
export function payoutReleasePosting(amount: PostingAmount): Posting {
  return move('payout_failure', 'reserved', 'available', amount);
}

/** A completed payout came back from the bank: the money returns to `available`. */
export function payoutReversalPosting(amount: PostingAmount): Posting {
  return move('payout_reversal', 'external_bank', 'available', amount);
}

/** A provider charged for a live payout (its GST included): the fee leaves `available` for the provider. */
export function payoutFeePosting(amount: PostingAmount): Posting {
  return move('fee', 'available', 'external_bank', amount);
}

/** A provider gave a payout's fee back (the payout was reversed, or failed after the provider had debited it). */
export function payoutFeeRefundPosting(amount: PostingAmount): Posting {
  return move('fee', 'external_bank', 'available', amount);
}

/**
 * A provider charged for a live beneficiary verification: the penny it sent and its fee with GST, one debit on the
 * payout account's statement, leave `available` for the provider (the penny does not come back).
 */
export function verificationFeePosting(amount: PostingAmount): Posting {
  return move('fee', 'available', 'external_bank', amount);
}

/** A payment was captured: the customer's money arrives in `pending` until it is settled. */
export function paymentCapturePosting(amount: PostingAmount): Posting {
  return move('payment', 'external_customer', 'pending', amount);
}

/** A settlement: captured money moves from `pending` to `available`. */
export function settlementPosting(amount: PostingAmount): Posting {
  return move('settlement', 'pending', 'available', amount);
}

/** A live settlement: what the provider paid out of the unsettled money leaves `pending` for the business's bank. */
export function liveSettlementPosting(amount: PostingAmount): Posting {
  return move('settlement', 'pending', 'external_bank', amount);
}

/** A refund is created: its amount moves from `available` (live: `pending`, docs/live-money.md) to `reserved`. */
export function refundReservePosting(amount: PostingAmount, from: 'available' | 'pending' = 'available'): Posting {
  return move('refund', from, 'reserved', amount);
}

/** The refund reached the customer: the reserved money leaves. */
export function refundSettlePosting(amount: PostingAmount): Posting {
  return move('refund', 'reserved', 'external_customer', amount);
}

/** The refund failed: the reserved money goes back where it was drawn from. */
export function refundReleasePosting(amount: PostingAmount, to: 'available' | 'pending' = 'available'): Posting {
  return move('refund', 'reserved', to, amount);
}

/** The provider's fee on a live payment (its GST included), recorded at capture: it leaves `pending` for the provider. */
export function paymentFeePosting(amount: PostingAmount): Posting {
  return move('fee', 'pending', 'external_bank', amount);
}

/**
 * A capture the provider made after the payment had failed here (a late authorization): the money it holds
 * unsettled, on its way back to the customer by the refund made at once (docs/live-money.md).
 */
export function lateCapturePosting(amount: PostingAmount): Posting {
  return move('payment', 'external_customer', 'pending', amount);
}

export function isBalanced(posting: Posting): boolean {
  return posting.legs.reduce((sum, leg) => sum + leg.amount, 0n) === 0n && posting.legs.every((l) => l.amount !== 0n);
}

/**
 * A balance transaction's amount: how much the posting changes the merchant's free money
 * (`available` + `pending`). Money in `reserved` is already committed, so a payout shows -amount
 * when it is created and nothing more when the bank settles it.
 */
export function netAmount(posting: Posting): bigint {
  return posting.legs.filter((l) => l.kind === 'available' || l.kind === 'pending').reduce((sum, leg) => sum + leg.amount, 0n);
}
