// Payouts: POST /v1/payouts (a durable workflow answers once the money is reserved), reads, and the
// sandbox test helpers that drive a payout by hand.
import type Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { PayoutEntity, type Payout } from '../../db/entities.ts';
import { approvalRecordOf } from '../../domain/approvals.ts';
import type { Mode } from '../../domain/modes.ts';
import { isPayoutWaiting } from '../../domain/payouts.ts';
import { payoutIdsJoinedByBatch } from '../../db/payouts.ts';
import { payoutView } from '../../db/views.ts';
import { createPayoutParams, listPayoutsQuery, rejectPayoutParams, type PayoutResponse } from '../../contract/payouts.ts';
import { parseParams } from '../../contract/validation.ts';
import type { PayoutAction } from '../../temporal/client/gateway.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf, requesterOf } from '../context.ts';
import { findOwn, readRoutes } from '../read-routes.ts';
import { liveLimits, refuseViolation } from '../live-limits.ts';
import { checkScheduledAt } from '../schedule.ts';

const noParams = z.strictObject({});
const actions: readonly (PayoutAction | 'advance')[] = ['complete', 'fail', 'reverse', 'advance'];
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
    checkScheduledAt(params.scheduled_at, mode, deps.config);
    const payout = await deps.temporal.createPayout({
      accountId,
      mode,
      requester: requesterOf(ctx),
      scheduledAt: params.scheduled_at ?? null,
      queueIfLowBalance: params.queue_if_low_balance === true,
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

  // Approving, rejecting and cancelling a payout that waits (docs/api.md, "Payouts that wait"). Which keys may is
  // the role's (src/domain/key-roles.ts) and, for maker and checker, the holder's: judged here first and again by
  // the payout's workflow under its row lock, which also answers a payout that no longer waits (409 invalid_state).
  for (const verb of ['approve', 'reject', 'cancel'] as const) router.post(`/v1/payouts/:id/${verb}`, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(verb === 'reject' ? rejectPayoutParams : noParams, ctx.state.body) as { reason?: string };
    const row = await findOwn(ctx, PayoutEntity, 'payout', ctx.params.id);
    const key = requesterOf(ctx);
    if (verb !== 'cancel' && approvalRecordOf(row.approval)?.requested_by.holder === key.holder) {
      throw new ApiError('permission_denied', `The holder who created this payout cannot have it ${verb === 'approve' ? 'approved' : 'rejected'}; another approver must.`);
    }
    // A batch's item that waits does so with its batch, and is approved, rejected or cancelled with it.
    if (row.batchId && waitsWithBatch(row.status)) throw new ApiError('invalid_state', `This payout waits with its batch ${row.batchId}; ${verb} the batch (POST /v1/payout_batches/${row.batchId}/${verb}).`);
    if (!isPayoutWaiting(row.status) || (verb !== 'cancel' && row.status !== 'pending_approval')) {
      throw new ApiError('invalid_state', `A ${row.status} payout cannot be ${verb === 'cancel' ? 'cancelled' : verb === 'approve' ? 'approved' : 'rejected'}.`);
    }
    const by = { keyId: key.keyId, name: key.name, holder: key.holder, role: key.role };
    const action = verb === 'reject' ? { kind: verb, by, reason: params.reason ?? null } : { kind: verb, by };
    ctx.body = (await deps.temporal.payoutWaitAction(movedPayout(row, accountId, mode), action)) satisfies PayoutResponse;
  });

  router.post('/v1/test_helpers/payouts/:id/:action', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const action = ctx.params.action as PayoutAction | 'advance';
    if (!actions.includes(action)) throw new ApiError('not_found', `Unrecognized request URL (POST: ${ctx.path}).`);
    if (mode !== 'sandbox') throw new ApiError('sandbox_only', 'Test helpers work with sandbox API keys only.');
    parseParams(noParams, ctx.state.body);
    const row = await findOwn(ctx, PayoutEntity, 'payout', ctx.params.id);
    const moved = movedPayout(row, accountId, mode);
    if (action === 'advance') {
      // A waiting payout's time comes now: a scheduled one goes on, a pending_approval one reaches its expires_at.
      if (!isPayoutWaiting(row.status)) throw new ApiError('invalid_state', `A ${row.status} payout does not wait; advance moves only a waiting payout's time.`);
      if (row.batchId && waitsWithBatch(row.status)) throw new ApiError('invalid_state', `This payout waits with its batch ${row.batchId}; advance the batch.`);
      ctx.body = (await deps.temporal.payoutWaitAction(moved, { kind: 'due', status: row.status })) satisfies PayoutResponse;
      return;
    }
    // A waiting payout was never sent: the rail's moves do not apply to it (approve, reject, cancel or advance it).
    if (isPayoutWaiting(row.status)) throw new ApiError('invalid_state', `A ${row.status} payout was never sent; it cannot be ${action === 'complete' ? 'completed' : action === 'fail' ? 'failed' : 'reversed'}.`);
    ctx.body = (await deps.temporal.payoutAction(moved, action)) satisfies PayoutResponse;
  });
}

/** A batch's item waits for approval or its time with its batch (a queued one waits for money on its own). */
const waitsWithBatch = (status: string) => status === 'pending_approval' || status === 'scheduled';

const movedPayout = (row: Payout, accountId: string, mode: Mode) => ({ id: row.id, accountId, mode, idempotencyKey: row.idempotencyKey, status: row.status });
