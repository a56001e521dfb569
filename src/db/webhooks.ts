// Webhook endpoints and delivery attempts as callers see them (the contract's response types), storing a new
// endpoint, and the delivery log the attempts write.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookDeliveryResponse, WebhookEndpointResponse } from '../contract/webhooks.ts';
import { newId } from '../domain/ids.ts';
import type { Mode } from '../domain/modes.ts';
import type { FailedDelivery } from '../domain/webhooks.ts';
import { WebhookEndpointEntity, type WebhookDelivery, type WebhookEndpoint } from './entities.ts';
import { endpointSecretContext, type SecretBox } from './sealed.ts';
import { unixSeconds } from './views.ts';

/** The secret (clear, as generated) is only in the answer to the creating POST; the row holds it sealed. */
export function webhookEndpointView(row: WebhookEndpoint, options: { secret?: string } = {}): WebhookEndpointResponse {
  return {
    id: row.id,
    object: 'webhook_endpoint',
    mode: row.mode,
    url: row.url,
    description: row.description ?? null,
    enabled_events: [...row.enabledEvents],
    status: 'enabled',
    created_at: unixSeconds(row.createdAt),
    ...(options.secret !== undefined ? { secret: options.secret } : {}),
  };
}

/** Which delivery workflow an attempt belongs to, from its id (webhook/{event}/{endpoint}[/variant]). */
function deliveryKind(workflowId: string): WebhookDeliveryResponse['delivery'] {
  const variant = workflowId.split('/')[3];
  return variant === 'duplicate' ? 'duplicate' : variant === 'redeliver' ? 'redeliver' : 'event';
}

export function webhookDeliveryView(row: WebhookDelivery): WebhookDeliveryResponse {
  return {
    id: row.id,
    object: 'webhook_delivery',
    mode: row.mode,
    event_id: row.eventId,
    endpoint_id: row.endpointId,
    attempt: row.attempt,
    succeeded: row.succeeded,
    status_code: row.statusCode ?? null,
    error: row.error ?? null,
    duration_ms: row.durationMs,
    delivery: deliveryKind(row.workflowId),
    created_at: unixSeconds(row.createdAt),
  };
}

export interface NewWebhookEndpoint {
  accountId: string;
  mode: Mode;
  url: string;
  description: string | null;
  enabledEvents: readonly string[];
  /** The clear secret; stored sealed. */
  secret: string;
}

/**
 * Stores a new endpoint (its secret sealed) with created_at from the database clock, like the events' own:
 * the dispatcher sends an endpoint the events that happened after it was created, comparing the two. At most
 * `limit` endpoints (not deleted) per account and mode: counted under a transaction lock on (account, mode), so
 * concurrent creations in any number of processes cannot pass it together. Undefined when the account is full.
 */
export async function insertWebhookEndpoint(
  em: EntityManager,
  endpoint: NewWebhookEndpoint,
  options: { secrets: SecretBox; limit: number },
): Promise<WebhookEndpoint | undefined> {
  const id = newId('webhookEndpoint');
  const inserted = await em.transactional(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(hashtext(?))`, [`webhook_endpoints/${endpoint.accountId}/${endpoint.mode}`]);
    const [{ n }] = await tx.execute<{ n: number }[]>(
      `select count(*)::int as n from webhook_endpoints where account_id = ? and mode = ? and deleted_at is null`,
      [endpoint.accountId, endpoint.mode],
    );
    if (n >= options.limit) return false;
    await tx.execute(
      `insert into webhook_endpoints (id, account_id, mode, url, description, enabled_events, secret)
       values (?, ?, ?, ?, ?, array(select jsonb_array_elements_text(?::jsonb)), ?)`,
      [
        id,
        endpoint.accountId,
        endpoint.mode,
        endpoint.url,
        endpoint.description,
        JSON.stringify([...new Set(endpoint.enabledEvents)]),
        options.secrets.seal(endpoint.secret, endpointSecretContext(id)),
      ],
    );
    return true;
  });
  return inserted ? em.findOneOrFail(WebhookEndpointEntity, { id }) : undefined;
}

/** One delivery attempt, as the delivery activity saw it. */
export interface DeliveryAttempt {
  accountId: string;
  mode: Mode;
  eventId: string;
  endpointId: string;
  /** The delivery workflow (webhook/{event}/{endpoint}[/variant]): tells a retry from a duplicate or a redelivery. */
  workflowId: string;
  attempt: number;
  succeeded: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** Appends one attempt to the delivery log (webhook_deliveries), whatever its outcome. */
export async function recordDeliveryAttempt(em: EntityManager, attempt: DeliveryAttempt): Promise<void> {
  await em.execute(
    `insert into webhook_deliveries (id, account_id, mode, event_id, endpoint_id, workflow_id, attempt, succeeded, status_code, error, duration_ms)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      newId('webhookDelivery'),
      attempt.accountId,
      attempt.mode,
      attempt.eventId,
      attempt.endpointId,
      attempt.workflowId,
      attempt.attempt,
      attempt.succeeded,
      attempt.statusCode,
      attempt.error,
      attempt.durationMs,
    ],
  );
}

/** Appends many attempts to the delivery log in one statement (a batch's first attempts). */
export async function recordDeliveryAttempts(em: EntityManager, attempts: readonly DeliveryAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  await em.execute(
    `insert into webhook_deliveries (id, account_id, mode, event_id, endpoint_id, workflow_id, attempt, succeeded, status_code, error, duration_ms)
     select id, account_id, mode, event_id, endpoint_id, workflow_id, attempt, succeeded, status_code, error, duration_ms
     from jsonb_to_recordset(?::jsonb) as a(id text, account_id text, mode text, event_id text, endpoint_id text, workflow_id text,
                                          attempt int, succeeded boolean, status_code int, error text, duration_ms int)`,
    [
      JSON.stringify(
        attempts.map((a) => ({
          id: newId('webhookDelivery'),
          account_id: a.accountId,
          mode: a.mode,
          event_id: a.eventId,
          endpoint_id: a.endpointId,
          workflow_id: a.workflowId,
          attempt: a.attempt,
          succeeded: a.succeeded,
          status_code: a.statusCode,
          error: a.error,
          duration_ms: a.durationMs,
        })),
      ),
    ],
  );
}

/** Which deliveries (by delivery workflow id) of these events already have a successful attempt in the log. */
export async function deliveredAlready(em: EntityManager, eventIds: readonly string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await em.execute<{ workflow_id: string }[]>(
    `select distinct workflow_id from webhook_deliveries where event_id in (select jsonb_array_elements_text(?::jsonb)) and succeeded`,
    [JSON.stringify(eventIds)],
  );
  return new Set(rows.map((r) => r.workflow_id));
}

/** True once the delivery log holds any attempt (any outcome) of this event to this endpoint. */
export async function hasDeliveryAttempt(em: EntityManager, eventId: string, endpointId: string): Promise<boolean> {
  const rows = await em.execute(`select 1 from webhook_deliveries where event_id = ? and endpoint_id = ? limit 1`, [eventId, endpointId]);
  return rows.length > 0;
}

/**
 * Queues the retry workflows of deliveries their batch did not complete (webhook_retry_queue), for the retry
 * starter of a worker on `taskQueue` (the fan-out's) to start at its own pace. A delivery already queued stays as it was (a batch retried after a
 * crash queues its failures again); one whose endpoint was deleted meanwhile is not queued.
 */
export async function queueDeliveryRetries(em: EntityManager, failed: readonly FailedDelivery[], taskQueue: string): Promise<void> {
  if (failed.length === 0) return;
  await em.execute(
    `insert into webhook_retry_queue (workflow_id, account_id, mode, event_id, endpoint_id, variant, first_attempt_at, task_queue)
     select q.workflow_id, q.account_id, q.mode, q.event_id, q.endpoint_id, q.variant,
            case when q.first_attempt_at is null then null else to_timestamp(q.first_attempt_at / 1000.0) end, ?
     from jsonb_to_recordset(?::jsonb) as q(workflow_id text, account_id text, mode text, event_id text, endpoint_id text, variant text, first_attempt_at bigint)
     join webhook_endpoints w on w.id = q.endpoint_id and w.deleted_at is null
     order by q.workflow_id
     on conflict (workflow_id) do nothing`,
    [
      taskQueue,
      JSON.stringify(
        failed.map((f) => ({
          workflow_id: f.workflowId,
          account_id: f.accountId,
          mode: f.mode,
          event_id: f.eventId,
          endpoint_id: f.endpointId,
          variant: f.variant ?? null,
          first_attempt_at: f.firstAttemptAt,
        })),
      ),
    ],
  );
}

/**
 * Takes up to `limit` queued retries of `taskQueue` (and ones queued before retries had one), oldest first, out of
 * the queue inside the caller's transaction: skipped
 * by other workers while it lasts, back in the queue if it rolls back (the starts failed). Those whose endpoint
 * has been deleted leave the queue without being returned: their workflow would only find it gone.
 * The rows are picked once, in a MATERIALIZED sub-statement: as `where workflow_id in (select … limit n for update
 * skip locked)` the planner may run the pick again for every row it deletes (a nested loop, chosen when the
 * statistics say the queue is nearly empty), each run skipping the rows already deleted, and take the whole queue.
 */
export async function takeQueuedRetries(tx: EntityManager, limit: number, taskQueue: string): Promise<{ due: FailedDelivery[]; taken: number }> {
  if (limit <= 0) return { due: [], taken: 0 };
  const rows = await tx.execute<
    { workflow_id: string; account_id: string; mode: Mode; event_id: string; endpoint_id: string; variant: 'duplicate' | null; first_attempt_ms: string | null; live: boolean }[]
  >(
    `with picked as materialized (
       select workflow_id from webhook_retry_queue where task_queue = ? or task_queue is null
       order by queued_at, workflow_id limit ? for update skip locked)
     delete from webhook_retry_queue q using picked where q.workflow_id = picked.workflow_id
     returning q.workflow_id, account_id, mode, event_id, endpoint_id, variant,
               floor(extract(epoch from first_attempt_at) * 1000)::bigint as first_attempt_ms,
               exists (select 1 from webhook_endpoints w where w.id = endpoint_id and w.deleted_at is null) as live`,
    [taskQueue, limit],
  );
  const due = rows.filter((r) => r.live).map((r) => ({
    workflowId: r.workflow_id,
    accountId: r.account_id,
    mode: r.mode,
    eventId: r.event_id,
    endpointId: r.endpoint_id,
    ...(r.variant ? { variant: r.variant } : {}),
    firstAttemptAt: r.first_attempt_ms === null ? null : Number(r.first_attempt_ms),
  }));
  return { due, taken: rows.length };
}

/** True when a queued retry has waited at least `ms` for its workflow. */
export async function hasOverdueRetries(em: EntityManager, ms: number, taskQueue: string): Promise<boolean> {
  const rows = await em.execute<{ overdue: boolean }[]>(
    `select exists (select 1 from webhook_retry_queue where (task_queue = ? or task_queue is null)
                      and queued_at <= clock_timestamp() - make_interval(secs => ? / 1000.0)) as overdue`,
    [taskQueue, ms],
  );
  return rows[0]?.overdue === true;
}

/** Drops the queued retries of a deleted endpoint: they would only find it gone. */
export async function dropQueuedRetries(em: EntityManager, endpointId: string): Promise<void> {
  await em.execute(`delete from webhook_retry_queue where endpoint_id = ?`, [endpointId]);
}
