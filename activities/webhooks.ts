// Webhook delivery attempts, each recorded in webhook_deliveries. First attempts go out in batches: one
// activity makes every (event, endpoint) attempt of a batch of outbox events at once and records them in
// one statement; a pair that failed gets a retry workflow of its own, whose activity makes one signed POST
// per attempt. Errors are classified here once: a failed attempt is retryable (Temporal's retry policy is
// the backoff, and a receiver that answers 4xx may be fixed tomorrow); only a deleted endpoint stops for good.
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ENDPOINT_DELETED, awaiting } from '../src/domain/failures.ts';
import { refuse } from './lifecycle.ts';
import { EventEntity, WebhookEndpointEntity } from '../src/db/entities.ts';
import { eventView } from '../src/db/views.ts';
import { deliverableEvents, endpointsFor } from '../src/db/event-dispatch.ts';
import { type DeliveryAttempt, deliveredAlready, hasDeliveryAttempt, queueDeliveryRetries, recordDeliveryAttempt, recordDeliveryAttempts } from '../src/db/webhooks.ts';
import { runLimited } from '../src/domain/concurrency.ts';
import { type DeliveryPair, type FailedDelivery, deliveryPairs } from '../src/domain/webhooks.ts';
import { webhookDeliveryWorkflowId } from '../src/domain/workflow-ids.ts';
import type { WebhookSender } from '../src/webhooks/sender.ts';

export interface DeliverWebhookInput {
  eventId: string;
  endpointId: string;
  /** The delivery workflow, so the log tells a retry from a duplicate or a redelivery. */
  workflowId: string;
  /** Attempts made before this workflow's (the batch's first attempt): the log numbers on from them. */
  earlierAttempts?: number;
}

/**
 * First attempts in flight at once per endpoint of a batch (connections are kept alive per destination by
 * the sender). Each endpoint has its own share, so a slow receiver only ever waits on itself.
 */
const PER_ENDPOINT_CONCURRENCY = 32;
/**
 * No first attempt starts later than this into the batch: with the receiver's time limit after it, the
 * activity ends well inside its startToCloseTimeout. Pairs left over are queued for workflows of their own,
 * like failed ones.
 */
const BATCH_START_BUDGET_MS = 20_000;

export function createWebhookActivities(deps: { orm: MikroORM; sender: WebhookSender }) {
  return {
    /** One attempt. Throws a retryable failure when the receiver did not answer 2xx in time. */
    async deliverWebhook(input: DeliverWebhookInput): Promise<{ attempt: number; statusCode: number | null }> {
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
    },

    /**
     * The first attempt of every (event, endpoint) pair of a batch of outbox events, all at once (at most
     * PER_ENDPOINT_CONCURRENCY in flight per endpoint, none started after BATCH_START_BUDGET_MS), recorded in one statement under each pair's delivery workflow id (the
     * id its retries have), in the same transaction as the pairs that failed are queued for retry workflows of
     * their own (webhook_retry_queue; the workers' retry starters start them at a bounded rate, each held by
     * Temporal until its first retry is due). Pairs whose
     * endpoint was deleted meanwhile are skipped; pairs a cut-off earlier attempt of this activity already
     * delivered are not sent again. Answers how many were attempted and how many are retrying.
     */
    async deliverEventBatch(input: { eventIds: string[] }): Promise<{ attempted: number; retrying: number }> {
      const em = deps.orm.em.fork();
      const rows = await deliverableEvents(em, input.eventIds);
      const endpoints = await endpointsFor(em, rows);
      const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
      const bodies = new Map(rows.map((row) => [row.id, JSON.stringify(eventView(row))]));
      const pairs = deliveryPairs(rows, endpoints);
      const idOf = (pair: DeliveryPair) => webhookDeliveryWorkflowId(pair.eventId, pair.endpointId, pair.variant);
      const delivered = await deliveredAlready(em, input.eventIds);
      const todo = pairs.filter((pair) => !delivered.has(idOf(pair)) && bodies.has(pair.eventId));
      const firstAttemptAt = Date.now();
      const attempts: DeliveryAttempt[] = [];
      const unattempted: DeliveryPair[] = [];
      const byEndpoint = new Map<string, DeliveryPair[]>();
      for (const pair of todo) byEndpoint.set(pair.endpointId, [...(byEndpoint.get(pair.endpointId) ?? []), pair]);
      const context = Context.current();
      // An ordinary activity (runs started before the fan-out became local) tells Temporal it is alive.
      const beat = setInterval(() => {
        if (!context.info.isLocal) context.heartbeat();
      }, 1000);
      const attempt = async (pair: DeliveryPair) => {
        if (Date.now() - firstAttemptAt > BATCH_START_BUDGET_MS) {
          unattempted.push(pair);
          return;
        }
        const endpoint = byId.get(pair.endpointId)!;
        const outcome = await deps.sender.send({
          url: endpoint.url,
          live: endpoint.mode === 'live',
          signing: { eventId: pair.eventId, endpointId: endpoint.id, storedSecret: endpoint.secret },
          body: bodies.get(pair.eventId)!,
        });
        attempts.push({
          accountId: pair.accountId,
          mode: endpoint.mode,
          eventId: pair.eventId,
          endpointId: pair.endpointId,
          workflowId: idOf(pair),
          attempt: 1,
          succeeded: outcome.ok,
          statusCode: outcome.statusCode,
          error: outcome.error,
          durationMs: outcome.durationMs,
        });
      };
      await Promise.all([...byEndpoint.values()].map((group) => runLimited(group, PER_ENDPOINT_CONCURRENCY, attempt))).finally(() => clearInterval(beat));
      const failedIds = new Set(attempts.filter((a) => !a.succeeded).map((a) => a.workflowId));
      const failed: FailedDelivery[] = [
        ...todo.filter((pair) => failedIds.has(idOf(pair))).map((pair) => ({ ...pair, workflowId: idOf(pair), firstAttemptAt })),
        ...unattempted.map((pair) => ({ ...pair, workflowId: idOf(pair), firstAttemptAt: null })),
      ];
      // The attempts and the retries they call for, together: the retry starters take them from the queue.
      await em.transactional(async (tx) => {
        await recordDeliveryAttempts(tx, attempts);
        await queueDeliveryRetries(tx, failed, Context.current().info.taskQueue);
      });
      return { attempted: attempts.length, retrying: failed.length };
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
