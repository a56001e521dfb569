// Events: GET /v1/events and GET /v1/events/:id read the outbox (written with every change).
import type Router from '@koa/router';
import { EventEntity } from '../../db/entities.ts';
import { eventView } from '../../db/views.ts';
import { listEventsQuery, type EventResponse } from '../../contract/events.ts';
import type { AppDeps, ApiState } from '../context.ts';
import { readRoutes } from '../read-routes.ts';

export function eventRoutes(router: Router<ApiState>, _deps: AppDeps): void {
  readRoutes(router, {
    path: '/v1/events',
    entity: EventEntity,
    objectName: 'event',
    listQuery: listEventsQuery,
    filters: (query) => ({ type: query.type }),
    view: (row) => eventView(row) satisfies EventResponse,
  });
}
