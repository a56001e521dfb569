// UPI AutoPay (recurring payments by UPI intent) on the stand-in's payment gateway: customers, the mandate an
// authorisation order asks for, the authorisation payment and its token, the customer's part in their UPI app
// (approve, decline, pause, resume, cancel), pre-debit notifications and the subsequent debits.
//
// Sources (razorpay/markdown-docs); where they disagree the S2S upi-intent pages win:
// - payments/payment-gateway/s2s-integration/recurring-payments/upi-intent/authorization-transaction.md: customer →
//   order (method upi, token) → POST /v1/payments/create/upi with recurring, answered {razorpay_payment_id, link} where
//   the link is a `upi://mandate?...` deeplink (its sample's parameters: mc, amrule=MAX, am, fam, tr, validitystart,
//   validityend (DDMMYYYY), pn, rev, pa, tn, cu, txnType=CREATE, block, orgid, mode, recur, purpose). The payment is
//   `created` until the customer approves the mandate in their UPI app.
// - .../upi-intent/tokens.md and api/payments/recurring-payments/upi/tokens.md: GET /v1/payments/:id carries
//   customer_id and token_id; GET /v1/customers/:id/tokens lists a customer's tokens (not unused or expired ones);
//   DELETE /v1/customers/:customer_id/tokens/:token_id answers {deleted: true} and does not cancel the mandate;
//   PUT .../cancel answers {status: "cancellation_initiated"}. The token entity: token, method upi, vpa {username,
//   handle, name}, recurring true, recurring_details {status initiated | confirmed | rejected | cancelled | paused,
//   failure_reason}, auth_type, mrn, used_at, created_at, start_time, dcc_enabled. api/payments/recurring-payments/
//   cards/tokens.md documents GET /v1/customers/:customer_id/tokens/:token_id (one token), answered here too.
// - payments/payment-gateway/s2s-integration/recurring-payments/webhooks.md: payment.authorized, payment.captured,
//   order.paid (payment and order; UPI orders carry no `token`), payment.failed, token.confirmed, token.rejected
//   (failure_reason "Rejected by bank"), token.cancelled and token.paused (with max_amount and expired_at),
//   order.notification.delivered ({id, entity: notification, order_id, token_id, delivered_at, status,
//   payment_after}; only for orders created with `notification`). The token's start_time is the authorisation
//   order's created_at and used_at its last use, as in the samples. api/payments/recurring-payments/custom/
//   webhooks.md adds token.resumed with recurring_details.status "resumed": the stand-in's token reads "resumed"
//   after a resume, as that sample shows, and debits on a confirmed or resumed token.
// - .../upi-intent/subsequent-payments.md and api/payments/recurring-payments/upi/create-subsequent-payments.md:
//   a new order per debit (payment_capture decides the capture); notification {token_id, payment_after} is answered
//   with its id; "If you do not pass this object, we will automatically try to debit 25 hours after the pre-debit
//   notification is delivered"; payment_after is the time "post which the debit is supposed to happen". So a debit
//   requested before payment_after is accepted (the provider answers at once and the payment stays `created`) and
//   made only once the clock passes payment_after (runDueDebits). POST /v1/payments/create/recurring answers
//   {razorpay_payment_id, razorpay_order_id, razorpay_signature} (the S2S page; the API page shows only the id).
//   Refusals: "Amount exceeds maximum amount allowed" (step payment_initiation) and the reasons mandate_paused,
//   mandate_cancelled, mandate_not_active, mandate_expired with their descriptions; a debit made on a token that
//   was paused or cancelled after it was requested fails with the same reason.
import { createHmac } from 'node:crypto';
import { ProviderError, badRequest, idNotFound } from './errors.ts';
import type { GatewayStore, Order, Payment, PaymentError } from './pg-store.ts';
import { DEFAULT_FAILURE, digits } from './pg-store.ts';
import { newId } from './store.ts';
import type { AuthPaymentInput, CustomerInput, DebitInput, MandateInput } from './autopay-validate.ts';
import type { OrderInput } from './pg-validate.ts';

export interface Customer {
  id: string; entity: 'customer'; name: string; email: string | null; contact: string | null; gstin: string | null;
  notes: Record<string, string>; created_at: number;
}

export type TokenStatus = 'initiated' | 'confirmed' | 'rejected' | 'cancelled' | 'paused' | 'resumed';

export interface Token {
  id: string; entity: 'token'; token: string; bank: null; wallet: null; method: 'upi';
  vpa: { username: string; handle: string; name: null } | null; recurring: true;
  recurring_details: { status: TokenStatus; failure_reason: string | null }; auth_type: null; mrn: null; used_at: number | null;
  created_at: number; start_time: number; dcc_enabled: false; max_amount: number; expired_at: number;
}

/** A token with what the stand-in keeps about it (the API shows only `token`). */
export interface TokenRecord {
  token: Token; customerId: string; orderId: string; paymentId: string; frequency: string; recurringType: string | null;
  recurringValue: number | null; deleted: boolean;
}

/** One subsequent debit: when its notice went out, when it may be made, when it was made. */
export interface DebitRecord {
  paymentId: string; orderId: string; tokenId: string; customerId: string; amount: number; notificationId: string | null;
  notifiedAt: number; paymentAfter: number; requestedAt: number; debitedAt: number | null; status: Payment['status'];
}

/** "we will automatically try to debit 25 hours after the pre-debit notification is delivered" */
export const DEFAULT_DEBIT_DELAY_SECONDS = 25 * 3600;
const USABLE: readonly TokenStatus[] = ['confirmed', 'resumed'];
const RECUR: Record<string, string> = { weekly: 'WEEKLY', monthly: 'MONTHLY', quarterly: 'QUARTERLY', yearly: 'YEARLY', as_presented: 'ASPRESENTED' };
const rupees = (paise: number) => (paise / 100).toFixed(2);
const withCountryCode = (contact: string | null) => (contact !== null && /^[0-9]{10}$/.test(contact) ? `+91${contact}` : contact);
const refusal = (description: string, field: string, reason = 'input_validation_failed') =>
  new ProviderError(400, 'BAD_REQUEST_ERROR', description, { field, reason, step: 'payment_initiation' });

/** DDMMYYYY in India Standard Time, as the mandate link's validitystart and validityend. */
function ddmmyyyy(seconds: number): string {
  const d = new Date((seconds + 5.5 * 3600) * 1000);
  return `${String(d.getUTCDate()).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}${d.getUTCFullYear()}`;
}

/** Why a token takes no debit now, in the words of the debit error list; null when it does. */
export function tokenRefusal(rec: TokenRecord, nowSeconds: number, field: string): ProviderError | null {
  const status = rec.token.recurring_details.status;
  if (USABLE.includes(status) && rec.token.expired_at <= nowSeconds) return refusal('UPI Mandate is expired.', field, 'mandate_expired');
  if (status === 'paused') return refusal('UPI mandate is not active, it is paused by user.', field, 'mandate_paused');
  if (status === 'cancelled') return refusal('UPI mandate created for payment has been cancelled by user.', field, 'mandate_cancelled');
  if (!USABLE.includes(status)) return refusal('UPI mandate is not active.', field, 'mandate_not_active');
  return null;
}

export class AutopayStore {
  readonly customers = new Map<string, Customer>();
  readonly tokens = new Map<string, TokenRecord>();
  /** Authorisation orders: the mandate each asks for. */
  readonly mandates = new Map<string, { mandate: MandateInput; customerId: string | null }>();
  /** Orders created with payment_capture (UPI AutoPay debit orders). */
  private readonly captureOf = new Map<string, boolean>();
  readonly debits = new Map<string, DebitRecord>();
  /** The intent link each authorisation payment was answered with (what the customer's UPI app opens). */
  readonly links = new Map<string, string>();
  private debitFailures: Partial<PaymentError>[] = [];
  readonly gw: GatewayStore;
  private readonly keySecret: string;

  constructor(gw: GatewayStore, keySecret: string) {
    this.gw = gw;
    this.keySecret = keySecret;
  }

  private emitToken(event: string, rec: TokenRecord): void {
    this.gw.opts.emit(event, { token: structuredClone(rec.token) });
  }

  // Customers

  /**
   * `fail_existing` 1 (the default) refuses a customer with the same email and contact; 0 answers the existing one.
   * Customers with neither email nor contact are never the same.
   */
  createCustomer(input: CustomerInput): Customer {
    const same = (c: Customer) => c.email === input.email && c.contact === input.contact && (c.email !== null || c.contact !== null);
    const existing = [...this.customers.values()].find(same);
    if (existing && input.fail_existing) throw badRequest('Customer already exists for the merchant.', null);
    if (existing) return existing;
    const c: Customer = {
      id: newId('cust'), entity: 'customer', name: input.name, email: input.email, contact: input.contact, gstin: input.gstin,
      notes: input.notes, created_at: this.gw.seconds(),
    };
    this.customers.set(c.id, c);
    this.gw.track(c.id);
    return c;
  }

  customer(id: string, field = 'id'): Customer {
    const c = this.customers.get(id);
    if (!c) throw refusal(`${id.replace(/^cust_/, '')} is not a valid id`, field);
    return c;
  }

  // Orders

  /** Any order: an authorisation order (method upi + token), a debit order (notification) or an ordinary one. */
  createOrder(input: OrderInput): Order {
    if (input.customer_id !== null && !this.customers.has(input.customer_id)) throw refusal('The id provided does not exist', 'customer_id');
    const rec = input.notification ? this.tokenOf(input.notification.token_id, input.customer_id, 'notification.token_id') : null;
    if (rec) {
      const refused = tokenRefusal(rec, this.gw.seconds(), 'notification.token_id');
      if (refused) throw refused;
    }
    const order = this.gw.createOrder(input);
    if (input.mandate) this.mandates.set(order.id, { mandate: input.mandate, customerId: input.customer_id });
    if (input.payment_capture !== null) this.captureOf.set(order.id, input.payment_capture);
    if (!input.notification) return order;
    const now = this.gw.seconds();
    const notification = { token_id: input.notification.token_id, payment_after: input.notification.payment_after ?? now + DEFAULT_DEBIT_DELAY_SECONDS, id: newId('notification') };
    order.notification = { ...notification, status: 'delivered', delivered_at: now };
    this.gw.opts.emit('order.notification.delivered', {
      notification: { id: notification.id, entity: 'notification', order_id: order.id, token_id: notification.token_id, delivered_at: now, status: 'delivered', payment_after: notification.payment_after },
    });
    // The create answer shows the notification as the page's sample does: token_id, payment_after, id.
    return { ...structuredClone(order), notification };
  }

  /** A token the caller may name: it exists, is not deleted and (when a customer is named) is that customer's. */
  private tokenOf(tokenId: string, customerId: string | null, field: string): TokenRecord {
    const rec = this.tokens.get(tokenId);
    if (!rec || rec.deleted || (customerId !== null && rec.customerId !== customerId)) throw refusal('The id provided does not exist', field);
    return rec;
  }

  // The authorisation payment

  createAuthPayment(input: AuthPaymentInput): { payment: Payment; link: string | null } {
    const order = this.gw.order(input.order_id, 'order_id');
    const auth = this.mandates.get(order.id);
    if (!auth) throw refusal('The order was not created for a recurring authorisation (method upi with token).', 'order_id');
    if (order.status === 'paid') {
      throw badRequest('Your payment has been declined as the order is already paid. Please initiate the payment with a new order.', 'order_id');
    }
    if (input.amount !== order.amount) throw badRequest('The payment amount must be equal to the order amount.', 'amount');
    const customer = this.customer(input.customer_id, 'customer_id');
    if (auth.customerId !== null && auth.customerId !== customer.id) throw refusal('The customer_id does not match the order\'s customer.', 'customer_id');
    const now = this.gw.seconds();
    const tokenId = newId('token');
    const p = this.gw.newPayment({
      amount: input.amount, method: 'upi', order_id: order.id, description: input.description, email: input.email ?? customer.email,
      contact: withCountryCode(input.contact ?? customer.contact), notes: input.notes, vpa: input.vpa, acquirer_data: { rrn: null },
      upi: { vpa: input.vpa, flow: input.flow }, customer_id: customer.id, token_id: tokenId,
    });
    const m = auth.mandate;
    const token: Token = {
      id: tokenId, entity: 'token', token: newId('x').slice(2), bank: null, wallet: null, method: 'upi', vpa: null, recurring: true,
      recurring_details: { status: 'initiated', failure_reason: null }, auth_type: null, mrn: null, used_at: null, created_at: now,
      start_time: order.created_at, dcc_enabled: false, max_amount: m.max_amount, expired_at: m.expire_at,
    };
    this.tokens.set(tokenId, {
      token, customerId: customer.id, orderId: order.id, paymentId: p.id, frequency: m.frequency, recurringType: m.recurring_type,
      recurringValue: m.recurring_value, deleted: false,
    });
    this.gw.track(tokenId);
    order.attempts += 1;
    order.status = 'attempted';
    const link = input.flow === 'intent' ? this.mandateLink(p, order, m) : null;
    if (link) this.links.set(p.id, link);
    return { payment: p, link };
  }

  private mandateLink(p: Payment, order: Order, m: MandateInput): string {
    const o = this.gw.opts;
    const q = new URLSearchParams({
      mc: '5411', amrule: 'MAX', am: rupees(m.max_amount), fam: rupees(order.amount), tr: `RZP${p.id.slice(4)}`, validitystart: ddmmyyyy(this.gw.seconds()),
      pn: o.merchantName, rev: 'Y', pa: o.merchantVpa, tn: p.description ?? o.merchantName, cu: 'INR', txnType: 'CREATE', block: 'N', orgid: '400011',
      mode: '04', recur: RECUR[m.frequency], purpose: '14', validityend: ddmmyyyy(m.expire_at),
    });
    if (m.recurring_value !== null) q.set('recurvalue', String(m.recurring_value));
    if (m.recurring_type !== null) q.set('recurtype', m.recurring_type.toUpperCase());
    return `upi://mandate?${q.toString()}`;
  }

  /** The authorisation payment named by its id, or the newest one still waiting on an authorisation order. */
  private authPayment(ref: string): { payment: Payment; rec: TokenRecord } {
    let payment: Payment | undefined;
    if (ref.startsWith('order_')) {
      payment = this.gw.paymentsOfOrder(ref).find((p) => p.status === 'created' && p.token_id !== undefined);
      if (!payment) throw badRequest(`Order ${ref} has no authorisation payment waiting for the customer.`);
    } else {
      payment = this.gw.payment(ref);
    }
    const rec = payment.token_id ? this.tokens.get(payment.token_id) : undefined;
    if (!rec || rec.paymentId !== payment.id) throw badRequest(`Payment ${payment.id} is not a UPI AutoPay authorisation payment.`);
    if (payment.status !== 'created') throw badRequest(`Payment ${payment.id} is ${payment.status}, not created.`);
    return { payment, rec };
  }

  /** The customer approves the mandate: payment.authorized (captured and order.paid with auto-capture), token.confirmed. */
  approveMandate(ref: string, opts: { vpa?: string } = {}): { payment: Payment; token: Token } {
    const { payment, rec } = this.authPayment(ref);
    const vpa = opts.vpa ?? payment.vpa ?? 'gaurav.kumar@exampleupi';
    this.gw.markAuthorized(payment, vpa);
    const [username, handle] = vpa.split('@');
    rec.token.vpa = { username, handle: handle ?? 'upi', name: null };
    rec.token.recurring_details = { status: 'confirmed', failure_reason: null };
    rec.token.used_at = this.gw.seconds();
    this.emitToken('token.confirmed', rec);
    return { payment, token: rec.token };
  }

  /** The customer declines (or the bank refuses) the mandate: payment.failed, then token.rejected. */
  declineMandate(ref: string, opts: Partial<PaymentError> & { failureReason?: string } = {}): { payment: Payment; token: Token } {
    const { payment, rec } = this.authPayment(ref);
    const { failureReason, ...error } = opts;
    this.gw.fail(payment.id, error);
    rec.token.recurring_details = { status: 'rejected', failure_reason: failureReason ?? 'Rejected by bank' };
    this.emitToken('token.rejected', rec);
    return { payment, token: rec.token };
  }

  /**
   * A mandate registered by another integration of the same merchant account (control.registerMandateElsewhere):
   * its own customer, authorisation order and payment, the notes and receipt its maker chose, then the customer's answer.
   */
  registerElsewhere(opts: { notes?: Record<string, string>; receipt?: string; outcome: 'approved' | 'declined' }): { payment: Payment; token: Token } {
    const notes = { ...(opts.notes ?? {}) };
    const customer = this.createCustomer({ name: 'Someone Else', email: `someone.${this.customers.size + 1}@example.org`, contact: null, gstin: null, fail_existing: false, notes: {} });
    const now = this.gw.seconds();
    const order = this.createOrder({
      amount: 100, currency: 'INR', receipt: opts.receipt ?? `elsewhere-${this.customers.size}`, notes, partial_payment: false, method: 'upi',
      mandate: { max_amount: 500_000, expire_at: now + 365 * 86_400, frequency: 'monthly', recurring_value: null, recurring_type: null, notes },
      customer_id: customer.id, notification: null, payment_capture: null,
    });
    const { payment } = this.createAuthPayment({
      amount: 100, order_id: order.id, customer_id: customer.id, recurring: '1', flow: 'intent', vpa: null, email: null, contact: null, description: 'Registered elsewhere', notes,
    });
    return opts.outcome === 'declined' ? this.declineMandate(payment.id) : this.approveMandate(payment.id, { vpa: 'someone.else@okaxis' });
  }

  // Tokens

  tokenRecord(id: string): TokenRecord {
    const rec = this.tokens.get(id);
    if (!rec) throw badRequest(`No token ${id}.`);
    return rec;
  }

  /** The customer acts in their UPI app: pause (token.paused), resume (token.resumed) or cancel (token.cancelled). */
  customerAction(tokenId: string, action: 'pause' | 'resume' | 'cancel'): Token {
    const rec = this.tokenRecord(tokenId);
    const status = rec.token.recurring_details.status;
    const from: Record<typeof action, readonly TokenStatus[]> = { pause: USABLE, resume: ['paused'], cancel: [...USABLE, 'paused'] };
    if (!from[action].includes(status)) throw badRequest(`Token ${tokenId} is ${status}: it cannot be ${action}d.`);
    const to = ({ pause: 'paused', resume: 'resumed', cancel: 'cancelled' } as const)[action];
    rec.token.recurring_details = { status: to, failure_reason: null };
    this.emitToken(`token.${to}`, rec);
    return rec.token;
  }

  /** A customer's tokens, newest first: not the unused (initiated, rejected), deleted or expired ones. */
  listTokens(customerId: string): Token[] {
    this.customer(customerId);
    const now = this.gw.seconds();
    const shown = [...this.tokens.values()].filter((r) => r.customerId === customerId && !r.deleted && r.token.expired_at > now
      && r.token.recurring_details.status !== 'initiated' && r.token.recurring_details.status !== 'rejected');
    return this.gw.newestFirst(shown.map((r) => r.token));
  }

  customerToken(customerId: string, tokenId: string): TokenRecord {
    this.customer(customerId, 'customer_id');
    return this.tokenOf(tokenId, customerId, 'token_id');
  }

  deleteToken(customerId: string, tokenId: string): { deleted: true } {
    this.customerToken(customerId, tokenId).deleted = true;
    return { deleted: true };
  }

  /** The business cancels the mandate: answered at once, the token is cancelled and token.cancelled sent. */
  cancelByBusiness(customerId: string, tokenId: string): { status: 'cancellation_initiated' } {
    const rec = this.customerToken(customerId, tokenId);
    const status = rec.token.recurring_details.status;
    if (status === 'cancelled') throw refusal('The token has already been cancelled.', 'token_id');
    if (status === 'initiated' || status === 'rejected') throw refusal('UPI mandate is not active.', 'token_id', 'mandate_not_active');
    rec.token.recurring_details = { status: 'cancelled', failure_reason: null };
    this.emitToken('token.cancelled', rec);
    return { status: 'cancellation_initiated' };
  }

  // Subsequent debits

  createDebit(input: DebitInput): { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string } {
    const order = this.gw.order(input.order_id, 'order_id');
    if (this.mandates.has(order.id)) throw refusal('An authorisation order cannot be used for a subsequent payment.', 'order_id');
    if (order.status === 'paid') {
      throw badRequest('Your payment has been declined as the order is already paid. Please initiate the payment with a new order.', 'order_id');
    }
    if (input.amount !== order.amount) throw badRequest('The payment amount must be equal to the order amount.', 'amount');
    const customer = this.customer(input.customer_id, 'customer_id');
    const rec = this.tokenOf(input.token, customer.id, 'token');
    if (order.notification && order.notification.token_id !== rec.token.id) throw refusal('The token is not the one the order\'s notification names.', 'token');
    const now = this.gw.seconds();
    const refused = tokenRefusal(rec, now, 'token');
    if (refused) throw refused;
    if (input.amount > rec.token.max_amount) throw refusal('Amount exceeds maximum amount allowed', 'amount');
    const p = this.gw.newPayment({
      amount: input.amount, method: 'upi', order_id: order.id, description: input.description, email: input.email,
      contact: withCountryCode(input.contact), notes: input.notes, vpa: this.vpaOf(rec), acquirer_data: { rrn: null },
      customer_id: customer.id, token_id: rec.token.id,
    });
    order.attempts += 1;
    order.status = 'attempted';
    const n = order.notification;
    const record: DebitRecord = {
      paymentId: p.id, orderId: order.id, tokenId: rec.token.id, customerId: customer.id, amount: p.amount, notificationId: n?.id ?? null,
      notifiedAt: n?.delivered_at ?? now, paymentAfter: n?.payment_after ?? now + DEFAULT_DEBIT_DELAY_SECONDS, requestedAt: now, debitedAt: null,
      status: p.status,
    };
    this.debits.set(p.id, record);
    if (record.paymentAfter <= now && !this.holding) this.makeDebit(record);
    const signature = createHmac('sha256', this.keySecret).update(`${order.id}|${p.id}`).digest('hex');
    return { razorpay_payment_id: p.id, razorpay_order_id: order.id, razorpay_signature: signature };
  }

  private vpaOf(rec: TokenRecord): string | null {
    return rec.token.vpa ? `${rec.token.vpa.username}@${rec.token.vpa.handle}` : null;
  }

  /** The bank takes its time: debits stay `created` (past their payment_after too) until runDueDebits makes them. */
  holding = false;

  /** The next debits made fail with these error fields (payment.failed), one switch per debit. */
  failNextDebit(error: Partial<PaymentError> = {}): void {
    this.debitFailures.push(error);
  }

  /** Makes every debit whose payment_after has passed and that is still waiting; answers those made. */
  runDueDebits(): DebitRecord[] {
    const now = this.gw.seconds();
    const due = [...this.debits.values()].filter((d) => d.debitedAt === null && d.paymentAfter <= now && this.gw.payment(d.paymentId).status === 'created');
    for (const d of due) this.makeDebit(d);
    return due.map((d) => this.debitView(d));
  }

  /** The debit at the bank: never before payment_after; failed when the token no longer takes debits or a switch says so. */
  private makeDebit(d: DebitRecord): void {
    const now = this.gw.seconds();
    if (now < d.paymentAfter) throw new Error(`debit ${d.paymentId} before its payment_after`);
    const p = this.gw.payment(d.paymentId);
    const rec = this.tokens.get(d.tokenId)!;
    d.debitedAt = now;
    const refused = tokenRefusal(rec, now, 'token');
    const failure = refused ? { description: refused.body.error.description, reason: refused.body.error.reason, source: 'customer', step: 'payment_authorization' } : this.debitFailures.shift();
    if (failure) {
      this.gw.fail(p.id, { ...DEFAULT_FAILURE, ...failure });
      return;
    }
    rec.token.used_at = now;
    if (!p.acquirer_data.rrn) p.acquirer_data = { rrn: digits(12) };
    this.gw.markAuthorized(p, this.vpaOf(rec) ?? undefined, this.captureOf.get(d.orderId) ?? this.gw.opts.autoCapture);
  }

  debitView(d: DebitRecord): DebitRecord {
    return { ...d, status: this.gw.payment(d.paymentId).status };
  }
}
