// The in-memory payment gateway account behind one stand-in: orders, payments, refunds, settlements and QR codes,
// with every state change and the webhook event it raises. It shares the key pair, the webhook URL and the
// account id with the RazorpayX half (one provider account serves both products).
//
// Sources (razorpay/markdown-docs):
// - api/orders/entity.md, api/orders/create.md: an order is created → attempted (first payment attempt; `attempts`
//   counts them) → paid (a payment captured; it stays paid after a refund); amount_paid / amount_due.
// - api/payments/entity.md, payments/payments.md (payment life cycle): created → authorized → captured, or
//   failed; refunded after a full refund (a partial one keeps captured with refund_status partial); fee and tax are
//   null until capture, and `fee` includes `tax` (webhooks/refunds.md sample: fee 11800, tax 1800).
//   payments/payments/capture-settings.md: automatic capture is an account setting (option `autoCapture`).
// - payments/payments/late-authorisation.md: a payment with no answer from the bank is failed after its window,
//   and may still be authorized later (a late authorization), then captured or refunded.
// - webhooks/payments.md (payment.authorized, payment.captured, payment.failed; UPI payments carry `vpa`,
//   `upi: {vpa, flow}`, `acquirer_data.rrn`), webhooks/orders.md (order.paid contains payment and order).
// - api/refunds/create-normal.md, api/refunds/entity.md, webhooks/refunds.md: refunds start pending, then processed
//   or failed; refund.created / .processed / .failed contain the refund and the payment; the payment's
//   amount_refunded and refund_status follow. payments/refunds.md: refunds are paid from the balance not yet
//   settled (the stand-in refuses one that balance cannot cover, reason insufficient_funds: wording its own).
// - api/settlements/entity.md, webhooks/settlements.md (settlement.processed), api/settlements/fetch-recon.md: a
//   settlement's `amount` is what reached the bank: payments' credits (amount - fee) minus refunds' debits; recon
//   items are typed payment | refund with debit, credit, fee, tax, settlement_id, settlement_utr, settled_at.
// - api/qr-codes/image-content/*.md, webhooks/qr-codes.md: a QR code is active → closed (close_reason on_demand by
//   the API, paid when a single_use code is paid); qr_code.created, qr_code.credited (payment and qr_code),
//   qr_code.closed only on a manual close; payments_amount_received / payments_count_received count captured
//   payments; a single_use code without close_by closes after 45 days (api/qr-codes/close.md).
// UPI AutoPay (autopay-store.ts) builds on this store: its payments carry customer_id and token_id, its debit orders
// a notification, and a debit order's payment_capture decides the capture in place of the account's setting.
// Fee rule (the pages give samples, not the rule): `feePercent` of the amount (default 2%, the samples' 2 on 100),
// plus 18% GST on it as `tax`; `fee` = that fee + tax. A ₹100.00 payment has fee 236 and tax 36.
import { ProviderError, badRequest, idNotFound } from './errors.ts';
import { canonical, newId, GST_RATE } from './store.ts';
import type { CaptureInput, OrderInput, PaymentInput, QrInput, RefundInput } from './pg-validate.ts';
import { QR_SINGLE_USE_MAX_AHEAD_SECONDS } from './pg-validate.ts';

export type OrderStatus = 'created' | 'attempted' | 'paid';
export type PaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
export type RefundStatus = 'pending' | 'processed' | 'failed';

export interface Order {
  id: string; entity: 'order'; amount: number; amount_paid: number; amount_due: number; currency: 'INR'; receipt: string | null;
  offer_id: null; status: OrderStatus; attempts: number; notes: Record<string, string>; created_at: number;
  /** UPI AutoPay debit orders only (api/payments/recurring-payments/upi/create-subsequent-payments.md). */
  notification?: OrderNotification;
}

export interface OrderNotification {
  token_id: string; payment_after: number; id: string; status?: 'delivered'; delivered_at?: number;
}

export interface PaymentError {
  code: string; description: string; source: string; step: string; reason: string;
}

export interface Payment {
  id: string; entity: 'payment'; amount: number; currency: 'INR'; status: PaymentStatus; order_id: string | null; invoice_id: null;
  international: false; method: 'upi' | 'netbanking'; amount_refunded: number; refund_status: null | 'partial' | 'full'; captured: boolean;
  description: string | null; card_id: null; bank: string | null; wallet: null; vpa: string | null; email: string | null;
  contact: string | null; notes: Record<string, string>; fee: number | null; tax: number | null; error_code: string | null;
  error_description: string | null; error_source: string | null; error_step: string | null; error_reason: string | null;
  acquirer_data: Record<string, string | null>; created_at: number; upi?: { vpa: string | null; flow: 'intent' | 'collect' | 'qr' };
  /** UPI AutoPay payments only (the authorisation payment and the debits), as the recurring pages' samples show. */
  customer_id?: string; token_id?: string;
}

export interface Refund {
  id: string; entity: 'refund'; amount: number; currency: 'INR'; payment_id: string; notes: Record<string, string>;
  receipt: string | null; acquirer_data: { arn?: string | null; rrn?: string | null }; created_at: number; batch_id: null; status: RefundStatus;
  speed_processed: 'normal' | null; speed_requested: 'normal' | 'optimum';
}

export interface Settlement {
  id: string; entity: 'settlement'; amount: number; status: 'processed'; fees: number; tax: number; utr: string; created_at: number;
}

export interface QrCode {
  id: string; entity: 'qr_code'; created_at: number; name: string | null; usage: 'single_use' | 'multiple_use'; type: 'upi_qr';
  image_url: string; image_content: string; payment_amount: number | null; status: 'active' | 'closed'; description: string | null;
  fixed_amount: boolean; payments_amount_received: number; payments_count_received: number; notes: Record<string, string>;
  customer_id: string | null; close_by: number; closed_at: number | null; close_reason: 'on_demand' | 'paid' | null;
}

export interface ReconItem {
  entity_id: string; type: 'payment' | 'refund'; debit: number; credit: number; amount: number; currency: 'INR'; fee: number;
  tax: number; on_hold: false; settled: true; created_at: number; settled_at: number; settlement_id: string; posted_at: null;
  credit_type: 'default'; description: string | null; notes: null; payment_id: string | null; settlement_utr: string;
  order_id: string | null; order_receipt: string | null; method: string; card_network: null; card_issuer: null; card_type: null;
  dispute_id: null;
}

/** What the browser flow needs and the API does not show. */
interface PaymentMeta {
  seq: number;
  callbackUrl: string | null;
  qrId: string | null;
  settlementId: string | null;
  capturedAt: number | null;
}

export type EmitPayload = (event: string, entities: Record<string, object>) => void;

export interface GatewayOptions {
  now: () => number;
  emit: EmitPayload;
  /** Capture authorized payments at once (the account setting); default true. */
  autoCapture: boolean;
  /** UPI collect is enabled on the account (new collect integrations are being retired); default false. */
  upiCollect: boolean;
  /** The fee before GST, in percent of the amount; default 2. */
  feePercent: number;
  /** The VPA and name the provider's intent links and QR codes pay. */
  merchantVpa: string;
  merchantName: string;
  /** The stand-in's own address, for image_url and the netbanking page. */
  baseUrl: () => string;
}

export const DEFAULT_FAILURE: PaymentError = {
  code: 'BAD_REQUEST_ERROR', description: 'Payment failed', source: 'issuer', step: 'payment_authorization', reason: 'payment_failed',
};

const TIMED_OUT: PaymentError = {
  code: 'BAD_REQUEST_ERROR', description: 'Payment was not completed on time.', source: 'customer', step: 'payment_authentication', reason: 'payment_timed_out',
};

const rupees = (paise: number) => (paise / 100).toFixed(2);
/** The pages' payments show the contact as +91 and ten digits whatever form it was sent in. */
const withCountryCode = (contact: string) => (/^[0-9]{10}$/.test(contact) ? `+91${contact}` : contact);
const hex = (n: number) => Array.from({ length: n }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('');
export const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

export class GatewayStore {
  readonly orders = new Map<string, Order>();
  readonly payments = new Map<string, Payment>();
  readonly refunds = new Map<string, Refund>();
  readonly settlements = new Map<string, Settlement>();
  readonly qrCodes = new Map<string, QrCode>();
  private readonly meta = new Map<string, PaymentMeta>();
  private readonly refundSettlement = new Map<string, string>();
  /** Orders created with partial_payment: a payment may be less than what is due (not part of the order entity). */
  private readonly partialOrders = new Set<string>();
  private readonly refundKeys = new Map<string, { paymentId: string; body: string; refundId: string }>();
  private readonly seqOf = new Map<string, number>();
  private seq = 0;
  readonly opts: GatewayOptions;

  constructor(opts: GatewayOptions) {
    this.opts = opts;
  }

  seconds(): number {
    return Math.floor(this.opts.now() / 1000);
  }

  track(id: string): void {
    this.seqOf.set(id, ++this.seq);
  }

  /** Newest first, as the provider lists collections. */
  newestFirst<T extends { id: string }>(items: Iterable<T>): T[] {
    return [...items].sort((a, b) => this.seqOf.get(b.id)! - this.seqOf.get(a.id)!);
  }

  feeFor(amount: number): { fee: number; tax: number } {
    const base = Math.round((amount * this.opts.feePercent) / 100);
    const tax = Math.round(base * GST_RATE);
    return { fee: base + tax, tax };
  }

  // Orders

  createOrder(input: OrderInput): Order {
    const order: Order = {
      id: newId('order'), entity: 'order', amount: input.amount, amount_paid: 0, amount_due: input.amount, currency: 'INR',
      receipt: input.receipt, offer_id: null, status: 'created', attempts: 0, notes: input.notes, created_at: this.seconds(),
    };
    this.orders.set(order.id, order);
    this.track(order.id);
    if (input.partial_payment) this.partialOrders.add(order.id);
    return order;
  }

  order(id: string, field = 'id'): Order {
    const o = this.orders.get(id);
    if (!o) throw idNotFound(field);
    return o;
  }

  paymentsOfOrder(orderId: string): Payment[] {
    this.order(orderId);
    return this.newestFirst([...this.payments.values()].filter((p) => p.order_id === orderId));
  }

  // Payments

  payment(id: string, field = 'id'): Payment {
    const p = this.payments.get(id);
    if (!p) throw idNotFound(field);
    return p;
  }

  paymentMeta(id: string): PaymentMeta {
    return this.meta.get(id)!;
  }

  newPayment(fields: Partial<Payment> & Pick<Payment, 'amount' | 'method'>, meta: Partial<PaymentMeta> = {}): Payment {
    const p: Payment = {
      id: newId('pay'), entity: 'payment', currency: 'INR', status: 'created', order_id: null, invoice_id: null, international: false,
      amount_refunded: 0, refund_status: null, captured: false, description: null, card_id: null, bank: null, wallet: null, vpa: null,
      email: null, contact: null, notes: {}, fee: null, tax: null, error_code: null, error_description: null, error_source: null,
      error_step: null, error_reason: null, acquirer_data: {}, created_at: this.seconds(), ...fields,
    };
    this.payments.set(p.id, p);
    this.track(p.id);
    this.meta.set(p.id, { seq: this.seq, callbackUrl: null, qrId: null, settlementId: null, capturedAt: null, ...meta });
    return p;
  }

  /** An S2S payment on an order: created, waiting for the customer (or the test's control call). */
  createPayment(input: PaymentInput): Payment {
    const order = this.order(input.order_id, 'order_id');
    if (order.status === 'paid') {
      throw badRequest('Your payment has been declined as the order is already paid. Please initiate the payment with a new order.', 'order_id');
    }
    const fits = this.partialOrders.has(order.id) ? input.amount <= order.amount_due : input.amount === order.amount;
    if (!fits) throw badRequest('The payment amount must be equal to the order amount.', 'amount');
    const p = this.newPayment({
      amount: input.amount, method: input.method, order_id: order.id, description: input.description, email: input.email,
      contact: withCountryCode(input.contact), notes: input.notes, bank: input.bank, vpa: input.vpa,
      acquirer_data: input.method === 'upi' ? { rrn: null } : { bank_transaction_id: null },
      ...(input.method === 'upi' ? { upi: { vpa: input.vpa, flow: input.flow! } } : {}),
    }, { callbackUrl: input.callback_url });
    order.attempts += 1;
    order.status = 'attempted';
    return p;
  }

  /** The `upi://pay` link of an intent payment or a QR code: amount in rupees, as UPI links carry it. */
  upiLink(ref: string, amount: number | null, note: string): string {
    const q = new URLSearchParams({ pa: this.opts.merchantVpa, pn: this.opts.merchantName, tr: ref, tn: note });
    if (amount !== null) q.set('am', rupees(amount));
    q.set('cu', 'INR');
    q.set('mc', '5411');
    return `upi://pay?${q.toString()}`;
  }

  private emitPayment(event: string, p: Payment): void {
    this.opts.emit(event, { payment: structuredClone(p) });
  }

  /** The customer approved (UPI) or the bank answered (netbanking): authorized, then captured when auto-capture is on. */
  authorize(id: string, opts: { vpa?: string } = {}): Payment {
    const p = this.payment(id);
    if (p.status !== 'created') throw badRequest(`Payment ${id} is ${p.status}, not created.`);
    return this.markAuthorized(p, opts.vpa);
  }

  /** `capture`: the account's auto-capture setting unless the order says otherwise (a UPI AutoPay debit order). */
  markAuthorized(p: Payment, vpa?: string, capture = this.opts.autoCapture): Payment {
    p.status = 'authorized';
    for (const k of ['error_code', 'error_description', 'error_source', 'error_step', 'error_reason'] as const) p[k] = null;
    if (p.method === 'upi') {
      p.vpa = vpa ?? p.vpa ?? 'gaurav.kumar@exampleupi';
      if (p.upi) p.upi.vpa = p.vpa;
      p.acquirer_data = { rrn: digits(12) };
      if (p.token_id) p.acquirer_data.upi_transaction_id = hex(32);
    } else {
      p.acquirer_data = { bank_transaction_id: digits(10) };
    }
    this.emitPayment('payment.authorized', p);
    const order = p.order_id ? this.orders.get(p.order_id) : undefined;
    if (capture && order?.status !== 'paid') this.markCaptured(p);
    return p;
  }

  fail(id: string, error: Partial<PaymentError> = {}): Payment {
    const p = this.payment(id);
    if (p.status !== 'created') throw badRequest(`Payment ${id} is ${p.status} and cannot fail.`);
    const e = { ...DEFAULT_FAILURE, ...error };
    p.status = 'failed';
    p.error_code = e.code;
    p.error_description = e.description;
    p.error_source = e.source;
    p.error_step = e.step;
    p.error_reason = e.reason;
    this.emitPayment('payment.failed', p);
    return p;
  }

  /**
   * A late authorization: a payment still `created` is first failed as timed out (its window passed), then the
   * bank's late answer authorizes it (and auto-capture captures it, as for any authorization).
   */
  lateAuthorize(id: string, opts: { vpa?: string } = {}): Payment {
    const p = this.payment(id);
    if (p.status === 'created') this.fail(id, TIMED_OUT);
    if (p.status !== 'failed') throw badRequest(`Payment ${id} is ${p.status}: only a failed payment can be authorized late.`);
    return this.markAuthorized(p, opts.vpa);
  }

  capture(id: string, input?: CaptureInput): Payment {
    const p = this.payment(id);
    const order = p.order_id ? this.orders.get(p.order_id) : undefined;
    if (p.status === 'captured' || p.status === 'refunded' || order?.status === 'paid') {
      throw badRequest('Your payment has been declined as the order is already paid. Please initiate the payment with a new order.', 'id');
    }
    if (p.status !== 'authorized') throw badRequest('Only payments which have been authorized and not yet captured can be captured', 'id');
    if (input && input.amount !== p.amount) throw badRequest('Capture amount must be equal to the amount authorized.', 'amount');
    return this.markCaptured(p);
  }

  markCaptured(p: Payment): Payment {
    const { fee, tax } = this.feeFor(p.amount);
    p.status = 'captured';
    p.captured = true;
    p.fee = fee;
    p.tax = tax;
    this.meta.get(p.id)!.capturedAt = this.seconds();
    this.emitPayment('payment.captured', p);
    const order = p.order_id ? this.orders.get(p.order_id) : undefined;
    if (order) {
      order.amount_paid += p.amount;
      order.amount_due = Math.max(order.amount - order.amount_paid, 0);
      if (order.amount_due === 0) {
        order.status = 'paid';
        this.opts.emit('order.paid', { payment: structuredClone(p), order: structuredClone(order) });
      }
    }
    return p;
  }

  // Refunds

  /** What the provider holds for the account and has not settled: captured payments net of fees, less refunds. */
  unsettledBalance(): number {
    let balance = 0;
    for (const p of this.payments.values()) {
      if (p.captured && this.meta.get(p.id)!.settlementId === null) balance += p.amount - (p.fee ?? 0);
    }
    for (const r of this.refunds.values()) {
      if (r.status !== 'failed' && !this.refundSettlement.has(r.id)) balance -= r.amount;
    }
    return balance;
  }

  /** A known idempotency key answers its refund (same payment and body) or is refused (409). */
  replayRefund(key: string, paymentId: string, body: unknown): Refund | null {
    const known = this.refundKeys.get(key);
    if (!known) return null;
    if (known.paymentId !== paymentId || known.body !== canonical(body ?? {})) {
      throw new ProviderError(409, 'BAD_REQUEST_ERROR', 'Different request with the same idempotency key has already been processed.', { field: 'X-Refund-Idempotency' });
    }
    return this.refunds.get(known.refundId)!;
  }

  createRefund(paymentId: string, input: RefundInput, key: string | null, body: unknown): Refund {
    const p = this.payment(paymentId);
    if (p.status === 'refunded') throw badRequest('The payment has been fully refunded already.', 'id');
    if (!p.captured) throw badRequest('Only captured payments can be refunded.', 'id');
    const amount = input.amount ?? p.amount - p.amount_refunded;
    if (amount > p.amount - p.amount_refunded) throw badRequest('The refund amount provided is greater than amount captured.', 'amount');
    if (amount > this.unsettledBalance()) {
      throw new ProviderError(400, 'BAD_REQUEST_ERROR', 'Your account does not have enough balance to carry out the refund operation.', { reason: 'insufficient_funds', field: 'amount' });
    }
    const r: Refund = {
      id: newId('rfnd'), entity: 'refund', amount, currency: 'INR', payment_id: p.id, notes: input.notes, receipt: input.receipt,
      acquirer_data: { arn: null }, created_at: this.seconds(), batch_id: null, status: 'pending', speed_processed: null,
      speed_requested: input.speed,
    };
    this.refunds.set(r.id, r);
    this.track(r.id);
    if (key !== null) this.refundKeys.set(key, { paymentId: p.id, body: canonical(body ?? {}), refundId: r.id });
    this.applyRefunded(p, amount);
    this.emitRefund('refund.created', r);
    return r;
  }

  private applyRefunded(p: Payment, delta: number): void {
    p.amount_refunded += delta;
    p.refund_status = p.amount_refunded === 0 ? null : p.amount_refunded >= p.amount ? 'full' : 'partial';
    p.status = p.amount_refunded >= p.amount ? 'refunded' : 'captured';
  }

  private emitRefund(event: string, r: Refund): void {
    this.opts.emit(event, { refund: structuredClone(r), payment: structuredClone(this.payments.get(r.payment_id)!) });
  }

  refund(id: string, field = 'id'): Refund {
    const r = this.refunds.get(id);
    if (!r) throw idNotFound(field);
    return r;
  }

  refundsOf(paymentId: string): Refund[] {
    this.payment(paymentId);
    return this.newestFirst([...this.refunds.values()].filter((r) => r.payment_id === paymentId));
  }

  /**
   * The bank's reference arrives with the processed refund (api/refunds/entity.md: "either RRN, ARN or UTR"): a UPI
   * refund carries the UPI network's `rrn`, a card or bank refund an `arn`. Naming the other one is a test's mistake.
   */
  processRefund(id: string, opts: { arn?: string; rrn?: string } = {}): Refund {
    const r = this.refund(id);
    if (r.status !== 'pending') throw badRequest(`Refund ${id} is ${r.status}, not pending.`);
    const upi = this.payments.get(r.payment_id)?.method === 'upi';
    if (upi && opts.arn !== undefined) throw badRequest(`Refund ${id} is of a UPI payment: it carries an rrn, not an arn.`);
    if (!upi && opts.rrn !== undefined) throw badRequest(`Refund ${id} is not of a UPI payment: it carries an arn, not an rrn.`);
    r.status = 'processed';
    r.speed_processed = 'normal';
    r.acquirer_data = upi ? { rrn: opts.rrn ?? digits(12) } : { arn: opts.arn ?? digits(23) };
    this.emitRefund('refund.processed', r);
    return r;
  }

  /** The money comes back to the unsettled balance and the payment's refundable amount. */
  failRefund(id: string): Refund {
    const r = this.refund(id);
    if (r.status !== 'pending') throw badRequest(`Refund ${id} is ${r.status}, not pending.`);
    r.status = 'failed';
    this.applyRefunded(this.payments.get(r.payment_id)!, -r.amount);
    this.emitRefund('refund.failed', r);
    return r;
  }

  // Settlements

  /** Settles every captured payment and every refund not settled yet, net of fees: settlement.processed. */
  settle(opts: { utr?: string } = {}): Settlement {
    const payments = [...this.payments.values()].filter((p) => p.captured && this.meta.get(p.id)!.settlementId === null);
    const refunds = [...this.refunds.values()].filter((r) => r.status !== 'failed' && !this.refundSettlement.has(r.id));
    if (payments.length === 0 && refunds.length === 0) throw badRequest('Nothing to settle.');
    const credit = payments.reduce((s, p) => s + p.amount - p.fee!, 0);
    const debit = refunds.reduce((s, r) => s + r.amount, 0);
    if (credit - debit < 0) throw badRequest('The refunds exceed the payments: nothing can be settled.');
    const s: Settlement = {
      id: newId('setl'), entity: 'settlement', amount: credit - debit, status: 'processed', fees: payments.reduce((t, p) => t + p.fee!, 0),
      tax: payments.reduce((t, p) => t + p.tax!, 0), utr: opts.utr ?? `AXISCN${digits(10)}`, created_at: this.seconds(),
    };
    this.settlements.set(s.id, s);
    this.track(s.id);
    for (const p of payments) this.meta.get(p.id)!.settlementId = s.id;
    for (const r of refunds) this.refundSettlement.set(r.id, s.id);
    this.opts.emit('settlement.processed', { settlement: structuredClone(s) });
    return s;
  }

  settlement(id: string): Settlement {
    const s = this.settlements.get(id);
    if (!s) throw idNotFound('id');
    return s;
  }

  /** The settled payments and refunds of the settlements made within [from, to) (Unix seconds). */
  recon(from: number, to: number): ReconItem[] {
    const items: ReconItem[] = [];
    const inWindow = (settlementId: string | null | undefined) => {
      const s = settlementId ? this.settlements.get(settlementId) : undefined;
      return s && s.created_at >= from && s.created_at < to ? s : undefined;
    };
    for (const p of this.payments.values()) {
      const s = inWindow(this.meta.get(p.id)!.settlementId);
      if (s) items.push(this.reconItem(s, { entity_id: p.id, type: 'payment', debit: 0, credit: p.amount - p.fee!, amount: p.amount, fee: p.fee!, tax: p.tax!, created_at: this.meta.get(p.id)!.capturedAt ?? p.created_at, payment: p, payment_id: null }));
    }
    for (const r of this.refunds.values()) {
      const s = inWindow(this.refundSettlement.get(r.id));
      if (s) items.push(this.reconItem(s, { entity_id: r.id, type: 'refund', debit: r.amount, credit: 0, amount: r.amount, fee: 0, tax: 0, created_at: r.created_at, payment: this.payments.get(r.payment_id)!, payment_id: r.payment_id }));
    }
    return items.sort((a, b) => this.seqOf.get(a.entity_id)! - this.seqOf.get(b.entity_id)!);
  }

  private reconItem(s: Settlement, i: { entity_id: string; type: 'payment' | 'refund'; debit: number; credit: number; amount: number; fee: number; tax: number; created_at: number; payment: Payment; payment_id: string | null }): ReconItem {
    const order = i.payment.order_id ? this.orders.get(i.payment.order_id) : undefined;
    return {
      entity_id: i.entity_id, type: i.type, debit: i.debit, credit: i.credit, amount: i.amount, currency: 'INR', fee: i.fee, tax: i.tax,
      on_hold: false, settled: true, created_at: i.created_at, settled_at: s.created_at, settlement_id: s.id, posted_at: null,
      credit_type: 'default', description: i.type === 'payment' ? i.payment.description : null, notes: null, payment_id: i.payment_id,
      settlement_utr: s.utr, order_id: i.payment.order_id, order_receipt: order?.receipt ?? null, method: i.payment.method,
      card_network: null, card_issuer: null, card_type: null, dispute_id: null,
    };
  }

  // QR codes

  createQr(input: QrInput): QrCode {
    const now = this.seconds();
    const id = newId('qr');
    const note = input.description ?? input.name ?? this.opts.merchantName;
    const qr: QrCode = {
      id, entity: 'qr_code', created_at: now, name: input.name, usage: input.usage, type: 'upi_qr',
      image_url: `${this.opts.baseUrl()}/i/${id.slice(3)}`, image_content: this.upiLink(`RZP${id.slice(3)}qrv2`, input.payment_amount, note),
      payment_amount: input.payment_amount, status: 'active', description: input.description, fixed_amount: input.fixed_amount,
      payments_amount_received: 0, payments_count_received: 0, notes: input.notes, customer_id: input.customer_id,
      close_by: input.close_by ?? now + QR_SINGLE_USE_MAX_AHEAD_SECONDS, closed_at: null, close_reason: null,
    };
    this.qrCodes.set(qr.id, qr);
    this.track(qr.id);
    this.opts.emit('qr_code.created', { qr_code: structuredClone(qr) });
    return qr;
  }

  /** A code past its close_by is closed when next looked at (no webhook: the pages send qr_code.closed only on a manual close). */
  qr(id: string, field = 'id'): QrCode {
    const qr = this.qrCodes.get(id);
    if (!qr) throw idNotFound(field);
    if (qr.status === 'active' && qr.close_by <= this.seconds()) {
      qr.status = 'closed';
      qr.closed_at = qr.close_by;
    }
    return qr;
  }

  closeQr(id: string): QrCode {
    const qr = this.qr(id);
    if (qr.status === 'closed') throw badRequest('The QR code is already closed.', 'id');
    qr.status = 'closed';
    qr.closed_at = this.seconds();
    qr.close_reason = 'on_demand';
    this.opts.emit('qr_code.closed', { qr_code: structuredClone(qr) });
    return qr;
  }

  qrPayments(id: string): Payment[] {
    this.qr(id);
    return this.newestFirst([...this.payments.values()].filter((p) => this.meta.get(p.id)!.qrId === id));
  }

  /**
   * A payment made outside the service's orders, as another integration of the same merchant account makes one
   * (Standard Checkout, a payment page, a QR code of its own): the provider sends its events to the account's one
   * webhook URL like any other (webhooks/payments.md). `notes` (and the order's `receipt`) are whatever the payer's
   * side set, so they may name the service's ids. `outcome` `captured` (default): payment.authorized, payment.captured, order.paid; `failed`:
   * payment.failed. With `qr`, the payment goes to a single-use QR code made elsewhere with the same notes
   * (qr_code.credited), never to one the service created.
   */
  payElsewhere(opts: { amount: number; notes?: Record<string, string>; receipt?: string; outcome?: 'captured' | 'failed'; qr?: boolean; email?: string; contact?: string; vpa?: string }): Payment {
    const notes = { ...(opts.notes ?? {}) };
    if (opts.qr) {
      const qr = this.createQr({ type: 'upi_qr', usage: 'single_use', fixed_amount: true, payment_amount: opts.amount, name: null, description: 'Elsewhere', notes, customer_id: null, close_by: null });
      return this.payQr(qr.id, { amount: opts.amount, email: opts.email, contact: opts.contact, vpa: opts.vpa });
    }
    // Receipts are the caller's own and not unique (api/orders/create.md): one elsewhere may repeat ours.
    const order = this.createOrder({ amount: opts.amount, currency: 'INR', receipt: opts.receipt ?? `elsewhere-${this.seq + 1}`, notes, partial_payment: false, method: null, mandate: null, customer_id: null, notification: null, payment_capture: null });
    const p = this.createPayment({
      order_id: order.id, amount: opts.amount, currency: 'INR', method: 'upi', flow: 'intent', vpa: opts.vpa ?? null, expiry_minutes: 10,
      email: opts.email ?? 'someone@example.org', contact: opts.contact ?? '9000012345', notes, description: 'Paid elsewhere', bank: null,
      callback_url: null, customer_id: null,
    });
    return opts.outcome === 'failed' ? this.fail(p.id) : this.authorize(p.id, { vpa: opts.vpa });
  }

  /** A customer scans and pays: a captured UPI payment, payment.authorized, payment.captured and qr_code.credited. */
  payQr(id: string, opts: { vpa?: string; amount?: number; email?: string; contact?: string } = {}): Payment {
    const qr = this.qr(id);
    if (qr.status !== 'active') throw badRequest(`QR code ${id} is closed and takes no payment.`);
    const amount = opts.amount ?? qr.payment_amount;
    if (amount === null || amount === undefined) throw badRequest('This QR code has no fixed amount: pass an amount.');
    if (qr.fixed_amount && amount !== qr.payment_amount) throw badRequest('The amount must be the QR code\'s payment_amount.');
    const vpa = opts.vpa ?? 'gaurav.kumar@exampleupi';
    const p = this.newPayment({
      amount, method: 'upi', description: 'QRv2 Payment', vpa, email: opts.email ?? 'gaurav.kumar@example.com', contact: opts.contact ?? '+919000090000',
      notes: { ...qr.notes }, upi: { vpa, flow: 'qr' }, acquirer_data: { rrn: null },
    }, { qrId: qr.id });
    this.markAuthorized(p, vpa);
    if (!p.captured) this.markCaptured(p);
    qr.payments_amount_received += amount;
    qr.payments_count_received += 1;
    if (qr.usage === 'single_use') {
      qr.status = 'closed';
      qr.closed_at = this.seconds();
      qr.close_reason = 'paid';
    }
    this.opts.emit('qr_code.credited', { payment: structuredClone(p), qr_code: structuredClone(qr) });
    return p;
  }
}
