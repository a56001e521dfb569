// Cursor pagination shared by every list endpoint (docs/api.md, Conventions: Lists). Ids are
// `<prefix>_<ulid>`, so ordering by id is ordering by creation: newest first.
import type { EntityName, FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../domain/errors.ts';
import type { Mode } from '../domain/modes.ts';
import { CREATED_MAX } from '../contract/common.ts';

export interface ListParams {
  limit: number;
  starting_after?: string;
  ending_before?: string;
  /** Bounds on the creation time, unix seconds (`created[gte]=...`). */
  created?: CreatedBounds;
}

export interface CreatedBounds {
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
}

/**
 * `created[...]` as a condition on createdAt. Callers see created_at in whole seconds (rounded down), so
 * `created[lte]=T` takes everything before T+1 and `created[gt]=T` everything from T+1 on. PostgreSQL
 * takes no date after year 9999 as the driver writes it, and nothing is created then: an upper bound past
 * it is no bound, a lower bound past it is one no row meets.
 */
function createdCondition(bounds: CreatedBounds | undefined): { $gte?: Date; $lt?: Date } | undefined {
  if (!bounds) return undefined;
  const from = Math.max(bounds.gte ?? 0, bounds.gt === undefined ? 0 : bounds.gt + 1);
  const until = Math.min(bounds.lt ?? Infinity, bounds.lte === undefined ? Infinity : bounds.lte + 1);
  if (from > CREATED_MAX) return { $lt: new Date(0) };
  const condition: { $gte?: Date; $lt?: Date } = {};
  if (from > 0) condition.$gte = new Date(from * 1000);
  if (until <= CREATED_MAX) condition.$lt = new Date(until * 1000);
  return condition.$gte || condition.$lt ? condition : undefined;
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
  const created = createdCondition(params.created);
  if (created) where.createdAt = created;
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
