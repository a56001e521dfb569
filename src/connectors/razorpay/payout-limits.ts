// RazorpayX's payout rules where they are narrower than our API's (docs/live-money.md): a live beneficiary or payout
// is checked against them when it is created (the API asks the connection's connector, Connector.limits) and refused
// with 400 naming our param, instead of being refused by the provider later. The rules are the provider's pages':
// contacts (api/x/contacts/create), fund accounts (api/x/fund-accounts/create/bank-account.md, vpa.md) and payouts
// (api/x/payouts/create/*.md). Each check answers null when the value passes, or a violation naming the param of our
// API it came from (`name`, `vpa`, `bank_account[account_number]`, `narration`, `amount`).
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import type { LimitViolation, LiveBeneficiaryInput, LivePayoutInput } from '../../rails/provider.ts';

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
