// GET /v1/balance_transactions: ledger movements, newest first, filters `type` and `source_id`.
import type Router from '@koa/router';
import { BalanceTransactionEntity, type BalanceTransaction } from '../../db/entities.ts';
import { balanceTransactionView } from '../../db/views.ts';
import { listBalanceTransactionsQuery, type BalanceTransactionResponse } from '../../contract/balance.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf } from '../context.ts';
import { listPage } from '../pagination.ts';

const URL = '/v1/balance_transactions';

export function balanceTransactionRoutes(router: Router<ApiState>, _deps: AppDeps): void {
  router.get(URL, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const query = parseParams(listBalanceTransactionsQuery, ctx.state.query);
    ctx.body = await listPage<BalanceTransaction, BalanceTransactionResponse>({
      em: ctx.state.em,
      entity: BalanceTransactionEntity,
      scope: { accountId, mode },
      filters: { type: query.type, sourceId: query.source_id },
      params: query,
      url: URL,
      objectName: 'balance_transaction',
      view: balanceTransactionView,
    });
  });
}
