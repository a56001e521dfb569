// A RazorpayX fund account validation in our words (VerificationRailState), per x/fund-account-validation.md and
// x/fund-accounts/faqs.md: `created` waits for the beneficiary's bank (most answer at once, some up to T+3 working
// days); `completed` is the bank's answer, which "does not mean the bank account or VPA is valid": its results say
// (`active` with the registered name, or `invalid` with none); `failed` is a technical failure or IMPS disabled at
// the beneficiary's bank, its charge reversed.
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import type { VerificationRailState } from '../../domain/verifications.ts';
import type { RazorpayValidation } from './validations-api.ts';

/** A failed validation says nothing of the account: the bank could not be asked. */
export const VALIDATION_FAILED_MESSAGE =
  "The beneficiary's bank could not be asked (a technical failure there, or IMPS turned off by that bank); nothing was charged. Verify again later.";
export const NO_NAME_MESSAGE = "The beneficiary's bank answered without the account holder's name, so there is no name to compare.";

/** What is left of a validation's answer once read: our state, or `unknown` (a status or result we do not know). */
export type ValidationReading = VerificationRailState | { status: 'unknown'; providerStatus: string };

export function validationReadingOf(v: RazorpayValidation, checkAgainInMs: number): ValidationReading {
  switch (v.status) {
    case 'created':
      return { status: 'pending', checkAgainInMs };
    case 'completed': {
      const results = v.results && typeof v.results === 'object' ? v.results : null;
      const name = typeof results?.registered_name === 'string' ? results.registered_name.trim() : '';
      if (results?.account_status === 'invalid') {
        return { status: 'failed', code: 'beneficiary_account_invalid', message: 'The bank reports that this account or UPI ID cannot receive money (closed or unknown).' };
      }
      if (results?.account_status === 'active') {
        return name ? { status: 'verified', nameAtBank: name } : { status: 'failed', code: 'provider_unavailable', message: NO_NAME_MESSAGE };
      }
      return { status: 'unknown', providerStatus: `completed/${String(results?.account_status ?? 'no results')}` };
    }
    case 'failed':
      // Not sent again by itself: a second validation is charged again, and a bank with IMPS turned off fails it again.
      // The caller verifies again when it wants to (at most three a day); until then the beneficiary is unverified.
      return { status: 'failed', code: 'provider_unavailable', message: VALIDATION_FAILED_MESSAGE };
    default:
      return { status: 'unknown', providerStatus: v.status };
  }
}
