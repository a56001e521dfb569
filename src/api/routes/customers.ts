// Customers: create, read, list, and POST /v1/customers/:id, which changes the fields given (as Stripe does).
import type Router from '@koa/router';
import { LockMode } from '@mikro-orm/core';
import { METADATA_MAX_KEYS } from '../../contract/common.ts';
import { ApiError } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { CustomerEntity } from '../../db/entities.ts';
import { customerView } from '../../db/views.ts';
import { createCustomerParams, listCustomersQuery, updateCustomerParams, type CustomerResponse } from '../../contract/customers.ts';
import { parseParams, isStorableText } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf } from '../context.ts';
import { readRoutes } from '../read-routes.ts';

const URL = '/v1/customers';

function notFound(id: string): ApiError {
  return new ApiError('not_found', `No such customer: '${id}'.`, 'id');
}

/** Stripe's metadata update: the keys given are set, a key given `''` is removed, the others stay. */
function mergeMetadata(current: Record<string, string>, update: Record<string, string>): Record<string, string> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  if (Object.keys(merged).length > METADATA_MAX_KEYS) {
    throw new ApiError('invalid_request', `Invalid metadata: must have at most ${METADATA_MAX_KEYS} keys after the update.`, 'metadata');
  }
  return merged;
}

export function customerRoutes(router: Router<ApiState>, _deps: AppDeps): void {
  router.post(URL, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(createCustomerParams, ctx.state.body);
    const em = ctx.state.em;
    const now = new Date();
    const row = em.create(CustomerEntity, {
      id: newId('customer'),
      accountId,
      mode,
      name: params.name,
      email: params.email,
      phone: params.phone,
      vpa: params.vpa ?? null,
      metadata: params.metadata ?? {},
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();
    ctx.status = 200;
    ctx.body = customerView(row) satisfies CustomerResponse;
  });

  readRoutes(router, {
    path: URL,
    entity: CustomerEntity,
    objectName: 'customer',
    listQuery: listCustomersQuery,
    filters: (query) => ({ email: query.email }),
    view: (row) => customerView(row) satisfies CustomerResponse,
  });

  router.post(`${URL}/:id`, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(updateCustomerParams, ctx.state.body);
    // Under a row lock, so that two concurrent metadata updates both land (neither merges into a stale copy).
    const row = await ctx.state.em.transactional(async (tx) => {
      const found = isStorableText(ctx.params.id)
        ? await tx.findOne(CustomerEntity, { id: ctx.params.id, accountId, mode }, { lockMode: LockMode.PESSIMISTIC_WRITE })
        : null;
      if (!found) throw notFound(ctx.params.id);
      if (params.name !== undefined) found.name = params.name;
      if (params.email !== undefined) found.email = params.email;
      if (params.phone !== undefined) found.phone = params.phone;
      if (params.vpa !== undefined) found.vpa = params.vpa;
      if (params.metadata !== undefined) found.metadata = mergeMetadata(found.metadata ?? {}, params.metadata);
      found.updatedAt = new Date();
      return found;
    });
    ctx.body = customerView(row) satisfies CustomerResponse;
  });
}
