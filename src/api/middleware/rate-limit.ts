// Per API key, points per second (docs/api.md, Rate limits). Every authenticated /v1 response carries
// X-RateLimit-Limit / -Remaining / -Reset; a 429 adds Retry-After. Requests without a valid key are limited per
// client address instead (unknownKeyLimiting).
// The per-key counters live in PostgreSQL, so the limit holds across every API process; each process lets a
// small budget of requests through between its writes to them (src/db/rate-budget.ts says how far over the limit
// that may go: one chunk, a tenth of the limit, per process and window). The per-address limits write every request
// (src/db/rate-limits.ts).
// When the store cannot be reached, the request is not failed: this process counts on its own in memory
// (an insurance limiter) and logs a warning, at most one line per LOG_EVERY_MS. While the database is down the
// limit therefore holds per process, not per deployment; it is never lifted entirely.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../../domain/errors.ts';
import type { Mode } from '../../domain/modes.ts';
import { budgetRateLimiter, type BudgetLimiter } from '../../db/rate-budget.ts';
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

/** The per-key limit (docs/api.md, Rate limits), shared by the /v1 middleware and /mcp (which spends a point per message). */
export interface KeyRateLimiter {
  /** Requests a second for keys of this mode. */
  limitOf(mode: Mode): number;
  /** Spends `points` of the caller's budget for this second and sets the X-RateLimit headers, or throws 429. */
  consume(ctx: ApiContext, points?: number): Promise<void>;
  /** The caller's current window without spending anything, with its headers set (a simulated 429, a refused batch). */
  peek(ctx: ApiContext): Promise<{ headers: Record<string, string>; res: RateLimiterRes }>;
}

export function keyRateLimiter(options: RateLimitOptions): KeyRateLimiter {
  const onStoreError = storeErrorLogger(options.logger);
  const limiter = (mode: Mode): BudgetLimiter => {
    const limit = { keyPrefix: mode, points: options[mode], duration: 1 };
    return budgetRateLimiter(options.orm, { ...limit, insurance: new RateLimiterMemory(limit), onStoreError });
  };
  const limiters: Record<Mode, BudgetLimiter> = { live: limiter('live'), sandbox: limiter('sandbox') };
  const caller = (ctx: ApiContext): { keyId: string; mode: Mode } => {
    const { keyId, mode } = ctx.state;
    if (!keyId || !mode) throw new Error('the key rate limit runs after authentication');
    return { keyId, mode };
  };
  return {
    limitOf: (mode) => options[mode],
    async consume(ctx, points = 1) {
      const { keyId, mode } = caller(ctx);
      const limit = options[mode];
      let res: RateLimiterRes;
      try {
        res = await limiters[mode].consume(keyId, points);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const headers = setHeaders(ctx, limit, rejection);
        throw limited(headers, rejection, `Too many requests: at most ${limit} per second for this API key. Retry after the time in Retry-After.`);
      }
      setHeaders(ctx, limit, res);
    },
    async peek(ctx) {
      const { keyId, mode } = caller(ctx);
      const limit = options[mode];
      const res = (await limiters[mode].get(keyId)) ?? new RateLimiterRes(limit, 1000, 0, false);
      return { headers: setHeaders(ctx, limit, res), res };
    },
  };
}

/** The /v1 middleware, on the process's one key limiter (shared with /mcp, so a process holds one budget per key). */
export function rateLimiting(limiter: KeyRateLimiter): ApiMiddleware {
  return async (ctx, next) => {
    if (!ctx.state.keyId || !ctx.state.mode) return next(); // public /v1 path
    if (ctx.state.simulate.has('rate_limited')) {
      // Answers 429 at once and does nothing, not even spend a point.
      const { headers, res } = await limiter.peek(ctx);
      throw limited(headers, res, 'Simulated rate limit (Sandbox-Simulate: rate_limited).');
    }
    await limiter.consume(ctx);
    await next();
  };
}

export interface UnknownKeyLimitOptions {
  /** Requests a minute per client address with a missing or unknown key. */
  perMinute: number;
  orm: Orm;
  logger: Logger;
}

/** A limit per client address (ctx.ip: behind TRUST_PROXY the address the trusted proxy saw), a minute at a time. */
function perAddressPerMinute(options: UnknownKeyLimitOptions, keyPrefix: string, what: string): (ctx: ApiContext) => Promise<void> {
  const limit = { keyPrefix, points: options.perMinute, duration: 60 };
  const limiter = sharedRateLimiter(options.orm, {
    ...limit,
    insuranceLimiter: new RateLimiterMemory(limit),
    onStoreError: storeErrorLogger(options.logger),
    transientKeys: true,
  });
  return async (ctx) => {
    try {
      await limiter.consume(ctx.ip || 'unknown');
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const headers = setHeaders(ctx, options.perMinute, rejection);
      throw limited(headers, rejection, `Too many ${what} from this address: at most ${options.perMinute} a minute. Retry after the time in Retry-After.`);
    }
  };
}

/**
 * Requests to /v1 and /mcp with a missing or unknown key, counted per client address: past the limit the answer is
 * 429, so a flood of guessed keys costs one counter update each and gets nowhere. Called by authentication before its 401.
 */
export function unknownKeyLimiting(options: UnknownKeyLimitOptions): (ctx: ApiContext) => Promise<void> {
  return perAddressPerMinute(options, 'unknown_key', 'requests without a valid API key');
}

/**
 * Inbound provider webhooks whose signature failed, counted per client address (docs/decisions.md, Connections and
 * webhooks): past the limit the answer is 429 instead of 400. A good signature spends nothing, so a provider's burst
 * of real events is never limited by it.
 */
export function failedSignatureLimiting(options: UnknownKeyLimitOptions): (ctx: ApiContext) => Promise<void> {
  return perAddressPerMinute(options, 'provider_webhook_signature', 'webhooks with a wrong signature');
}

/**
 * Inbound provider webhooks naming no connection of ours (an unknown or malformed connection id), counted per client
 * address like requests without a valid API key: past the limit the answer is 429 instead of 404.
 */
export function unknownConnectionLimiting(options: UnknownKeyLimitOptions): (ctx: ApiContext) => Promise<void> {
  return perAddressPerMinute(options, 'provider_webhook_connection', 'webhooks naming no connection');
}
