// Webhook endpoints (create, read, list, delete), each endpoint's delivery log, and redelivery of an event.
// Deliveries themselves run in the worker: the outbox dispatcher starts one workflow per (event, endpoint).
import type Router from '@koa/router';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { wantsEvent } from '../../domain/webhooks.ts';
import { EventEntity, WebhookDeliveryEntity, WebhookEndpointEntity, type WebhookEndpoint } from '../../db/entities.ts';
import { sharedRateLimiter } from '../../db/rate-limits.ts';
import { dropQueuedRetries, insertWebhookEndpoint, webhookDeliveryView, webhookEndpointView } from '../../db/webhooks.ts';
import {
  MAX_ENDPOINTS_PER_ACCOUNT_AND_MODE,
  createWebhookEndpointParams,
  listWebhookDeliveriesQuery,
  listWebhookEndpointsQuery,
  redeliverEventParams,
  type RedeliveryResponse,
  type WebhookDeliveryResponse,
  type WebhookEndpointResponse,
} from '../../contract/webhooks.ts';
import { parseParams } from '../../contract/validation.ts';
import { assertAllowedDestination, DestinationRefusedError, destinationRules } from '../../webhooks/destination.ts';
import { generateSecret } from '../../webhooks/signing.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { findOwn, listRoute } from '../read-routes.ts';

const URL = '/v1/webhook_endpoints';
/** docs/api.md, Rate limits: sends of one event by POST /v1/events/:id/redeliver in an hour. */
const REDELIVERIES_PER_HOUR = 10;
const noParams = z.strictObject({});
/** docs/api.md, Webhooks: at most 16 endpoints per account and mode (400, param url, beyond that). */

/** The caller's endpoint `id` (not deleted), or 404 naming `param`. */
function findEndpoint(ctx: { state: ApiState }, id: string, param = 'id'): Promise<WebhookEndpoint> {
  return findOwn(ctx, WebhookEndpointEntity, 'webhook endpoint', id, { param, where: { deletedAt: null } });
}

export function webhookRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post(URL, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(createWebhookEndpointParams, ctx.state.body);
    try {
      await assertAllowedDestination(params.url, destinationRules(mode === 'live', deps.config.WEBHOOK_ALLOW_PRIVATE_DESTINATIONS === true));
    } catch (err) {
      if (err instanceof DestinationRefusedError) throw new ApiError('invalid_request', `Invalid url: ${err.message}.`, 'url');
      throw err;
    }
    const secret = generateSecret();
    const row = await insertWebhookEndpoint(
      ctx.state.em,
      { accountId, mode, url: params.url, description: params.description ?? null, enabledEvents: params.enabled_events, secret },
      { secrets: deps.secrets, limit: MAX_ENDPOINTS_PER_ACCOUNT_AND_MODE },
    );
    if (!row) {
      throw new ApiError(
        'invalid_request',
        `An account may have at most ${MAX_ENDPOINTS_PER_ACCOUNT_AND_MODE} ${mode} webhook endpoints; delete one before adding another.`,
        'url',
      );
    }
    ctx.body = webhookEndpointView(row, { secret }) satisfies WebhookEndpointResponse;
  });

  listRoute(router, {
    path: URL,
    entity: WebhookEndpointEntity,
    objectName: 'webhook_endpoint',
    listQuery: listWebhookEndpointsQuery,
    filters: () => ({ deletedAt: null }),
    view: (row) => webhookEndpointView(row) satisfies WebhookEndpointResponse,
  });

  router.get(`${URL}/:id`, async (ctx) => {
    parseParams(noParams, ctx.state.query);
    ctx.body = webhookEndpointView(await findEndpoint(ctx, ctx.params.id)) satisfies WebhookEndpointResponse;
  });

  router.delete(`${URL}/:id`, async (ctx) => {
    parseParams(noParams, ctx.state.query);
    const row = await findEndpoint(ctx, ctx.params.id);
    // Conditional: of two concurrent deletes only one sets deleted_at; the other finds it gone (404 after).
    await ctx.state.em.nativeUpdate(WebhookEndpointEntity, { id: row.id, deletedAt: null }, { deletedAt: new Date() });
    // Retries not started yet would only find the endpoint gone.
    await dropQueuedRetries(ctx.state.em, row.id);
    // Every attempt checks the endpoint first, so its deliveries stop at their next attempt whatever
    // happens here; terminating them now just ends their waits in Temporal. Not awaited: an endpoint may
    // have thousands pending, and the answer does not depend on it.
    void deps.temporal.stopWebhookDeliveries(row.id).catch((err: unknown) => {
      deps.logger.warn({ err, endpointId: row.id }, "could not terminate the deleted endpoint's deliveries; they stop at their next attempt");
    });
    ctx.body = { id: row.id, object: 'webhook_endpoint', mode: row.mode, deleted: true };
  });

  listRoute(router, {
    path: `${URL}/:id/deliveries`,
    entity: WebhookDeliveryEntity,
    objectName: 'webhook_delivery',
    listQuery: listWebhookDeliveriesQuery,
    filters: async (query, ctx) => ({ endpointId: (await findEndpoint(ctx, ctx.params.id)).id, eventId: query.event_id }),
    view: (row) => webhookDeliveryView(row) satisfies WebhookDeliveryResponse,
  });

  redeliveryRoute(router, deps);
}

/** POST /v1/events/:id/redeliver: one more delivery of an event to each endpoint that wants it, or to the one named. */
function redeliveryRoute(router: Router<ApiState>, deps: AppDeps): void {
  // docs/api.md, Rate limits: one event is sent again at most 10 times an hour, counted in PostgreSQL (so across every API
  // process) per event. An idempotent replay is answered before this and costs nothing; a refused request (an unknown
  // endpoint) is refused before it counts, and a send that fails to start gives its count back.
  const redeliveries = sharedRateLimiter(deps.orm, { keyPrefix: 'redeliver', points: REDELIVERIES_PER_HOUR, duration: 3600, transientKeys: true });
  router.post('/v1/events/:id/redeliver', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(redeliverEventParams, ctx.state.body);
    const event = await findOwn(ctx, EventEntity, 'event', ctx.params.id);
    let endpointIds: string[];
    if (params.endpoint_id) {
      endpointIds = [(await findEndpoint(ctx, params.endpoint_id, 'endpoint_id')).id];
    } else {
      const endpoints = await ctx.state.em.find(WebhookEndpointEntity, { accountId, mode, deletedAt: null }, { orderBy: { id: 'asc' } });
      endpointIds = endpoints.filter((e) => wantsEvent(e.enabledEvents, event.type)).map((e) => e.id);
    }
    try {
      await redeliveries.consume(event.id);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw new ApiError('rate_limited', `Event '${event.id}' was sent again ${REDELIVERIES_PER_HOUR} times in the last hour, the most allowed. Retry after the time in Retry-After.`, undefined, {
        'Retry-After': String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))),
      });
    }
    try {
      await deps.temporal.redeliverEvent({ accountId, mode, eventId: event.id, endpointIds, idempotencyKey: idempotencyKeyOf(ctx) });
    } catch (err) {
      await redeliveries.reward(event.id).catch(() => undefined);
      throw err;
    }
    ctx.body = { object: 'event_redelivery', event_id: event.id, endpoint_ids: endpointIds } satisfies RedeliveryResponse;
  });
}
