// Webhook endpoints and delivery attempts as callers see them (the contract's response types).
import type { WebhookDeliveryResponse, WebhookEndpointResponse } from '../contract/webhooks.ts';
import type { WebhookDelivery, WebhookEndpoint } from './entities.ts';
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
