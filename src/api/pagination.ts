// Cursor pagination shared by every list endpoint (API.md, Conventions: Lists). Ids are
// `<prefix>_<ulid>`, so ordering by id is ordering by creation: newest first.
import type { EntityName, FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../domain/errors.ts';
import type { Mode } from '../domain/modes.ts';

export interface ListParams {
  limit: number;
  starting_after?: string;
  ending_before?: string;
}

export interface ListPage<V> {
  object: 'list';
  data: V[];
  has_more: boolean;
  url: string;
}

export interface ListOptions<Row extends { id: string }> {
  em: EntityManager;
  entity: EntityName<Row>;
  /** Every query is scoped to the caller's account and mode. */
  scope: { accountId: string; mode: Mode };
  /** Extra conditions from the endpoint's filters (`type`, `status`...); undefined values are ignored. */
  filters?: Record<string, unknown>;
  params: ListParams;
  /** The collection's path, e.g. `/v1/balance_transactions`. */
  url: string;
  /** The object name for "No such ..." messages, e.g. `balance_transaction`. */
  objectName: string;
}

/**
 * One page, newest first. `starting_after` pages towards older objects, `ending_before` towards newer
 * ones; `has_more` says whether more exist in that direction (as Stripe does). A cursor that is not an
 * object of this account and mode is a 400 naming the cursor parameter.
 */
export async function listPage<Row extends { id: string }>(options: ListOptions<Row>): Promise<ListPage<Row>> {
  const { em, entity, scope, params, url } = options;
  const filters = Object.fromEntries(Object.entries(options.filters ?? {}).filter(([, v]) => v !== undefined));
  if (params.starting_after && params.ending_before) {
    throw new ApiError('invalid_request', 'Use starting_after or ending_before, not both.', 'ending_before');
  }
  const cursorParam = params.starting_after ? 'starting_after' : params.ending_before ? 'ending_before' : undefined;
  const cursor = params.starting_after ?? params.ending_before;
  if (cursorParam && cursor) {
    const exists = await em.count(entity, { ...scope, id: cursor } as unknown as FilterQuery<Row>);
    if (exists === 0) throw new ApiError('invalid_request', `No such ${options.objectName}: '${cursor}'.`, cursorParam);
  }

  const where: Record<string, unknown> = { ...scope, ...filters };
  if (params.starting_after) where.id = { $lt: params.starting_after };
  if (params.ending_before) where.id = { $gt: params.ending_before };
  const ascending = Boolean(params.ending_before);
  const rows = await em.find(entity, where as FilterQuery<Row>, {
    orderBy: { id: ascending ? 'asc' : 'desc' } as never,
    limit: params.limit + 1,
  });
  const hasMore = rows.length > params.limit;
  const page = rows.slice(0, params.limit) as Row[];
  if (ascending) page.reverse();
  return { object: 'list', data: page, has_more: hasMore, url };
}
