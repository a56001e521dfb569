// Refunds: POST /v1/refunds (a durable workflow answers once the amount is reserved) and reads.
import type Router from '@koa/router';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { PaymentEntity, RefundEntity, type Refund } from '../../db/entities.ts';
import { refundView } from '../../db/views.ts';
import { createRefundParams, listRefundsQuery, type RefundResponse } from '../../contract/refunds.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { listPage } from '../pagination.ts';

const noParams = z.strictObject({});

export function refundRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post('/v1/refunds', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(createRefundParams, ctx.state.body);
    // Refuse what cannot work before anything starts; the workflow's activity checks it all again
    // under the payment's row lock (amount and funds are only decided there).
    const payment = await ctx.state.em.findOne(PaymentEntity, { id: params.payment_id, accountId, mode });
    if (!payment) throw new ApiError('not_found', `No such payment: '${params.payment_id}'.`, 'payment_id');
    if (payment.status !== 'captured') {
      throw new ApiError('invalid_state', `Only a captured payment can be refunded; this one is ${payment.status}.`, 'payment_id');
    }
    const refund = await deps.temporal.createRefund({
      accountId,
      mode,
      idempotencyKey: idempotencyKeyOf(ctx),
      paymentId: payment.id,
      amount: params.amount ?? null,
      reason: params.reason ?? null,
      metadata: params.metadata ?? {},
      simulate: webhookSimulationsOf(ctx.state.simulate),
    });
    ctx.body = refund satisfies RefundResponse;
  });

  router.get('/v1/refunds', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const query = parseParams(listRefundsQuery, ctx.state.query);
    ctx.body = await listPage<Refund, RefundResponse>({
      em: ctx.state.em,
      entity: RefundEntity,
      scope: { accountId, mode },
      filters: { paymentId: query.payment_id, status: query.status },
      params: query,
      url: '/v1/refunds',
      objectName: 'refund',
      view: refundView,
    });
  });

  router.get('/v1/refunds/:id', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    parseParams(noParams, ctx.state.query);
    const row = await ctx.state.em.findOne(RefundEntity, { id: ctx.params.id, accountId, mode });
    if (!row) throw new ApiError('not_found', `No such refund: '${ctx.params.id}'.`, 'id');
    ctx.body = refundView(row) satisfies RefundResponse;
  });
}
