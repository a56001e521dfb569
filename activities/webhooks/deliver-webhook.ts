// One delivery attempt of one event to one endpoint (a retry workflow's activity): a signed POST, recorded.
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ENDPOINT_DELETED, awaiting } from '../../src/domain/failures.ts';
import { EventEntity, WebhookEndpointEntity } from '../../src/db/entities.ts';
import { eventView } from '../../src/db/views.ts';
import { recordDeliveryAttempt } from '../../src/db/webhooks.ts';
import type { WebhookSender } from '../../src/webhooks/sender.ts';
import { refuse } from '../lifecycle.ts';

export interface WebhookDeps {
  orm: MikroORM;
  sender: WebhookSender;
}

export interface DeliverWebhookInput {
  eventId: string;
  endpointId: string;
  /** The delivery workflow, so the log tells a retry from a duplicate or a redelivery. */
  workflowId: string;
  /** Attempts made before this workflow's (the batch's first attempt): the log numbers on from them. */
  earlierAttempts?: number;
}

/** One attempt. Throws a retryable failure when the receiver did not answer 2xx in time. */
export async function deliverWebhook(deps: WebhookDeps, input: DeliverWebhookInput): Promise<{ attempt: number; statusCode: number | null }> {
  const attempt = Context.current().info.attempt + (input.earlierAttempts ?? 0);
  const em = deps.orm.em.fork();
  const endpoint = await em.findOne(WebhookEndpointEntity, { id: input.endpointId });
  if (!endpoint || endpoint.deletedAt) {
    throw ApplicationFailure.nonRetryable(`webhook endpoint ${input.endpointId} was deleted`, ENDPOINT_DELETED);
  }
  const event = await em.findOne(EventEntity, { id: input.eventId });
  if (!event) throw refuse('NotFound', `event ${input.eventId} not found`);

  // The event as GET /v1/events/:id shows it; signed with this attempt's timestamp, same webhook-id always,
  // by the sender, which opens the endpoint's sealed secret only for that.
  const body = JSON.stringify(eventView(event));
  const outcome = await deps.sender.send({
    url: endpoint.url,
    live: endpoint.mode === 'live',
    signing: { eventId: event.id, endpointId: endpoint.id, storedSecret: endpoint.secret },
    body,
  });
  await recordDeliveryAttempt(em, {
    accountId: endpoint.accountId,
    mode: endpoint.mode,
    eventId: event.id,
    endpointId: endpoint.id,
    workflowId: input.workflowId,
    attempt,
    succeeded: outcome.ok,
    statusCode: outcome.statusCode,
    error: outcome.error,
    durationMs: outcome.durationMs,
  });
  if (!outcome.ok) throw ApplicationFailure.retryable(`attempt ${attempt} failed: ${outcome.error}`, awaiting.DeliveryFailed);
  return { attempt, statusCode: outcome.statusCode };
}
