// Payout batches: POST /v1/payout_batches stores the batch and starts its workflow, answering at once;
// reads show live counts from the database. The items are listed by GET /v1/payouts?batch_id=.
import { z } from 'zod';
import { batchApprovalRecordOf } from '../../domain/approvals.ts';
import { isPayoutBatchWaiting } from '../../domain/payout-batches.ts';
import { rejectPayoutParams } from '../../contract/payouts.ts';
import { checkScheduledAt } from '../schedule.ts';
import type Router from '@koa/router';
import { ApiError } from '../../domain/errors.ts';
import { MAX_PROCESSING_BATCHES } from '../../domain/payout-batches.ts';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { PayoutBatchEntity, PayoutEntity, type PayoutBatch } from '../../db/entities.ts';
import type { ActingKey } from '../../../activities/payouts.ts';
import { insertPayoutBatch, payoutBatchViewOf, payoutBatchViewsOf } from '../../db/payout-batches.ts';
import { listPayoutBatchesQuery, parsePayoutBatchParams, type PayoutBatchResponse } from '../../contract/payout-batches.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf, requesterOf } from '../context.ts';
import { findOwn, readRoutes } from '../read-routes.ts';

/** Retry-After of a batch refused for too many processing ones: batches take seconds to minutes to finish. */
const PROCESSING_BATCHES_RETRY_AFTER_S = 10;

const noParams = z.strictObject({});
/** Queued items cancelled at once by a processing batch's cancel. */
const CANCEL_CONCURRENCY = 16;

/** Cancels the batch's own items that wait `queued`, each through its payout's workflow; one that left the queue meanwhile is left as it is. */
async function cancelQueuedItems(deps: AppDeps, batch: PayoutBatch, by: ActingKey): Promise<void> {
  const queued = await deps.orm.em.fork().find(PayoutEntity, { batchId: batch.id, status: 'queued' }, { fields: ['id', 'idempotencyKey', 'status', 'accountId', 'mode'] });
  let next = 0;
  const worker = async () => {
    while (next < queued.length) {
      const item = queued[next++];
      try {
        await deps.temporal.payoutWaitAction({ id: item.id, accountId: item.accountId, mode: item.mode, idempotencyKey: item.idempotencyKey, status: item.status }, { kind: 'cancel', by });
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 'invalid_state')) throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CANCEL_CONCURRENCY, queued.length) }, worker));
}
const batchRef = (row: PayoutBatch) => ({ batchId: row.id, accountId: row.accountId, mode: row.mode, idempotencyKey: row.idempotencyKey });

export function payoutBatchRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post('/v1/payout_batches', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parsePayoutBatchParams(ctx.state.body);
    checkScheduledAt(params.scheduled_at, mode, deps.config);
    const idempotencyKey = idempotencyKeyOf(ctx);
    // A deliberate exception to "the API only reads, activities write": the batch and its items are
    // stored here, in one transaction, so that up to 10,000 items never travel through workflow history
    // (the workflow pages through them by seq). The batch row does not move money; every payout is
    // still created by its own workflow's activity.
    // At most MAX_PROCESSING_BATCHES processing per account and mode, counted in the database under a lock
    // (so across every API process); a refused batch stores nothing and its key stays free (429).
    const order = {
      accountId,
      mode,
      idempotencyKey,
      reference: params.reference ?? null,
      items: params.payouts.map((item) => ({
        idempotencyKey: item.idempotency_key,
        beneficiaryId: item.beneficiary_id,
        amount: item.amount,
        transferMode: item.mode,
        reference: item.reference ?? null,
        narration: item.narration ?? null,
        metadata: item.metadata ?? {},
      })),
      simulate: webhookSimulationsOf(ctx.state.simulate),
    };
    // Judged as a whole as it is stored (docs/api.md, "Payouts that wait"): it may wait for approval or its time.
    const stored = await insertPayoutBatch(ctx.state.em, order, { maxProcessing: MAX_PROCESSING_BATCHES, requester: requesterOf(ctx), scheduledAt: params.scheduled_at ?? null, queueIfLowBalance: params.queue_if_low_balance === true });
    const { batch } = stored;
    if (!batch) {
      throw new ApiError(
        'rate_limited',
        `This account already has ${stored.processing} payout batches processing (or, their waits over, waiting for a place) in ${mode} mode, the most allowed at once (${MAX_PROCESSING_BATCHES}). Retry after one has completed.`,
        undefined,
        { 'Retry-After': String(PROCESSING_BATCHES_RETRY_AFTER_S) },
      );
    }
    // Also when the batch already existed: a start that failed before (503, the caller retries with the
    // same key) is made now, and a running or finished workflow is simply joined.
    await deps.temporal.startPayoutBatch({ batchId: batch.id, accountId, mode, idempotencyKey: batch.idempotencyKey, waits: isPayoutBatchWaiting(batch.status) });
    ctx.body = (await payoutBatchViewOf(ctx.state.em, batch)) satisfies PayoutBatchResponse;
  });

  // Approving, rejecting and cancelling a batch that waits as a whole, and the sandbox's advance of its time: judged
  // here first (roles in src/domain/key-roles.ts, the creator's holder), then by its workflow under its row lock.
  for (const verb of ['approve', 'reject', 'cancel'] as const) router.post(`/v1/payout_batches/:id/${verb}`, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(verb === 'reject' ? rejectPayoutParams : noParams, ctx.state.body) as { reason?: string };
    const row = await findOwn(ctx, PayoutBatchEntity, 'payout_batch', ctx.params.id);
    const key = requesterOf(ctx);
    if (verb !== 'cancel' && batchApprovalRecordOf(row.approval)?.requested_by.holder === key.holder) {
      throw new ApiError('permission_denied', `The holder who created this batch cannot have it ${verb === 'approve' ? 'approved' : 'rejected'}; another approver must.`);
    }
    // A processing batch's cancel ends its queued items only (each through its own workflow); the others go on.
    if (verb === 'cancel' && row.status === 'processing') {
      if (key.role === 'maker' && row.createdByKeyId !== key.keyId) throw new ApiError('permission_denied', 'A maker key cancels only the batches it created.');
      await cancelQueuedItems(deps, row, { keyId: key.keyId, name: key.name, holder: key.holder, role: key.role });
      ctx.body = (await payoutBatchViewOf(ctx.state.em, row)) satisfies PayoutBatchResponse;
      return;
    }
    if (!isPayoutBatchWaiting(row.status) || (verb !== 'cancel' && row.status !== 'pending_approval')) {
      throw new ApiError('invalid_state', `A ${row.status} payout batch cannot be ${verb === 'cancel' ? 'cancelled' : verb === 'approve' ? 'approved' : 'rejected'}.`);
    }
    const by = { keyId: key.keyId, name: key.name, holder: key.holder, role: key.role };
    const action = verb === 'reject' ? { kind: verb, by, reason: params.reason ?? null } : { kind: verb, by };
    ctx.body = (await deps.temporal.payoutBatchWaitAction(batchRef(row), action)) satisfies PayoutBatchResponse;
  });

  router.post('/v1/test_helpers/payout_batches/:id/advance', async (ctx) => {
    const { mode } = authOf(ctx);
    if (mode !== 'sandbox') throw new ApiError('sandbox_only', 'Test helpers work with sandbox API keys only.');
    parseParams(noParams, ctx.state.body);
    const row = await findOwn(ctx, PayoutBatchEntity, 'payout_batch', ctx.params.id);
    if (!isPayoutBatchWaiting(row.status)) throw new ApiError('invalid_state', `A ${row.status} payout batch does not wait; advance moves only a waiting batch's time.`);
    ctx.body = (await deps.temporal.payoutBatchWaitAction(batchRef(row), { kind: 'due', status: row.status })) satisfies PayoutBatchResponse;
  });

  readRoutes(router, {
    path: '/v1/payout_batches',
    entity: PayoutBatchEntity,
    objectName: 'payout_batch',
    listQuery: listPayoutBatchesQuery,
    filters: (query) => ({ status: query.status }),
    // Views with live counts, one counting query per page.
    views: (em, rows) => payoutBatchViewsOf(em, rows) satisfies Promise<PayoutBatchResponse[]>,
  });
}
