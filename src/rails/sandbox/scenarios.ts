// The sandbox's magic values (docs/api.md, Sandbox), in one place.
import type { PayoutSubmission } from '../payouts.ts';

export type PayoutScenario = 'success' | 'failure' | 'slow' | 'reversal';

export function payoutScenario(beneficiary: PayoutSubmission['beneficiary']): PayoutScenario {
  if (beneficiary.type === 'vpa') {
    switch ((beneficiary.vpa ?? '').toLowerCase()) {
      case 'failure@upi':
        return 'failure';
      case 'slow@upi':
        return 'slow';
      case 'reversal@upi':
        return 'reversal';
      default:
        return 'success';
    }
  }
  const account = beneficiary.accountNumber ?? '';
  if (account.endsWith('0001')) return 'failure';
  if (account.endsWith('0002')) return 'reversal';
  if (account.endsWith('0003')) return 'slow';
  return 'success';
}

/**
 * What the sandbox's bank says of a beneficiary it is asked to verify: accounts ending `0004` (and `mismatch@upi`)
 * are held by someone else, RAMESH KUMAR; accounts ending `0005` (and `invalid@upi`) are closed; every other one is
 * held in the beneficiary's own name, in capitals, as banks write names.
 */
export type VerificationScenario = { holder: string } | { closed: true };

export const SANDBOX_OTHER_HOLDER = 'RAMESH KUMAR';

export function verificationScenario(beneficiary: { type: 'bank_account' | 'vpa'; name: string; vpa: string | null; accountNumber: string | null }): VerificationScenario {
  const own = { holder: beneficiary.name.toUpperCase() };
  if (beneficiary.type === 'vpa') {
    switch ((beneficiary.vpa ?? '').toLowerCase()) {
      case 'mismatch@upi':
        return { holder: SANDBOX_OTHER_HOLDER };
      case 'invalid@upi':
        return { closed: true };
      default:
        return own;
    }
  }
  const account = beneficiary.accountNumber ?? '';
  if (account.endsWith('0004')) return { holder: SANDBOX_OTHER_HOLDER };
  if (account.endsWith('0005')) return { closed: true };
  return own;
}
