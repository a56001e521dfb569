// GET /v1/balance_transactions: ledger movements, newest first, filters `type` and `source_id`.
import type Router from '@koa/router';
import { BalanceTransactionEntity } from '../../db/entities.ts';
import { balanceTransactionView } from '../../db/views.ts';
import { listBalanceTransactionsQuery, type BalanceTransactionResponse } from '../../contract/balance.ts';
import type { AppDeps, ApiState } from '../context.ts';
import { listRoute } from '../read-routes.ts';

export function balanceTransactionRoutes(router: Router<ApiState>, _deps: AppDeps): void {
  listRoute(router, {
    path: '/v1/balance_transactions',
    entity: BalanceTransactionEntity,
    objectName: 'balance_transaction',
    listQuery: listBalanceTransactionsQuery,
    filters: (query) => ({ type: query.type, sourceId: query.source_id }),
    view: (row) => balanceTransactionView(row) satisfies BalanceTransactionResponse,
  });
}
