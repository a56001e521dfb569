// Webhook endpoints and delivery attempts as callers see them (the contract's response types), storing a new
// endpoint, and the delivery log the attempts write.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookDeliveryResponse, WebhookEndpointResponse } from '../contract/webhooks.ts';
import { newId } from '../domain/ids.ts';
import type { Mode } from '../domain/modes.ts';
import { WebhookEndpointEntity, type WebhookDelivery, type WebhookEndpoint } from './entities.ts';
import { unixSeconds } from './views.ts';

/** The secret is only in the answer to the creating POST. */
export function webhookEndpointView(row: WebhookEndpoint, options: { withSecret?: boolean } = {}): WebhookEndpointResponse {
  return {
    id: row.id,
    object: 'webhook_endpoint',
    mode: row.mode,
    url: row.url,
    description: row.description ?? null,
    enabled_events: [...row.enabledEvents],
    status: 'enabled',
    created_at: unixSeconds(row.createdAt),
    ...(options.withSecret ? { secret: row.secret } : {}),
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
  secret: string;
}

/**
 * Stores a new endpoint with created_at from the database clock, like the events' own: the dispatcher
 * sends an endpoint the events that happened after it was created, comparing the two.
 */
export async function insertWebhookEndpoint(em: EntityManager, endpoint: NewWebhookEndpoint): Promise<WebhookEndpoint> {
  const id = newId('webhookEndpoint');
  await em.execute(
    `insert into webhook_endpoints (id, account_id, mode, url, description, enabled_events, secret)
     values (?, ?, ?, ?, ?, array(select jsonb_array_elements_text(?::jsonb)), ?)`,
    [id, endpoint.accountId, endpoint.mode, endpoint.url, endpoint.description, JSON.stringify([...new Set(endpoint.enabledEvents)]), endpoint.secret],
  );
  return em.findOneOrFail(WebhookEndpointEntity, { id });
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

/** True once the delivery log holds any attempt (any outcome) of this event to this endpoint. */
export async function hasDeliveryAttempt(em: EntityManager, eventId: string, endpointId: string): Promise<boolean> {
  const rows = await em.execute(`select 1 from webhook_deliveries where event_id = ? and endpoint_id = ? limit 1`, [eventId, endpointId]);
  return rows.length > 0;
}
