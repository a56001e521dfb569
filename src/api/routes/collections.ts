// Collections: POST /v1/collections starts the collection's long-lived workflow; pause, resume, cancel and
// the sandbox's advance are updates to it; reads come from the database.
import type Router from '@koa/router';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { type CollectionAction, actionProblem } from '../../domain/collections.ts';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { CollectionEntity, CustomerEntity, MandateEntity, type Mandate } from '../../db/entities.ts';
import { collectionOnMandateProblem, collectionResumeProblem, defaultExpireAt } from '../../domain/mandates.ts';
import { INTERNAL_KEY_PREFIX, mandateWorkflowId } from '../../domain/workflow-ids.ts';
import { collectionView } from '../../db/views.ts';
import {
  START_AT_MAX_AHEAD_SECONDS,
  START_AT_PAST_TOLERANCE_SECONDS,
  createCollectionParams,
  listCollectionsQuery,
  type CollectionResponse,
  type CreateCollectionParams,
} from '../../contract/collections.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiRouterContext, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { findOwn, readRoutes } from '../read-routes.ts';
import { liveLimits, refuseViolation } from '../live-limits.ts';
import { authorizationWindowMs, checkLive as checkLiveMandate } from './mandates.ts';

const URL = '/v1/collections';
const noParams = z.strictObject({});

/** When the first charge is due (unix ms): `start_at`, or now when it is absent or just past. */
function firstChargeAt(startAt: number | undefined, nowMs: number): number {
  if (startAt === undefined) return nowMs;
  const nowSeconds = Math.floor(nowMs / 1000);
  if (startAt < nowSeconds - START_AT_PAST_TOLERANCE_SECONDS) throw new ApiError('invalid_request', 'start_at must not be in the past.', 'start_at');
  if (startAt > nowSeconds + START_AT_MAX_AHEAD_SECONDS) throw new ApiError('invalid_request', 'start_at must be within 5 years from now (unix seconds).', 'start_at');
  return Math.max(startAt * 1000, nowMs);
}

/**
 * The first charge (unix ms) of a collection on `mandate`, once the collection fits the mandate (docs/api.md, Mandates):
 * an active mandate (409), of this customer, amount within its max_amount and ₹15,000, a schedule that fits its
 * frequency, a first charge inside its validity.
 */
function checkMandateTerms(mandate: Mandate, params: CreateCollectionParams, nowMs: number): number {
  if (params.customer_id !== undefined && params.customer_id !== mandate.customerId) {
    throw new ApiError('invalid_request', `mandate_id must be a mandate of customer ${params.customer_id} (this one is ${mandate.customerId}'s), or customer_id left out.`, 'mandate_id');
  }
  const problem = collectionOnMandateProblem(mandate, params);
  if (problem) throw new ApiError(problem.code, problem.message, problem.param);
  const startAt = Math.max(firstChargeAt(params.start_at, nowMs), mandate.startAt.getTime());
  if (startAt >= mandate.expireAt.getTime()) {
    throw new ApiError('invalid_request', "start_at must be before the mandate's expire_at: a collection never charges outside its mandate's validity.", 'start_at');
  }
  return startAt;
}

/**
 * A live collection's debits are live payments at the provider (its minimum amount; a customer it can name on each
 * recurring payment): refused at creation rather than failing at every debit.
 */
async function checkLiveDebit(ctx: ApiRouterContext, customerId: string, amount: number): Promise<void> {
  const limits = await liveLimits(ctx);
  const customer = await ctx.state.em.findOne(CustomerEntity, { id: customerId }, { fields: ['email', 'phone'] });
  refuseViolation(
    limits.checkPayment({
      amount,
      receipt: null,
      method: 'upi',
      vpa: null,
      returnUrl: null,
      customer: customer ? { email: customer.email ?? null, phone: customer.phone ?? null } : null,
    }),
  );
}

/**
 * The interface document's call (customer_id, amount, schedule, no mandate_id): the customer's mandate is made for
 * the collection (max_amount = amount, frequency = schedule, the customer's vpa if any, the default validity) under
 * a key derived from the caller's, so a repeated request finds the same mandate; the collection waits `created`
 * until the customer approves it. Every rule a mandate and its collection must keep is checked before either is made.
 */
async function createWithMandate(ctx: ApiRouterContext, deps: AppDeps, params: CreateCollectionParams): Promise<CollectionResponse> {
  const { accountId, mode } = authOf(ctx);
  const customer = await findOwn(ctx, CustomerEntity, 'customer', params.customer_id!, { param: 'customer_id' });
  const now = Date.now();
  const expireAt = defaultExpireAt(now);
  const startAt = firstChargeAt(params.start_at, now);
  if (startAt >= expireAt) throw new ApiError('invalid_request', "start_at must be before the mandate's expire_at.", 'start_at');
  if (mode === 'live') {
    await checkLiveMandate(ctx, { maxAmount: params.amount, frequency: params.schedule, customer });
    await checkLiveDebit(ctx, customer.id, params.amount);
  }
  const idempotencyKey = idempotencyKeyOf(ctx);
  const simulate = webhookSimulationsOf(ctx.state.simulate);
  const mandate = await deps.temporal.createMandate({
    accountId,
    mode,
    idempotencyKey: `${INTERNAL_KEY_PREFIX}collection:${idempotencyKey}`,
    customerId: customer.id,
    vpa: customer.vpa ?? '',
    maxAmount: params.amount,
    frequency: params.schedule,
    startAt: now,
    expireAt,
    authorizationExpiresAt: now + authorizationWindowMs(deps.config, mode),
    description: params.description ?? null,
    metadata: {},
    simulate,
    customerIp: params.customer_ip ?? null,
    userAgent: params.user_agent ?? null,
  });
  return deps.temporal.createCollection({
    accountId,
    mode,
    idempotencyKey,
    customerId: customer.id,
    mandateId: mandate.id,
    mandateValidity: { startAt: mandate.start_at * 1000, expireAt: mandate.expire_at * 1000 },
    madeMandate: { startAtGiven: params.start_at !== undefined, authorizationUrl: mandate.authorization_url, mandateWorkflowId: mandateWorkflowId(mandate.id) },
    ...termsOf(params),
    startAt,
    simulate,
  });
}

/** What a collection charges, as both ways of creating one take it. */
function termsOf(params: z.infer<typeof createCollectionParams>) {
  return {
    amount: params.amount,
    currency: params.currency,
    schedule: params.schedule,
    dayOfMonth: params.day_of_month ?? null,
    totalCount: params.total_count ?? null,
    description: params.description ?? null,
    metadata: params.metadata ?? {},
  };
}

export function collectionRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post(URL, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(createCollectionParams, ctx.state.body);
    if (params.mandate_id === undefined) {
      ctx.body = (await createWithMandate(ctx, deps, params)) satisfies CollectionResponse;
      return;
    }
    const mandate = await findOwn(ctx, MandateEntity, 'mandate', params.mandate_id, { param: 'mandate_id' });
    const startAt = checkMandateTerms(mandate, params, Date.now());
    if (mode === 'live') await checkLiveDebit(ctx, mandate.customerId, params.amount);
    const collection = await deps.temporal.createCollection({
      accountId,
      mode,
      idempotencyKey: idempotencyKeyOf(ctx),
      customerId: mandate.customerId,
      mandateId: mandate.id,
      mandateValidity: { startAt: mandate.startAt.getTime(), expireAt: mandate.expireAt.getTime() },
      ...termsOf(params),
      startAt,
      simulate: webhookSimulationsOf(ctx.state.simulate),
    });
    ctx.body = collection satisfies CollectionResponse;
  });

  readRoutes(router, {
    path: URL,
    entity: CollectionEntity,
    objectName: 'collection',
    listQuery: listCollectionsQuery,
    filters: (query) => ({ status: query.status, customerId: query.customer_id, mandateId: query.mandate_id }),
    view: (row) => collectionView(row) satisfies CollectionResponse,
  });

  /** An action on the caller's collection: 409 at once when its stored status does not fit, else the workflow decides. */
  const act = async (ctx: ApiRouterContext, action: CollectionAction) => {
    parseParams(noParams, ctx.state.body);
    const row = await findOwn(ctx, CollectionEntity, 'collection', ctx.params.id);
    const problem = actionProblem(row.status, action);
    if (problem) throw new ApiError('invalid_state', problem);
    if (action === 'resume' && row.mandateId) {
      const mandate = await findOwn(ctx, MandateEntity, 'mandate', row.mandateId);
      const held = collectionResumeProblem(mandate.status);
      if (held) throw new ApiError('invalid_state', held);
    }
    ctx.body = (await deps.temporal.collectionAction({ id: row.id, accountId: row.accountId, mode: row.mode }, action)) satisfies CollectionResponse;
  };
  router.post(`${URL}/:id/pause`, (ctx) => act(ctx, 'pause'));
  router.post(`${URL}/:id/resume`, (ctx) => act(ctx, 'resume'));
  router.post(`${URL}/:id/cancel`, (ctx) => act(ctx, 'cancel'));

  router.post('/v1/test_helpers/collections/:id/advance', async (ctx) => {
    if (authOf(ctx).mode !== 'sandbox') throw new ApiError('sandbox_only', 'Test helpers work with sandbox API keys only.');
    await act(ctx, 'advance');
  });
}
