// The low-balance queue of an account and mode (docs/api.md, "Payouts that wait"): woken when a payout joins it,
// when the balance grows (a top-up), when a queued payout leaves it (its expiry, a cancel), and every minute while
// payouts wait (a backstop for increases that do not wake it: a settlement, a payout's money coming back). Each wake
// reserves the covered head in one transaction (releasePayoutQueue) and then wakes the released payouts' workflows,
// which send them. It ends when nothing waits; the next payout to join starts it again. Orchestration only.
import {
  ParentClosePolicy,
  condition,
  continueAsNew,
  defineSignal,
  getExternalWorkflowHandle,
  setHandler,
  startChild,
} from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { PayoutActivities, PayoutQueueRef } from '../activities/payouts.ts';
import { baseSearchAttributes } from '../src/domain/search-attributes.ts';
import { payoutQueueWorkflowId } from '../src/domain/child-workflow-ids.ts';
import { databaseSteps } from './proxies.ts';

/** Something may have freed money for the queue (or joined it): look at its head again now. */
export const wakePayoutQueueSignal = defineSignal('wakePayoutQueue');
/** The queue reserved this payout's money: it goes on. */
export const payoutReleasedSignal = defineSignal('payoutReleased');

const db = databaseSteps<PayoutActivities>();
const BACKSTOP_MS = 60_000;
/** The workflow id suffix of a batch item's payout workflow when its key's own was taken (workflows/payout-batch.ts). */
export const RELEASED_ITEM_SUFFIX = '/released';
/** Wakes handled by one run before it continues as new (each costs a few history events per released payout). */
const WAKES_PER_RUN = 200;

export async function payoutQueueWorkflow(queue: PayoutQueueRef): Promise<void> {
  let wakes = 0;
  setHandler(wakePayoutQueueSignal, () => {
    wakes++;
  });
  for (let run = 0; run < WAKES_PER_RUN; run++) {
    const seen = wakes;
    const { released, waiting } = await db.releasePayoutQueue(queue);
    await Promise.all(
      released.map((p) =>
        getExternalWorkflowHandle(p.workflowId)
          .signal(payoutReleasedSignal)
          // A batch's item whose key's workflow ran for something else runs under the batch's second id.
          .catch(() => getExternalWorkflowHandle(`${p.workflowId}${RELEASED_ITEM_SUFFIX}`).signal(payoutReleasedSignal))
          // Its workflow is gone (terminated by an operator): the payout is initiated, its money reserved; what
          // follows an initiated payout without a workflow (a batch restart, the reconciliation) is another's job.
          .catch(() => undefined),
      ),
    );
    if (released.length > 0 && waiting > 0) continue; // a full page went: look again at once
    if (waiting === 0 && wakes === seen) return;
    await condition(() => wakes > seen, BACKSTOP_MS);
  }
  await continueAsNew<typeof payoutQueueWorkflow>(queue);
}

/**
 * Wakes the account's queue, starting it when it is not running (a child left running on its own). Called from
 * workflows: a payout that joins or leaves the queue, a top-up.
 */
export async function wakePayoutQueue(queue: PayoutQueueRef): Promise<void> {
  const workflowId = payoutQueueWorkflowId(queue.accountId, queue.mode);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await startChild(payoutQueueWorkflow, {
        workflowId,
        args: [queue],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        typedSearchAttributes: baseSearchAttributes(queue.accountId, queue.mode, workflowId),
      });
      return;
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
    try {
      await getExternalWorkflowHandle(workflowId).signal(wakePayoutQueueSignal);
      return;
    } catch {
      // It ended between the two: start it again.
    }
  }
}
