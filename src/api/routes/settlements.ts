// Settlements: reads, and POST /v1/test_helpers/settlements/run, which settles the caller's sandbox
// account now (the daily schedule does the same for every account) and answers with a list of the
// settlements it created: one, or none when nothing was captured and unsettled.
import type Router from '@koa/router';
import { ApiError } from '../../domain/errors.ts';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { SettlementEntity } from '../../db/entities.ts';
import { settlementView } from '../../db/views.ts';
import { listSettlementsQuery, runSettlementParams, type SettlementResponse } from '../../contract/settlements.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf } from '../context.ts';
import type { ListPage } from '../pagination.ts';
import { readRoutes } from '../read-routes.ts';

export function settlementRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post('/v1/test_helpers/settlements/run', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    if (mode !== 'sandbox') throw new ApiError('sandbox_only', 'Test helpers work with sandbox API keys only.');
    parseParams(runSettlementParams, ctx.state.body);
    const created = await deps.temporal.runSettlement({ accountId, mode, simulate: webhookSimulationsOf(ctx.state.simulate) });
    ctx.body = { object: 'list', data: created, has_more: false, url: '/v1/settlements' } satisfies ListPage<SettlementResponse>;
  });

  readRoutes(router, {
    path: '/v1/settlements',
    entity: SettlementEntity,
    objectName: 'settlement',
    listQuery: listSettlementsQuery,
    view: (row) => settlementView(row) satisfies SettlementResponse,
  });
}
