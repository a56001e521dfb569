// Request validation for UPI AutoPay (recurring payments by UPI intent): customers, the authorisation order's
// `token`, the subsequent debit order's `notification`, the authorisation payment and the recurring debit.
//
// Sources (razorpay/markdown-docs); where they disagree the S2S upi-intent pages win:
// - payments/payment-gateway/s2s-integration/recurring-payments/upi-intent/authorization-transaction.md (S2S):
//   customer `name` mandatory, email, contact, notes; order amount, currency, method "upi", receipt, notes, token
//   {max_amount optional, expire_at optional (default 10 years), frequency mandatory: weekly | monthly | quarterly |
//   yearly | as_presented, recurring_value (1-7 weekly, 1-31 otherwise, not for as_presented), recurring_type on |
//   before | after}; max_amount 100..9999900 for ordinary categories (20000000 for the financial-services MCCs);
//   the payment: POST /v1/payments/create/upi with amount (the order's), currency, order_id, customer_id (mandatory),
//   recurring "1" | "preferred", method "upi", upi.flow intent (collect deprecated), notes.
// - api/payments/recurring-payments/upi/create-authorization-transaction.md: fail_existing "0" | "1"; expire_at at
//   most 30 years ahead; "The currency should be INR when method is upi"; "The order amount cannot be greater than
//   the token max amount for upi recurring."; "The id provided does not exist" for a wrong customer_id. Its
//   customer_id (mandatory on the order) and its longer frequency list are not the S2S page's: not followed.
// - api/customers/create.md: name 3-50 characters, contact at most 15 characters and "Contact number should be at
//   least 8 digits, including country code" (reason invalid_contact_number), email at most 64, gstin, notes.
// - payments/payment-gateway/s2s-integration/recurring-payments/upi-intent/subsequent-payments.md and
//   api/payments/recurring-payments/upi/create-subsequent-payments.md: the debit order's payment_capture
//   (mandatory) and notification {token_id mandatory, payment_after optional}; POST /v1/payments/create/recurring
//   with email, contact, amount, currency, order_id, customer_id, token, recurring (boolean, true), description, notes.
// Wording the pages do not quote is the stand-in's own; `field` always names the parameter.
import { ProviderError, badRequest, requiredField } from './errors.ts';
import { bool, currency, customerFields, int, str, upiDetails } from './pg-validate.ts';
import type { UpiFlow } from './pg-validate.ts';
import { asObject, checkNotes, rejectUnknown } from './validate.ts';
import type { Json, JsonObject } from './validate.ts';

export const MANDATE_FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'yearly', 'as_presented'] as const;
export type MandateFrequency = (typeof MANDATE_FREQUENCIES)[number];
export const MANDATE_MIN_AMOUNT = 100;
/** The upper bound of max_amount for ordinary categories (the financial-services MCCs allow 20000000). */
export const MANDATE_MAX_AMOUNT = 9_999_900;
const YEAR_SECONDS = 365 * 24 * 3600;
export const MANDATE_DEFAULT_SECONDS = 10 * YEAR_SECONDS;
export const MANDATE_MAX_SECONDS = 30 * YEAR_SECONDS;

export interface CustomerInput {
  name: string;
  email: string | null;
  contact: string | null;
  gstin: string | null;
  fail_existing: boolean;
  notes: Record<string, string>;
}

export function validateCustomer(raw: Json | undefined): CustomerInput {
  const body = asObject(raw);
  rejectUnknown(body, ['name', 'email', 'contact', 'fail_existing', 'gstin', 'notes']);
  const name = str(body, 'name', { required: true })!;
  if (name.length < 3 || name.length > 50) throw badRequest('The name must be between 3 and 50 characters.', 'name');
  // "Alphanumeric value with period (.), apostrophe ('), forward slash (/), at (@) and parentheses" (and spaces, as in
  // every sample's "Gaurav Kumar").
  if (!/^[A-Za-z0-9 .'/@()]+$/.test(name)) throw badRequest('The name format is invalid.', 'name');
  const email = str(body, 'email', { max: 64 });
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw badRequest('The email must be a valid email address.', 'email');
  // The SDK samples send the contact as a number: digits are taken either way.
  const rawContact = typeof body.contact === 'number' ? String(body.contact) : body.contact;
  const contact = str({ contact: rawContact ?? null }, 'contact', { max: 15 });
  if (contact !== null && (contact.replace(/[^0-9]/g, '').length < 8 || !/^\+?[0-9]+$/.test(contact))) {
    throw new ProviderError(400, 'BAD_REQUEST_ERROR', 'Contact number should be at least 8 digits, including country code', { field: 'contact', reason: 'invalid_contact_number' });
  }
  const failExisting = body.fail_existing ?? '1';
  if (failExisting !== '0' && failExisting !== '1' && failExisting !== 0 && failExisting !== 1) {
    throw badRequest('The selected fail existing is invalid.', 'fail_existing');
  }
  return { name, email, contact, gstin: str(body, 'gstin', { max: 15 }), fail_existing: String(failExisting) === '1', notes: checkNotes(body) };
}

/** The authorisation order's `token`: the mandate the customer is asked to approve. */
export interface MandateInput {
  max_amount: number;
  expire_at: number;
  frequency: MandateFrequency;
  recurring_value: number | null;
  recurring_type: 'on' | 'before' | 'after' | null;
  notes: Record<string, string>;
}

export function validateMandate(raw: Json, orderAmount: number, nowSeconds: number, maxAmountCap: number): MandateInput {
  const token = asObject(raw, 'token');
  rejectUnknown(token, ['max_amount', 'expire_at', 'frequency', 'recurring_value', 'recurring_type', 'notes'], 'token.');
  const max = int(token, 'max_amount', false, 'token.max_amount') ?? maxAmountCap;
  if (max < MANDATE_MIN_AMOUNT) throw badRequest(`The token.max_amount must be at least ${MANDATE_MIN_AMOUNT}.`, 'token.max_amount');
  if (max > maxAmountCap) throw badRequest(`The token.max_amount may not be greater than ${maxAmountCap}.`, 'token.max_amount');
  if (orderAmount > max) throw badRequest('The order amount cannot be greater than the token max amount for upi recurring.', 'amount');
  const expireAt = int(token, 'expire_at', false, 'token.expire_at') ?? nowSeconds + MANDATE_DEFAULT_SECONDS;
  if (expireAt <= nowSeconds) throw badRequest('The token.expire_at must be a time in the future.', 'token.expire_at');
  if (expireAt > nowSeconds + MANDATE_MAX_SECONDS) throw badRequest('The token.expire_at may not be more than 30 years ahead.', 'token.expire_at');
  const frequency = str(token, 'frequency', { required: true, path: 'token.frequency' })!;
  if (!(MANDATE_FREQUENCIES as readonly string[]).includes(frequency)) throw badRequest('The selected token.frequency is invalid.', 'token.frequency');
  const value = int(token, 'recurring_value', false, 'token.recurring_value');
  if (value !== null) {
    if (frequency === 'as_presented') throw badRequest('The token.recurring_value is not applicable for the as_presented frequency.', 'token.recurring_value');
    const top = frequency === 'weekly' ? 7 : 31;
    if (value < 1 || value > top) throw badRequest(`The token.recurring_value must be between 1 and ${top} for ${frequency} frequency.`, 'token.recurring_value');
  }
  const type = str(token, 'recurring_type', { path: 'token.recurring_type' });
  if (type !== null && type !== 'on' && type !== 'before' && type !== 'after') throw badRequest('The selected token.recurring_type is invalid.', 'token.recurring_type');
  return { max_amount: max, expire_at: expireAt, frequency: frequency as MandateFrequency, recurring_value: value, recurring_type: type, notes: checkNotes(token) };
}

/** The debit order's pre-debit notification. */
export interface NotificationInput {
  token_id: string;
  payment_after: number | null;
}

export function validateNotification(raw: Json): NotificationInput {
  const n = asObject(raw, 'notification');
  rejectUnknown(n, ['token_id', 'payment_after'], 'notification.');
  const tokenId = str(n, 'token_id', { required: true, path: 'notification.token_id' })!;
  const after = int(n, 'payment_after', false, 'notification.payment_after');
  if (after !== null && (after < 946684800 || after > 4765046400)) throw badRequest('The notification.payment_after must be a valid Unix timestamp.', 'notification.payment_after');
  return { token_id: tokenId, payment_after: after };
}

export interface AuthPaymentInput {
  amount: number;
  order_id: string;
  customer_id: string;
  recurring: '1' | 'preferred';
  flow: UpiFlow;
  vpa: string | null;
  email: string | null;
  contact: string | null;
  description: string | null;
  notes: Record<string, string>;
}

const AUTH_PAYMENT_FIELDS = [
  'amount', 'currency', 'order_id', 'customer_id', 'recurring', 'method', 'upi', 'email', 'contact', 'description', 'notes', 'ip', 'referer', 'user_agent',
  'callback_url', 'save',
];

/** The authorisation payment: POST /v1/payments/create/upi with `recurring`. */
export function validateAuthPayment(raw: Json | undefined, upiCollect: boolean): AuthPaymentInput {
  const body = asObject(raw);
  rejectUnknown(body, AUTH_PAYMENT_FIELDS);
  const amount = int(body, 'amount', true)!;
  currency(body);
  const order_id = str(body, 'order_id', { required: true })!;
  const customer_id = str(body, 'customer_id', { required: true })!;
  const recurring = body.recurring === 1 || body.recurring === true ? '1' : body.recurring;
  if (recurring !== '1' && recurring !== 'preferred') throw badRequest('The selected recurring is invalid.', 'recurring');
  const method = str(body, 'method', { required: true })!;
  if (method !== 'upi') {
    throw new ProviderError(400, 'BAD_REQUEST_ERROR', `The payment method ${method} is not enabled for this request.`, { field: 'method', reason: 'payment_method_not_enabled' });
  }
  if (body.upi === undefined) body.upi = { flow: 'intent' };
  const { flow, vpa } = upiDetails(body, upiCollect);
  const contact = body.contact === undefined && body.email === undefined ? null : customerFields(body);
  return {
    amount, order_id, customer_id, recurring, flow, vpa, email: contact?.email ?? null, contact: contact?.contact ?? null,
    description: str(body, 'description', { max: 255 }), notes: checkNotes(body),
  };
}

export interface DebitInput {
  amount: number;
  order_id: string;
  customer_id: string;
  token: string;
  email: string;
  contact: string;
  description: string | null;
  notes: Record<string, string>;
}

const DEBIT_FIELDS = ['email', 'contact', 'amount', 'currency', 'order_id', 'customer_id', 'token', 'recurring', 'description', 'notes'];

/** A subsequent debit: POST /v1/payments/create/recurring. */
export function validateDebit(raw: Json | undefined): DebitInput {
  const body: JsonObject = asObject(raw);
  rejectUnknown(body, DEBIT_FIELDS);
  if (typeof body.contact === 'number') body.contact = String(body.contact);
  const { email, contact } = customerFields(body);
  const amount = int(body, 'amount', true)!;
  currency(body);
  const order_id = str(body, 'order_id', { required: true })!;
  const customer_id = str(body, 'customer_id', { required: true })!;
  const token = str(body, 'token', { required: true })!;
  if (body.recurring === undefined || body.recurring === null) throw requiredField('recurring');
  if (bool(body, 'recurring') !== true) throw badRequest('The recurring field must be true for a recurring payment.', 'recurring');
  return { amount, order_id, customer_id, token, email, contact, description: str(body, 'description', { max: 255 }), notes: checkNotes(body) };
}

/** An order field that only an authorisation or a debit order may carry. */
export function notWith(field: string, other: string): ProviderError {
  return badRequest(`${field} cannot be sent with ${other}.`, field);
}
