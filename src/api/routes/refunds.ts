// Refunds: POST /v1/refunds (a durable workflow answers once the amount is reserved) and reads.
import { setTimeout as sleep } from 'node:timers/promises';
import type Router from '@koa/router';
import { ApiError } from '../../domain/errors.ts';
import { refundAmount } from '../../domain/refunds.ts';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { type ActiveKey, lockKeyDay } from '../../db/accounts.ts';
import { PaymentEntity, RefundEntity, type Payment } from '../../db/entities.ts';
import { heldByRefunds } from '../../db/refunds.ts';
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
    const key = ctx.state.key;
    const refund = key?.role === 'maker' ? await makerRefund(deps, key, payment, input) : await deps.temporal.createRefund(input);
    ctx.body = refund satisfies RefundResponse;
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

/** How long a maker's refund waits for another request of the same key to be counted before it answers 503. */
const KEY_BUSY_WAIT_MS = 10_000;

/**
 * A maker's refund (docs/api.md, "Spending limits of a maker key"): it counts toward the key's daily amount, and
 * beyond it is 403 permission_denied with nothing made. The check holds the key's row lock (the lock a payout's
 * creation takes too) until the refund is written and the refund records its key, so concurrent requests of one
 * key are counted one after the other. The lock is taken here rather than in the refund's own creating
 * transaction, so a refund the workflow writes after this request gave up waiting for it (503, still processing)
 * records its key only when the request is retried. A refund without `amount` is pinned to what is refundable now,
 * the amount that was checked. A key whose lock is held waits without holding a database connection, so that
 * many requests of one key cannot take every connection from the workflow that writes the refund they wait for.
 */
async function makerRefund(deps: AppDeps, key: ActiveKey, payment: Payment, input: CreateRefundInput): Promise<RefundResponse> {
  const deadline = Date.now() + KEY_BUSY_WAIT_MS;
  for (;;) {
    const done = await deps.orm.em.fork().transactional(async (tx) => {
      const day = await lockKeyDay(tx, key.id, { skipLocked: true });
      if (day.state === 'busy') return undefined;
      if (day.state === 'revoked') throw new ApiError('authentication_failed', 'This API key has been revoked.');
      let request = input;
      const dailyAmount = day.key.limits.dailyAmount;
      // A retry of a request that already made its refund joins it, and counts nothing again.
      const made = await tx.findOne(RefundEntity, { accountId: input.accountId, mode: input.mode, idempotencyKey: input.idempotencyKey });
      if (!made && dailyAmount !== null) {
        const decided = refundAmount(Number(payment.amount), await heldByRefunds(tx, payment.id), input.amount);
        if (!decided.ok) throw new ApiError('invalid_request', decided.message, 'amount');
        if (day.total + BigInt(decided.amount) > BigInt(dailyAmount)) {
          throw new ApiError(
            'permission_denied',
            `This refund of ${decided.amount} paise would take this API key's payouts and refunds of the last 24 hours past its daily amount of ${dailyAmount} paise (${day.total} so far).`,
            'amount',
          );
        }
        request = { ...input, amount: decided.amount };
      }
      const refund = await deps.temporal.createRefund(request);
      await tx.execute(`update refunds set created_by_key_id = ? where id = ? and created_by_key_id is null`, [key.id, refund.id]);
      return refund;
    });
    if (done) return done;
    if (Date.now() >= deadline) {
      throw new ApiError('service_unavailable', "Another request of this API key is being counted against its daily amount; retry.", undefined, { 'Retry-After': '1' });
    }
    await sleep(25);
  }
}
