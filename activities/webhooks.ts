// Webhook delivery attempts: one signed POST per activity attempt, each recorded in webhook_deliveries.
// Errors are classified here once: a failed attempt is retryable (Temporal's retry policy is the backoff,
// and a receiver that answers 4xx may be fixed tomorrow); only a deleted endpoint stops for good.
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ENDPOINT_DELETED, awaiting } from '../src/domain/failures.ts';
import { refuse } from './lifecycle.ts';
import { EventEntity, WebhookEndpointEntity } from '../src/db/entities.ts';
import { eventView } from '../src/db/views.ts';
import { hasDeliveryAttempt, recordDeliveryAttempt } from '../src/db/webhooks.ts';
import type { WebhookSender } from '../src/webhooks/sender.ts';

export interface DeliverWebhookInput {
  eventId: string;
  endpointId: string;
  /** The delivery workflow, so the log tells a retry from a duplicate or a redelivery. */
  workflowId: string;
}

export function createWebhookActivities(deps: { orm: MikroORM; sender: WebhookSender }) {
  return {
    /** One attempt. Throws a retryable failure when the receiver did not answer 2xx in time. */
    async deliverWebhook(input: DeliverWebhookInput): Promise<{ attempt: number; statusCode: number | null }> {
      const { attempt } = Context.current().info;
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
    },

    /**
     * Sandbox out_of_order_webhooks: waits until `eventId` has had a first attempt to this endpoint (any
     * outcome), or `waitMs` passed. A later event's delivery waits here, so the older one goes out after it.
     */
    async awaitFirstAttempt(input: { eventId: string; endpointId: string; waitMs: number }): Promise<boolean> {
      const ctx = Context.current();
      const deadline = Date.now() + input.waitMs;
      const em = deps.orm.em.fork();
      for (;;) {
        if (await hasDeliveryAttempt(em, input.eventId, input.endpointId)) return true;
        if (Date.now() >= deadline) return false;
        ctx.heartbeat();
        await ctx.sleep(100);
      }
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
