// Live money needs a connection (docs/api.md, Live mode): a live write that would move money, on an account without an
// active provider connection, answers 403 connection_required at once, before the handler validates anything or starts
// a workflow. It runs inside the idempotency claim: a key already bound still replays what it created (docs/api.md,
// Idempotency), and the 403, like every refusal that changed nothing, releases the claim, so the key stays free. Reads
// always work, and so do live writes that move no money (beneficiaries, customers, webhook endpoints, reports,
// cancelling or pausing).
import { ApiError } from '../../domain/errors.ts';
import { activeConnection } from '../../db/connections.ts';
import { isIdOf } from '../../domain/ids.ts';
import { connectorOf } from '../../connectors/index.ts';
import type { MoneyMovement } from '../../rails/provider.ts';
import type { ApiMiddleware } from '../context.ts';
import { routePattern } from './metrics.ts';

/**
 * `METHOD /route/pattern` of every write that moves money, with the kind of money a connection's connector must move
 * for it. Refunds give back payments, so they go with them. Collections and mandates are recurring debits (UPI
 * AutoPay): a connector moves them only once it lists `recurring`, however it takes one-off payments. A link takes
 * live payments (its provider QR code's, a collect request's), so it needs a connector that moves payments.
 */
export const moneyMovingRoutes: ReadonlyMap<string, MoneyMovement | null> = new Map([
  ['POST /v1/payouts', 'payouts'],
  ['POST /v1/payout_batches', 'payouts'],
  ['POST /v1/payments', 'payments'],
  ['POST /v1/refunds', 'payments'],
  ['POST /v1/payment_links', 'payments'],
  ['POST /v1/collections', 'recurring'],
  ['POST /v1/mandates', 'recurring'],
  // A live verification is a penny drop (or a VPA validation) the provider charges for; whether the connection can
  // validate is the provider's answer (`failed`, provider_unavailable), not a refusal here.
  ['POST /v1/beneficiaries/:id/verify', null],
]);

export const CONNECTION_REQUIRED_MESSAGE =
  'This account has no active connection to a payment provider, so live money cannot move yet. An operator adds one with `payctl connections add`; sandbox keys work without one.';

/**
 * A refund gives back a payment through the payment's own connection, disabled or not (it still serves what it
 * carried), so a refund needs no active connection when its payment has one. Only a well-formed id of a live payment
 * of this account counts; anything else meets the usual refusal.
 */
async function paymentConnection(ctx: Parameters<ApiMiddleware>[0]): Promise<{ id: string; provider: string } | null> {
  const body = ctx.state.body as Record<string, unknown> | undefined;
  const paymentId = body && typeof body === 'object' ? body.payment_id : undefined;
  if (typeof paymentId !== 'string' || !isIdOf('payment', paymentId)) return null;
  const [row] = await ctx.state.em.execute<{ id: string; provider: string }[]>(
    `select c.id, c.provider from payments p join connections c on c.id = p.connection_id where p.id = ? and p.account_id = ? and p.mode = 'live'`,
    [paymentId, ctx.state.accountId],
  );
  return row ?? null;
}

export function connectionRequired(routes: ReadonlyMap<string, MoneyMovement | null> = moneyMovingRoutes): ApiMiddleware {
  return async (ctx, next) => {
    const { mode, accountId } = ctx.state;
    const route = `${ctx.method} ${routePattern(ctx)}`;
    if (mode !== 'live' || !accountId || !routes.has(route)) return next();
    const connection = (await activeConnection(ctx.state.em, accountId)) ?? (route === 'POST /v1/refunds' ? await paymentConnection(ctx) : null);
    if (!connection) {
      throw new ApiError('connection_required', CONNECTION_REQUIRED_MESSAGE);
    }
    const needs = routes.get(route);
    const connector = connectorOf(connection.provider);
    if (needs && !connector?.moves.includes(needs)) {
      throw new ApiError('connection_required', `This account's connection (${connector?.displayName ?? connection.provider}) does not take live ${needs === 'recurring' ? 'recurring debits' : needs} yet; sandbox keys work meanwhile.`);
    }
    await next();
  };
}
