// Live money needs a connection (API.md, Live mode): a live write that would move money, on an account without an
// active provider connection, answers 403 connection_required at once, before the handler validates anything or starts
// a workflow. It runs inside the idempotency claim: a key already bound still replays what it created (API.md,
// Idempotency), and the 403, like every refusal that changed nothing, releases the claim, so the key stays free. Reads
// always work, and so do live writes that move no money (beneficiaries, customers, webhook endpoints, reports,
// cancelling or pausing).
import { ApiError } from '../../domain/errors.ts';
import { activeConnection } from '../../db/connections.ts';
import { connectorOf } from '../../connectors/index.ts';
import type { MoneyMovement } from '../../connectors/types.ts';
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
]);

export function connectionRequired(routes: ReadonlyMap<string, MoneyMovement | null> = moneyMovingRoutes): ApiMiddleware {
  return async (ctx, next) => {
    const { mode, accountId } = ctx.state;
    const route = `${ctx.method} ${routePattern(ctx)}`;
    if (mode !== 'live' || !accountId || !routes.has(route)) return next();
    const connection = await activeConnection(ctx.state.em, accountId);
    if (!connection) {
      throw new ApiError(
        'connection_required',
        'This account has no active connection to a payment provider, so live money cannot move yet. An operator adds one with `payctl connections add`; sandbox keys work without one.',
      );
    }
    const needs = routes.get(route);
    const connector = connectorOf(connection.provider);
    if (needs && !connector?.moves.includes(needs)) {
      throw new ApiError('connection_required', `This account's connection (${connector?.displayName ?? connection.provider}) does not take live ${needs === 'recurring' ? 'recurring debits' : needs} yet; sandbox keys work meanwhile.`);
    }
    await next();
  };
}
