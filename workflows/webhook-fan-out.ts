// First attempts of a batch of outbox events (id webhook-batch/{first_event_id}/{last_event_id}), started by
// the dispatcher: one activity attempts every (event, endpoint) pair of the batch at once, records them all
// and queues a retrying workflow webhook/{event_id}/{endpoint_id}[/variant] for each pair that failed (the
// workers' retry starters start them, src/temporal/worker/webhook-retry-starter.ts), which goes on with the
// backoff schedule from the first attempt. So the healthy path costs one workflow per batch,
// not one per delivery, and a slow or dead receiver holds up nobody else. An activity cut off by a crash is
// retried: pairs it had delivered are not sent again once recorded; ones in flight may reach their receiver
// twice, with the same webhook-id (the contract allows duplicates). Orchestration only.
import type { WebhookActivities } from '../activities/webhooks.ts';
import { webhookBatchSteps } from './proxies.ts';

export interface WebhookFanOutInput {
  eventIds: string[];
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
  return deliverEventBatch({ eventIds: input.eventIds });
}
