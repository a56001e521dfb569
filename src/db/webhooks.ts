// Webhook endpoints and delivery attempts as callers see them.
import type { Mode } from '../domain/modes.ts';
import type { WebhookDelivery, WebhookEndpoint } from './entities.ts';
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
