// Razorpay's UPI AutoPay calls (one HTTP request each through the connection's client; recurring.ts decides what to
// call when). Sources (razorpay/markdown-docs):
// - payments/payment-gateway/s2s-integration/recurring-payments/upi-intent/authorization-transaction.md and
//   api/payments/recurring-payments/upi/create-authorization-transaction.md: a customer (`POST /v1/customers`,
//   `fail_existing: "0"` answers the existing customer with the same details), the authorization order (`POST
//   /v1/orders` with `method: "upi"`, `customer_id` and `token: {max_amount, expire_at, frequency}`; its amount at
//   least ₹1 and at most the token's max_amount), and the authorization payment (`POST /v1/payments/create/upi` with
//   `customer_id`, `recurring: "1"` and `upi: {flow: "intent"}`, answering `{razorpay_payment_id, link}`; the
//   endpoint's page, payments/payment-gateway/s2s-integration/payment-methods/upi/intent.md, makes `email` and
//   `contact` mandatory on it, which the recurring page's short list leaves out, so they are sent).
// - api/customers/create.md: name 3-50 characters (letters, digits, . ' / @ and parentheses), contact at most 15
//   characters, email at most 64.
// - payments/payment-gateway/s2s-integration/recurring-payments/upi-intent/tokens.md: the customer's tokens (`GET
//   /v1/customers/:id/tokens`; not listing expired or unused ones) and their cancellation at NPCI (`PUT
//   /v1/customers/:customer_id/tokens/:token_id/cancel`; deleting a token does not cancel the mandate).
// - api/payments/recurring-payments/upi/create-subsequent-payments.md: each debit's order with `payment_capture: true`
//   and the pre-debit `notification: {token_id, payment_after}` (the provider debits no sooner than payment_after,
//   and does not retry a debit of such an order itself).
import type { DebitNoticeInput, MandateRegistrationInput } from '../../rails/provider.ts';
import type { RazorpayHttp } from './http.ts';
import { clientFields, type CreatedPayment, type PaymentClient } from './payments-api.ts';
import { MANDATE_ID_NOTE, tokenFrequencyOf, type RazorpayCustomer, type RazorpayToken } from './translate-recurring.ts';
import { PAYMENT_ID_NOTE, type RazorpayOrder } from './translate-payments.ts';

/** The authorization order's amount: the provider's least ("The amount must be at least INR 1.00"). */
export const AUTHORIZATION_AMOUNT = 100;

export interface AuthorizationOrderInput {
  mandateId: string;
  customerReference: string;
  maxAmount: number;
  frequency: MandateRegistrationInput['frequency'];
  /** Epoch ms. */
  expireAt: number;
}

export interface AuthorizationPaymentInput {
  mandateId: string;
  orderId: string;
  customerReference: string;
  /** The order's amount. */
  amount: number;
  /** The endpoint's mandatory email and contact (payment-methods/upi/intent.md); checkMandate made sure of both. */
  email: string;
  contact: string;
  /** The customer's browser as the caller gave it (the same endpoint's optional ip, referer, user_agent); none made up. */
  client?: PaymentClient | null;
}

/** The customer API's name rule; a name it would refuse is left out (the name is optional there). */
const CUSTOMER_NAME = /^[A-Za-z0-9 .'’/@()]{3,50}$/;

export function customerRequestBody(customer: MandateRegistrationInput['customer']): Record<string, unknown> {
  const body: Record<string, unknown> = { email: customer.email, contact: customer.phone, fail_existing: '0' };
  const name = customer.name.trim();
  if (CUSTOMER_NAME.test(name)) body.name = name;
  return body;
}

export function authorizationOrderBody(input: AuthorizationOrderInput): Record<string, unknown> {
  // The order's token takes no start: a mandate starting later is registered now, and its first debit simply cannot
  // come before start_at (the service schedules no debit before it).
  return {
    amount: AUTHORIZATION_AMOUNT,
    currency: 'INR',
    customer_id: input.customerReference,
    method: 'upi',
    token: { max_amount: input.maxAmount, expire_at: Math.floor(input.expireAt / 1000), frequency: tokenFrequencyOf[input.frequency] },
    receipt: input.mandateId,
    notes: { [MANDATE_ID_NOTE]: input.mandateId },
  };
}

export function authorizationPaymentBody(input: AuthorizationPaymentInput): Record<string, unknown> {
  return {
    amount: input.amount,
    currency: 'INR',
    order_id: input.orderId,
    customer_id: input.customerReference,
    email: input.email,
    contact: input.contact,
    recurring: '1',
    method: 'upi',
    ...(input.client ? clientFields(input.client) : {}),
    upi: { flow: 'intent' },
    notes: { [MANDATE_ID_NOTE]: input.mandateId },
  };
}

export function noticeOrderBody(input: DebitNoticeInput): Record<string, unknown> {
  return {
    amount: input.amount,
    currency: 'INR',
    payment_capture: true,
    receipt: input.paymentId,
    notification: { token_id: input.mandate.tokenReference, payment_after: Math.ceil(input.debitAt / 1000) },
    notes: { ...input.notes, [PAYMENT_ID_NOTE]: input.paymentId },
  };
}

export interface RazorpayRecurringApi {
  /** The provider's customer with these details: made, or the existing one. */
  createCustomer(customer: MandateRegistrationInput['customer']): Promise<RazorpayCustomer>;
  createAuthorizationOrder(input: AuthorizationOrderInput): Promise<RazorpayOrder>;
  /** An authorization attempt on the order: its id and the `upi://mandate?...` link the customer opens. */
  createAuthorizationPayment(input: AuthorizationPaymentInput): Promise<CreatedPayment>;
  /** The customer's token with this id, or null when the provider does not list it (expired or unused). */
  fetchToken(customerReference: string, tokenReference: string): Promise<RazorpayToken | null>;
  /** Starts the mandate's cancellation at NPCI. */
  cancelToken(customerReference: string, tokenReference: string): Promise<void>;
  /** A debit's order with its pre-debit notification. */
  createNoticeOrder(input: DebitNoticeInput): Promise<RazorpayOrder>;
}

const id = encodeURIComponent;

export function createRecurringApi(http: RazorpayHttp): RazorpayRecurringApi {
  return {
    createCustomer: (customer) => http.post<RazorpayCustomer>('/v1/customers', { body: customerRequestBody(customer) }),
    createAuthorizationOrder: (input) => http.post<RazorpayOrder>('/v1/orders', { body: authorizationOrderBody(input) }),
    async createAuthorizationPayment(input) {
      const res = await http.post<{ razorpay_payment_id: string; link?: string | null }>('/v1/payments/create/upi', { body: authorizationPaymentBody(input) });
      return { providerReference: res.razorpay_payment_id, url: res.link ?? null };
    },
    async fetchToken(customerReference, tokenReference) {
      const res = await http.get<{ items?: RazorpayToken[] }>(`/v1/customers/${id(customerReference)}/tokens`);
      return res.items?.find((t) => t.id === tokenReference) ?? null;
    },
    async cancelToken(customerReference, tokenReference) {
      await http.put<unknown>(`/v1/customers/${id(customerReference)}/tokens/${id(tokenReference)}/cancel`);
    },
    createNoticeOrder: (input) => http.post<RazorpayOrder>('/v1/orders', { body: noticeOrderBody(input) }),
  };
}
