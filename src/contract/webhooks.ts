// Webhook endpoints, their delivery log, and redelivery (docs/api.md, Webhooks and events).
import { z } from 'zod';
import { enabledEventProblem, eventResources, eventTypes } from '../domain/webhooks.ts';
import { descriptionParam, listParams, listSchema, modeSchema } from './common.ts';
import { eventIdPath } from './events.ts';
import { type Paths, idPath, readOperation, resourceOperations, writeOperation } from './openapi-operations.ts';

export const URL_MAX = 2048;
export const ENABLED_EVENTS_MAX = 50;
/** Webhook endpoints an account may have in each mode. */
export const MAX_ENDPOINTS_PER_ACCOUNT_AND_MODE = 16;

const enabledEventEntry = z
  .string()
  .min(1)
  .max(64)
  .superRefine((value, ctx) => {
    const problem = enabledEventProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  // The entries there are: every event type, each resource's wildcard, and `*`.
  .meta({ override: { enum: ['*', ...eventResources.map((r) => `${r}.*`), ...eventTypes] } });

export const createWebhookEndpointParams = z.strictObject({
  url: z
    .string()
    .min(1)
    .max(URL_MAX)
    .meta({
      override: { format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' },
      description:
        'Where deliveries are POSTed. Live endpoints must be `https` and must not resolve to a loopback, link-local or private address ' +
        '(checked now and again at every delivery). Sandbox endpoints may be `http` and local. The host must resolve when the endpoint is created, ' +
        `and an account has at most ${MAX_ENDPOINTS_PER_ACCOUNT_AND_MODE} endpoints in each mode: otherwise 400 naming \`url\`.`,
      example: 'https://example.com/webhooks/paygate',
    }),
  enabled_events: z
    .array(enabledEventEntry)
    .min(1)
    .max(ENABLED_EVENTS_MAX)
    .meta({
      description: `Event types to receive (up to ${ENABLED_EVENTS_MAX}): exact types, \`<resource>.*\` wildcards such as \`payout.*\`, or \`*\` for all. Form: \`enabled_events[]=payout.*\`.`,
      example: ['payout.*', 'payment.captured'],
    }),
  description: descriptionParam,
});
export type CreateWebhookEndpointParams = z.output<typeof createWebhookEndpointParams>;

export const webhookEndpointSchema = z
  .object({
    id: z.string().meta({ example: 'we_01JD3Y8X4W0000000000000000' }),
    object: z.literal('webhook_endpoint'),
    mode: modeSchema,
    url: z.string(),
    description: z.string().nullable(),
    enabled_events: z.array(z.string()),
    status: z.literal('enabled'),
    created_at: z.int().meta({ description: 'Unix seconds.' }),
    secret: z
      .string()
      .optional()
      .meta({ description: 'The signing secret (`whsec_<base64>`); only in the answer to the creating POST. Keep it: it is never shown again.' }),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpointResponse = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = listSchema(webhookEndpointSchema, 'WebhookEndpointList');

export const deletedWebhookEndpointSchema = z
  .object({ id: z.string(), object: z.literal('webhook_endpoint'), mode: modeSchema, deleted: z.literal(true) })
  .meta({ id: 'DeletedWebhookEndpoint' });

export const listWebhookEndpointsQuery = z.strictObject({ ...listParams });

export const webhookDeliverySchema = z
  .object({
    id: z.string().meta({ example: 'dlv_01JD3Y8X4W0000000000000000' }),
    object: z.literal('webhook_delivery'),
    mode: modeSchema,
    event_id: z.string(),
    endpoint_id: z.string(),
    attempt: z.int().meta({ description: 'Attempt number within this delivery, from 1; retries count up.' }),
    succeeded: z.boolean().meta({ description: 'True when the receiver answered 2xx within 10 seconds.' }),
    status_code: z.int().nullable().meta({ description: "The receiver's HTTP status, or null when no answer came." }),
    error: z.string().nullable().meta({ description: 'Why the attempt failed (timeout, connection refused, status), or null.' }),
    duration_ms: z.int(),
    delivery: z.enum(['event', 'duplicate', 'redeliver']).meta({ description: 'Which delivery this attempt belongs to: `event` (the first), `duplicate` (Sandbox-Simulate), or `redeliver`.' }),
    created_at: z.int().meta({ description: 'Unix seconds.' }),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDeliveryResponse = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = listSchema(webhookDeliverySchema, 'WebhookDeliveryList');

export const listWebhookDeliveriesQuery = z.strictObject({
  ...listParams,
  event_id: z.string().min(1).max(64).optional().meta({ description: 'Only attempts of this event.' }),
});

export const redeliverEventParams = z.strictObject({
  endpoint_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: 'Send to this endpoint only (whatever its enabled events). Default: every endpoint enabled for the event type.' }),
});

export const redeliverySchema = z
  .object({
    object: z.literal('event_redelivery'),
    event_id: z.string(),
    endpoint_ids: z.array(z.string()).meta({ description: 'The endpoints a new delivery was started for.' }),
  })
  .meta({ id: 'EventRedelivery' });
export type RedeliveryResponse = z.infer<typeof redeliverySchema>;

export const webhookEndpointIdPath = idPath('A webhook endpoint id (`we_...`).');

const tags = ['Webhooks'];
const endpoint = resourceOperations({
  noun: 'webhook endpoint',
  plural: 'webhook endpoints',
  tags,
  schema: webhookEndpointSchema,
  listSchema: webhookEndpointListSchema,
  idPath: webhookEndpointIdPath,
});

export const webhookPaths: Paths = {
  '/v1/events/{id}/redeliver': {
    post: writeOperation({
      operationId: 'redeliverEvent',
      summary: 'Send an event again (same webhook-id), to every endpoint enabled for its type or to one',
      tags: ['Events'],
      path: eventIdPath,
      body: redeliverEventParams,
      ok: ['The endpoints a new delivery was started for.', redeliverySchema],
    }),
  },
  '/v1/webhook_endpoints': {
    post: endpoint.create({
      summary: 'Register a webhook endpoint; the answer carries its signing secret, shown only this once',
      description:
        'Deliveries follow the Standard Webhooks specification: a POST of the event JSON with `webhook-id` (the event id, the same ' +
        'on every retry and duplicate), `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`). Any 2xx within ' +
        '10 s is success; anything else is retried with exponential backoff for 3 days. Live endpoints must be https and public.',
      body: createWebhookEndpointParams,
      ok: 'The endpoint, with `secret`.',
    }),
    get: endpoint.list('List webhook endpoints, newest first', listWebhookEndpointsQuery, 'A page of endpoints (without secrets).'),
  },
  '/v1/webhook_endpoints/{id}': {
    get: endpoint.retrieve('Retrieve a webhook endpoint (without its secret)', 'The endpoint.'),
    delete: readOperation({
      operationId: 'deleteWebhookEndpoint',
      summary: 'Delete a webhook endpoint; its pending deliveries stop',
      tags,
      path: webhookEndpointIdPath,
      ok: ['The deleted endpoint.', deletedWebhookEndpointSchema],
    }),
  },
  '/v1/webhook_endpoints/{id}/deliveries': {
    get: readOperation({
      operationId: 'listWebhookDeliveries',
      summary: "Every delivery attempt to this endpoint, newest first, with the receiver's status code",
      tags,
      path: webhookEndpointIdPath,
      query: listWebhookDeliveriesQuery,
      ok: ['A page of attempts.', webhookDeliveryListSchema],
    }),
  },
};
