// Sandbox funding: POST /v1/test_helpers/top_ups (sandbox keys only) and reading top-ups back.
import type Router from '@koa/router';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { TopUpEntity, type TopUp } from '../../db/entities.ts';
import { topUpView } from '../../db/views.ts';
import { createTopUpParams, listTopUpsQuery, type TopUpResponse } from '../../contract/top-ups.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { listPage } from '../pagination.ts';

const noParams = z.strictObject({});

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

  router.get('/v1/top_ups', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const query = parseParams(listTopUpsQuery, ctx.state.query);
    ctx.body = await listPage<TopUp, TopUpResponse>({
      em: ctx.state.em,
      entity: TopUpEntity,
      scope: { accountId, mode },
      params: query,
      url: '/v1/top_ups',
      objectName: 'top_up',
      view: topUpView,
    });
  });

  router.get('/v1/top_ups/:id', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    parseParams(noParams, ctx.state.query);
    const row = await ctx.state.em.findOne(TopUpEntity, { id: ctx.params.id, accountId, mode });
    if (!row) throw new ApiError('not_found', `No such top_up: '${ctx.params.id}'.`, 'id');
    ctx.body = topUpView(row) satisfies TopUpResponse;
  });
}
