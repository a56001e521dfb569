// A sandbox top-up: keyed by the caller's idempotency key, answered through Update-with-Start once
// the top-up and its ledger posting are written. Orchestration only; the activity does the writing.
import { defineUpdate, setHandler } from '@temporalio/workflow';
import type { TopUpActivities, TopUpRecordInput } from '../activities/top-ups.ts';
import { created, once } from './lifecycle.ts';
import { databaseSteps } from './proxies.ts';
import type { TopUpResponse } from '../src/contract/top-ups.ts';

export const createTopUpUpdate = defineUpdate<TopUpResponse>('createTopUp');

const { recordTopUp } = databaseSteps<TopUpActivities>();

export async function topUpWorkflow(input: TopUpRecordInput): Promise<TopUpResponse> {
  // Every update (a repeat request joins the running workflow) awaits the same single recording.
  const recording = once(() => recordTopUp(input));
  setHandler(createTopUpUpdate, () => recording.run());
  return created(recording, 'top-up');
}
