// Rows → the objects callers see (the same shape in responses, event bodies and workflow results).
import type { BalanceTransaction, Beneficiary, Collection, Customer, Event, Payment, Payout, PayoutBatch, Refund, Settlement, TopUp } from './entities.ts';
import type { Mode } from '../domain/modes.ts';

export const unixSeconds = (d: Date): number => Math.floor(d.getTime() / 1000);

export interface TopUpView {
  id: string;
  object: 'top_up';
  mode: Mode;
  amount: number;
  currency: string;
  status: 'succeeded';
  description: string | null;
  metadata: Record<string, string>;
  balance_transaction_id: string | null;
  idempotency_key: string;
  created_at: number;
}

export function topUpView(row: TopUp): TopUpView {
  return {
    id: row.id,
    object: 'top_up',
    mode: row.mode,
    amount: Number(row.amount),
    currency: row.currency,
    status: 'succeeded',
    description: row.description ?? null,
    metadata: row.metadata ?? {},
    balance_transaction_id: row.balanceTransactionId ?? null,
    idempotency_key: row.idempotencyKey,
    created_at: unixSeconds(row.createdAt),
  };
}

export interface BalanceTransactionView {
  id: string;
  object: 'balance_transaction';
  mode: Mode;
  type: string;
  source_id: string;
  amount: number;
  fee: number;
  net: number;
  currency: string;
  status: string;
  description: string | null;
  created_at: number;
}

export function balanceTransactionView(row: BalanceTransaction): BalanceTransactionView {
  const amount = Number(row.amount);
  const fee = Number(row.fee);
  return {
    id: row.id,
    object: 'balance_transaction',
    mode: row.mode,
    type: row.type,
    source_id: row.sourceId,
    amount,
    fee,
    net: amount - fee,
    currency: row.currency,
    status: row.status,
    description: row.description ?? null,
    created_at: unixSeconds(row.createdAt),
  };
}

const unixOrNull = (d: Date | null | undefined): number | null => (d ? unixSeconds(d) : null);

export interface BeneficiaryView {
  id: string;
  object: 'beneficiary';
  mode: Mode;
  name: string;
  type: 'bank_account' | 'vpa';
  bank_account: { last4: string; ifsc: string } | null;
  vpa: string | null;
  email: string | null;
  phone: string | null;
  metadata: Record<string, string>;
  active: boolean;
  created_at: number;
}

export function beneficiaryView(row: Beneficiary): BeneficiaryView {
  return {
    id: row.id,
    object: 'beneficiary',
    mode: row.mode,
    name: row.name,
    type: row.type,
    bank_account: row.type === 'bank_account' && row.accountNumber && row.ifsc ? { last4: row.accountNumber.slice(-4), ifsc: row.ifsc } : null,
    vpa: row.vpa ?? null,
    email: row.email ?? null,
    phone: row.phone ?? null,
    metadata: row.metadata ?? {},
    active: row.active,
    created_at: unixSeconds(row.createdAt),
  };
}

/**
 * interface.md names the payout's transfer mode `mode` (upi, imps, neft, rtgs), and interface.md wins over
 * API.md's "every object carries mode (sandbox|live)": on payouts the environment is `livemode`.
 */
export interface PayoutView {
  id: string;
  object: 'payout';
  livemode: boolean;
  beneficiary_id: string;
  amount: number;
  currency: string;
  mode: string;
  status: 'initiated' | 'completed' | 'failed' | 'reversed';
  failure_reason: { code: string; message: string } | null;
  utr: string | null;
  batch_id: string | null;
  reference: string | null;
  narration: string | null;
  metadata: Record<string, string>;
  idempotency_key: string;
  created_at: number;
  completed_at: number | null;
  failed_at: number | null;
  reversed_at: number | null;
}

export function payoutView(row: Payout): PayoutView {
  return {
    id: row.id,
    object: 'payout',
    livemode: row.mode === 'live',
    beneficiary_id: row.beneficiaryId,
    amount: Number(row.amount),
    currency: row.currency,
    mode: row.transferMode,
    status: row.status,
    failure_reason: row.failureCode ? { code: row.failureCode, message: row.failureMessage ?? '' } : null,
    utr: row.utr ?? null,
    batch_id: row.batchId ?? null,
    reference: row.reference ?? null,
    narration: row.narration ?? null,
    metadata: row.metadata ?? {},
    idempotency_key: row.idempotencyKey,
    created_at: unixSeconds(row.createdAt),
    completed_at: unixOrNull(row.completedAt),
    failed_at: unixOrNull(row.failedAt),
    reversed_at: unixOrNull(row.reversedAt),
  };
}

export interface PayoutBatchCounts {
  initiated: number;
  completed: number;
  failed: number;
  reversed: number;
}

export interface PayoutBatchView {
  id: string;
  object: 'payout_batch';
  mode: Mode;
  status: 'processing' | 'completed';
  reference: string | null;
  idempotency_key: string;
  total_count: number;
  total_amount: number;
  counts: PayoutBatchCounts;
  created_at: number;
  completed_at: number | null;
}

export function payoutBatchView(row: PayoutBatch, counts: PayoutBatchCounts): PayoutBatchView {
  return {
    id: row.id,
    object: 'payout_batch',
    mode: row.mode,
    status: row.status,
    reference: row.reference ?? null,
    idempotency_key: row.idempotencyKey,
    total_count: row.totalCount,
    total_amount: Number(row.totalAmount),
    counts,
    created_at: unixSeconds(row.createdAt),
    completed_at: unixOrNull(row.completedAt),
  };
}

export interface EventView {
  id: string;
  object: 'event';
  type: string;
  mode: Mode;
  created_at: number;
  data: { object: Record<string, unknown> };
}

export function eventView(row: Event): EventView {
  return {
    id: row.id,
    object: 'event',
    type: row.type,
    mode: row.mode,
    created_at: unixSeconds(row.createdAt),
    data: row.data as { object: Record<string, unknown> },
  };
}

export interface PaymentView {
  id: string;
  object: 'payment';
  mode: Mode;
  amount: number;
  currency: string;
  status: 'pending' | 'captured' | 'failed';
  method: 'upi' | 'netbanking';
  vpa: string | null;
  bank: string | null;
  receipt: string | null;
  customer_id: string | null;
  description: string | null;
  metadata: Record<string, string>;
  /** Paise given back by processed refunds. */
  amount_refunded: number;
  failure_code: string | null;
  failure_message: string | null;
  settlement_id: string | null;
  collection_id: string | null;
  idempotency_key: string;
  created_at: number;
  captured_at: number | null;
  failed_at: number | null;
}

export function paymentView(row: Payment): PaymentView {
  return {
    id: row.id,
    object: 'payment',
    mode: row.mode,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    method: row.method,
    vpa: row.vpa ?? null,
    bank: row.bank ?? null,
    receipt: row.receipt ?? null,
    customer_id: row.customerId ?? null,
    description: row.description ?? null,
    metadata: row.metadata ?? {},
    amount_refunded: Number(row.amountRefunded),
    failure_code: row.failureCode ?? null,
    failure_message: row.failureMessage ?? null,
    settlement_id: row.settlementId ?? null,
    collection_id: row.collectionId ?? null,
    idempotency_key: row.idempotencyKey,
    created_at: unixSeconds(row.createdAt),
    captured_at: unixOrNull(row.capturedAt),
    failed_at: unixOrNull(row.failedAt),
  };
}

export interface RefundView {
  id: string;
  object: 'refund';
  mode: Mode;
  payment_id: string;
  amount: number;
  currency: string;
  status: 'pending' | 'processed' | 'failed';
  reason: string | null;
  metadata: Record<string, string>;
  failure_code: string | null;
  failure_message: string | null;
  utr: string | null;
  idempotency_key: string;
  created_at: number;
  processed_at: number | null;
  failed_at: number | null;
}

export function refundView(row: Refund): RefundView {
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

export interface SettlementView {
  id: string;
  object: 'settlement';
  mode: Mode;
  amount: number;
  currency: string;
  payment_count: number;
  status: 'processed';
  utr: string;
  created_at: number;
}

export function settlementView(row: Settlement): SettlementView {
  return {
    id: row.id,
    object: 'settlement',
    mode: row.mode,
    amount: Number(row.amount),
    currency: row.currency,
    payment_count: row.paymentCount,
    status: row.status,
    utr: row.utr,
    created_at: unixSeconds(row.createdAt),
  };
}

export interface CustomerView {
  id: string;
  object: 'customer';
  mode: Mode;
  name: string;
  email: string | null;
  phone: string | null;
  vpa: string | null;
  metadata: Record<string, string>;
  created_at: number;
}

export function customerView(row: Customer): CustomerView {
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

export interface CollectionView {
  id: string;
  object: 'collection';
  mode: Mode;
  customer_id: string;
  amount: number;
  currency: string;
  schedule: 'monthly' | 'weekly' | 'yearly';
  day_of_month: number | null;
  start_at: number;
  total_count: number | null;
  remaining_count: number | null;
  status: 'active' | 'paused' | 'halted' | 'cancelled' | 'completed';
  paid_count: number;
  failed_count: number;
  current_cycle: number;
  next_charge_at: number | null;
  latest_payment_id: string | null;
  description: string | null;
  metadata: Record<string, string>;
  idempotency_key: string;
  created_at: number;
  paused_at: number | null;
  halted_at: number | null;
  cancelled_at: number | null;
  completed_at: number | null;
}

export function collectionView(row: Collection): CollectionView {
  return {
    id: row.id,
    object: 'collection',
    mode: row.mode,
    customer_id: row.customerId,
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
  };
}
