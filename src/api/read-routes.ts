// The read side of every resource, written once: GET <path> (a list page with the resource's filters,
// `created[...]` and the cursors, docs/api.md Conventions: Lists) and GET <path>/:id, both scoped to the
// caller's account and mode, so an id of another account or mode is a 404 like an unknown one.
import type Router from '@koa/router';
import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { ApiError } from '../domain/errors.ts';
import type { Mode } from '../domain/modes.ts';
import { isStorableText, parseParams } from '../contract/validation.ts';
import { type ApiRouterContext, type ApiState, authOf } from './context.ts';
import { listPage, type ListParams } from './pagination.ts';

const noParams = z.strictObject({});

/** How the rows of a resource become what callers see: one by one, or a page at a time (payout batches count their items in one query). */
type Views<Row, V> = { view: (row: Row) => V; views?: never } | { views: (em: EntityManager, rows: readonly Row[]) => Promise<V[]>; view?: never };

export type ReadRoutes<Row extends { id: string }, Query extends ListParams, V> = {
  /** The collection's path, e.g. `/v1/payouts`; a `:name` in it is filled from the request in the page's `url`. */
  path: string;
  entity: EntityName<Row>;
  /** The name in "No such ..." messages (404 on GET by id, 400 on an unknown cursor), e.g. `payout`. */
  objectName: string;
  /** The list's query schema: the common list parameters and the resource's own filters. */
  listQuery: z.ZodType<Query>;
  /** Conditions from the resource's own filters (entity property names; undefined values are ignored). */
  filters?: (query: Query, ctx: ApiRouterContext) => Record<string, unknown> | Promise<Record<string, unknown>>;
} & Views<Row, V>;

function viewsOf<Row extends { id: string }, V>(spec: Views<Row, V>, em: EntityManager, rows: readonly Row[]): Promise<V[]> {
  return spec.views ? spec.views(em, rows) : Promise.resolve(rows.map(spec.view));
}

/** `/v1/webhook_endpoints/:id/deliveries` with the request's params → `/v1/webhook_endpoints/we_.../deliveries`. */
function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => params[name]);
}

/** The caller's `id` of this entity, or 404 naming `param` (also for an id of another account or mode). */
export async function findOwn<Row extends object>(
  ctx: { state: ApiState },
  entity: EntityName<Row>,
  objectName: string,
  id: string,
  options: { param?: string; where?: Record<string, unknown> } = {},
): Promise<Row> {
  return findOwnBy(ctx, objectName, id, options.param, (scope) => ctx.state.em.findOne(entity, { ...options.where, ...scope } as never) as Promise<Row | null>);
}

/** findOwn with a read of its own (`read` gets the id with the caller's account and mode): a hot path's plain read. */
async function findOwnBy<T>(
  ctx: { state: ApiState },
  objectName: string,
  id: string,
  param: string | undefined,
  read: (scope: { id: string; accountId: string; mode: Mode }) => Promise<T | null>,
): Promise<T> {
  const { accountId, mode } = authOf(ctx);
  // An id PostgreSQL could not even compare (a NUL in the path) names nothing.
  const row = isStorableText(id) ? await read({ id, accountId, mode }) : null;
  if (!row) throw new ApiError('not_found', `No such ${objectName}: '${id}'.`, param ?? 'id');
  return row;
}

/** GET <path>: one page, newest first, filtered by the resource's filters and `created[...]`. */
export function listRoute<Row extends { id: string }, Query extends ListParams, V>(router: Router<ApiState>, spec: ReadRoutes<Row, Query, V>): void {
  router.get(spec.path, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const query = parseParams(spec.listQuery, ctx.state.query);
    const page = await listPage({
      em: ctx.state.em,
      entity: spec.entity,
      scope: { accountId, mode },
      filters: await spec.filters?.(query, ctx),
      params: query,
      url: fillPath(spec.path, ctx.params),
      objectName: spec.objectName,
    });
    ctx.body = { ...page, data: await viewsOf(spec, ctx.state.em, page.data) };
  });
}

/** GET <path> and GET <path>/:id. */
export function readRoutes<Row extends { id: string }, Query extends ListParams, V>(router: Router<ApiState>, spec: ReadRoutes<Row, Query, V>): void {
  listRoute(router, spec);
  router.get(`${spec.path}/:id`, async (ctx) => {
    parseParams(noParams, ctx.state.query);
    const row = await findOwn(ctx, spec.entity, spec.objectName, ctx.params.id);
    ctx.body = (await viewsOf(spec, ctx.state.em, [row]))[0];
  });
}
