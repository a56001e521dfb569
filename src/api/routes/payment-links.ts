// Payment links: POST /v1/payment_links starts the link's workflow (which expires it on time by itself);
// cancel is an update to it; reads come from the database. The hosted page is src/api/pages/pay.ts.
import type Router from '@koa/router';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { ApiError } from '../../domain/errors.ts';
import type { Mode } from '../../domain/modes.ts';
import { DEFAULT_EXPIRY_SECONDS, MAX_EXPIRY_SECONDS, MIN_EXPIRY_SECONDS } from '../../domain/payment-links.ts';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { PaymentLinkEntity } from '../../db/entities.ts';
import { paymentLinkView } from '../../db/views.ts';
import { createPaymentLinkParams, listPaymentLinksQuery, type PaymentLinkResponse } from '../../contract/payment-links.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { findOwn, readRoutes } from '../read-routes.ts';

const URL = '/v1/payment_links';
const noParams = z.strictObject({});

/** The least time ahead `expire_by` may be: 15 minutes, lowered for sandbox test runs only. */
function minExpirySeconds(config: Pick<Config, 'PAYMENT_LINK_MIN_EXPIRY_SECONDS'>, mode: Mode): number {
  return mode === 'sandbox' ? config.PAYMENT_LINK_MIN_EXPIRY_SECONDS : MIN_EXPIRY_SECONDS;
}

/** `expire_by` as unix ms: the default, or the caller's within the contract's bounds. */
function expiryOf(expireBy: number | undefined, minSeconds: number, nowMs: number): number {
  const now = Math.floor(nowMs / 1000);
  if (expireBy === undefined) return (now + DEFAULT_EXPIRY_SECONDS) * 1000;
  if (expireBy < now + minSeconds) throw new ApiError('invalid_request', `expire_by must be at least ${minSeconds} seconds from now (unix seconds).`, 'expire_by');
  if (expireBy > now + MAX_EXPIRY_SECONDS) throw new ApiError('invalid_request', 'expire_by must be at most 180 days from now (unix seconds).', 'expire_by');
  return expireBy * 1000;
}

export function paymentLinkRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post(URL, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(createPaymentLinkParams, ctx.state.body);
    const expireBy = expiryOf(params.expire_by, minExpirySeconds(deps.config, mode), Date.now());
    if (params.callback_url !== undefined && mode === 'live' && !params.callback_url.startsWith('https:')) {
      throw new ApiError('invalid_request', 'callback_url must be an https URL (http is allowed with sandbox keys only).', 'callback_url');
    }
    // A quick answer for the common case; the link's creation checks again in its transaction (and the index decides races).
    if (params.reference_id !== undefined) {
      const taken = await ctx.state.em.findOne(PaymentLinkEntity, { accountId, mode, referenceId: params.reference_id }, { fields: ['id'] });
      if (taken) throw new ApiError('invalid_request', 'A payment link with this reference_id already exists.', 'reference_id');
    }
    const link = await deps.temporal.createPaymentLink({
      accountId,
      mode,
      idempotencyKey: idempotencyKeyOf(ctx),
      amount: params.amount,
      currency: params.currency,
      description: params.description ?? null,
      customer: { name: params.customer?.name ?? null, email: params.customer?.email ?? null, phone: params.customer?.phone ?? null },
      referenceId: params.reference_id ?? null,
      acceptPartial: params.accept_partial ?? false,
      firstMinPartialAmount: params.first_min_partial_amount ?? null,
      expireBy,
      callbackUrl: params.callback_url ?? null,
      metadata: params.metadata ?? {},
      simulate: webhookSimulationsOf(ctx.state.simulate),
    });
    ctx.body = link satisfies PaymentLinkResponse;
  });

  readRoutes(router, {
    path: URL,
    entity: PaymentLinkEntity,
    objectName: 'payment link',
    listQuery: listPaymentLinksQuery,
    filters: (query) => ({ status: query.status, referenceId: query.reference_id }),
    view: (row) => paymentLinkView(row) satisfies PaymentLinkResponse,
  });

  router.post(`${URL}/:id/cancel`, async (ctx) => {
    parseParams(noParams, ctx.state.body);
    const row = await findOwn(ctx, PaymentLinkEntity, 'payment link', ctx.params.id);
    if (row.status !== 'created') throw new ApiError('invalid_state', `A ${row.status} payment link cannot be cancelled; only a link in status created can.`);
    ctx.body = (await deps.temporal.cancelPaymentLink({ id: row.id, accountId: row.accountId, mode: row.mode })) satisfies PaymentLinkResponse;
  });
}
