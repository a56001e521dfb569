// A sandbox top-up: keyed by the caller's idempotency key, answered through Update-with-Start once
// the top-up and its ledger posting are written. Orchestration only; the activity does the writing.
import { ApplicationFailure, condition, defineUpdate, proxyActivities, setHandler } from '@temporalio/workflow';
import type { TopUpActivities, TopUpRecordInput } from '../activities/top-ups.ts';
import type { TopUpView } from '../src/db/views.ts';
import { retryProfiles } from '../src/domain/retry.ts';

export const createTopUpUpdate = defineUpdate<TopUpView>('createTopUp');

const { recordTopUp } = proxyActivities<TopUpActivities>({
  startToCloseTimeout: retryProfiles.database.startToCloseTimeout,
  retry: { ...retryProfiles.database.retry },
});

export async function topUpWorkflow(input: TopUpRecordInput): Promise<TopUpView> {
  let outcome: { ok: true; view: TopUpView } | { ok: false; error: unknown } | undefined;
  let recording: Promise<TopUpView> | undefined;
  // Every update (a repeat request joins the running workflow) awaits the same single recording.
  setHandler(createTopUpUpdate, async () => {
    recording ??= recordTopUp(input).then(
      (view) => ((outcome = { ok: true, view }), view),
      (error: unknown) => {
        outcome = { ok: false, error };
        throw error;
      },
    );
    return recording;
  });
  await condition(() => outcome !== undefined);
  if (!outcome!.ok) {
    // Ending as failed leaves the key free (ALLOW_DUPLICATE_FAILED_ONLY): nothing was created.
    throw ApplicationFailure.nonRetryable('top-up was refused', 'TopUpRefused');
  }
  return outcome!.view;
}
