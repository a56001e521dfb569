// Payouts: POST /v1/payouts (a durable workflow answers once the money is reserved), reads, and the
// sandbox test helpers that drive a payout by hand.
import type Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { PayoutEntity } from '../../db/entities.ts';
import { payoutIdsJoinedByBatch } from '../../db/payouts.ts';
import { payoutView } from '../../db/views.ts';
import { createPayoutParams, listPayoutsQuery, type PayoutResponse } from '../../contract/payouts.ts';
import { parseParams } from '../../contract/validation.ts';
import type { PayoutAction } from '../../temporal/client/gateway.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { findOwn, readRoutes } from '../read-routes.ts';
import { liveLimits, refuseViolation } from '../live-limits.ts';

const noParams = z.strictObject({});
const actions: readonly PayoutAction[] = ['complete', 'fail', 'reverse'];

/** A batch's payouts: the ones it created, and the ones its items joined by key (created earlier). */
async function batchPayouts(em: EntityManager, batchId: string): Promise<Record<string, unknown>[]> {
  const joined = await payoutIdsJoinedByBatch(em, batchId);
  return [{ batchId }, ...(joined.length ? [{ id: { $in: joined } }] : [])];
}

export function payoutRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post('/v1/payouts', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(createPayoutParams, ctx.state.body);
    // The provider's rules (its minimum amount, its narration's characters), asked of the connection's connector.
    if (mode === 'live') refuseViolation((await liveLimits(ctx)).checkPayout({ amount: params.amount, narration: params.narration ?? null }));
    // The beneficiary is checked by the workflow's creating step, in the statement that reserves the money: an id
    // this account has no active beneficiary under, or one the transfer mode cannot reach, is refused there
    // (404 not_found or 400 invalid_method, with its param), the run ends failed and the key stays free.
    const payout = await deps.temporal.createPayout({
      accountId,
      mode,
      idempotencyKey: idempotencyKeyOf(ctx),
      beneficiaryId: params.beneficiary_id,
      amount: params.amount,
      transferMode: params.mode,
      reference: params.reference ?? null,
      narration: params.narration ?? null,
      metadata: params.metadata ?? {},
      simulate: webhookSimulationsOf(ctx.state.simulate),
    });
    ctx.body = payout satisfies PayoutResponse;
  });

  readRoutes(router, {
    path: '/v1/payouts',
    entity: PayoutEntity,
    objectName: 'payout',
    listQuery: listPayoutsQuery,
    filters: async (query, ctx) => ({
      status: query.status,
      beneficiaryId: query.beneficiary_id,
      $or: query.batch_id ? await batchPayouts(ctx.state.em, query.batch_id) : undefined,
    }),
    view: (row) => payoutView(row) satisfies PayoutResponse,
  });

  router.post('/v1/test_helpers/payouts/:id/:action', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const action = ctx.params.action as PayoutAction;
    if (!actions.includes(action)) throw new ApiError('not_found', `Unrecognized request URL (POST: ${ctx.path}).`);
    if (mode !== 'sandbox') throw new ApiError('sandbox_only', 'Test helpers work with sandbox API keys only.');
    parseParams(noParams, ctx.state.body);
    const row = await findOwn(ctx, PayoutEntity, 'payout', ctx.params.id);
    ctx.body = (await deps.temporal.payoutAction(
      { id: row.id, accountId, mode, idempotencyKey: row.idempotencyKey, status: row.status },
      action,
    )) satisfies PayoutResponse;
  });
}
