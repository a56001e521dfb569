// One refund, from creation to processed or failed. Started by POST /v1/refunds with Update-with-Start:
// the update answers once the refund is written and its amount reserved (`pending`); a refused refund
// fails the run before anything is created, so its key stays free. Orchestration only.
import { ApplicationFailure, allHandlersFinished, condition, defineUpdate, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import type { RefundActivities, RefundRequest } from '../activities/refunds.ts';
import type { RefundView } from '../src/db/views.ts';
import { retryProfiles } from '../src/domain/retry.ts';

export const createRefundUpdate = defineUpdate<RefundView>('createRefund');

export interface RefundWorkflowInput {
  request: RefundRequest;
}

export interface RefundWorkflowResult {
  refundId: string;
  status: RefundView['status'];
}

const db = proxyActivities<RefundActivities>({
  startToCloseTimeout: retryProfiles.database.startToCloseTimeout,
  retry: { ...retryProfiles.database.retry },
});
const rail = proxyActivities<RefundActivities>({
  startToCloseTimeout: retryProfiles.rail.startToCloseTimeout,
  retry: { ...retryProfiles.rail.retry },
});

export async function refundWorkflow(input: RefundWorkflowInput): Promise<RefundWorkflowResult> {
  let creation: Promise<RefundView> | undefined;
  const create = () => (creation ??= db.createRefund(input.request));
  setHandler(createRefundUpdate, () => create());

  await condition(() => creation !== undefined);
  let refund: RefundView;
  try {
    refund = await creation!;
  } catch {
    throw ApplicationFailure.nonRetryable('refund refused', 'RefundRefused');
  }
  const refundId = refund.id;

  if (refund.status === 'pending') {
    await rail.submitRefund(refundId);
    for (;;) {
      const observed = await rail.observeRefund(refundId);
      const r = observed.rail;
      if (!r) {
        refund = observed.refund;
        break;
      }
      if (r.state === 'processing') {
        await sleep(r.checkAgainInMs);
        continue;
      }
      refund =
        r.state === 'processed'
          ? await db.transitionRefund({ refundId, to: 'processed', utr: r.utr })
          : await db.transitionRefund({ refundId, to: 'failed', failure: { code: r.code, message: r.message } });
      break;
    }
  }
  await condition(allHandlersFinished);
  return { refundId, status: refund.status };
}
