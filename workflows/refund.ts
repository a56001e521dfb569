// One refund, from creation to processed or failed (workflows/lifecycle.ts). Started by POST /v1/refunds
// with Update-with-Start: the update answers once the refund is written and its amount reserved
// (`pending`); a refused refund fails the run before anything is created, so its key stays free.
// Orchestration only.
import { allHandlersFinished, condition, defineUpdate, setHandler } from '@temporalio/workflow';
import type { RefundActivities, RefundRequest } from '../activities/refunds.ts';
import { refundLifecycle } from '../src/domain/refunds.ts';
import { created, followRail, once } from './lifecycle.ts';
import { databaseSteps, railSteps } from './proxies.ts';
import type { RefundResponse } from '../src/contract/refunds.ts';

export const createRefundUpdate = defineUpdate<RefundResponse>('createRefund');

export interface RefundWorkflowInput {
  request: RefundRequest;
}

export interface RefundWorkflowResult {
  refundId: string;
  status: RefundResponse['status'];
}

const db = databaseSteps<RefundActivities>();
const rail = railSteps<RefundActivities>();

export async function refundWorkflow(input: RefundWorkflowInput): Promise<RefundWorkflowResult> {
  const creation = once(() => db.createRefund(input.request));
  setHandler(createRefundUpdate, () => creation.run());

  let refund = await created(creation, 'refund');
  if (!refundLifecycle.isSettled(refund.status)) {
    refund = await followRail(refund.id, { step: rail.stepRefund });
  }
  await condition(allHandlersFinished);
  return { refundId: refund.id, status: refund.status };
}
