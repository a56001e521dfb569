// A test helper's hand on one payout (complete, fail, reverse): one transition, written by the same
// activity the payout workflow uses, so the state machine still decides whether it is allowed.
import { proxyActivities } from '@temporalio/workflow';
import type { PayoutActivities, TransitionInput } from '../activities/payouts.ts';
import type { PayoutView } from '../src/db/views.ts';
import { retryProfiles } from '../src/domain/retry.ts';

const { transitionPayout } = proxyActivities<PayoutActivities>({
  startToCloseTimeout: retryProfiles.database.startToCloseTimeout,
  retry: { ...retryProfiles.database.retry },
});

export async function payoutActionWorkflow(input: TransitionInput): Promise<PayoutView> {
  return transitionPayout(input);
}
