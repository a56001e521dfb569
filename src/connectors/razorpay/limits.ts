// Where RazorpayX's rules are narrower than ours (API.md, Live payouts): a live beneficiary or payout is checked
// against them when it is created and refused with 400 naming our param, instead of being refused by the provider
// later. The rules are the provider's pages': contacts (api/x/contacts/create), fund accounts
// (api/x/fund-accounts/create/bank-account.md, vpa.md) and payouts (api/x/payouts/create/*.md).
// Each check answers null when the value passes, or a violation naming the param of our API it came from.

import type { LimitViolation, LiveBeneficiaryInput, LivePaymentInput, LivePayoutInput } from '../types.ts';

export type { LimitViolation, LiveBeneficiaryInput, LivePaymentInput, LivePayoutInput };

/** The smallest payout the provider takes, in paise. */
export const MIN_PAYOUT_AMOUNT = 100;

// Letters, digits, space and ’ - _ / ( ) . (the pages write the apostrophe typographically; the straight one is
// accepted as the same character). A name may not end with a special character other than a period.
const NAME_CHARS = /^[A-Za-z0-9 ’'\-_/().]+$/;
const NAME_LAST = /[A-Za-z0-9.]$/;

function checkName(param: string, name: string, max: number, what: string): LimitViolation | null {
  if (name.length < 3 || name.length > max) return { param, message: `${what} must be 3 to ${max} characters for live payouts.` };
  if (!NAME_CHARS.test(name)) return { param, message: `${what} may hold only letters, digits, spaces and ’ - _ / ( ) . for live payouts.` };
  if (!NAME_LAST.test(name)) return { param, message: `${what} may not end with a special character other than a period for live payouts.` };
  return null;
}

/** A contact's name (the beneficiary's `name`): 3-50 characters of the allowed set. */
export function checkContactName(name: string, param = 'name'): LimitViolation | null {
  return checkName(param, name, 50, 'The name');
}

/** A bank account holder's name (also the beneficiary's `name`): 3-120 characters of the same set. */
export function checkBankAccountName(name: string, param = 'name'): LimitViolation | null {
  return checkName(param, name, 120, 'The account holder name');
}

/** A bank account number: 5-35 letters and digits. */
export function checkBankAccountNumber(accountNumber: string, param = 'bank_account[account_number]'): LimitViolation | null {
  return /^[A-Za-z0-9]{5,35}$/.test(accountNumber) ? null : { param, message: 'The account number must be 5 to 35 letters and digits for live payouts.' };
}

/** An IFSC: 11 characters. */
export function checkIfsc(ifsc: string, param = 'bank_account[ifsc]'): LimitViolation | null {
  return ifsc.length === 11 ? null : { param, message: 'The IFSC must be 11 characters for live payouts.' };
}

/** A VPA: 3-100 characters, letters, digits, `.` and `-`, and one `@`. */
export function checkVpa(address: string, param = 'vpa'): LimitViolation | null {
  if (address.length < 3 || address.length > 100) return { param, message: 'The UPI ID must be 3 to 100 characters for live payouts.' };
  if (!/^[A-Za-z0-9.-]+@[A-Za-z0-9.-]+$/.test(address)) {
    return { param, message: 'The UPI ID may hold only letters, digits, . and - around a single @ for live payouts.' };
  }
  return null;
}

/** A payout's narration: at most 30 letters, digits and spaces. */
export function checkNarration(narration: string, param = 'narration'): LimitViolation | null {
  if (narration.length > 30) return { param, message: 'The narration must be at most 30 characters.' };
  return /^[A-Za-z0-9 ]*$/.test(narration) ? null : { param, message: 'The narration may hold only letters, digits and spaces for live payouts.' };
}

/** A payout's amount: at least 100 paise. */
export function checkPayoutAmount(amount: number, param = 'amount'): LimitViolation | null {
  return amount >= MIN_PAYOUT_AMOUNT ? null : { param, message: `Live payouts must be at least ${MIN_PAYOUT_AMOUNT} paise.` };
}

/** Every rule a live beneficiary must meet, first failure first (the order of the create's params). */
export function checkLiveBeneficiary(input: LiveBeneficiaryInput): LimitViolation | null {
  const name = checkContactName(input.name);
  if (name) return name;
  if (input.type === 'vpa') return input.vpa == null ? null : checkVpa(input.vpa);
  if (!input.bankAccount) return null;
  return checkBankAccountNumber(input.bankAccount.accountNumber) ?? checkIfsc(input.bankAccount.ifsc);
}

/** Every rule a live payout must meet. */
export function checkLivePayout(input: LivePayoutInput): LimitViolation | null {
  return checkPayoutAmount(input.amount) ?? (input.narration == null ? null : checkNarration(input.narration));
}

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

/** The UPI ID of a collect request. */
export function checkCollectVpa(vpa: string, param = 'vpa'): LimitViolation | null {
  if (vpa.length > 100) return { param, message: 'The UPI ID must be at most 100 characters for live payments.' };
  if (!/^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+$/.test(vpa)) {
    return { param, message: 'The UPI ID may hold only letters, digits, . - and _ around a single @ for live payments.' };
  }
  return null;
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
 * Every rule a live payment must meet. A `vpa` is checked only where it makes a collect request (the connection
 * has collect enabled); elsewhere the payment goes by intent and the VPA is not sent.
 */
export function checkLivePayment(input: LivePaymentInput): LimitViolation | null {
  const amount = checkOrderAmount(input.amount);
  if (amount) return amount;
  if (input.receipt != null && input.receipt.length > 256) return { param: 'receipt', message: 'The receipt is too long for live payments.' };
  if (input.method === 'upi' && input.upiCollect && input.vpa) {
    const vpa = checkCollectVpa(input.vpa);
    if (vpa) return vpa;
  }
  const customer = checkPaymentCustomer(input.customer);
  if (customer) return customer;
  return input.method === 'netbanking' && input.returnUrl ? checkReturnUrl(input.returnUrl) : null;
}
