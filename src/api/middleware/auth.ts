// API keys (docs/api.md, Authentication and modes): HTTP Basic with the key as username and an empty
// password, or `Authorization: Bearer <key>`. Looked up in the process's key cache, which PostgreSQL tells of every
// key change (src/db/api-key-cache.ts), so a revoked key stops working at once in every API process.
import { ApiError } from '../../domain/errors.ts';
import { findActiveKey } from '../../db/accounts.ts';
import type { ApiKeyLookup } from '../../db/api-key-cache.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';

/** The key in an Authorization header, or undefined when the header is missing or malformed. */
export function credentialsFrom(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^([A-Za-z]+) +(\S+) *$/.exec(header);
  if (!match) return undefined;
  const scheme = match[1].toLowerCase();
  if (scheme === 'bearer') return match[2];
  if (scheme !== 'basic') return undefined;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(match[2])) return undefined;
  const decoded = Buffer.from(match[2], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const username = colon === -1 ? decoded : decoded.slice(0, colon);
  return username || undefined;
}

const unauthenticated = () =>
  new ApiError(
    'authentication_failed',
    'Invalid API key provided. Use HTTP Basic auth with your API key as the username and an empty password, or "Authorization: Bearer <key>".',
  );

export interface AuthOptions {
  /** Paths under /v1 that need no key. */
  publicPaths?: ReadonlySet<string>;
  /** Told of each request with a missing or unknown key before its 401; may refuse it instead (429, per client address). */
  onRefused?: (ctx: ApiContext) => Promise<void>;
  /** Where keys are looked up (the process's cache); the table itself when absent. */
  keys?: ApiKeyLookup;
}

/**
 * True for a request to our own TLS server, or (TRUST_PROXY) one whose trusted proxy says it terminated TLS.
 * Each proxy appends its value to X-Forwarded-Proto, so only the last one is the trusted proxy's: the ones
 * before it are whatever the caller sent (Koa's ctx.secure reads the first).
 */
function arrivedOverTls(ctx: ApiContext): boolean {
  if ((ctx.req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!ctx.app.proxy) return false;
  const hops = ctx.get('X-Forwarded-Proto').split(',');
  return hops[hops.length - 1].trim().toLowerCase() === 'https';
}

export function authentication(options: AuthOptions = {}): ApiMiddleware {
  const publicPaths = options.publicPaths ?? new Set<string>();
  const find = options.keys ? options.keys.find : findActiveKey;
  return async (ctx, next) => {
    if (publicPaths.has(ctx.path)) return next();
    const secret = credentialsFrom(ctx.get('Authorization') || undefined);
    // A valid key is looked up before any per-address count: callers behind one address with a flood of bad keys
    // among them keep working.
    const key = secret ? await find(ctx.state.em, secret) : null;
    if (!key) {
      await options.onRefused?.(ctx);
      throw unauthenticated();
    }
    if (key.mode === 'live' && !arrivedOverTls(ctx)) {
      throw new ApiError('https_required', 'Live API keys must be used over HTTPS.');
    }
    ctx.state.accountId = key.accountId;
    ctx.state.mode = key.mode;
    ctx.state.keyId = key.id;
    ctx.state.key = key;
    await next();
  };
}
