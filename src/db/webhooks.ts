// Webhook endpoints and delivery attempts as callers see them, and storing a new endpoint.
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../domain/ids.ts';
import type { Mode } from '../domain/modes.ts';
import { WebhookEndpointEntity, type WebhookDelivery, type WebhookEndpoint } from './entities.ts';
import { unixSeconds } from './views.ts';

export interface WebhookEndpointView {
  id: string;
  object: 'webhook_endpoint';
  mode: Mode;
  url: string;
  description: string | null;
  enabled_events: string[];
  status: 'enabled';
  created_at: number;
  /** Only in the answer to the creating POST. */
  secret?: string;
}

export function webhookEndpointView(row: WebhookEndpoint, options: { withSecret?: boolean } = {}): WebhookEndpointView {
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

export interface WebhookDeliveryView {
  id: string;
  object: 'webhook_delivery';
  mode: Mode;
  event_id: string;
  endpoint_id: string;
  attempt: number;
  succeeded: boolean;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  delivery: 'event' | 'duplicate' | 'redeliver';
  created_at: number;
}

/** Which delivery workflow an attempt belongs to, from its id (webhook/{event}/{endpoint}[/variant]). */
function deliveryKind(workflowId: string): WebhookDeliveryView['delivery'] {
  const variant = workflowId.split('/')[3];
  return variant === 'duplicate' ? 'duplicate' : variant === 'redeliver' ? 'redeliver' : 'event';
}

export function webhookDeliveryView(row: WebhookDelivery): WebhookDeliveryView {
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
