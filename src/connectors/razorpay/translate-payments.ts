// Razorpay's payment gateway in our words (docs/api.md, Live payments): payment, refund, settlement and QR code objects
// to provider-neutral reports, and the payment error reasons to our codes with the provider's own account beside
// them. Pure functions over the provider's JSON, so every documented status and reason is unit-tested.
// Sources (razorpay/markdown-docs): api/payments/entity.md and payments/payments.md (created → authorized →
// captured, or failed; refunded), api/refunds/entity.md (pending, processed, failed), api/settlements/entity.md,
// api/settlements/fetch-recon.md, api/qr-codes/image-content/entity.md (active, closed), errors/payments/upi.md
// (the error_reason values of UPI payments; `payment_failed` is the generic decline),
// errors/payments/payment-methods-error-parameters.md (error_source and step values), webhooks/payments.md, refunds.md,
// settlements.md, qr-codes.md, orders.md.
import type {
  PaymentOutcome,
  ProviderFailureDetails,
  ProviderPaymentReport,
  ProviderQrCode,
  ProviderRefundReport,
  ProviderSettlementLine,
  ProviderSettlementReport,
  RefundOutcome,
} from '../../rails/provider.ts';

/** Every payment status the provider documents. */
export const paymentStatuses = ['created', 'authorized', 'captured', 'refunded', 'failed'] as const;
export const refundStatuses = ['pending', 'processed', 'failed'] as const;
export const qrStatuses = ['active', 'closed'] as const;

export interface RazorpayPayment {
  id: string;
  entity?: string;
  amount: number;
  currency?: string;
  status: string;
  order_id?: string | null;
  method?: string | null;
  amount_refunded?: number | null;
  refund_status?: string | null;
  captured?: boolean;
  vpa?: string | null;
  bank?: string | null;
  email?: string | null;
  contact?: string | null;
  notes?: Record<string, string> | unknown[] | null;
  fee?: number | null;
  tax?: number | null;
  error_code?: string | null;
  error_description?: string | null;
  error_source?: string | null;
  error_step?: string | null;
  error_reason?: string | null;
  upi?: { vpa?: string | null; flow?: string | null } | null;
  /** A recurring payment's customer and token (the authorization payment's token is the mandate's). */
  customer_id?: string | null;
  token_id?: string | null;
  created_at?: number;
}

export interface RazorpayOrder {
  id: string;
  entity?: string;
  amount: number;
  amount_paid?: number;
  amount_due?: number;
  currency?: string;
  receipt?: string | null;
  status: string;
  attempts?: number;
  notes?: Record<string, string> | unknown[] | null;
  created_at?: number;
}

export interface RazorpayRefund {
  id: string;
  entity?: string;
  amount: number;
  payment_id: string;
  receipt?: string | null;
  status: string;
  notes?: Record<string, string> | unknown[] | null;
  /** The bank's reference once processed: `rrn` for a UPI refund, `arn` for a card's, `utr` for a bank transfer's (api/refunds/entity.md). */
  acquirer_data?: { rrn?: string | null; arn?: string | null; utr?: string | null } | null;
  speed_processed?: string | null;
  created_at?: number;
}

export interface RazorpaySettlement {
  id: string;
  entity?: string;
  amount: number;
  status: string;
  fees?: number | null;
  tax?: number | null;
  utr?: string | null;
  created_at: number;
}

export interface RazorpayReconItem {
  entity_id: string;
  type: string;
  debit?: number;
  credit?: number;
  amount?: number;
  fee?: number | null;
  tax?: number | null;
  settlement_id?: string | null;
  settlement_utr?: string | null;
  settled_at?: number | null;
  payment_id?: string | null;
  order_id?: string | null;
  order_receipt?: string | null;
}

export interface RazorpayQrCode {
  id: string;
  entity?: string;
  status: string;
  usage?: string;
  type?: string;
  image_url?: string;
  image_content?: string;
  payment_amount?: number | null;
  fixed_amount?: boolean;
  payments_amount_received?: number;
  payments_count_received?: number;
  close_by?: number | null;
  closed_at?: number | null;
  close_reason?: string | null;
  notes?: Record<string, string> | unknown[] | null;
  created_at?: number;
}

/** The notes key of our payment id on orders and payments (the order's receipt is the same id). */
export const PAYMENT_ID_NOTE = 'payment_id';
export const REFUND_ID_NOTE = 'refund_id';

/** The provider sends an empty list for empty notes. */
export function notesOf(notes: unknown): Record<string, string> {
  if (!notes || typeof notes !== 'object' || Array.isArray(notes)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(notes)) if (typeof v === 'string') out[k] = v;
  return out;
}

const paise = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);

/**
 * A payment's `error_reason` → the message we give the caller; the code is always `payment_declined` (the
 * contract's one payment failure code), and the provider's own words go beside it. Reasons the UPI page does not
 * list (netbanking's, later ones) get the generic message.
 */
export const paymentFailureMessages: Readonly<Record<string, string>> = {
  payment_failed: 'The payment was declined.',
  payment_declined: "The customer's bank declined the payment.",
  payment_cancelled: 'The customer cancelled the payment.',
  payment_timed_out: 'The customer did not complete the payment in time.',
  payment_collect_request_expired: 'The customer did not approve the collect request in time.',
  insufficient_funds: "The customer's account did not have enough funds.",
  invalid_vpa: 'The UPI ID is not a valid UPI user.',
  vpa_resolution_failed: 'The UPI ID could not be resolved.',
  bank_technical_error: "The customer's bank is having technical problems; the customer may try again later.",
  gateway_technical_error: 'The payment network is having technical problems; the customer may try again later.',
  credit_failed: 'The payment could not be credited.',
};

const GENERIC_DECLINE = 'The payment was declined.';

export function paymentFailureDetailsOf(payment: Pick<RazorpayPayment, 'error_source' | 'error_reason' | 'error_description'>): ProviderFailureDetails | null {
  if (!payment.error_reason && !payment.error_description && !payment.error_source) return null;
  return { source: payment.error_source ?? null, reason: payment.error_reason ?? null, description: payment.error_description ?? null };
}

export function paymentFailureMessageOf(reason: string | null | undefined): string {
  return (reason && Object.hasOwn(paymentFailureMessages, reason) ? paymentFailureMessages[reason] : undefined) ?? GENERIC_DECLINE;
}

const noDetails: ProviderFailureDetails = { source: null, reason: null, description: null };

/**
 * The provider's payment status → our outcome. `refunded` was captured first; a status the pages do not document
 * keeps the payment pending until a later report moves it.
 */
export function paymentOutcomeOf(payment: Pick<RazorpayPayment, 'status' | 'error_source' | 'error_reason' | 'error_description'>): PaymentOutcome {
  switch (payment.status) {
    case 'created':
      return { state: 'pending' };
    case 'authorized':
      return { state: 'authorized' };
    case 'captured':
    case 'refunded':
      return { state: 'captured' };
    case 'failed': {
      const details = paymentFailureDetailsOf(payment) ?? noDetails;
      return { state: 'failed', code: 'payment_declined', message: paymentFailureMessageOf(details.reason), details };
    }
    default:
      return { state: 'pending' };
  }
}

export function paymentReportOf(payment: RazorpayPayment): ProviderPaymentReport {
  const notes = notesOf(payment.notes);
  const captured = payment.status === 'captured' || payment.status === 'refunded';
  return {
    providerReference: payment.id,
    paymentId: notes[PAYMENT_ID_NOTE] ?? null,
    orderReference: payment.order_id ?? null,
    providerStatus: payment.status,
    outcome: paymentOutcomeOf(payment),
    amount: payment.amount,
    currency: payment.currency ?? null,
    amountRefunded: paise(payment.amount_refunded) ?? 0,
    method: payment.method ?? null,
    vpa: payment.vpa ?? payment.upi?.vpa ?? null,
    fee: captured ? paise(payment.fee) : null,
    tax: captured ? paise(payment.tax) : null,
    details: paymentFailureDetailsOf(payment),
    notes,
  };
}

/** A refund's failure: the refund entity carries no reason, so the provider's words are what little we know. */
const REFUND_FAILED: ProviderFailureDetails = { source: 'gateway', reason: 'refund_failed', description: 'The provider could not complete the refund.' };

/** The reference the customer's bank knows the refund by; the provider's id only when it gives none of them. */
function bankReferenceOf(refund: Pick<RazorpayRefund, 'id' | 'acquirer_data'>): string {
  const data = refund.acquirer_data;
  return data?.rrn || data?.arn || data?.utr || refund.id;
}

export function refundOutcomeOf(refund: Pick<RazorpayRefund, 'id' | 'status' | 'acquirer_data'>): RefundOutcome {
  switch (refund.status) {
    case 'processed':
      return { state: 'processed', reference: bankReferenceOf(refund) };
    case 'failed':
      return { state: 'failed', code: 'refund_declined', message: "The refund could not be sent back to the customer's account.", details: REFUND_FAILED };
    case 'pending':
    default:
      return { state: 'pending' };
  }
}

export function refundReportOf(refund: RazorpayRefund): ProviderRefundReport {
  const notes = notesOf(refund.notes);
  return {
    providerReference: refund.id,
    // Our refund id is the receipt we sent; notes are anyone's to write.
    refundId: refund.receipt ?? null,
    paymentProviderReference: refund.payment_id,
    providerStatus: refund.status,
    outcome: refundOutcomeOf(refund),
    amount: refund.amount,
    notes,
  };
}

export function settlementReportOf(settlement: RazorpaySettlement): ProviderSettlementReport {
  return {
    providerReference: settlement.id,
    providerStatus: settlement.status,
    amount: settlement.amount,
    fees: paise(settlement.fees) ?? 0,
    tax: paise(settlement.tax) ?? 0,
    utr: settlement.utr ?? null,
    createdAt: new Date(settlement.created_at * 1000),
  };
}

export function settlementLineOf(item: RazorpayReconItem): ProviderSettlementLine {
  const type = item.type === 'payment' || item.type === 'refund' ? item.type : 'other';
  return {
    type,
    providerReference: item.entity_id,
    paymentProviderReference: type === 'payment' ? item.entity_id : (item.payment_id ?? null),
    paymentId: item.order_receipt ?? null,
    settlementReference: item.settlement_id ?? '',
    utr: item.settlement_utr ?? null,
    credit: paise(item.credit) ?? 0,
    debit: paise(item.debit) ?? 0,
    amount: paise(item.amount) ?? 0,
    fee: paise(item.fee) ?? 0,
    tax: paise(item.tax) ?? 0,
    settledAt: typeof item.settled_at === 'number' ? new Date(item.settled_at * 1000) : null,
  };
}

export function qrCodeOf(qr: RazorpayQrCode, nowMs = Date.now()): ProviderQrCode {
  const closeBy = typeof qr.close_by === 'number' ? qr.close_by * 1000 : Number.POSITIVE_INFINITY;
  const open = qr.status === 'active' && closeBy > nowMs;
  return {
    providerReference: qr.id,
    state: open ? 'open' : 'closed',
    content: qr.image_content ?? '',
    amount: paise(qr.payment_amount),
    closeBy: new Date(Number.isFinite(closeBy) ? closeBy : 8.64e15),
    amountReceived: paise(qr.payments_amount_received) ?? 0,
    notes: notesOf(qr.notes),
  };
}
