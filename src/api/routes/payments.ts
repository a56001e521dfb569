// Payments: POST /v1/payments (a durable workflow answers with the outcome, or `pending` after the sync
// wait) and reads.
import type Router from '@koa/router';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { ApiError } from '../../domain/errors.ts';
import type { Customer } from '../../db/entities.ts';
import { CustomerEntity, PaymentEntity } from '../../db/entities.ts';
import { paymentView } from '../../db/views.ts';
import { createPaymentParams, listPaymentsQuery, type PaymentResponse } from '../../contract/payments.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { liveLimits, refuseViolation } from '../live-limits.ts';
import { findOwn, readRoutes } from '../read-routes.ts';

export function paymentRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post('/v1/payments', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    // An unknown method is 400 invalid_method; `vpa` goes with upi and `bank` with netbanking (the contract).
    const params = parseParams(createPaymentParams, ctx.state.body);
    // Refuse another account's or mode's customer before anything starts (the foreign key would only catch an unknown one).
    const customer = params.customer_id !== undefined ? await findOwn(ctx, CustomerEntity, 'customer', params.customer_id, { param: 'customer_id' }) : null;
    // The sandbox simulates from the UPI ID; live UPI is intent only (collect requests are retired), so a live UPI ID is not used.
    const vpa = params.method === 'upi' && mode === 'sandbox' ? (params.vpa ?? null) : null;
    if (mode === 'sandbox' && params.method === 'upi' && vpa === null) throw new ApiError('invalid_request', 'vpa is required for a UPI payment in the sandbox.', 'vpa');
    // The customer's browser details go to the provider live; the sandbox accepts and ignores them.
    const client = mode === 'live' ? { customerIp: params.customer_ip ?? null, userAgent: params.user_agent ?? null } : {};
    const returnUrl = params.method === 'netbanking' ? (params.return_url ?? null) : null;
    if (mode === 'live') await checkLive(ctx, { amount: params.amount, receipt: params.receipt ?? null, method: params.method, vpa, returnUrl, customer, customerIp: params.customer_ip ?? null });
    const payment = await deps.temporal.createPayment({
      accountId,
      mode,
      idempotencyKey: idempotencyKeyOf(ctx),
      amount: params.amount,
      currency: params.currency,
      method: params.method,
      vpa,
      bank: params.method === 'netbanking' ? params.bank : null,
      returnUrl,
      ...client,
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

/**
 * The provider's rules where they are narrower than ours (a live payment of at least 100 paise, a customer with an
 * email and a phone, the customer's IP address where the provider requires it), checked before anything starts: 400
 * naming the param.
 */
async function checkLive(
  ctx: { state: ApiState },
  input: { amount: number; receipt: string | null; method: 'upi' | 'netbanking'; vpa: string | null; returnUrl: string | null; customer: Customer | null; customerIp: string | null },
): Promise<void> {
  const limits = await liveLimits(ctx);
  refuseViolation(
    limits.checkPayment({
      amount: input.amount,
      receipt: input.receipt,
      method: input.method,
      vpa: input.vpa,
      returnUrl: input.returnUrl,
      customer: input.customer ? { email: input.customer.email ?? null, phone: input.customer.phone ?? null } : null,
      customerIp: input.customerIp,
    }),
  );
}
