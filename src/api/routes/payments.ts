// Payments: POST /v1/payments (a durable workflow answers with the outcome, or `pending` after the sync
// wait) and reads.
import type Router from '@koa/router';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { methodProblem, type PaymentMethod } from '../../domain/payments.ts';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { CustomerEntity, PaymentEntity, type Payment } from '../../db/entities.ts';
import { paymentView } from '../../db/views.ts';
import { createPaymentParams, listPaymentsQuery, type PaymentResponse } from '../../contract/payments.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { listPage } from '../pagination.ts';

const noParams = z.strictObject({});

export function paymentRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post('/v1/payments', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(createPaymentParams, ctx.state.body);
    const problem = methodProblem(params);
    if (problem) throw new ApiError(problem.code, problem.message, problem.param);
    // Refuse another account's or mode's customer before anything starts (the foreign key would only catch an unknown one).
    if (params.customer_id !== undefined && (await ctx.state.em.count(CustomerEntity, { id: params.customer_id, accountId, mode })) === 0) {
      throw new ApiError('not_found', `No such customer: '${params.customer_id}'.`, 'customer_id');
    }
    const payment = await deps.temporal.createPayment({
      accountId,
      mode,
      idempotencyKey: idempotencyKeyOf(ctx),
      amount: params.amount,
      currency: params.currency,
      method: params.method as PaymentMethod,
      vpa: params.vpa ?? null,
      bank: params.bank ?? null,
      receipt: params.receipt ?? null,
      customerId: params.customer_id ?? null,
      description: params.description ?? null,
      metadata: params.metadata ?? {},
      simulate: webhookSimulationsOf(ctx.state.simulate),
    });
    ctx.body = payment satisfies PaymentResponse;
  });

  router.get('/v1/payments', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const query = parseParams(listPaymentsQuery, ctx.state.query);
    ctx.body = await listPage<Payment, PaymentResponse>({
      em: ctx.state.em,
      entity: PaymentEntity,
      scope: { accountId, mode },
      filters: { status: query.status, customerId: query.customer_id, receipt: query.receipt, settlementId: query.settlement_id, collectionId: query.collection_id },
      params: query,
      url: '/v1/payments',
      objectName: 'payment',
      view: paymentView,
    });
  });

  router.get('/v1/payments/:id', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    parseParams(noParams, ctx.state.query);
    const row = await ctx.state.em.findOne(PaymentEntity, { id: ctx.params.id, accountId, mode });
    if (!row) throw new ApiError('not_found', `No such payment: '${ctx.params.id}'.`, 'id');
    ctx.body = paymentView(row) satisfies PaymentResponse;
  });
}
