// A sandbox top-up: keyed by the caller's idempotency key, answered through Update-with-Start once
// the top-up and its ledger posting are written. Orchestration only; the activity does the writing.
import { defineUpdate, patched, setHandler } from '@temporalio/workflow';
import type { PayoutActivities } from '../activities/payouts.ts';
import { wakePayoutQueue } from './payout-queue.ts';
import type { TopUpActivities, TopUpRecordInput } from '../activities/top-ups.ts';
import { created, once } from './lifecycle.ts';
import { databaseSteps } from './proxies.ts';
import type { TopUpResponse } from '../src/contract/top-ups.ts';

export const createTopUpUpdate = defineUpdate<TopUpResponse>('createTopUp');

const { recordTopUp } = databaseSteps<TopUpActivities>();
const { payoutQueueWaiting } = databaseSteps<PayoutActivities>();
const TOP_UP_WAKES_QUEUE = 'top-up-wakes-payout-queue';

export async function topUpWorkflow(input: TopUpRecordInput): Promise<TopUpResponse> {
  // Every update (a repeat request joins the running workflow) awaits the same single recording.
  const recording = once(() => recordTopUp(input));
  setHandler(createTopUpUpdate, () => recording.run());
  const topUp = await created(recording, 'top-up');
  // More money: payouts that queue for it may go now (runs recorded before this step replay without it).
  const queue = { accountId: input.accountId, mode: input.mode };
  if (patched(TOP_UP_WAKES_QUEUE) && (await payoutQueueWaiting(queue))) await wakePayoutQueue(queue);
  return topUp;
}
