// Per API key, points per second (API.md, Rate limits). Every authenticated /v1 response carries
// X-RateLimit-Limit / -Remaining / -Reset; a 429 adds Retry-After.
// In memory: each API process counts on its own (run one API process per key's traffic, or move to a shared store).
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../../domain/errors.ts';
import type { Mode } from '../../domain/modes.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';

export interface RateLimitOptions {
  live: number;
  sandbox: number;
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
  const limiters: Record<Mode, RateLimiterMemory> = {
    live: new RateLimiterMemory({ keyPrefix: 'live', points: options.live, duration: 1 }),
    sandbox: new RateLimiterMemory({ keyPrefix: 'sandbox', points: options.sandbox, duration: 1 }),
  };
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
