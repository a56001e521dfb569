// Rows → the objects callers see (the same shape in responses, event bodies and workflow results).
// The shapes are the contract's response types (src/contract), inferred from the zod schemas that
// document them; these functions are the one place a row becomes one.
import { type ApprovalRecord, approvalRecordOf, batchApprovalRecordOf } from '../domain/approvals.ts';
import type { BalanceResponse, BalanceTransactionResponse } from '../contract/balance.ts';
import { jsonInteger } from '../contract/common.ts';
import type { BeneficiaryResponse, VerificationResponse } from '../contract/beneficiaries.ts';
import type { Verification, VerificationFailureCode } from '../domain/verifications.ts';
import type { CollectionResponse } from '../contract/collections.ts';
import type { CustomerResponse } from '../contract/customers.ts';
import type { EventResponse } from '../contract/events.ts';
import type { MandateResponse } from '../contract/mandates.ts';
import type { PaymentLinkResponse } from '../contract/payment-links.ts';
import type { ReportResponse } from '../contract/reports.ts';
import type { PaymentResponse } from '../contract/payments.ts';
import type { PayoutBatchCounts, PayoutBatchResponse } from '../contract/payout-batches.ts';
import type { PayoutResponse } from '../contract/payouts.ts';
import type { RefundResponse } from '../contract/refunds.ts';
import type { SettlementResponse } from '../contract/settlements.ts';
import type { TopUpResponse } from '../contract/top-ups.ts';
import type { Mode } from '../domain/modes.ts';
import type { Balances } from './balances.ts';
import type { BalanceTransaction, Beneficiary, Collection, Customer, Event, Mandate, Payment, PaymentLink, Payout, PayoutBatch, Refund, Report, Settlement, TopUp } from './entities.ts';

export const unixSeconds = (d: Date): number => Math.floor(d.getTime() / 1000);

export function topUpView(row: TopUp): TopUpResponse {
  return {
    id: row.id,
    object: 'top_up',
    mode: row.mode,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    description: row.description ?? null,
    metadata: row.metadata ?? {},
    balance_transaction_id: row.balanceTransactionId ?? null,
    source: row.source,
    provider_reference: row.providerReference ?? null,
    idempotency_key: row.idempotencyKey,
    created_at: unixSeconds(row.createdAt),
  };
}

/** GET /v1/balance: bigint balances become JSON integers here, exact past 2^53 paise. */
export function balanceView(mode: Mode, balances: Balances): BalanceResponse {
  return {
    object: 'balance',
    mode,
    currency: 'INR',
    available: jsonInteger(balances.available),
    pending: jsonInteger(balances.pending),
    reserved: jsonInteger(balances.reserved),
  };
}

export function balanceTransactionView(row: BalanceTransaction): BalanceTransactionResponse {
  return {
    id: row.id,
    object: 'balance_transaction',
    mode: row.mode,
    type: row.type,
    source_id: row.sourceId,
    amount: jsonInteger(row.amount),
    fee: jsonInteger(row.fee),
    net: jsonInteger(row.amount - row.fee),
    currency: row.currency,
    status: row.status,
    description: row.description ?? null,
    created_at: unixSeconds(row.createdAt),
  };
}

const unixOrNull = (d: Date | null | undefined): number | null => (d ? unixSeconds(d) : null);

/** A beneficiary's latest verification as callers see it; the bank's name and its match only once `verified`. */
export function verificationView(v: Verification | null): VerificationResponse {
  if (!v) return null;
  const verified = v.status === 'verified';
  return {
    status: v.status,
    name_at_bank: verified ? v.nameAtBank : null,
    name_match: verified ? v.nameMatch : null,
    verified_at: verified ? unixOrNull(v.endedAt) : null,
    // The table's check gives a failed row its reason; the codes are ours (src/domain/verifications.ts).
    failure_reason: v.status === 'failed' && v.failure ? { code: v.failure.code as VerificationFailureCode, message: v.failure.message } : null,
  };
}

/** `verification`: the beneficiary's latest (src/db/beneficiary-verifications.ts reads it with the row), or null. */
export function beneficiaryView(row: Beneficiary, verification: Verification | null): BeneficiaryResponse {
  const common = {
    id: row.id,
    object: 'beneficiary' as const,
    mode: row.mode,
    name: row.name,
    email: row.email ?? null,
    phone: row.phone ?? null,
    metadata: row.metadata ?? {},
    active: row.active,
    created_at: unixSeconds(row.createdAt),
    verification: verificationView(verification),
  };
  // The table's check pairs them: a bank account has its number and IFSC and no vpa, a vpa beneficiary only its vpa.
  if (row.type === 'bank_account') return { ...common, type: 'bank_account', bank_account: { last4: row.accountNumber!.slice(-4), ifsc: row.ifsc! }, vpa: null };
  return { ...common, type: 'vpa', bank_account: null, vpa: row.vpa! };
}

/**
 * The original interface names the payout's transfer mode `mode` (upi, imps, neft, rtgs), and that wins over
 * "every object carries mode (sandbox|live)" (docs/api.md, Conventions): on payouts the environment is `livemode`.
 */
/** A payout's failure_provider column, as the driver gave it (jsonb parsed) or as written (JSON text). */
function providerFailureOf(stored: unknown): { source: string; reason: string; description: string } {
  return (typeof stored === 'string' ? JSON.parse(stored) : stored) as { source: string; reason: string; description: string };
}

export function payoutView(row: Payout): PayoutResponse {
  return {
    id: row.id,
    object: 'payout',
    livemode: row.mode === 'live',
    beneficiary_id: row.beneficiaryId,
    amount: Number(row.amount),
    currency: row.currency,
    mode: row.transferMode,
    status: row.status,
    failure_reason: row.failureCode
      ? { code: row.failureCode, message: row.failureMessage ?? '', ...(row.failureProvider ? { provider: providerFailureOf(row.failureProvider) } : {}) }
      : null,
    utr: row.utr ?? null,
    provider_reference: row.providerReference ?? null,
    fees: Number(row.fees ?? 0),
    batch_id: row.batchId ?? null,
    reference: row.reference ?? null,
    narration: row.narration ?? null,
    metadata: row.metadata ?? {},
    idempotency_key: row.idempotencyKey,
    created_at: unixSeconds(row.createdAt),
    completed_at: unixOrNull(row.completedAt),
    failed_at: unixOrNull(row.failedAt),
    reversed_at: unixOrNull(row.reversedAt),
    approval: approvalView(row.approval),
    scheduled_at: unixOrNull(row.scheduledAt),
    rejected_at: unixOrNull(row.rejectedAt),
    cancelled_at: unixOrNull(row.cancelledAt),
    queue_if_low_balance: Boolean(row.queueIfLowBalance),
    queued_at: unixOrNull(row.queuedAt),
    queue_expires_at: unixOrNull(row.queueExpiresAt),
  };
}

/** A waiting payout's or batch's approval as the API shows it (the holders compared stay inside). */
function withoutHolders<R extends { received: ApprovalRecord['received'] }>(record: R | null) {
  return record && { ...record, received: record.received.map(({ key_id, name, approved_at }) => ({ key_id, name, approved_at })) };
}
const approvalView = (stored: unknown): PayoutResponse['approval'] => {
  const record = withoutHolders(approvalRecordOf(stored));
  return record && { ...record, beneficiary: { ...record.beneficiary, verification: record.beneficiary.verification ?? null } };
};

export function payoutBatchView(row: PayoutBatch, counts: PayoutBatchCounts): PayoutBatchResponse {
  return {
    id: row.id,
    object: 'payout_batch',
    mode: row.mode,
    status: row.status,
    reference: row.reference ?? null,
    idempotency_key: row.idempotencyKey,
    total_count: row.totalCount,
    total_amount: jsonInteger(row.totalAmount),
    counts,
    created_at: unixSeconds(row.createdAt),
    completed_at: unixOrNull(row.completedAt),
    queue_if_low_balance: Boolean(row.queueIfLowBalance),
    approval: batchApprovalView(row.approval),
    scheduled_at: unixOrNull(row.scheduledAt),
  };
}

const batchApprovalView = (stored: unknown): PayoutBatchResponse['approval'] => {
  const record = withoutHolders(batchApprovalRecordOf(stored));
  return record && { ...record, summary: { ...record.summary, unverified_beneficiaries: record.summary.unverified_beneficiaries ?? 0 } };
};

/** An event as callers see it, from its entity or from a raw row with the same fields (the delivery batch reads those). */
export function eventView(row: Pick<Event, 'id' | 'type' | 'mode' | 'createdAt' | 'data'>): EventResponse {
  return {
    id: row.id,
    object: 'event',
    type: row.type,
    mode: row.mode,
    created_at: unixSeconds(row.createdAt),
    data: row.data as { object: Record<string, unknown> },
  };
}

export function paymentView(row: Payment): PaymentResponse {
  const common = {
    id: row.id,
    object: 'payment' as const,
    mode: row.mode,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    receipt: row.receipt ?? null,
    customer_id: row.customerId ?? null,
    description: row.description ?? null,
    metadata: row.metadata ?? {},
    amount_refunded: Number(row.amountRefunded),
    failure_code: row.failureCode ?? null,
    failure_message: row.failureMessage ?? null,
    settlement_id: row.settlementId ?? null,
    collection_id: row.collectionId ?? null,
    payment_link_id: row.paymentLinkId ?? null,
    idempotency_key: row.idempotencyKey,
    next_action: row.status === 'pending' ? (row.nextAction ?? null) : null,
    return_url: row.returnUrl ?? null,
    provider_reference: row.providerReference ?? null,
    created_at: unixSeconds(row.createdAt),
    captured_at: unixOrNull(row.capturedAt),
    failed_at: unixOrNull(row.failedAt),
  };
  // The table's check pairs them: upi has its vpa and no bank, netbanking its bank and no vpa.
  if (row.method === 'upi') return { ...common, method: 'upi', vpa: row.vpa ?? null, bank: null };
  return { ...common, method: 'netbanking', vpa: null, bank: row.bank! };
}

export function refundView(row: Refund): RefundResponse {
  return {
    id: row.id,
    object: 'refund',
    mode: row.mode,
    payment_id: row.paymentId,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    reason: row.reason ?? null,
    metadata: row.metadata ?? {},
    failure_code: row.failureCode ?? null,
    failure_message: row.failureMessage ?? null,
    utr: row.utr ?? null,
    idempotency_key: row.idempotencyKey,
    created_at: unixSeconds(row.createdAt),
    processed_at: unixOrNull(row.processedAt),
    failed_at: unixOrNull(row.failedAt),
  };
}

export function settlementView(row: Settlement): SettlementResponse {
  return {
    id: row.id,
    object: 'settlement',
    mode: row.mode,
    amount: jsonInteger(row.amount),
    currency: row.currency,
    payment_count: row.paymentCount,
    status: row.status,
    utr: row.utr,
    provider_reference: row.providerReference ?? null,
    fees: jsonInteger(row.fees ?? 0n),
    created_at: unixSeconds(row.createdAt),
  };
}

export function customerView(row: Customer): CustomerResponse {
  return {
    id: row.id,
    object: 'customer',
    mode: row.mode,
    name: row.name,
    email: row.email ?? null,
    phone: row.phone ?? null,
    vpa: row.vpa ?? null,
    metadata: row.metadata ?? {},
    created_at: unixSeconds(row.createdAt),
  };
}

export function collectionView(row: Collection): CollectionResponse {
  return {
    id: row.id,
    object: 'collection',
    mode: row.mode,
    customer_id: row.customerId,
    mandate_id: row.mandateId ?? null,
    authorization_url: row.status === 'created' ? (row.authorizationUrl ?? null) : null,
    amount: Number(row.amount),
    currency: row.currency,
    schedule: row.schedule,
    day_of_month: row.dayOfMonth ?? null,
    start_at: unixSeconds(row.startAt),
    total_count: row.totalCount ?? null,
    remaining_count: row.totalCount == null ? null : row.totalCount - row.paidCount,
    status: row.status,
    paid_count: row.paidCount,
    failed_count: row.failedCount,
    current_cycle: row.currentCycle,
    next_charge_at: unixOrNull(row.nextChargeAt),
    latest_payment_id: row.latestPaymentId ?? null,
    description: row.description ?? null,
    metadata: row.metadata ?? {},
    idempotency_key: row.idempotencyKey,
    created_at: unixSeconds(row.createdAt),
    paused_at: unixOrNull(row.pausedAt),
    halted_at: unixOrNull(row.haltedAt),
    cancelled_at: unixOrNull(row.cancelledAt),
    completed_at: unixOrNull(row.completedAt),
    pause_reason: row.pauseReason ?? null,
    cancel_reason: row.cancelReason ?? null,
  };
}

export function paymentLinkView(row: PaymentLink): PaymentLinkResponse {
  return {
    id: row.id,
    object: 'payment_link',
    mode: row.mode,
    amount: Number(row.amount),
    amount_paid: Number(row.amountPaid),
    currency: row.currency,
    description: row.description ?? null,
    customer: { name: row.customerName ?? null, email: row.customerEmail ?? null, phone: row.customerPhone ?? null },
    reference_id: row.referenceId ?? null,
    accept_partial: row.acceptPartial,
    first_min_partial_amount: row.firstMinPartialAmount === null || row.firstMinPartialAmount === undefined ? null : Number(row.firstMinPartialAmount),
    status: row.status,
    short_url: row.shortUrl,
    expire_by: unixSeconds(row.expireBy),
    callback_url: row.callbackUrl ?? null,
    payments: [...(row.paymentIds ?? [])],
    idempotency_key: row.idempotencyKey,
    created_at: unixSeconds(row.createdAt),
    paid_at: unixOrNull(row.paidAt),
    expired_at: unixOrNull(row.expiredAt),
    cancelled_at: unixOrNull(row.cancelledAt),
    metadata: row.metadata ?? {},
  };
}

export function mandateView(row: Mandate): MandateResponse {
  return {
    id: row.id,
    object: 'mandate',
    mode: row.mode,
    livemode: row.mode === 'live',
    customer_id: row.customerId,
    vpa: row.vpa,
    max_amount: Number(row.maxAmount),
    frequency: row.frequency,
    start_at: unixSeconds(row.startAt),
    expire_at: unixSeconds(row.expireAt),
    status: row.status,
    authorization_url: row.authorizationUrl,
    authorization_expires_at: unixSeconds(row.authorizationExpiresAt),
    provider_reference: row.providerReference ?? null,
    description: row.description ?? null,
    metadata: row.metadata ?? {},
    idempotency_key: row.idempotencyKey,
    created_at: unixSeconds(row.createdAt),
    activated_at: unixOrNull(row.activatedAt),
    paused_at: unixOrNull(row.pausedAt),
    resumed_at: unixOrNull(row.resumedAt),
    revoked_at: unixOrNull(row.revokedAt),
    rejected_at: unixOrNull(row.rejectedAt),
    expired_at: unixOrNull(row.expiredAt),
  };
}

/** A report as callers see it; `link` is its signed download link (signed per request, by the API), if any. */
export function reportView(row: Report, link: { url: string; expiresAt: number } | null): ReportResponse {
  return {
    id: row.id,
    object: 'report',
    mode: row.mode,
    from: row.fromDate,
    to: row.toDate,
    format: row.format,
    status: row.status,
    row_count: row.rowCount === null || row.rowCount === undefined ? null : Number(row.rowCount),
    size: row.size === null || row.size === undefined ? null : Number(row.size),
    sha256: row.sha256 ?? null,
    download_url: link?.url ?? null,
    expires_at: link?.expiresAt ?? null,
    created_at: unixSeconds(row.createdAt),
    ready_at: unixOrNull(row.readyAt),
    idempotency_key: row.idempotencyKey,
  };
}
