// Payments: POST /v1/payments (a durable workflow answers with the outcome, or `pending` after the sync
// wait) and reads.
import type Router from '@koa/router';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { CustomerEntity, PaymentEntity } from '../../db/entities.ts';
import { paymentView } from '../../db/views.ts';
import { createPaymentParams, listPaymentsQuery, type PaymentResponse } from '../../contract/payments.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { findOwn, readRoutes } from '../read-routes.ts';

export function paymentRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post('/v1/payments', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    // An unknown method is 400 invalid_method; `vpa` goes with upi and `bank` with netbanking (the contract).
    const params = parseParams(createPaymentParams, ctx.state.body);
    // Refuse another account's or mode's customer before anything starts (the foreign key would only catch an unknown one).
    if (params.customer_id !== undefined) await findOwn(ctx, CustomerEntity, 'customer', params.customer_id, { param: 'customer_id' });
    const payment = await deps.temporal.createPayment({
      accountId,
      mode,
      idempotencyKey: idempotencyKeyOf(ctx),
      amount: params.amount,
      currency: params.currency,
      method: params.method,
      vpa: params.method === 'upi' ? params.vpa : null,
      bank: params.method === 'netbanking' ? params.bank : null,
      receipt: params.receipt ?? null,
      customerId: params.customer_id ?? null,
      description: params.description ?? null,
      metadata: params.metadata ?? {},
      simulate: webhookSimulationsOf(ctx.state.simulate),
    });
    ctx.body = payment satisfies PaymentResponse;
  });

  readRoutes(router, {
    path: '/v1/payments',
    entity: PaymentEntity,
    objectName: 'payment',
    listQuery: listPaymentsQuery,
    filters: (query) => ({
      status: query.status,
      customerId: query.customer_id,
      receipt: query.receipt,
      settlementId: query.settlement_id,
      collectionId: query.collection_id,
      paymentLinkId: query.payment_link_id,
    }),
    view: (row) => paymentView(row) satisfies PaymentResponse,
  });
}
