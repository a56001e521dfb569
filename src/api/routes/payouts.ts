// Payouts: POST /v1/payouts (a durable workflow answers once the money is reserved), reads, and the
// sandbox test helpers that drive a payout by hand.
import type Router from '@koa/router';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { transferModeProblem } from '../../domain/payouts.ts';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { BeneficiaryEntity, PayoutEntity, type Payout } from '../../db/entities.ts';
import { payoutView } from '../../db/views.ts';
import { createPayoutParams, listPayoutsQuery, type PayoutResponse } from '../../contract/payouts.ts';
import { parseParams } from '../../contract/validation.ts';
import type { PayoutAction } from '../../temporal/client/gateway.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { listPage } from '../pagination.ts';

const noParams = z.strictObject({});
const actions: readonly PayoutAction[] = ['complete', 'fail', 'reverse'];

export function payoutRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post('/v1/payouts', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(createPayoutParams, ctx.state.body);
    // Refuse what cannot work before anything starts; the workflow's activity checks again under lock.
    const beneficiary = await ctx.state.em.findOne(BeneficiaryEntity, { id: params.beneficiary_id, accountId, mode, active: true });
    if (!beneficiary) throw new ApiError('not_found', `No such beneficiary: '${params.beneficiary_id}'.`, 'beneficiary_id');
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

  router.get('/v1/payouts', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const query = parseParams(listPayoutsQuery, ctx.state.query);
    const filters: Record<string, unknown> = { status: query.status, beneficiaryId: query.beneficiary_id };
    if (query.batch_id) {
      // A batch's payouts: the ones it created, and the ones its items joined by key (created earlier).
      const linked = await ctx.state.em.execute<{ payout_id: string }[]>(
        `select i.payout_id from payout_batch_items i join payouts p on p.id = i.payout_id
         where i.batch_id = ? and p.batch_id is distinct from ?`,
        [query.batch_id, query.batch_id],
      );
      filters.$or = [{ batchId: query.batch_id }, ...(linked.length ? [{ id: { $in: linked.map((r) => r.payout_id) } }] : [])];
    }
    ctx.body = await listPage<Payout, PayoutResponse>({
      em: ctx.state.em,
      entity: PayoutEntity,
      scope: { accountId, mode },
      filters,
      params: query,
      url: '/v1/payouts',
      objectName: 'payout',
      view: payoutView,
    });
  });

  router.get('/v1/payouts/:id', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    parseParams(noParams, ctx.state.query);
    const row = await ctx.state.em.findOne(PayoutEntity, { id: ctx.params.id, accountId, mode });
    if (!row) throw new ApiError('not_found', `No such payout: '${ctx.params.id}'.`, 'id');
    ctx.body = payoutView(row) satisfies PayoutResponse;
  });

  router.post('/v1/test_helpers/payouts/:id/:action', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const action = ctx.params.action as PayoutAction;
    if (!actions.includes(action)) throw new ApiError('not_found', `Unrecognized request URL (POST: ${ctx.path}).`);
    if (mode !== 'sandbox') throw new ApiError('sandbox_only', 'Test helpers work with sandbox API keys only.');
    parseParams(noParams, ctx.state.body);
    const row = await ctx.state.em.findOne(PayoutEntity, { id: ctx.params.id, accountId, mode });
    if (!row) throw new ApiError('not_found', `No such payout: '${ctx.params.id}'.`, 'id');
    ctx.body = (await deps.temporal.payoutAction(
      { id: row.id, accountId, mode, idempotencyKey: row.idempotencyKey, status: row.status },
      action,
    )) satisfies PayoutResponse;
  });
}
