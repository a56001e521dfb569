// The one rule for applying a provider's report to a payout, whichever way it came (the create's answer, a webhook, a
// lookup, reconciliation) and in whatever order or number: a payout never moves backwards or twice.
import type { OurPayoutStatus, PayoutOutcome } from './types.ts';

/**
 * The status a payout now at `current` moves to on `outcome`, or null when the report changes nothing (it tells of a
 * state the payout has passed, or of one it is in). Money that comes back to a payout we reported `completed` is a
 * reversal; to one we had not, a failure (it never reached the beneficiary), and a completion after that is ignored.
 */
export function nextPayoutStatus(current: OurPayoutStatus, outcome: PayoutOutcome): OurPayoutStatus | null {
  if (current === 'failed' || current === 'reversed') return null;
  switch (outcome.state) {
    case 'initiated':
      return null;
    case 'completed':
      return current === 'initiated' ? 'completed' : null;
    case 'returned':
      return current === 'completed' ? 'reversed' : 'failed';
    case 'failed':
      // A provider never fails a payout it processed; a report that says so is about a state we have passed.
      return current === 'initiated' ? 'failed' : null;
  }
}
