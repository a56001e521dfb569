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
