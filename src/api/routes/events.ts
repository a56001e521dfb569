// Events: GET /v1/events and GET /v1/events/:id read the outbox (written with every change).
import type Router from '@koa/router';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { EventEntity, type Event } from '../../db/entities.ts';
import { eventView } from '../../db/views.ts';
import { listEventsQuery, type EventResponse } from '../../contract/events.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf } from '../context.ts';
import { listPage } from '../pagination.ts';

const noParams = z.strictObject({});

export function eventRoutes(router: Router<ApiState>, _deps: AppDeps): void {
  router.get('/v1/events', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const query = parseParams(listEventsQuery, ctx.state.query);
    ctx.body = await listPage<Event, EventResponse>({
      em: ctx.state.em,
      entity: EventEntity,
      scope: { accountId, mode },
      filters: { type: query.type },
      params: query,
      url: '/v1/events',
      objectName: 'event',
      view: eventView,
    });
  });

  router.get('/v1/events/:id', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    parseParams(noParams, ctx.state.query);
    const row = await ctx.state.em.findOne(EventEntity, { id: ctx.params.id, accountId, mode });
    if (!row) throw new ApiError('not_found', `No such event: '${ctx.params.id}'.`, 'id');
    ctx.body = eventView(row) satisfies EventResponse;
  });
}
