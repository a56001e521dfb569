// Payouts: statuses, the one transition table, transfer-mode rules and failure reasons.
// No other code decides whether a payout may move from one status to another.
import {
  type Posting,
  payoutReleasePosting,
  payoutReservePosting,
  payoutReversalPosting,
  payoutSettlePosting,
} from './ledger.ts';

export const payoutStatuses = ['initiated', 'completed', 'failed', 'reversed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** Allowed transitions; anything not listed is refused (409 invalid_state at the API). */
const transitions: { readonly [S in PayoutStatus]: readonly PayoutStatus[] } = {
  initiated: ['completed', 'failed'],
  completed: ['reversed'],
  failed: [],
  reversed: [],
};

export function canTransition(from: PayoutStatus, to: PayoutStatus): boolean {
  return transitions[from].includes(to);
}

/** Terminal for a batch: the payout will not move again on its own (a later reversal is still possible). */
export function isSettled(status: PayoutStatus): boolean {
  switch (status) {
    case 'initiated':
      return false;
    case 'completed':
    case 'failed':
    case 'reversed':
      return true;
    default:
      return status satisfies never;
  }
}

/** The ledger posting that goes with entering a status (creation enters `initiated`). */
export function postingForStatus(status: PayoutStatus, amount: number): Posting {
  switch (status) {
    case 'initiated':
      return payoutReservePosting(amount);
    case 'completed':
      return payoutSettlePosting(amount);
    case 'failed':
      return payoutReleasePosting(amount);
    case 'reversed':
      return payoutReversalPosting(amount);
    default:
      return status satisfies never;
  }
}

export const payoutEventTypes: { readonly [S in PayoutStatus]: string } = {
  initiated: 'payout.initiated',
  completed: 'payout.completed',
  failed: 'payout.failed',
  reversed: 'payout.reversed',
};

export const failureCodes = [
  'insufficient_funds',
  'beneficiary_account_invalid',
  'beneficiary_bank_unavailable',
  'invalid_method',
  'beneficiary_not_found',
  'rejected_by_bank',
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
};

export function failure(code: FailureCode, message?: string): FailureReason {
  return { code, message: message ?? failureMessages[code] };
}

export const transferModes = ['upi', 'imps', 'neft', 'rtgs'] as const;
export type TransferMode = (typeof transferModes)[number];
export type BeneficiaryType = 'bank_account' | 'vpa';

export const UPI_MAX = 10_000_000; // ₹1,00,000
export const IMPS_MAX = 50_000_000; // ₹5,00,000
export const RTGS_MIN = 20_000_000; // ₹2,00,000

/** Why a mode does not fit the beneficiary and amount, or undefined when it does. */
export function modeProblem(mode: string, beneficiaryType: BeneficiaryType, amount: number): string | undefined {
  if (!(transferModes as readonly string[]).includes(mode)) return `Unknown transfer mode '${mode}'; use upi, imps, neft or rtgs.`;
  const m = mode as TransferMode;
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
