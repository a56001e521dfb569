// One refund, from creation to processed or failed (workflows/lifecycle.ts). Started by POST /v1/refunds
// with Update-with-Start: the update answers once the refund is written and its amount reserved
// (`pending`); a refused refund fails the run before anything is created, so its key stays free. A live refund's
// calls to the provider are ordinary activities; the provider's webhook wakes its wait (wakeRefundSignal).
// Orchestration only.
import { allHandlersFinished, condition, defineSignal, defineUpdate, setHandler } from '@temporalio/workflow';
import type { RefundActivities, RefundRequest } from '../activities/refunds.ts';
import { refundLifecycle } from '../src/domain/refunds.ts';
import { created, followRail, once } from './lifecycle.ts';
import { databaseSteps, providerSteps, railSteps } from './proxies.ts';
import type { RefundResponse } from '../src/contract/refunds.ts';

export const createRefundUpdate = defineUpdate<RefundResponse>('createRefund');
/** A provider's webhook wrote the refund: look again now rather than at the next check. */
export const wakeRefundSignal = defineSignal('wakeRefund');

export interface RefundWorkflowInput {
  request: RefundRequest;
}

export interface RefundWorkflowResult {
  refundId: string;
  status: RefundResponse['status'];
}

const db = databaseSteps<RefundActivities>();
const rail = railSteps<RefundActivities>();
const provider = providerSteps<RefundActivities>();

export async function refundWorkflow(input: RefundWorkflowInput): Promise<RefundWorkflowResult> {
  const creation = once(() => db.createRefund(input.request));
  setHandler(createRefundUpdate, () => creation.run());
  let woken = false;
  setHandler(wakeRefundSignal, () => void (woken = true));

  let refund = await created(creation, 'refund');
  if (!refundLifecycle.isSettled(refund.status)) {
    const wake = { requested: () => woken, reset: () => (woken = false) };
    refund = await followRail(refund.id, { step: refund.mode === 'live' ? provider.stepLiveRefund : rail.stepRefund }, { wake });
  }
  await condition(allHandlersFinished);
  return { refundId: refund.id, status: refund.status };
}

/**
 * A refund the service made itself, already written `pending` (a late authorization's): handed to the provider and
 * followed like any live refund (`refund-follow/{refund_id}`).
 */
export async function refundFollowWorkflow(refundId: string): Promise<RefundWorkflowResult> {
  let woken = false;
  setHandler(wakeRefundSignal, () => void (woken = true));
  const refund = await followRail(refundId, { step: provider.stepLiveRefund }, { wake: { requested: () => woken, reset: () => (woken = false) } });
  return { refundId: refund.id, status: refund.status };
}
