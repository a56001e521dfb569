// Live payouts need a partner bank connector, which this service does not have yet. Until it does, a
// live payout is refused by the rail (and fails with its reserved money released), never faked.
import { type PayoutRail, RailRejectedError } from './payouts.ts';

export function createUnconnectedLiveRail(): PayoutRail {
  return {
    async submit() {
      throw new RailRejectedError('beneficiary_bank_unavailable', 'No live banking connector is configured for payouts.');
    },
    async status() {
      return { state: 'failed', code: 'beneficiary_bank_unavailable', message: 'No live banking connector is configured for payouts.' };
    },
  };
}
