// Payout batches through the gateway: the batch's workflow is started once its items are stored, and an
// operator may restart one whose run failed (`payctl batches restart`).
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import type { Mode } from '../../domain/modes.ts';
import { payoutBatchWorkflowId } from '../../domain/workflow-ids.ts';
import { payoutBatchWaitUpdate, payoutBatchWorkflow } from '../../../workflows/payout-batch.ts';
import { ApiError } from '../../domain/errors.ts';
import type { PayoutWaitAction } from '../../../activities/payouts.ts';
import type { PayoutBatchResponse } from '../../contract/payout-batches.ts';
import { classify, isClosed, startOptions, type Mechanism, type Subject } from './mechanism.ts';

export interface StartPayoutBatchInput {
  batchId: string;
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
  /** The batch waits as a whole (pending_approval, scheduled): its workflow waits before it hands out any item. */
  waits?: boolean;
}

export interface PayoutBatchGateway {
  /** Starts (or joins) the batch workflow of a stored batch; returns at once. */
  startPayoutBatch(input: StartPayoutBatchInput): Promise<void>;
  /**
   * An operator's restart of a batch whose workflow failed, was terminated or timed out (`payctl batches
   * restart`): a new run under the same id. Settled items are skipped and joined items stay joined, so no
   * item is paid twice. A running workflow is left alone; a completed one never runs again.
   */
  restartPayoutBatch(input: StartPayoutBatchInput): Promise<'restarted' | 'running' | 'completed'>;
  /** An approval, rejection or cancel of a waiting batch, or the sandbox's advance, through its workflow (409 when it no longer waits). */
  payoutBatchWaitAction(batch: StartPayoutBatchInput, action: PayoutWaitAction): Promise<PayoutBatchResponse>;
}

export function payoutBatchGateway(m: Mechanism): PayoutBatchGateway {
  return {
    async startPayoutBatch(input) {
      try {
        await m.startOnce(payoutBatchWorkflow, payoutBatchWorkflowId(input.accountId, input.mode, input.idempotencyKey), ...batchStart(m, input));
      } catch (err) {
        throw classify(err, 'payout batch');
      }
    },
    restartPayoutBatch: (input) => restartPayoutBatch(m, input),
    async payoutBatchWaitAction(batch, action) {
      try {
        return await m.updateRunning(payoutBatchWorkflowId(batch.accountId, batch.mode, batch.idempotencyKey), payoutBatchWaitUpdate, [action]);
      } catch (err) {
        if (isClosed(err)) throw new ApiError('invalid_state', 'This payout batch does not wait any more.');
        throw classify(err, 'payout batch wait');
      }
    },
  };
}

/** The arguments and subject of a batch's workflow. */
function batchStart(m: Mechanism, input: StartPayoutBatchInput): [Parameters<typeof payoutBatchWorkflow>, Subject] {
  return [
    [{ batchId: input.batchId, accountId: input.accountId, mode: input.mode, window: m.settings.batchWindow, ...(input.waits ? { waits: true } : {}) }],
    { ...input, resourceId: input.batchId, batchId: input.batchId, summary: `Payout batch ${input.batchId}` },
  ];
}

async function restartPayoutBatch(m: Mechanism, input: StartPayoutBatchInput): Promise<'restarted' | 'running' | 'completed'> {
  const workflowId = payoutBatchWorkflowId(input.accountId, input.mode, input.idempotencyKey);
  const status = await m
    .workflowById(workflowId)
    .describe()
    .then((d) => d.status.name)
    .catch((err: unknown) => {
      if (err instanceof WorkflowNotFoundError) return 'NEVER_STARTED'; // its start failed: start it now
      throw classify(err, 'payout batch restart');
    });
  if (status === 'RUNNING') return 'running';
  if (status === 'COMPLETED') return 'completed';
  const [args, subject] = batchStart(m, input);
  try {
    await m.client.workflow.start(payoutBatchWorkflow, {
      workflowId,
      taskQueue: m.settings.taskQueue,
      args,
      workflowIdConflictPolicy: 'USE_EXISTING',
      // Only a run that failed, was terminated, cancelled or timed out may be followed by another.
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
      ...startOptions(subject),
    });
    return 'restarted';
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return 'running';
    throw classify(err, 'payout batch restart');
  }
}
