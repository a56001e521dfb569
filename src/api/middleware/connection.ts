// Live money needs a connection (API.md, Live mode): a live write that would move money, on an account without an
// active provider connection, answers 403 connection_required at once, before the handler validates anything or starts
// a workflow. It runs inside the idempotency claim: a key already bound still replays what it created (API.md,
// Idempotency), and the 403, like every refusal that changed nothing, releases the claim, so the key stays free. Reads
// always work, and so do live writes that move no money (beneficiaries, customers, webhook endpoints, reports,
// cancelling or pausing).
import { ApiError } from '../../domain/errors.ts';
import { activeConnection } from '../../db/connections.ts';
import type { ApiMiddleware } from '../context.ts';
import { routePattern } from './metrics.ts';

/** `METHOD /route/pattern` of every write that moves money (mandates join them when they exist). */
export const moneyMovingRoutes: ReadonlySet<string> = new Set([
  'POST /v1/payouts',
  'POST /v1/payout_batches',
  'POST /v1/payments',
  'POST /v1/refunds',
  'POST /v1/payment_links',
  'POST /v1/collections',
]);

export function connectionRequired(routes: ReadonlySet<string> = moneyMovingRoutes): ApiMiddleware {
  return async (ctx, next) => {
    const { mode, accountId } = ctx.state;
    if (mode !== 'live' || !accountId || !routes.has(`${ctx.method} ${routePattern(ctx)}`)) return next();
    if (!(await activeConnection(ctx.state.em, accountId))) {
      throw new ApiError(
        'connection_required',
        'This account has no active connection to a payment provider, so live money cannot move yet. An operator adds one with `payctl connections add`; sandbox keys work without one.',
      );
    }
    await next();
  };
}
