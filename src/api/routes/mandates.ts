// Mandates: POST /v1/mandates starts the mandate's workflow (which expires it on time by itself); the business's
// revoke and the sandbox's customer moves (test helpers) are updates to it; reads come from the database. The
// hosted authorization page is src/api/pages/mandate-page.ts.
import type Router from '@koa/router';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { ApiError } from '../../domain/errors.ts';
import { AUTHORIZATION_WINDOW_MS, type MandateFrequency, defaultExpireAt, mandateActionProblem, startProblem, validityProblem } from '../../domain/mandates.ts';
import type { Mode } from '../../domain/modes.ts';
import { webhookSimulationsOf } from '../../domain/webhooks.ts';
import { CustomerEntity, MandateEntity, type Customer } from '../../db/entities.ts';
import { mandateView } from '../../db/views.ts';
import { createMandateParams, listMandatesQuery, type MandateResponse } from '../../contract/mandates.ts';
import { parseParams } from '../../contract/validation.ts';
import type { MandateMove } from '../../temporal/client/gateway.ts';
import { type AppDeps, type ApiRouterContext, type ApiState, authOf, idempotencyKeyOf } from '../context.ts';
import { liveLimits, refuseViolation } from '../live-limits.ts';
import { findOwn, readRoutes } from '../read-routes.ts';

const URL = '/v1/mandates';
const noParams = z.strictObject({});

/** How long the customer has to approve: 7 days, shortened for sandbox test runs only. */
export function authorizationWindowMs(config: Pick<Config, 'MANDATE_AUTHORIZATION_SECONDS'>, mode: Mode): number {
  return mode === 'sandbox' ? config.MANDATE_AUTHORIZATION_SECONDS * 1000 : AUTHORIZATION_WINDOW_MS;
}

/** `start_at` and `expire_at` as unix ms: the defaults, or the caller's within the mandate rules. */
function validityOf(params: { start_at?: number; expire_at?: number }, nowMs: number): { startAt: number; expireAt: number } {
  const startAt = params.start_at === undefined ? nowMs : params.start_at * 1000;
  const late = startProblem(startAt, nowMs);
  if (late) throw new ApiError('invalid_request', late, 'start_at');
  const expireAt = params.expire_at === undefined ? defaultExpireAt(startAt) : params.expire_at * 1000;
  const problem = validityProblem(startAt, expireAt, nowMs);
  if (problem) throw new ApiError('invalid_request', problem, 'expire_at');
  return { startAt, expireAt };
}

/** The provider's rules where they are narrower than ours (Razorpay: max_amount up to 9,999,900; a customer it can name): 400 naming the param. */
export async function checkLive(ctx: ApiRouterContext, input: { maxAmount: number; frequency: MandateFrequency; customer: Customer }): Promise<void> {
  const limits = await liveLimits(ctx);
  const { customer } = input;
  refuseViolation(
    limits.checkMandate({
      maxAmount: input.maxAmount,
      frequency: input.frequency,
      customer: { name: customer.name, email: customer.email ?? null, phone: customer.phone ?? null },
    }),
  );
}

export function mandateRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.post(URL, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(createMandateParams, ctx.state.body);
    const customer = await findOwn(ctx, CustomerEntity, 'customer', params.customer_id, { param: 'customer_id' });
    // Live, the customer approves in their UPI app by intent: the UPI ID is the one they approve from, told by the provider.
    const vpa = params.vpa ?? customer.vpa ?? (mode === 'live' ? '' : null);
    if (vpa === null) throw new ApiError('invalid_request', `Customer '${customer.id}' has no vpa; give the mandate a vpa or set the customer's first.`, 'vpa');
    if (mode === 'live') await checkLive(ctx, { maxAmount: params.max_amount, frequency: params.frequency, customer });
    const now = Date.now();
    const { startAt, expireAt } = validityOf(params, now);
    const mandate = await deps.temporal.createMandate({
      accountId,
      mode,
      idempotencyKey: idempotencyKeyOf(ctx),
      customerId: customer.id,
      vpa,
      maxAmount: params.max_amount,
      frequency: params.frequency,
      startAt,
      expireAt,
      authorizationExpiresAt: now + authorizationWindowMs(deps.config, mode),
      description: params.description ?? null,
      metadata: params.metadata ?? {},
      // Sent with the live registration; accepted and ignored in the sandbox.
      ...(mode === 'live' ? { customerIp: params.customer_ip ?? null, userAgent: params.user_agent ?? null } : {}),
      simulate: webhookSimulationsOf(ctx.state.simulate),
    });
    ctx.body = mandate satisfies MandateResponse;
  });

  readRoutes(router, {
    path: URL,
    entity: MandateEntity,
    objectName: 'mandate',
    listQuery: listMandatesQuery,
    filters: (query) => ({ status: query.status, customerId: query.customer_id }),
    view: (row) => mandateView(row) satisfies MandateResponse,
  });

  /** A move on the caller's mandate: 409 at once when its stored status does not fit, else the workflow decides. */
  const act = async (ctx: ApiRouterContext, action: MandateMove) => {
    parseParams(noParams, ctx.state.body);
    const row = await findOwn(ctx, MandateEntity, 'mandate', ctx.params.id);
    const problem = mandateActionProblem(row.status, action);
    if (problem) throw new ApiError('invalid_state', problem);
    ctx.body = (await deps.temporal.mandateAction({ id: row.id, accountId: row.accountId, mode: row.mode }, action)) satisfies MandateResponse;
  };
  router.post(`${URL}/:id/revoke`, (ctx) => act(ctx, 'revoke'));

  // The customer's moves in their UPI app, acted out in the sandbox.
  for (const action of ['pause', 'resume', 'revoke'] as const) {
    router.post(`/v1/test_helpers/mandates/:id/${action}`, async (ctx) => {
      if (authOf(ctx).mode !== 'sandbox') throw new ApiError('sandbox_only', 'Test helpers work with sandbox API keys only.');
      await act(ctx, action);
    });
  }
}
