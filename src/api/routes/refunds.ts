// Refunds: POST /v1/refunds (a durable workflow answers once the amount is reserved) and reads.
import type Router from '@koa/router';
import { ApiError } from '../../domain/errors.ts';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { PaymentEntity, RefundEntity } from '../../db/entities.ts';
import type { CreateRefundInput } from '../../temporal/client/refunds.ts';
import { refundView } from '../../db/views.ts';
import { createRefundParams, listRefundsQuery, type RefundResponse } from '../../contract/refunds.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { findOwn, readRoutes } from '../read-routes.ts';

export function refundRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post('/v1/refunds', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(createRefundParams, ctx.state.body);
    // Refuse what cannot work before anything starts; the workflow's activity checks it all again
    // under the payment's row lock (amount and funds are only decided there).
    const payment = await findOwn(ctx, PaymentEntity, 'payment', params.payment_id, { param: 'payment_id' });
    if (payment.status !== 'captured') {
      throw new ApiError('invalid_state', `Only a captured payment can be refunded; this one is ${payment.status}.`, 'payment_id');
    }
    const input: CreateRefundInput = {
      accountId,
      mode,
      idempotencyKey: idempotencyKeyOf(ctx),
      paymentId: payment.id,
      amount: params.amount ?? null,
      reason: params.reason ?? null,
      metadata: params.metadata ?? {},
      simulate: webhookSimulationsOf(ctx.state.simulate),
    };
    // A maker's refund counts toward its key's daily amount (docs/api.md, "Spending limits of a maker key"): checked
    // and recorded in the transaction that writes the refund, under the key's lock (activities/refunds.ts).
    const key = ctx.state.key;
    if (key?.role === 'maker') input.makerKeyId = key.id;
    ctx.body = (await deps.temporal.createRefund(input)) satisfies RefundResponse;
  });

  readRoutes(router, {
    path: '/v1/refunds',
    entity: RefundEntity,
    objectName: 'refund',
    listQuery: listRefundsQuery,
    filters: (query) => ({ paymentId: query.payment_id, status: query.status }),
    view: (row) => refundView(row) satisfies RefundResponse,
  });
}
