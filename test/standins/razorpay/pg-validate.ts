// Request validation for the payment gateway half of the stand-in (orders, S2S payments, refunds, QR codes).
//
// Sources (razorpay/markdown-docs):
// - api/orders/create.md: amount (integer, at least 100: "The amount must be at least INR 1.00", field amount),
//   currency, receipt up to 40, notes (15 pairs of up to 256). payments/payment-gateway/s2s-integration/json/v2/
//   build-integration/upi/intent.md adds partial_payment and first_payment_min_amount;
//   UPI AutoPay adds method, customer_id and token (the authorisation order) and payment_capture and notification
//   (a debit order): validated in autopay-validate.ts, which names its pages.
// - payments/payment-gateway/s2s-integration/payment-methods/upi/intent.md and collect.md (POST
//   /v1/payments/create/upi): amount, currency, order_id, email, contact mandatory; method "upi"; upi.flow intent |
//   collect; collect needs upi.vpa, ip, referer, user_agent, and upi.expiry_time is minutes (default 5, at most 5760);
//   description, notes, customer_id, save, callback_url optional. payments/payment-methods/upi/upi-intent/
//   s2s-integration.md shows `flow` at the top level of the same request: both places are accepted.
// - payments/payment-gateway/s2s-integration/json/v2/build-integration/netbanking.md (POST /v1/payments/create/json):
//   method "netbanking", bank, callback_url, ip; the UPI intent page of the same folder uses this endpoint for UPI.
// - errors/payments/list.md (payment_method_not_enabled, upi_collect_not_enabled), api/payments/capture.md ("Your
//   payment has been declined as the order is already paid. Please initiate the payment with a new order.").
// - api/refunds/create-normal.md, normal-refunds-idempotent.md: amount (optional, at least 100), speed (normal |
//   optimum), notes, receipt; unknown fields are "<field> is/are not required and should not be sent.";
//   X-Refund-Idempotency at least 10 characters of letters, digits, `_` and `-`.
// - api/qr-codes/image-content/create.md: type upi_qr (bharat_qr is on demand: refused here), name, usage
//   single_use | multiple_use, fixed_amount, payment_amount (mandatory when fixed_amount; "The payment amount must be
//   at least 1."), description, customer_id, close_by ("must be between 946684800 and 4765046400", at least 15
//   minutes ahead), notes. api/qr-codes/close.md: a single_use close_by is at most 45 days ahead.
// The wording of refusals the pages do not quote is the stand-in's own; `field` always names the parameter.
import { ProviderError, badRequest, extraField, requiredField } from './errors.ts';
import { asObject, checkNotes, rejectUnknown } from './validate.ts';
import type { Json, JsonObject } from './validate.ts';
import { notWith, validateMandate, validateNotification } from './autopay-validate.ts';
import type { MandateInput, NotificationInput } from './autopay-validate.ts';

export const MIN_AMOUNT_TEXT = 'The amount must be at least INR 1.00';

/** Netbanking bank codes the stand-in knows (the four-letter IFSC prefixes of the pages' samples). */
export const NETBANKING_BANKS = ['HDFC', 'ICIC', 'SBIN', 'UTIB', 'KKBK', 'YESB', 'RATN', 'PUNB', 'BARB', 'IDFB'];

export function str(body: JsonObject, field: string, opts: { required?: boolean; max?: number; path?: string } = {}): string | null {
  const path = opts.path ?? field;
  const v = body[field];
  if (v === undefined || v === null || v === '') {
    if (opts.required) throw requiredField(path, path.replaceAll('_', ' ').replaceAll('.', ' '));
    return null;
  }
  if (typeof v !== 'string') throw badRequest(`The ${path} must be a string.`, path);
  if (opts.max !== undefined && v.length > opts.max) throw badRequest(`The ${path} may not be greater than ${opts.max} characters.`, path);
  return v;
}

export function int(body: JsonObject, field: string, required: boolean, path = field): number | null {
  const v = body[field];
  if (v === undefined || v === null) {
    if (required) throw requiredField(path);
    return null;
  }
  // The netbanking page's own sample sends "100" as a string: a string of digits is taken as the number.
  const n = typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw badRequest(`The ${path} must be an integer.`, path);
  return n;
}

export function bool(body: JsonObject, field: string): boolean | null {
  const v = body[field];
  if (v === undefined || v === null) return null;
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false') return false;
  throw badRequest(`The ${field} field must be true or false.`, field);
}

export function currency(body: JsonObject): 'INR' {
  const c = str(body, 'currency', { required: true })!;
  if (c !== 'INR') throw badRequest('The selected currency is invalid.', 'currency');
  return 'INR';
}

export function amountAtLeast100(body: JsonObject, required: boolean): number | null {
  const amount = int(body, 'amount', required);
  if (amount !== null && amount < 100) throw badRequest(MIN_AMOUNT_TEXT, 'amount');
  return amount;
}

export interface OrderInput {
  amount: number;
  currency: 'INR';
  receipt: string | null;
  notes: Record<string, string>;
  partial_payment: boolean;
  method: string | null;
  /** UPI AutoPay: the mandate an authorisation order asks for (its `token`). */
  mandate: MandateInput | null;
  customer_id: string | null;
  /** UPI AutoPay: a debit order's pre-debit notification. */
  notification: NotificationInput | null;
  payment_capture: boolean | null;
}

const ORDER_FIELDS = ['amount', 'currency', 'receipt', 'notes', 'partial_payment', 'first_payment_min_amount', 'method', 'token', 'customer_id', 'payment_capture', 'notification'];

export function validateOrder(raw: Json | undefined, nowSeconds: number, mandateMaxAmount: number): OrderInput {
  const body = asObject(raw);
  rejectUnknown(body, ORDER_FIELDS);
  const amount = amountAtLeast100(body, true)!;
  const method = str(body, 'method');
  if (method !== null && method !== 'upi') throw badRequest('The selected method is invalid.', 'method');
  if (method === 'upi' && body.currency !== undefined && body.currency !== 'INR') throw badRequest('The currency should be INR when method is upi', 'currency');
  const cur = currency(body);
  const receipt = str(body, 'receipt', { max: 40 });
  const partial = bool(body, 'partial_payment') ?? false;
  const firstMin = int(body, 'first_payment_min_amount', false);
  if (firstMin !== null && !partial) throw badRequest('first_payment_min_amount should be passed only if partial_payment is true.', 'first_payment_min_amount');
  const hasToken = body.token !== undefined && body.token !== null;
  const hasNotification = body.notification !== undefined && body.notification !== null;
  if (hasToken && method === null) throw requiredField('method');
  if (hasToken && hasNotification) throw notWith('notification', 'token');
  const mandate = hasToken ? validateMandate(body.token, amount, nowSeconds, mandateMaxAmount) : null;
  const notification = hasNotification ? validateNotification(body.notification) : null;
  const capture = bool(body, 'payment_capture');
  if (notification !== null && capture === null) throw requiredField('payment_capture', 'payment capture');
  return {
    amount, currency: cur, receipt, notes: checkNotes(body), partial_payment: partial, method, mandate, customer_id: str(body, 'customer_id'),
    notification, payment_capture: capture,
  };
}

export type UpiFlow = 'intent' | 'collect';

export interface PaymentInput {
  amount: number;
  currency: 'INR';
  order_id: string;
  email: string;
  contact: string;
  method: 'upi' | 'netbanking';
  flow: UpiFlow | null;
  vpa: string | null;
  expiry_minutes: number;
  bank: string | null;
  callback_url: string | null;
  description: string | null;
  notes: Record<string, string>;
  customer_id: string | null;
}

const PAYMENT_FIELDS = [
  'amount', 'currency', 'order_id', 'email', 'contact', 'method', 'upi', 'flow', 'ip', 'referer', 'user_agent', 'description',
  'notes', 'callback_url', 'customer_id', 'save', 'bank', 'recurring', 'token',
];

export function customerFields(body: JsonObject): { email: string; contact: string } {
  const email = str(body, 'email', { required: true, max: 254 })!;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw badRequest('The email must be a valid email address.', 'email');
  const contact = str(body, 'contact', { required: true, max: 20 })!;
  if (!/^\+?[0-9]{8,15}$/.test(contact)) throw badRequest('The contact format is invalid.', 'contact');
  return { email, contact };
}

export function upiDetails(body: JsonObject, upiCollect: boolean): { flow: UpiFlow; vpa: string | null; expiry: number } {
  if (body.upi === undefined && body.flow === undefined) throw requiredField('upi');
  const upi = body.upi === undefined ? {} : asObject(body.upi, 'upi');
  rejectUnknown(upi, ['flow', 'vpa', 'expiry_time'], 'upi.');
  const flow = str(upi, 'flow', { path: 'upi.flow' }) ?? str(body, 'flow') ?? 'collect';
  if (flow !== 'intent' && flow !== 'collect') throw badRequest('The selected upi.flow is invalid.', 'upi.flow');
  if (flow === 'intent') return { flow, vpa: null, expiry: 5 };
  if (!upiCollect) {
    throw new ProviderError(400, 'BAD_REQUEST_ERROR', 'UPI Collect flow is not enabled for the merchant.', { field: 'upi.flow', reason: 'upi_collect_not_enabled' });
  }
  const vpa = str(upi, 'vpa', { required: true, path: 'upi.vpa' })!;
  if (vpa.length > 100 || !/^[a-zA-Z0-9.\-_]+@[a-zA-Z0-9.-]+$/.test(vpa)) throw badRequest('Invalid VPA. Please enter a valid Virtual Payment Address', 'upi.vpa');
  for (const f of ['ip', 'referer', 'user_agent']) str(body, f, { required: true });
  const expiry = int(upi, 'expiry_time', false, 'upi.expiry_time') ?? 5;
  if (expiry < 1 || expiry > 5760) throw badRequest('The upi.expiry_time must be between 1 and 5760.', 'upi.expiry_time');
  return { flow, vpa, expiry };
}

/**
 * A server-to-server payment. `endpoint` is `upi` for /payments/create/upi (UPI only) and `json` for
 * /payments/create/json (UPI or netbanking).
 */
export function validatePayment(raw: Json | undefined, endpoint: 'upi' | 'json', upiCollect: boolean): PaymentInput {
  const body = asObject(raw);
  rejectUnknown(body, PAYMENT_FIELDS);
  const amount = amountAtLeast100(body, true)!;
  const cur = currency(body);
  const order_id = str(body, 'order_id', { required: true })!;
  const { email, contact } = customerFields(body);
  const method = str(body, 'method', { required: true })!;
  const allowed = endpoint === 'upi' ? ['upi'] : ['upi', 'netbanking'];
  if (!allowed.includes(method)) {
    throw new ProviderError(400, 'BAD_REQUEST_ERROR', `The payment method ${method} is not enabled for this request.`, { field: 'method', reason: 'payment_method_not_enabled' });
  }
  if (body.recurring !== undefined || body.token !== undefined) throw badRequest('Recurring payments are not enabled.', 'recurring');
  const common = {
    amount, currency: cur, order_id, email, contact, description: str(body, 'description', { max: 255 }), notes: checkNotes(body),
    customer_id: str(body, 'customer_id'), callback_url: str(body, 'callback_url'),
  };
  if (method === 'upi') {
    if (body.bank !== undefined) throw extraField('bank');
    const { flow, vpa, expiry } = upiDetails(body, upiCollect);
    return { ...common, method: 'upi', flow, vpa, expiry_minutes: expiry, bank: null };
  }
  if (body.upi !== undefined) throw extraField('upi');
  const bank = str(body, 'bank', { required: true })!;
  if (!NETBANKING_BANKS.includes(bank)) throw badRequest('The selected bank is invalid.', 'bank');
  if (common.callback_url === null) throw requiredField('callback_url', 'callback url');
  if (!/^https?:\/\//.test(common.callback_url)) throw badRequest('The callback url format is invalid.', 'callback_url');
  str(body, 'ip', { required: true });
  return { ...common, method: 'netbanking', flow: null, vpa: null, expiry_minutes: 0, bank };
}

export interface CaptureInput {
  amount: number;
  currency: 'INR';
}

export function validateCapture(raw: Json | undefined): CaptureInput {
  const body = asObject(raw);
  rejectUnknown(body, ['amount', 'currency']);
  return { amount: int(body, 'amount', true)!, currency: currency(body) };
}

export interface RefundInput {
  amount: number | null;
  speed: 'normal' | 'optimum';
  notes: Record<string, string>;
  receipt: string | null;
}

export function validateRefund(raw: Json | undefined): RefundInput {
  const body = raw === undefined ? {} : asObject(raw);
  rejectUnknown(body, ['amount', 'speed', 'notes', 'receipt']);
  const amount = amountAtLeast100(body, false);
  const speed = str(body, 'speed') ?? 'normal';
  if (speed !== 'normal' && speed !== 'optimum') throw badRequest('The selected speed is invalid.', 'speed');
  return { amount, speed, notes: checkNotes(body), receipt: str(body, 'receipt', { max: 40 }) };
}

const REFUND_KEY = /^[A-Za-z0-9_-]+$/;

/** X-Refund-Idempotency is optional; when sent it must be at least 10 of letters, digits, `_` and `-`. */
export function checkRefundKey(key: string | undefined): string | null {
  if (key === undefined) return null;
  if (key.length < 10) throw badRequest('The idempotency key must be at least 10 characters long.', 'X-Refund-Idempotency');
  if (!REFUND_KEY.test(key)) {
    throw badRequest('The idempotency key must only contain alphanumeric characters, underscores, and hyphens', 'X-Refund-Idempotency');
  }
  return key;
}

export interface QrInput {
  type: 'upi_qr';
  name: string | null;
  usage: 'single_use' | 'multiple_use';
  fixed_amount: boolean;
  payment_amount: number | null;
  description: string | null;
  customer_id: string | null;
  close_by: number | null;
  notes: Record<string, string>;
}

const QR_FIELDS = ['type', 'name', 'usage', 'fixed_amount', 'payment_amount', 'description', 'customer_id', 'close_by', 'notes'];
export const QR_MIN_AHEAD_SECONDS = 15 * 60;
export const QR_SINGLE_USE_MAX_AHEAD_SECONDS = 45 * 24 * 3600;

export function validateQr(raw: Json | undefined, nowSeconds: number): QrInput {
  const body = asObject(raw);
  rejectUnknown(body, QR_FIELDS);
  const type = str(body, 'type', { required: true })!;
  if (type !== 'upi_qr') throw badRequest('The selected type is invalid.', 'type');
  const usage = str(body, 'usage', { required: true })!;
  if (usage !== 'single_use' && usage !== 'multiple_use') throw badRequest('The selected usage is invalid.', 'usage');
  const fixed = bool(body, 'fixed_amount') ?? false;
  let payment_amount = int(body, 'payment_amount', fixed);
  if (!fixed && payment_amount !== null) throw extraField('payment_amount');
  if (payment_amount !== null && payment_amount < 1) throw badRequest('The payment amount must be at least 1.', 'payment_amount');
  if (!fixed) payment_amount = null;
  const close_by = int(body, 'close_by', false);
  if (close_by !== null) checkCloseBy(close_by, usage, nowSeconds);
  const customer_id = str(body, 'customer_id');
  // The stand-in has no customers: any customer id is one it does not know.
  if (customer_id !== null) throw badRequest(`${customer_id} is not a valid id`, 'customer_id');
  return {
    type, name: str(body, 'name', { max: 255 }), usage, fixed_amount: fixed, payment_amount, description: str(body, 'description', { max: 255 }),
    customer_id, close_by, notes: checkNotes(body),
  };
}

function checkCloseBy(closeBy: number, usage: string, now: number): void {
  if (closeBy < 946684800 || closeBy > 4765046400) throw badRequest('close_by must be between 946684800 and 4765046400', 'close_by');
  if (closeBy < now + QR_MIN_AHEAD_SECONDS) throw badRequest('close_by should be at least 15 minutes after current time', 'close_by');
  if (usage === 'single_use' && closeBy > now + QR_SINGLE_USE_MAX_AHEAD_SECONDS) {
    throw badRequest('close_by should not be more than 45 days after current time for a single use QR code', 'close_by');
  }
}
