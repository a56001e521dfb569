// RazorpayX's payouts in our words (docs/api.md, Live payouts): its status to our outcome, its `status_details.reason`
// to our failure code, its fees and tax. Pure functions over the provider's JSON, so every documented status and
// reason is unit-tested (errors/x/payout-status-details.md, x/payouts/states-life-cycle.md).
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import type { FailureCode } from '../../domain/payouts.ts';
import type { PayoutOutcome, ProviderFailureDetails, ProviderPayoutReport, ProviderStatementLine } from '../../rails/provider.ts';

/** Every payout status the provider documents. */
export const payoutStatuses = ['queued', 'pending', 'scheduled', 'processing', 'processed', 'reversed', 'failed', 'rejected', 'cancelled'] as const;
export type RazorpayPayoutStatus = (typeof payoutStatuses)[number];

/** The provider's payout object, as much of it as we read. */
export interface RazorpayPayout {
  id: string;
  entity?: string;
  fund_account_id?: string;
  amount?: number;
  currency?: string;
  fees?: number | null;
  tax?: number | null;
  status: string;
  utr?: string | null;
  mode?: string;
  purpose?: string;
  reference_id?: string | null;
  narration?: string | null;
  status_details?: { description?: string | null; source?: string | null; reason?: string | null } | null;
  created_at?: number;
}

/**
 * `status_details.reason` → our failure code. The contract names some; the rest of the documented failure reasons
 * are placed by what the provider's page says of them (its description and next step). Anything else, documented
 * later or not at all, is `rejected_by_bank`.
 */
export const failureCodeOfReason: Readonly<Record<string, FailureCode>> = {
  // The account or UPI ID cannot take money.
  bank_account_invalid: 'beneficiary_account_invalid',
  bank_account_closed: 'beneficiary_account_invalid',
  bank_account_frozen: 'beneficiary_account_invalid',
  beneficiary_account_dormant: 'beneficiary_account_invalid',
  beneficiary_account_invalid: 'beneficiary_account_invalid',
  beneficiary_vpa_invalid: 'beneficiary_account_invalid',
  invalid_ifsc_code: 'beneficiary_account_invalid',
  invalid_beneficiary: 'beneficiary_account_invalid',
  // A bank, PSP, NPCI or the partner bank is down, offline, timed out or closed for the day: try again later.
  beneficiary_bank_offline: 'beneficiary_bank_unavailable',
  beneficiary_psp_offline: 'beneficiary_bank_unavailable',
  beneficiary_bank_down: 'beneficiary_bank_unavailable',
  beneficiary_bank_failure: 'beneficiary_bank_unavailable',
  beneficiary_bank_technical_error: 'beneficiary_bank_unavailable',
  npci_beneficiary_timeout: 'beneficiary_bank_unavailable',
  bank_window_closed: 'beneficiary_bank_unavailable',
  gateway_timeout: 'beneficiary_bank_unavailable',
  gateway_down: 'beneficiary_bank_unavailable',
  gateway_degraded: 'beneficiary_bank_unavailable',
  gateway_technical_error: 'beneficiary_bank_unavailable',
  // The business's balance could not cover it.
  insufficient_funds: 'insufficient_funds',
  low_balance: 'insufficient_funds',
  // The mode does not fit this beneficiary or amount.
  imps_not_allowed: 'invalid_method',
  transaction_limit_exceeded: 'invalid_method',
};

export function failureCodeOf(reason: string | null | undefined): FailureCode {
  return (reason && Object.hasOwn(failureCodeOfReason, reason) ? failureCodeOfReason[reason] : undefined) ?? 'rejected_by_bank';
}

export function detailsOf(payout: Pick<RazorpayPayout, 'status_details'>): ProviderFailureDetails | null {
  const d = payout.status_details;
  if (!d) return null;
  return { source: d.source ?? null, reason: d.reason ?? null, description: d.description ?? null };
}

const noDetails: ProviderFailureDetails = { source: null, reason: null, description: null };

/**
 * The provider's status → our outcome: queued, pending, scheduled and processing keep a payout on its way;
 * processed completes it; reversed returns the money; failed, rejected and cancelled fail it. A status the pages do
 * not document keeps it on its way: a later report (webhook, lookup, reconciliation) moves it.
 */
export function outcomeOf(payout: Pick<RazorpayPayout, 'status' | 'utr' | 'status_details'>): PayoutOutcome {
  const details = detailsOf(payout) ?? noDetails;
  switch (payout.status as RazorpayPayoutStatus) {
    case 'queued':
    case 'pending':
    case 'scheduled':
    case 'processing':
      return { state: 'initiated' };
    case 'processed':
      return { state: 'completed', utr: payout.utr ?? null };
    case 'reversed':
      return { state: 'returned', code: failureCodeOf(details.reason), details };
    case 'failed':
    case 'rejected':
    case 'cancelled':
      return { state: 'failed', code: failureCodeOf(details.reason), details };
    default:
      return { state: 'initiated' };
  }
}

const paise = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);

/** The provider's payout object as a provider-neutral report. Fees are reported once the payout is processing. */
export function payoutReportOf(payout: RazorpayPayout): ProviderPayoutReport {
  const reported = payout.status !== 'queued' && payout.status !== 'pending' && payout.status !== 'scheduled';
  return {
    providerReference: payout.id,
    payoutId: payout.reference_id ?? null,
    providerStatus: payout.status,
    outcome: outcomeOf(payout),
    utr: payout.utr ?? null,
    amount: paise(payout.amount),
    fees: reported ? paise(payout.fees) : null,
    tax: reported ? paise(payout.tax) : null,
    details: detailsOf(payout),
  };
}

/** A line of the account statement (`GET /v1/transactions`). */
export interface RazorpayTransaction {
  id: string;
  entity?: string;
  account_number?: string;
  amount: number;
  currency?: string;
  credit: number;
  debit: number;
  balance: number;
  created_at: number;
  source?: ({ id?: string; entity?: string; reference_id?: string | null; fees?: number | null; tax?: number | null } & Record<string, unknown>) | null;
}

export function statementLineOf(txn: RazorpayTransaction): ProviderStatementLine {
  const source = txn.source ?? null;
  const entity = source?.entity ?? null;
  const ref = source?.id ?? null;
  let mapped: ProviderStatementLine['source'];
  if (entity === 'payout' && ref) {
    mapped = { kind: 'payout', providerReference: ref, payoutId: source?.reference_id ?? null, fees: paise(source?.fees), tax: paise(source?.tax) };
  } else if (entity === 'reversal' && ref && typeof source?.payout_id === 'string') {
    mapped = { kind: 'reversal', providerReference: ref, payoutProviderReference: source.payout_id };
  } else if (entity === 'bank_transfer' && ref) {
    mapped = { kind: 'deposit', providerReference: ref };
  } else if (entity === 'fund_account.validation' && ref) {
    mapped = { kind: 'verification', validationReference: ref };
  } else if (entity === 'reversal' && typeof source?.fund_account_validation_id === 'string') {
    mapped = { kind: 'verification', validationReference: source.fund_account_validation_id };
  } else {
    mapped = { kind: 'other', providerReference: ref, entity };
  }
  return { id: txn.id, credit: txn.credit, debit: txn.debit, balance: txn.balance, createdAt: new Date(txn.created_at * 1000), source: mapped };
}
