// One event to one endpoint (id webhook/{event_id}/{endpoint_id}[/variant]): the retries of a delivery
// whose first attempt, made with its batch (workflows/webhook-fan-out.ts), failed; or a whole delivery of
// its own (redelivery, sandbox out-of-order). The activity makes exactly one HTTP attempt and records it;
// Temporal's retry policy is the backoff schedule (initial interval, backoff 2, maximum interval, and a
// schedule-to-close window of three days by default: all from configuration, in the input, so a running
// delivery keeps the schedule it started with). Retries carry on the schedule where the first attempt left
// it. Orchestration only.
import { ActivityFailure, ApplicationFailure, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { WebhookActivities } from '../activities/webhooks.ts';
import { ENDPOINT_DELETED, retryProfiles } from '../src/domain/failures.ts';

export interface WebhookRetrySchedule {
  initialIntervalMs: number;
  maximumIntervalMs: number;
  backoffCoefficient: number;
  /** How long after the first attempt retries may still start. */
  windowMs: number;
}

export interface WebhookDeliveryInput {
  eventId: string;
  endpointId: string;
  retry: WebhookRetrySchedule;
  /** Longest one attempt may take, database included (the HTTP limit plus slack). */
  attemptTimeoutMs: number;
  /**
   * Sandbox out_of_order_webhooks: make the first attempt only once `eventId`'s first attempt to the same
   * endpoint is recorded (or `waitMs` has passed), so a receiver sees a resource's events newest first.
   */
  after?: { eventId: string; waitMs: number };
  /** Attempts already made elsewhere (the batch's first attempt): the schedule and the attempt numbers go on from them. */
  earlier?: { attempts: number; firstAttemptAt: number };
}

/** The gap before attempt n + 1 after n failed ones, on the backoff schedule. */
export function gapAfter(retry: WebhookRetrySchedule, failedAttempts: number): number {
  return Math.min(retry.initialIntervalMs * retry.backoffCoefficient ** (failedAttempts - 1), retry.maximumIntervalMs);
}

export interface WebhookDeliveryResult {
  delivered: boolean;
  /** `endpoint_deleted` when the endpoint went away before a success. */
  stoppedBecause?: 'endpoint_deleted';
  attempt?: number;
}

export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  if (input.after) {
    const { awaitFirstAttempt } = proxyActivities<WebhookActivities>({
      startToCloseTimeout: input.after.waitMs + 30_000,
      retry: { ...retryProfiles.database.retry },
    });
    await awaitFirstAttempt({ eventId: input.after.eventId, endpointId: input.endpointId, waitMs: input.after.waitMs });
  }

  // After earlier attempts: wait the gap the schedule says, and keep the window counted from the first attempt.
  const earlier = input.earlier?.attempts ?? 0;
  let windowMs = input.retry.windowMs;
  if (input.earlier) {
    // Usually started with a delay that already covers the gap (no timer then); otherwise wait the rest.
    const rest = gapAfter(input.retry, earlier) - (Date.now() - input.earlier.firstAttemptAt);
    if (rest > 0) await sleep(rest);
    windowMs = Math.max(input.retry.windowMs - (Date.now() - input.earlier.firstAttemptAt), input.attemptTimeoutMs);
  }
  const { deliverWebhook } = proxyActivities<WebhookActivities>({
    startToCloseTimeout: input.attemptTimeoutMs,
    scheduleToCloseTimeout: windowMs,
    retry: {
      initialInterval: earlier > 0 ? gapAfter(input.retry, earlier + 1) : input.retry.initialIntervalMs,
      backoffCoefficient: input.retry.backoffCoefficient,
      maximumInterval: input.retry.maximumIntervalMs,
      // No maximumAttempts: unlimited, the window (scheduleToCloseTimeout) decides.
      nonRetryableErrorTypes: [ENDPOINT_DELETED],
    },
  });
  try {
    const { attempt } = await deliverWebhook({ eventId: input.eventId, endpointId: input.endpointId, workflowId: workflowInfo().workflowId, earlierAttempts: earlier });
    return { delivered: true, attempt };
  } catch (err) {
    if (err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.type === ENDPOINT_DELETED) {
      return { delivered: false, stoppedBecause: 'endpoint_deleted' };
    }
    // Three days of failures: the run ends failed, visible as such in the Temporal UI.
    throw err;
  }
}
