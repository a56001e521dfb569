// Payouts: POST /v1/payouts (a durable workflow answers once the money is reserved), reads, and the
// sandbox test helpers that drive a payout by hand.
import type Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { transferModeProblem } from '../../domain/payouts.ts';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { activeBeneficiary } from '../../db/beneficiaries.ts';
import { PayoutEntity } from '../../db/entities.ts';
import { payoutIdsJoinedByBatch } from '../../db/payouts.ts';
import { payoutView } from '../../db/views.ts';
import { createPayoutParams, listPayoutsQuery, type PayoutResponse } from '../../contract/payouts.ts';
import { parseParams } from '../../contract/validation.ts';
import type { PayoutAction } from '../../temporal/client/gateway.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { findOwn, findOwnBy, readRoutes } from '../read-routes.ts';

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
    // Refuse what cannot work before anything starts; the workflow's activity checks again under lock.
    const beneficiary = await findOwnBy(ctx, 'beneficiary', params.beneficiary_id, 'beneficiary_id', (scope) => activeBeneficiary(ctx.state.em, scope));
    const problem = transferModeProblem(params.mode, beneficiary.type, params.amount);
    if (problem) throw new ApiError('invalid_method', problem, 'mode');
    const payout = await deps.temporal.createPayout({
      accountId,
      mode,
      idempotencyKey: idempotencyKeyOf(ctx),
      beneficiaryId: beneficiary.id,
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
