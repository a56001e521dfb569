// Where Razorpay's rules are narrower than ours: RazorpayX's payout rules (payout-limits.ts), and the payment
// gateway's and UPI AutoPay's below. The API asks them of the connection's connector (index.ts, `limits`).
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
export * from './payout-limits.ts';

import type { LimitViolation, LivePaymentInput } from '../../rails/provider.ts';
import type { MandateFrequency } from '../../domain/mandates.ts';
import { tokenFrequencyOf } from './translate-recurring.ts';

// The payment gateway's rules (api/orders/create.md; payments/payment-gateway/s2s-integration/payment-methods/upi/
// collect.md; json/v2/build-integration/netbanking.md): an order of at least 100 paise with a receipt of at most 40
// characters; every server-to-server payment names the customer's email and phone; a collect request's VPA is at
// most 100 characters of letters, digits, `.`, `-`, `_` around one `@`; netbanking needs a callback URL.

/** The smallest order (and so payment) the provider takes, in paise. */
export const MIN_ORDER_AMOUNT = 100;
export const MAX_RECEIPT_LENGTH = 40;

export function checkOrderAmount(amount: number, param = 'amount'): LimitViolation | null {
  return amount >= MIN_ORDER_AMOUNT ? null : { param, message: `Live payments must be at least ${MIN_ORDER_AMOUNT} paise.` };
}

/** An order's receipt (our payment id, or a payment link's QR reference). */
export function checkReceipt(receipt: string, param = 'receipt'): LimitViolation | null {
  return receipt.length <= MAX_RECEIPT_LENGTH ? null : { param, message: `The receipt must be at most ${MAX_RECEIPT_LENGTH} characters for live payments.` };
}

/** The customer's email and phone, which the provider requires on every server-to-server payment. */
export function checkPaymentCustomer(customer: LivePaymentInput['customer'], param = 'customer_id'): LimitViolation | null {
  if (!customer?.email || !customer.phone) return { param, message: 'Live payments need a customer with an email and a phone.' };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customer.email) || customer.email.length > 254) {
    return { param, message: "The customer's email is not one the provider takes." };
  }
  if (!/^\+?[0-9]{8,15}$/.test(customer.phone)) return { param, message: "The customer's phone must be 8 to 15 digits for live payments." };
  return null;
}

export function checkReturnUrl(url: string, param = 'return_url'): LimitViolation | null {
  return /^https?:\/\/[^\s]+$/.test(url) ? null : { param, message: 'The return URL must be an http or https URL.' };
}

/**
 * Every rule a live payment must meet. A `vpa` is never checked: UPI goes by intent and the VPA is not sent. Netbanking
 * goes through the S2S JSON call, whose page makes the customer's `ip` mandatory (UPI intent's page leaves it optional).
 */
export function checkLivePayment(input: LivePaymentInput): LimitViolation | null {
  const amount = checkOrderAmount(input.amount);
  if (amount) return amount;
  if (input.receipt != null && input.receipt.length > 256) return { param: 'receipt', message: 'The receipt is too long for live payments.' };
  if (input.method === 'netbanking' && !input.customerIp) {
    return { param: 'customer_ip', message: "Live netbanking payments need the paying customer's IP address (customer_ip): the provider requires it." };
  }
  const customer = checkPaymentCustomer(input.customer);
  if (customer) return customer;
  return input.method === 'netbanking' && input.returnUrl ? checkReturnUrl(input.returnUrl) : null;
}

// UPI AutoPay's rules (api/payments/recurring-payments/upi/create-authorization-transaction.md; api/customers/
// create.md): the token's max_amount is 100 to 9,999,900 paise (₹1 to ₹99,999: the wider ₹2,00,000 is only for a few
// financial-services MCCs); its frequency one the page documents; the mandate's customer becomes the provider's
// customer, whose contact is at most 15 characters with its country code and email at most 64, and every debit names
// that email and phone as a server-to-server payment does.

export const MIN_MANDATE_MAX_AMOUNT = 100;
export const MAX_MANDATE_MAX_AMOUNT = 9_999_900;
export const MAX_CUSTOMER_EMAIL_LENGTH = 64;
export const MAX_CUSTOMER_CONTACT_LENGTH = 15;

export interface LiveMandateInput {
  maxAmount: number;
  frequency: MandateFrequency;
  customer: { name: string; email: string | null; phone: string | null };
}

export function checkLiveMandate(input: LiveMandateInput): LimitViolation | null {
  if (!Number.isInteger(input.maxAmount) || input.maxAmount < MIN_MANDATE_MAX_AMOUNT || input.maxAmount > MAX_MANDATE_MAX_AMOUNT) {
    return { param: 'max_amount', message: `Live mandates take a max_amount of ${MIN_MANDATE_MAX_AMOUNT} to ${MAX_MANDATE_MAX_AMOUNT} paise (₹99,999).` };
  }
  if (!Object.hasOwn(tokenFrequencyOf, input.frequency)) return { param: 'frequency', message: 'The frequency is not one live mandates take.' };
  const param = 'customer_id';
  const customer = checkPaymentCustomer(input.customer, param);
  if (customer) return { param, message: customer.message.replace(/([Ll])ive payments/, '$1ive mandates') };
  const { email, phone } = input.customer;
  if ((email ?? '').length > MAX_CUSTOMER_EMAIL_LENGTH) {
    return { param, message: `The customer's email must be at most ${MAX_CUSTOMER_EMAIL_LENGTH} characters for live mandates.` };
  }
  if ((phone ?? '').length > MAX_CUSTOMER_CONTACT_LENGTH) {
    return { param, message: `The customer's phone must be at most ${MAX_CUSTOMER_CONTACT_LENGTH} characters, its country code included, for live mandates.` };
  }
  return null;
}
