// GET /v1/balance (docs/api.md, Balance and ledger).
import type Router from '@koa/router';
import { z } from 'zod';
import { readBalances } from '../../db/balances.ts';
import { balanceView } from '../../db/views.ts';
import type { BalanceResponse } from '../../contract/balance.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf } from '../context.ts';

const noParams = z.strictObject({});

export function balanceRoutes(router: Router<ApiState>, _deps: AppDeps): void {
  router.get('/v1/balance', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    parseParams(noParams, ctx.state.query);
    const balances = await readBalances(ctx.state.em, accountId, mode, 'INR');
    ctx.body = balanceView(mode, balances) satisfies BalanceResponse;
  });
}
