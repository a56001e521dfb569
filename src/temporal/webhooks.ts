// Starting and stopping webhook delivery workflows: used by the dispatcher (worker process) and by the
// API (redeliver, endpoint deletion) through the gateway.
import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { ApiError } from '../domain/errors.ts';
import type { Mode } from '../domain/modes.ts';
import { webhookDeliveryWorkflow, type WebhookDeliveryInput, type WebhookRetrySchedule } from '../../workflows/webhook-delivery.ts';
import type { TemporalGateway } from './gateway.ts';
import { keySegment, webhookDeliveryWorkflowId } from './ids.ts';
import { baseSearchAttributes } from './search-attributes.ts';

export interface WebhookDeliverySettings {
  taskQueue: string;
  retry: WebhookRetrySchedule;
  /** The receiver's time limit for one attempt (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** out_of_order_webhooks: how long a delivery waits for the newer event's first attempt. */
  outOfOrderWaitMs: number;
}

export interface DeliveryStart {
  accountId: string;
  mode: Mode;
  eventId: string;
  endpointId: string;
  /** `duplicate`, `redeliver/{key}`: a further delivery of the same pair (ids.ts). */
  variant?: string;
  /** Deliver only after this (newer) event's first attempt to the same endpoint. */
  after?: string;
}

/** The delivery settings from configuration. */
export function webhookDeliverySettings(config: {
  TEMPORAL_TASK_QUEUE: string;
  WEBHOOK_RETRY_INITIAL_MS: number;
  WEBHOOK_RETRY_MAX_MS: number;
  WEBHOOK_RETRY_BACKOFF: number;
  WEBHOOK_RETRY_WINDOW_MS: number;
  WEBHOOK_TIMEOUT_MS: number;
}): WebhookDeliverySettings {
  return {
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    retry: {
      initialIntervalMs: config.WEBHOOK_RETRY_INITIAL_MS,
      maximumIntervalMs: config.WEBHOOK_RETRY_MAX_MS,
      backoffCoefficient: config.WEBHOOK_RETRY_BACKOFF,
      windowMs: config.WEBHOOK_RETRY_WINDOW_MS,
    },
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    outOfOrderWaitMs: Math.max(60_000, 3 * config.WEBHOOK_TIMEOUT_MS),
  };
}

/**
 * Starts one delivery workflow. Idempotent: a running one is joined (USE_EXISTING) and a closed one is
 * never started again (REJECT_DUPLICATE), so the dispatcher may start the same pair twice after a crash.
 */
export async function startDelivery(client: Client, settings: WebhookDeliverySettings, start: DeliveryStart): Promise<void> {
  const input: WebhookDeliveryInput = {
    eventId: start.eventId,
    endpointId: start.endpointId,
    retry: settings.retry,
    attemptTimeoutMs: settings.timeoutMs + 20_000,
    ...(start.after ? { after: { eventId: start.after, waitMs: settings.outOfOrderWaitMs } } : {}),
  };
  try {
    await client.workflow.start(webhookDeliveryWorkflow, {
      workflowId: webhookDeliveryWorkflowId(start.eventId, start.endpointId, start.variant),
      taskQueue: settings.taskQueue,
      args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      // ResourceId is the endpoint: deleting it finds its running deliveries by this attribute.
      typedSearchAttributes: baseSearchAttributes(start.accountId, start.mode, start.endpointId),
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    throw err;
  }
}

/**
 * Terminates the endpoint's running deliveries (found through visibility, which lags a little). Each
 * attempt also checks that the endpoint still exists, so one missed here stops at its next attempt.
 */
export async function terminateEndpointDeliveries(client: Client, endpointId: string): Promise<number> {
  if (!/^we_[0-9A-Z]+$/.test(endpointId)) throw new Error(`not an endpoint id: ${endpointId}`);
  const query = `WorkflowType = 'webhookDeliveryWorkflow' AND ResourceId = '${endpointId}' AND ExecutionStatus = 'Running'`;
  let terminated = 0;
  for await (const execution of client.workflow.list({ query })) {
    try {
      await client.workflow.getHandle(execution.workflowId, execution.runId).terminate('webhook endpoint deleted');
      terminated++;
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err; // already closed
    }
  }
  return terminated;
}

function isUnavailable(err: unknown): boolean {
  const e = err as { code?: number; message?: string } | null;
  return e?.code === 14 || e?.code === 4 || /ECONNREFUSED|UNAVAILABLE|Failed to connect/i.test(e?.message ?? '');
}

/** The webhook part of the API's TemporalGateway. */
export function webhookGateway(client: Client, settings: WebhookDeliverySettings): Pick<TemporalGateway, 'redeliverEvent' | 'stopWebhookDeliveries'> {
  const unavailable = (err: unknown) =>
    isUnavailable(err) ? new ApiError('service_unavailable', 'Temporal is unreachable; retry later with the same Idempotency-Key.') : err;
  return {
    async redeliverEvent(input) {
      try {
        const variant = `redeliver/${keySegment(input.idempotencyKey)}`;
        await Promise.all(
          input.endpointIds.map((endpointId) =>
            startDelivery(client, settings, { accountId: input.accountId, mode: input.mode, eventId: input.eventId, endpointId, variant }),
          ),
        );
      } catch (err) {
        throw unavailable(err);
      }
    },
    async stopWebhookDeliveries(endpointId) {
      try {
        await terminateEndpointDeliveries(client, endpointId);
      } catch (err) {
        throw unavailable(err);
      }
    },
  };
}
