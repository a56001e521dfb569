// Per API key, points per second (API.md, Rate limits). Every authenticated /v1 response carries
// X-RateLimit-Limit / -Remaining / -Reset; a 429 adds Retry-After.
// The counters live in PostgreSQL (src/db/rate-limits.ts), so the limit holds across every API process.
// When the store cannot be reached, the request is not failed: this process counts on its own in memory
// (rate-limiter-flexible's insurance limiter) and logs a warning, at most one line per LOG_EVERY_MS. While the
// database is down the limit therefore holds per process, not per deployment; it is never lifted entirely.
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiError } from '../../domain/errors.ts';
import type { Mode } from '../../domain/modes.ts';
import { sharedRateLimiter } from '../../db/rate-limits.ts';
import type { Orm } from '../../db/orm.ts';
import type { Logger } from '../../logger.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';

export interface RateLimitOptions {
  live: number;
  sandbox: number;
  orm: Orm;
  logger: Logger;
}

const LOG_EVERY_MS = 10_000;

/** Logs store failures, one line per LOG_EVERY_MS with the number of failures it stands for. */
function storeErrorLogger(logger: Logger): (err: unknown) => void {
  let lastLogged = 0;
  let unlogged = 0;
  return (err) => {
    unlogged++;
    const now = Date.now();
    if (now - lastLogged < LOG_EVERY_MS) return;
    logger.warn({ err, failures: unlogged }, 'rate limit store unavailable: counting in this process only');
    lastLogged = now;
    unlogged = 0;
  };
}

function setHeaders(ctx: ApiContext, limit: number, res: RateLimiterRes): Record<string, string> {
  const headers = {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, res.remainingPoints)),
    'X-RateLimit-Reset': String(Math.ceil((Date.now() + res.msBeforeNext) / 1000)),
  };
  ctx.set(headers);
  return headers;
}

function limited(headers: Record<string, string>, res: RateLimiterRes, message: string): ApiError {
  const retryAfter = String(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
  return new ApiError('rate_limited', message, undefined, { ...headers, 'Retry-After': retryAfter });
}

export function rateLimiting(options: RateLimitOptions): ApiMiddleware {
  const onStoreError = storeErrorLogger(options.logger);
  const limiter = (mode: Mode): RateLimiterAbstract => {
    const limit = { keyPrefix: mode, points: options[mode], duration: 1 };
    return sharedRateLimiter(options.orm, { ...limit, insuranceLimiter: new RateLimiterMemory(limit), onStoreError });
  };
  const limiters: Record<Mode, RateLimiterAbstract> = { live: limiter('live'), sandbox: limiter('sandbox') };
  return async (ctx, next) => {
    const { keyId, mode } = ctx.state;
    if (!keyId || !mode) return next(); // public /v1 path
    const limiter = limiters[mode];
    const limit = options[mode];

    if (ctx.state.simulate.has('rate_limited')) {
      // Answers 429 at once and does nothing, not even spend a point.
      const current = (await limiter.get(keyId)) ?? new RateLimiterRes(limit, 1000, 0, false);
      const headers = setHeaders(ctx, limit, current);
      throw limited(headers, current, 'Simulated rate limit (Sandbox-Simulate: rate_limited).');
    }

    let res: RateLimiterRes;
    try {
      res = await limiter.consume(keyId);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const headers = setHeaders(ctx, limit, rejection);
      throw limited(headers, rejection, `Too many requests: at most ${limit} per second for this API key. Retry after the time in Retry-After.`);
    }
    setHeaders(ctx, limit, res);
    await next();
  };
}
