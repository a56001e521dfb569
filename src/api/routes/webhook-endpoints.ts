// Webhook endpoints (create, read, list, delete), each endpoint's delivery log, and redelivery of an event.
// Deliveries themselves run in the worker: the outbox dispatcher starts one workflow per (event, endpoint).
import type Router from '@koa/router';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { wantsEvent } from '../../domain/webhooks.ts';
import { EventEntity, WebhookDeliveryEntity, WebhookEndpointEntity, type WebhookDelivery, type WebhookEndpoint } from '../../db/entities.ts';
import { webhookDeliveryView, webhookEndpointView } from '../../db/webhooks.ts';
import {
  createWebhookEndpointParams,
  listWebhookDeliveriesQuery,
  listWebhookEndpointsQuery,
  redeliverEventParams,
  type RedeliveryResponse,
  type WebhookDeliveryResponse,
  type WebhookEndpointResponse,
} from '../../contract/webhooks.ts';
import { parseParams } from '../../contract/validation.ts';
import { assertPublicDestination, DestinationRefusedError, urlProblem } from '../../webhooks/destination.ts';
import { generateSecret } from '../../webhooks/signing.ts';
import { type AppDeps, type ApiRouterContext, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { listPage } from '../pagination.ts';

const URL = '/v1/webhook_endpoints';
const noParams = z.strictObject({});

/** The caller's endpoint `id` (not deleted), or 404 naming `param`. */
async function findEndpoint(ctx: ApiRouterContext, id: string, param = 'id'): Promise<WebhookEndpoint> {
  const { accountId, mode } = authOf(ctx);
  const row = await ctx.state.em.findOne(WebhookEndpointEntity, { id, accountId, mode, deletedAt: null });
  if (!row) throw new ApiError('not_found', `No such webhook endpoint: '${id}'.`, param);
  return row;
}

export function webhookRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post(URL, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(createWebhookEndpointParams, ctx.state.body);
    const problem = urlProblem(params.url, mode === 'live');
    if (problem) throw new ApiError('invalid_request', `Invalid url: ${problem}.`, 'url');
    if (mode === 'live') {
      try {
        await assertPublicDestination(params.url);
      } catch (err) {
        if (err instanceof DestinationRefusedError) throw new ApiError('invalid_request', `Invalid url: ${err.message}.`, 'url');
        throw err;
      }
    }
    // created_at from the database clock, like the events' own: the dispatcher sends an endpoint the events
    // that happened after it was created, comparing the two.
    const id = newId('webhookEndpoint');
    await ctx.state.em.execute(
      `insert into webhook_endpoints (id, account_id, mode, url, description, enabled_events, secret)
       values (?, ?, ?, ?, ?, array(select jsonb_array_elements_text(?::jsonb)), ?)`,
      [id, accountId, mode, params.url, params.description ?? null, JSON.stringify([...new Set(params.enabled_events)]), generateSecret()],
    );
    const row = await ctx.state.em.findOneOrFail(WebhookEndpointEntity, { id });
    ctx.body = webhookEndpointView(row, { withSecret: true }) satisfies WebhookEndpointResponse;
  });

  router.get(URL, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const query = parseParams(listWebhookEndpointsQuery, ctx.state.query);
    ctx.body = await listPage<WebhookEndpoint, WebhookEndpointResponse>({
      em: ctx.state.em,
      entity: WebhookEndpointEntity,
      scope: { accountId, mode },
      filters: { deletedAt: null },
      params: query,
      url: URL,
      objectName: 'webhook_endpoint',
      view: (row) => webhookEndpointView(row),
    });
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
    // Every attempt checks the endpoint first, so its deliveries stop at their next attempt whatever
    // happens here; terminating them now just ends their waits in Temporal. Not awaited: an endpoint may
    // have thousands pending, and the answer does not depend on it.
    void deps.temporal.stopWebhookDeliveries(row.id).catch((err: unknown) => {
      deps.logger.warn({ err, endpointId: row.id }, "could not terminate the deleted endpoint's deliveries; they stop at their next attempt");
    });
    ctx.body = { id: row.id, object: 'webhook_endpoint', mode: row.mode, deleted: true };
  });

  router.get(`${URL}/:id/deliveries`, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const query = parseParams(listWebhookDeliveriesQuery, ctx.state.query);
    const endpoint = await findEndpoint(ctx, ctx.params.id);
    ctx.body = await listPage<WebhookDelivery, WebhookDeliveryResponse>({
      em: ctx.state.em,
      entity: WebhookDeliveryEntity,
      scope: { accountId, mode },
      filters: { endpointId: endpoint.id, eventId: query.event_id },
      params: query,
      url: `${URL}/${endpoint.id}/deliveries`,
      objectName: 'webhook_delivery',
      view: webhookDeliveryView,
    });
  });

  router.post('/v1/events/:id/redeliver', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(redeliverEventParams, ctx.state.body);
    const event = await ctx.state.em.findOne(EventEntity, { id: ctx.params.id, accountId, mode });
    if (!event) throw new ApiError('not_found', `No such event: '${ctx.params.id}'.`, 'id');
    let endpointIds: string[];
    if (params.endpoint_id) {
      endpointIds = [(await findEndpoint(ctx, params.endpoint_id, 'endpoint_id')).id];
    } else {
      const endpoints = await ctx.state.em.find(WebhookEndpointEntity, { accountId, mode, deletedAt: null }, { orderBy: { id: 'asc' } });
      endpointIds = endpoints.filter((e) => wantsEvent(e.enabledEvents, event.type)).map((e) => e.id);
    }
    await deps.temporal.redeliverEvent({ accountId, mode, eventId: event.id, endpointIds, idempotencyKey: idempotencyKeyOf(ctx) });
    ctx.body = { object: 'event_redelivery', event_id: event.id, endpoint_ids: endpointIds } satisfies RedeliveryResponse;
  });
}
