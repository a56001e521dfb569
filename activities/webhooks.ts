// Webhook delivery attempts, each recorded in webhook_deliveries. First attempts go out in batches: one
// activity makes every (event, endpoint) attempt of a batch of outbox events at once and records them in
// one statement; a pair that failed gets a retry workflow of its own, whose activity makes one signed POST
// per attempt. Errors are classified here once: a failed attempt is retryable (Temporal's retry policy is
// the backoff, and a receiver that answers 4xx may be fixed tomorrow); only a deleted endpoint stops for good.
// One operation per file under activities/webhooks/.
import { awaitFirstAttempt } from './webhooks/await-first-attempt.ts';
import { deliverEventBatch } from './webhooks/deliver-event-batch.ts';
import { type DeliverWebhookInput, type WebhookDeps, deliverWebhook } from './webhooks/deliver-webhook.ts';

export type { DeliverWebhookInput } from './webhooks/deliver-webhook.ts';

export function createWebhookActivities(deps: WebhookDeps) {
  return {
    /** See deliverWebhook. */
    deliverWebhook: (input: DeliverWebhookInput) => deliverWebhook(deps, input),
    /** See deliverEventBatch. */
    deliverEventBatch: (input: { eventIds: string[] }) => deliverEventBatch(deps, input),
    /** See awaitFirstAttempt. */
    awaitFirstAttempt: (input: { eventId: string; endpointId: string; waitMs: number }) => awaitFirstAttempt(deps, input),
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
