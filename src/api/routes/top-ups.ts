// Sandbox funding: POST /v1/test_helpers/top_ups (sandbox keys only) and reading top-ups back.
import type Router from '@koa/router';
import { ApiError } from '../../domain/errors.ts';
import { TopUpEntity } from '../../db/entities.ts';
import { topUpView } from '../../db/views.ts';
import { createTopUpParams, listTopUpsQuery, type TopUpResponse } from '../../contract/top-ups.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { readRoutes } from '../read-routes.ts';

export function topUpRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post('/v1/test_helpers/top_ups', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    if (mode !== 'sandbox') throw new ApiError('sandbox_only', 'Test helpers work with sandbox API keys only.');
    const params = parseParams(createTopUpParams, ctx.state.body);
    const topUp = await deps.temporal.createTopUp({
      accountId,
      mode,
      idempotencyKey: idempotencyKeyOf(ctx),
      amount: params.amount,
      currency: params.currency,
      description: params.description ?? null,
      metadata: params.metadata ?? {},
    });
    ctx.status = 200;
    ctx.body = topUp satisfies TopUpResponse;
  });

  readRoutes(router, {
    path: '/v1/top_ups',
    entity: TopUpEntity,
    objectName: 'top_up',
    listQuery: listTopUpsQuery,
    filters: (query) => ({ source: query.source }),
    view: (row) => topUpView(row) satisfies TopUpResponse,
  });
}
