// Webhook deliveries through the gateway: the outbox dispatcher's fan-out of first attempts, a retry
// workflow per failed delivery, a single delivery (held groups, redelivery), and the stop of an endpoint's
// running deliveries when it is deleted.
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { runLimited } from '../../domain/concurrency.ts';
import type { Mode } from '../../domain/modes.ts';
import { baseSearchAttributes } from '../../domain/search-attributes.ts';
import type { FailedDelivery } from '../../domain/webhooks.ts';
import { keySegment, webhookDeliveryWorkflowId, webhookFanOutWorkflowId } from '../../domain/workflow-ids.ts';
import { gapAfter, webhookDeliveryWorkflow, type WebhookDeliveryInput } from '../../../workflows/webhook-delivery.ts';
import { webhookFanOutWorkflow } from '../../../workflows/webhook-fan-out.ts';
import { classify, startOptions, type Mechanism } from './mechanism.ts';

export interface RedeliverEventInput {
  accountId: string;
  mode: Mode;
  eventId: string;
  endpointIds: readonly string[];
  /** The request's idempotency key: a retried request reaches the same redelivery workflows. */
  idempotencyKey: string;
}

/** One delivery of an event to an endpoint, as the outbox dispatcher and redelivery ask for it. */
export interface DeliveryStart {
  accountId: string;
  mode: Mode;
  eventId: string;
  endpointId: string;
  /** `duplicate`, `redeliver/{key}`: a further delivery of the same pair (workflow-ids.ts). */
  variant?: string;
  /** Deliver only after this (newer) event's first attempt to the same endpoint. */
  after?: string;
}

export interface WebhookGateway {
  /** One delivery workflow; a running one is joined and a closed one never starts again. */
  startDelivery(start: DeliveryStart): Promise<void>;
  /**
   * The first attempts of a batch of one account's outbox events (ids in order), in one workflow that
   * queues a retry workflow per failed delivery (webhook_retry_queue). Starting the same batch twice reaches the same workflow.
   */
  startWebhookFanOut(batch: { accountId: string; mode: Mode; eventIds: readonly string[] }): Promise<void>;
  /** The retry workflows of deliveries whose first attempt failed, each held until its first retry is due. */
  startDeliveryRetries(failed: readonly FailedDelivery[]): Promise<void>;
  /** POST /v1/events/:id/redeliver: one more delivery workflow per endpoint. */
  redeliverEvent(input: RedeliverEventInput): Promise<void>;
  /** DELETE /v1/webhook_endpoints/:id: terminates the endpoint's running deliveries (each attempt also checks). */
  stopWebhookDeliveries(endpointId: string): Promise<void>;
}

/** The dispatcher and the retry starter take these functions alone, so none of them uses `this`. */
export function webhookGateway(m: Mechanism): WebhookGateway {
  const startDelivery: WebhookGateway['startDelivery'] = (start) => {
    const { webhooks } = m.settings;
    const input: WebhookDeliveryInput = {
      eventId: start.eventId,
      endpointId: start.endpointId,
      retry: webhooks.retry,
      attemptTimeoutMs: webhooks.timeoutMs + 20_000,
      ...(start.after ? { after: { eventId: start.after, waitMs: webhooks.outOfOrderWaitMs } } : {}),
    };
    return m.startOnce(webhookDeliveryWorkflow, webhookDeliveryWorkflowId(start.eventId, start.endpointId, start.variant), [input], {
      accountId: start.accountId,
      mode: start.mode,
      resourceId: start.eventId,
      endpointId: start.endpointId,
      summary: `Webhook ${start.eventId} to ${start.endpointId}${start.variant ? ` (${start.variant})` : ''}`,
    });
  };
  return {
    startDelivery,
    startWebhookFanOut: (batch) => startWebhookFanOut(m, batch),
    startDeliveryRetries: (failed) => startDeliveryRetries(m, failed),
    async redeliverEvent(input) {
      const variant = `redeliver/${keySegment(input.idempotencyKey)}`;
      try {
        await Promise.all(input.endpointIds.map((endpointId) => startDelivery({ accountId: input.accountId, mode: input.mode, eventId: input.eventId, endpointId, variant })));
      } catch (err) {
        throw classify(err, 'redelivery');
      }
    },
    stopWebhookDeliveries: (endpointId) => stopWebhookDeliveries(m, endpointId),
  };
}

async function startWebhookFanOut(m: Mechanism, batch: { accountId: string; mode: Mode; eventIds: readonly string[] }): Promise<void> {
  const first = batch.eventIds[0];
  const last = batch.eventIds[batch.eventIds.length - 1];
  try {
    await m.client.workflow.start(webhookFanOutWorkflow, {
      workflowId: webhookFanOutWorkflowId(first, last),
      taskQueue: m.settings.taskQueue,
      args: [{ eventIds: [...batch.eventIds], attemptTimeoutMs: m.settings.webhooks.timeoutMs + 20_000 }],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      typedSearchAttributes: baseSearchAttributes(batch.accountId, batch.mode),
      staticSummary: `Webhooks: first attempts of ${batch.eventIds.length} event(s), ${first}…${last}`,
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    throw err;
  }
}

async function startDeliveryRetries(m: Mechanism, failed: readonly FailedDelivery[]): Promise<void> {
  const { retry, timeoutMs } = m.settings.webhooks;
  await runLimited(failed, 16, async (pair) => {
    const input: WebhookDeliveryInput = {
      eventId: pair.eventId,
      endpointId: pair.endpointId,
      retry,
      attemptTimeoutMs: timeoutMs + 20_000,
      // A pair its batch never attempted starts from its first attempt, at once.
      ...(pair.firstAttemptAt !== null ? { earlier: { attempts: 1, firstAttemptAt: pair.firstAttemptAt } } : {}),
    };
    try {
      await m.client.workflow.start(webhookDeliveryWorkflow, {
        workflowId: pair.workflowId,
        taskQueue: m.settings.taskQueue,
        args: [input],
        // Nothing to do until the first retry is due: the server holds the start that long.
        ...(pair.firstAttemptAt !== null ? { startDelay: Math.max(1, gapAfter(retry, 1) - (Date.now() - pair.firstAttemptAt)) } : {}),
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        ...startOptions({
          accountId: pair.accountId,
          mode: pair.mode as Mode,
          resourceId: pair.eventId,
          endpointId: pair.endpointId,
          summary: `Webhook ${pair.eventId} to ${pair.endpointId}${pair.variant ? ` (${pair.variant})` : ''}${pair.firstAttemptAt !== null ? ': retrying' : ''}`,
        }),
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  });
}

async function stopWebhookDeliveries(m: Mechanism, endpointId: string): Promise<void> {
  // Found through visibility, which lags a little: each attempt also checks that the endpoint still exists.
  if (!/^we_[0-9A-Z]+$/.test(endpointId)) throw new Error(`not an endpoint id: ${endpointId}`);
  // EndpointId names the endpoint; deliveries started before that attribute existed had it as ResourceId.
  const query = `WorkflowType = 'webhookDeliveryWorkflow' AND (EndpointId = '${endpointId}' OR ResourceId = '${endpointId}') AND ExecutionStatus = 'Running'`;
  try {
    for await (const execution of m.client.workflow.list({ query })) {
      await m.client.workflow
        .getHandle(execution.workflowId, execution.runId)
        .terminate('webhook endpoint deleted')
        .catch((err: unknown) => {
          if (!(err instanceof WorkflowNotFoundError)) throw err; // already closed
        });
    }
  } catch (err) {
    throw classify(err, 'webhook endpoint deletion');
  }
}
