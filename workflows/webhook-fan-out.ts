// First attempts of a batch of outbox events (id webhook-batch/{first_event_id}/{last_event_id}), started by
// the dispatcher: one activity attempts every (event, endpoint) pair of the batch at once and records them
// all; each pair that failed becomes its own retrying workflow, webhook/{event_id}/{endpoint_id}[/variant],
// which goes on with the backoff schedule from the first attempt. So the healthy path costs one workflow
// per batch, not one per delivery, and a slow or dead receiver holds up nobody else's retries. An activity
// cut off by a crash is retried: pairs it had delivered are not sent again once recorded; ones in flight
// may reach their receiver twice, with the same webhook-id (the contract allows duplicates). Orchestration only.
import { ParentClosePolicy, startChild } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { WebhookActivities } from '../activities/webhooks.ts';
import type { Mode } from '../src/domain/modes.ts';
import { webhookDeliveryAttributes } from '../src/domain/search-attributes.ts';
import { webhookBatchSteps } from './proxies.ts';
import { type WebhookRetrySchedule, webhookDeliveryWorkflow } from './webhook-delivery.ts';

export interface WebhookFanOutInput {
  eventIds: string[];
  retry: WebhookRetrySchedule;
  /** Longest one attempt may take, database included (the HTTP limit plus slack). */
  attemptTimeoutMs: number;
}

export interface WebhookFanOutResult {
  attempted: number;
  retrying: number;
}

export async function webhookFanOutWorkflow(input: WebhookFanOutInput): Promise<WebhookFanOutResult> {
  // Every attempt of the batch runs at once, so the activity takes about the slowest receiver's time.
  const { deliverEventBatch } = webhookBatchSteps<WebhookActivities>(input.attemptTimeoutMs);
  const { attempted, failed } = await deliverEventBatch({ eventIds: input.eventIds });
  await Promise.all(
    failed.map(async (pair) => {
      try {
        await startChild(webhookDeliveryWorkflow, {
          workflowId: pair.workflowId,
          args: [
            {
              eventId: pair.eventId,
              endpointId: pair.endpointId,
              retry: input.retry,
              attemptTimeoutMs: input.attemptTimeoutMs,
              earlier: { attempts: 1, firstAttemptAt: pair.firstAttemptAt },
            },
          ],
          // The retries outlive this workflow, which ends once they are started.
          parentClosePolicy: ParentClosePolicy.ABANDON,
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          typedSearchAttributes: webhookDeliveryAttributes(pair.accountId, pair.mode as Mode, pair.eventId, pair.endpointId),
          staticSummary: `Webhook ${pair.eventId} to ${pair.endpointId}${pair.variant ? ` (${pair.variant})` : ''}: retrying`,
        });
      } catch (err) {
        // Started by an earlier run of this batch (a dispatcher that claimed the same events twice).
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    }),
  );
  return { attempted, retrying: failed.length };
}
