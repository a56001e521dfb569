// Payout batches: POST /v1/payout_batches stores the batch and starts its workflow, answering at once;
// reads show live counts from the database. The items are listed by GET /v1/payouts?batch_id=.
import type Router from '@koa/router';
import { ApiError } from '../../domain/errors.ts';
import { MAX_PROCESSING_BATCHES } from '../../domain/payout-batches.ts';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { PayoutBatchEntity } from '../../db/entities.ts';
import { insertPayoutBatch, payoutBatchViewOf, payoutBatchViewsOf } from '../../db/payout-batches.ts';
import { listPayoutBatchesQuery, parsePayoutBatchParams, type PayoutBatchResponse } from '../../contract/payout-batches.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { readRoutes } from '../read-routes.ts';

/** Retry-After of a batch refused for too many processing ones: batches take seconds to minutes to finish. */
const PROCESSING_BATCHES_RETRY_AFTER_S = 10;

export function payoutBatchRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post('/v1/payout_batches', async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parsePayoutBatchParams(ctx.state.body);
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
    const stored = await insertPayoutBatch(ctx.state.em, order, { maxProcessing: MAX_PROCESSING_BATCHES });
    const { batch } = stored;
    if (!batch) {
      throw new ApiError(
        'rate_limited',
        `This account already has ${stored.processing} payout batches processing in ${mode} mode, the most allowed at once (${MAX_PROCESSING_BATCHES}). Retry after one has completed.`,
        undefined,
        { 'Retry-After': String(PROCESSING_BATCHES_RETRY_AFTER_S) },
      );
    }
    // Also when the batch already existed: a start that failed before (503, the caller retries with the
    // same key) is made now, and a running or finished workflow is simply joined.
    await deps.temporal.startPayoutBatch({ batchId: batch.id, accountId, mode, idempotencyKey: batch.idempotencyKey });
    ctx.body = (await payoutBatchViewOf(ctx.state.em, batch)) satisfies PayoutBatchResponse;
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
