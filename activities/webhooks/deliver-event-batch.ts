// The first attempts of a batch of outbox events, all at once; the pairs that failed are queued for retry
// workflows of their own.
import { Context } from '@temporalio/activity';
import { eventView } from '../../src/db/views.ts';
import { deliverableEvents, endpointsFor } from '../../src/db/event-dispatch.ts';
import { type DeliveryAttempt, deliveredAlready, queueDeliveryRetries, recordDeliveryAttempts } from '../../src/db/webhooks.ts';
import { runLimited } from '../../src/domain/concurrency.ts';
import { type DeliveryPair, type FailedDelivery, deliveryPairs } from '../../src/domain/webhooks.ts';
import { webhookDeliveryWorkflowId } from '../../src/domain/workflow-ids.ts';
import type { WebhookDeps } from './deliver-webhook.ts';

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

/**
 * The first attempt of every (event, endpoint) pair of a batch of outbox events, all at once (at most
 * PER_ENDPOINT_CONCURRENCY in flight per endpoint, none started after BATCH_START_BUDGET_MS), recorded in one statement under each pair's delivery workflow id (the
 * id its retries have), in the same transaction as the pairs that failed are queued for retry workflows of
 * their own (webhook_retry_queue; the workers' retry starters start them at a bounded rate, each held by
 * Temporal until its first retry is due). Pairs whose
 * endpoint was deleted meanwhile are skipped; pairs a cut-off earlier attempt of this activity already
 * delivered are not sent again. Answers how many were attempted and how many are retrying.
 */
export async function deliverEventBatch(deps: WebhookDeps, input: { eventIds: string[] }): Promise<{ attempted: number; retrying: number }> {
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
}
