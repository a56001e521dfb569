// Razorpay's payment gateway calls (api/orders, api/payments, api/refunds, api/settlements, api/qr-codes): orders
// under our payment id as `receipt`, server-to-server UPI intent and netbanking payments, captures,
// refunds under our refund id (`X-Refund-Idempotency` and `receipt`), settlements with their recon lines, and the
// single-use UPI QR codes of payment links. Each call is one HTTP request through the connection's client (several
// for the paged lists); retries and lookups after a lost answer are the rails' and the activities' (payment-rail.ts).
// Sources (razorpay/markdown-docs): api/orders/create.md, fetch-all.md, fetch-payments.md;
// payments/payment-gateway/s2s-integration/payment-methods/upi/intent.md (POST /v1/payments/create/upi; ip, referer,
// user_agent optional); payment-methods.md (S2S JSON: ip mandatory); json/v2/build-integration/netbanking.md (POST
// /v1/payments/create/json, `next: [{action: "redirect", url}]`); api/payments/fetch-with-id.md, capture.md;
// api/refunds/create-normal.md, normal-refunds-idempotent.md, fetch-multiple-refund-payment.md, fetch-with-id.md;
// api/settlements/fetch-all.md, fetch-recon.md; api/qr-codes/image-content/create.md, close.md, fetch-payments.md;
// payments/payment-gateway/s2s-integration/recurring-payments/upi-intent/subsequent-payments.md (a mandate's debit).
import type { ProviderSettlementLine, ProviderSettlementReport } from '../../rails/provider.ts';
import type { RazorpayHttp } from './http.ts';
import { decodeStatementCursor, encodeStatementCursor, MAX_PAGE } from './payouts-api.ts';
import {
  PAYMENT_ID_NOTE,
  REFUND_ID_NOTE,
  settlementLineOf,
  settlementReportOf,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayQrCode,
  type RazorpayReconItem,
  type RazorpayRefund,
  type RazorpaySettlement,
} from './translate-payments.ts';

export const REFUND_IDEMPOTENCY_HEADER = 'X-Refund-Idempotency';
/** The recon list's page maximum (api/settlements/fetch-recon.md). */
export const MAX_RECON_PAGE = 1000;
/** Single-use QR codes: close_by at least 15 minutes and at most 45 days ahead (api/qr-codes). */
export const QR_MIN_AHEAD_SECONDS = 15 * 60;
export const QR_MAX_AHEAD_SECONDS = 45 * 24 * 3600;

interface Collection<T> {
  entity?: string;
  count: number;
  items: T[];
}

export interface OrderInput {
  /** Our payment id: the order's receipt, so a lost answer is found again by it. */
  paymentId: string;
  amount: number;
  /** Our other ids (account, payment link, the caller's receipt), kept on the order and echoed by webhooks. */
  notes?: Record<string, string>;
}

export interface PaymentCustomer {
  email: string;
  phone: string;
}

/** The customer's browser (ip, referer, user agent) as the caller gave it; null where it gave none (then none is sent). */
export interface PaymentClient {
  ip: string | null;
  referer: string | null;
  userAgent: string | null;
}

/** A UPI intent payment: the only UPI flow left for merchant payments (NPCI ended collect on 28 February 2026). */
export interface UpiPaymentInput {
  orderId: string;
  paymentId: string;
  amount: number;
  customer: PaymentCustomer;
  client: PaymentClient;
  notes?: Record<string, string>;
  description?: string | null;
}

export interface NetbankingPaymentInput {
  orderId: string;
  paymentId: string;
  amount: number;
  customer: PaymentCustomer;
  bank: string;
  /** Where the provider sends the customer's browser back (it POSTs the outcome there). */
  callbackUrl: string;
  client: PaymentClient;
  notes?: Record<string, string>;
  description?: string | null;
}

/** A collection's debit with a mandate's token, on the order its pre-debit notice made (recurring.ts). */
export interface RecurringPaymentInput {
  orderId: string;
  paymentId: string;
  amount: number;
  /** The provider's customer and token of the mandate. */
  customerReference: string;
  tokenReference: string;
  customer: PaymentCustomer;
  notes?: Record<string, string>;
  description?: string | null;
}

/** A payment just created: its id and where the customer acts (an intent link, a bank's page), if anywhere. */
export interface CreatedPayment {
  providerReference: string;
  /** `upi://pay?...` for intent; the bank redirect for netbanking; null for a debit. */
  url: string | null;
}

export interface RefundInput {
  /** The provider's id of the payment refunded. */
  paymentProviderReference: string;
  /** Our refund id: the idempotency key and the receipt, the same on every attempt. */
  refundId: string;
  amount: number;
  notes?: Record<string, string>;
}

export interface QrInput {
  /** What the code is for (our payment link id), in its notes and name. */
  reference: string;
  amount: number;
  /** When the code must stop taking payments (the link's expiry), ms; null: the provider's longest. */
  expireBy: number | null;
  now: number;
  name?: string | null;
  description?: string | null;
  notes?: Record<string, string>;
}

export interface SettlementPage {
  /** Oldest first. */
  settlements: ProviderSettlementReport[];
  cursor: string | null;
}

/** Our clock and the provider's differ by a little: a close_by this close to either bound would be refused. */
export const QR_CLOCK_MARGIN_SECONDS = 60;

/**
 * A single-use QR code's close_by, in seconds: the link's expiry or the provider's 45-day maximum, whichever comes
 * first (docs/decisions.md, QR codes), each bound kept a clock margin inside the provider's; null when fewer than 15
 * minutes would remain (no code is made then).
 */
export function qrCloseBy(expireByMs: number | null, nowMs: number): number | null {
  const max = Math.floor(nowMs / 1000) + QR_MAX_AHEAD_SECONDS - QR_CLOCK_MARGIN_SECONDS;
  const closeBy = expireByMs === null ? max : Math.min(Math.floor(expireByMs / 1000), max);
  return closeBy >= Math.ceil(nowMs / 1000) + QR_MIN_AHEAD_SECONDS + QR_CLOCK_MARGIN_SECONDS ? closeBy : null;
}

export function orderRequestBody(input: OrderInput): Record<string, unknown> {
  return { amount: input.amount, currency: 'INR', receipt: input.paymentId, notes: { ...input.notes, [PAYMENT_ID_NOTE]: input.paymentId } };
}

function paymentBase(input: UpiPaymentInput | NetbankingPaymentInput): Record<string, unknown> {
  const body: Record<string, unknown> = {
    amount: input.amount,
    currency: 'INR',
    order_id: input.orderId,
    email: input.customer.email,
    contact: input.customer.phone,
    notes: { ...input.notes, [PAYMENT_ID_NOTE]: input.paymentId },
  };
  if (input.description) body.description = input.description;
  return body;
}

/** The customer's browser fields the S2S pages name (`ip`, `referer`, `user_agent`), only those the caller gave. */
export function clientFields(client: PaymentClient): Record<string, string> {
  const fields: Record<string, string> = {};
  if (client.ip) fields.ip = client.ip;
  if (client.referer) fields.referer = client.referer;
  if (client.userAgent) fields.user_agent = client.userAgent;
  return fields;
}

export function upiPaymentBody(input: UpiPaymentInput): Record<string, unknown> {
  return { ...paymentBase(input), method: 'upi', ...clientFields(input.client), upi: { flow: 'intent' } };
}

/** Netbanking through S2S JSON, where `ip` is mandatory (the API refuses a live netbanking payment without it first). */
export function netbankingPaymentBody(input: NetbankingPaymentInput): Record<string, unknown> {
  return { ...paymentBase(input), method: 'netbanking', bank: input.bank, callback_url: input.callbackUrl, ...clientFields(input.client) };
}

/**
 * A subsequent payment (payments/payment-gateway/s2s-integration/recurring-payments/upi-intent/subsequent-payments.md,
 * POST /v1/payments/create/recurring): email, contact, amount (the order's), currency, order_id, customer_id, token
 * and recurring are all mandatory there.
 */
export function recurringPaymentBody(input: RecurringPaymentInput): Record<string, unknown> {
  const body: Record<string, unknown> = {
    email: input.customer.email,
    contact: input.customer.phone,
    amount: input.amount,
    currency: 'INR',
    order_id: input.orderId,
    customer_id: input.customerReference,
    token: input.tokenReference,
    recurring: true,
    notes: { ...input.notes, [PAYMENT_ID_NOTE]: input.paymentId },
  };
  if (input.description) body.description = input.description;
  return body;
}

export function refundRequestBody(input: RefundInput): Record<string, unknown> {
  return { amount: input.amount, speed: 'normal', receipt: input.refundId, notes: { ...input.notes, [REFUND_ID_NOTE]: input.refundId } };
}

export function qrRequestBody(input: QrInput, closeBy: number): Record<string, unknown> {
  const body: Record<string, unknown> = {
    type: 'upi_qr',
    usage: 'single_use',
    fixed_amount: true,
    payment_amount: input.amount,
    close_by: closeBy,
    notes: { ...input.notes, reference: input.reference },
  };
  if (input.name) body.name = input.name;
  if (input.description) body.description = input.description;
  return body;
}

export interface RazorpayPaymentsApi {
  createOrder(input: OrderInput): Promise<RazorpayOrder>;
  fetchOrder(orderId: string): Promise<RazorpayOrder>;
  /** The order with our payment id as receipt, or null: the lookup before any second create. */
  /** The order made under our id (its receipt), of `amount` when given: the first such, or null. */
  findOrderByReceipt(receipt: string, amount?: number): Promise<RazorpayOrder | null>;
  paymentsOfOrder(orderId: string): Promise<RazorpayPayment[]>;
  createUpiPayment(input: UpiPaymentInput): Promise<CreatedPayment>;
  createNetbankingPayment(input: NetbankingPaymentInput): Promise<CreatedPayment>;
  /** A debit with a mandate's token; the customer does nothing, so there is no link. */
  createRecurringPayment(input: RecurringPaymentInput): Promise<CreatedPayment>;
  fetchPayment(providerReference: string): Promise<RazorpayPayment>;
  capturePayment(providerReference: string, amount: number): Promise<RazorpayPayment>;
  createRefund(input: RefundInput): Promise<RazorpayRefund>;
  /** The payment's refund made under our refund id (its receipt), or null. */
  findRefundByReceipt(paymentProviderReference: string, refundId: string): Promise<RazorpayRefund | null>;
  fetchRefund(providerReference: string): Promise<RazorpayRefund>;
  /** Every settlement after `cursor` (all of them when null), oldest first, and the cursor after them. */
  settlementsSince(cursor: string | null, options?: { maxPages?: number }): Promise<SettlementPage>;
  fetchSettlement(providerReference: string): Promise<ProviderSettlementReport>;
  /** The payments and refunds a settlement settled (its recon lines). */
  settlementLines(settlement: Pick<ProviderSettlementReport, 'providerReference' | 'createdAt'>): Promise<ProviderSettlementLine[]>;
  /** A single-use fixed-amount UPI QR code, or null when less than 15 minutes are left to take payments. */
  createQr(input: QrInput): Promise<RazorpayQrCode | null>;
  fetchQr(providerReference: string): Promise<RazorpayQrCode>;
  closeQr(providerReference: string): Promise<RazorpayQrCode>;
  qrPayments(providerReference: string): Promise<RazorpayPayment[]>;
}

async function allPages<T>(read: (skip: number) => Promise<Collection<T>>, pageSize: number, maxPages = 1000): Promise<T[]> {
  const all: T[] = [];
  for (let page = 0; page < maxPages; page++) {
    const res = await read(page * pageSize);
    all.push(...res.items);
    if (res.items.length < pageSize) return all;
  }
  throw new Error(`a list longer than ${maxPages} pages`);
}

const id = encodeURIComponent;

export function createPaymentsApi(http: RazorpayHttp): RazorpayPaymentsApi {
  return {
    createOrder: (input) => http.post<RazorpayOrder>('/v1/orders', { body: orderRequestBody(input) }),
    fetchOrder: (orderId) => http.get<RazorpayOrder>(`/v1/orders/${id(orderId)}`),
    async findOrderByReceipt(receipt, amount) {
      const items = await allPages((skip) => http.get<Collection<RazorpayOrder>>('/v1/orders', { query: { receipt, count: MAX_PAGE, skip } }), MAX_PAGE);
      // The provider does not keep receipts unique (api/orders/create.md): another integration of the same account may
      // repeat one of our ids. Ours has our amount, and is the first made under it (an id of ours is unknown to anyone
      // until the service has sent it). The list is newest first (api/orders/fetch-all.md), which also orders orders
      // made in one second: reversed, it is oldest first, and a stable sort by created_at keeps that within a second.
      const matches = items.filter((o) => o.receipt === receipt && (amount === undefined || o.amount === amount)).reverse();
      return matches.sort((a, b) => (a.created_at ?? 0) - (b.created_at ?? 0))[0] ?? null;
    },
    paymentsOfOrder: async (orderId) => (await http.get<Collection<RazorpayPayment>>(`/v1/orders/${id(orderId)}/payments`)).items,
    async createUpiPayment(input) {
      const res = await http.post<{ razorpay_payment_id: string; link?: string }>('/v1/payments/create/upi', { body: upiPaymentBody(input) });
      return { providerReference: res.razorpay_payment_id, url: res.link ?? null };
    },
    async createNetbankingPayment(input) {
      const res = await http.post<{ razorpay_payment_id: string; next?: { action: string; url: string }[] }>('/v1/payments/create/json', {
        body: netbankingPaymentBody(input),
      });
      return { providerReference: res.razorpay_payment_id, url: res.next?.find((n) => n.action === 'redirect')?.url ?? null };
    },
    async createRecurringPayment(input) {
      const res = await http.post<{ razorpay_payment_id: string }>('/v1/payments/create/recurring', { body: recurringPaymentBody(input) });
      return { providerReference: res.razorpay_payment_id, url: null };
    },
    fetchPayment: (ref) => http.get<RazorpayPayment>(`/v1/payments/${id(ref)}`),
    capturePayment: (ref, amount) => http.post<RazorpayPayment>(`/v1/payments/${id(ref)}/capture`, { body: { amount, currency: 'INR' } }),
    createRefund: (input) =>
      http.post<RazorpayRefund>(`/v1/payments/${id(input.paymentProviderReference)}/refund`, {
        body: refundRequestBody(input),
        headers: { [REFUND_IDEMPOTENCY_HEADER]: input.refundId },
      }),
    async findRefundByReceipt(paymentRef, refundId) {
      const items = await allPages(
        (skip) => http.get<Collection<RazorpayRefund>>(`/v1/payments/${id(paymentRef)}/refunds`, { query: { count: MAX_PAGE, skip } }),
        MAX_PAGE,
      );
      const matches = items.filter((r) => r.receipt === refundId);
      if (matches.length > 1) throw new Error(`the provider has ${matches.length} refunds with receipt ${refundId}`);
      return matches[0] ?? null;
    },
    fetchRefund: (ref) => http.get<RazorpayRefund>(`/v1/refunds/${id(ref)}`),
    settlementsSince: (cursor, options) => settlementsSince(http, cursor, options?.maxPages ?? 1000),
    fetchSettlement: async (ref) => settlementReportOf(await http.get<RazorpaySettlement>(`/v1/settlements/${id(ref)}`)),
    settlementLines: (settlement) => settlementLines(http, settlement),
    async createQr(input) {
      const closeBy = qrCloseBy(input.expireBy, input.now);
      if (closeBy === null) return null;
      return http.post<RazorpayQrCode>('/v1/payments/qr_codes', { body: qrRequestBody(input, closeBy) });
    },
    fetchQr: (ref) => http.get<RazorpayQrCode>(`/v1/payments/qr_codes/${id(ref)}`),
    closeQr: (ref) => http.post<RazorpayQrCode>(`/v1/payments/qr_codes/${id(ref)}/close`),
    qrPayments: async (ref) =>
      allPages((skip) => http.get<Collection<RazorpayPayment>>(`/v1/payments/qr_codes/${id(ref)}/payments`, { query: { count: MAX_PAGE, skip } }), MAX_PAGE),
  };
}

async function settlementsSince(http: RazorpayHttp, cursor: string | null, maxPages: number): Promise<SettlementPage> {
  const from = decodeStatementCursor(cursor);
  const seen = new Set(from?.ids ?? []);
  const all = await allPages((skip) => http.get<Collection<RazorpaySettlement>>('/v1/settlements', { query: { from: from?.at, count: MAX_PAGE, skip } }), MAX_PAGE, maxPages);
  // Newest first from the provider; the cursor keeps the ids already read at its second (ids are not ordered).
  const fresh = [...new Map(all.map((s) => [s.id, s])).values()]
    .reverse()
    .filter((s) => !from || s.created_at > from.at || (s.created_at === from.at && !seen.has(s.id)))
    .sort((a, b) => a.created_at - b.created_at);
  if (fresh.length === 0) return { settlements: [], cursor };
  const lastAt = fresh[fresh.length - 1].created_at;
  const idsAtLast = fresh.filter((s) => s.created_at === lastAt).map((s) => s.id);
  const ids = from && from.at === lastAt ? [...from.ids, ...idsAtLast] : idsAtLast;
  return { settlements: fresh.map(settlementReportOf), cursor: encodeStatementCursor({ at: lastAt, ids }) };
}

/** The recon list is by Indian Standard Time day: the settlement's own day, filtered to its lines. */
const IST_OFFSET_MS = 5.5 * 3600 * 1000;

async function settlementLines(http: RazorpayHttp, settlement: Pick<ProviderSettlementReport, 'providerReference' | 'createdAt'>): Promise<ProviderSettlementLine[]> {
  const ist = new Date(settlement.createdAt.getTime() + IST_OFFSET_MS);
  const query = { year: ist.getUTCFullYear(), month: ist.getUTCMonth() + 1, day: ist.getUTCDate() };
  const items = await allPages(
    (skip) => http.get<Collection<RazorpayReconItem>>('/v1/settlements/recon/combined', { query: { ...query, count: MAX_RECON_PAGE, skip } }),
    MAX_RECON_PAGE,
  );
  return items.filter((i) => i.settlement_id === settlement.providerReference).map(settlementLineOf);
}
