// HTTP idempotency (API.md, Idempotency). Scope: account + mode + Idempotency-Key.
//
//   claim    INSERT ... ON CONFLICT DO NOTHING: the first request owns the key (state in_flight, locked_until).
//   found    different method/path/params → 422 idempotency_key_reused;
//            done → replay the stored status and body byte for byte (Idempotent-Replayed: true);
//            in_flight and locked → 409 idempotency_key_in_use;
//            in_flight and the lock expired (its process died) → take it over with a conditional UPDATE.
//   after    a refusal that changed nothing (keyFreeingStatuses) or a 5xx → DELETE: the key stays free;
//            anything else → store status + the exact body string, state done.
//
// The owner is identified by its locked_until value (a fencing token), so a request whose lock was
// taken over cannot overwrite or delete the new owner's record.
import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import type { Logger } from '../../logger.ts';
import { ApiError, keyFreeingStatuses } from '../../domain/errors.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';
import { sendJsonText, serializeBody } from '../json.ts';
import { renderError } from './errors.ts';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
const keyPattern = /^[\x20-\x7E]{1,255}$/;

export interface IdempotencyOptions {
  logger: Logger;
  /** How long a claim holds before another request may take it over (a crashed process). Default 60 s. */
  lockMs?: number;
}

/** Form and JSON mean the same (API.md, Conventions), so scalars hash as strings: amount=100 ≡ {"amount":100}. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])] as const);
    return Object.fromEntries(entries);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return value ?? null;
}

export function requestHash(method: string, path: string, body: unknown, query: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, path, canonical(body), canonical(query)]))
    .digest('hex');
}

interface FoundRecord {
  method: string;
  path: string;
  request_hash: string;
  state: 'in_flight' | 'done';
  status_code: number | null;
  response_body: string | null;
  locked: boolean;
}

type Claim = { kind: 'claimed'; token: string } | { kind: 'replay'; status: number; body: string };

export function idempotency(options: IdempotencyOptions): ApiMiddleware {
  const lockMs = options.lockMs ?? 60_000;
  const { logger } = options;

  async function claim(ctx: ApiContext, key: string, hash: string): Promise<Claim> {
    const em = ctx.state.em;
    const scope = [ctx.state.accountId, ctx.state.mode, key];
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await em.execute<{ token: string }[]>(
        `insert into idempotency_records (account_id, mode, key, method, path, request_hash, state, locked_until, created_at)
         values (?, ?, ?, ?, ?, ?, 'in_flight', now() + ? * interval '1 millisecond', now())
         on conflict (account_id, mode, key) do nothing
         returning extract(epoch from locked_until)::text as token`,
        [...scope, ctx.method, ctx.path, hash, lockMs],
      );
      if (inserted.length === 1) return { kind: 'claimed', token: inserted[0].token };

      const found = await em.execute<FoundRecord[]>(
        `select method, path, request_hash, state, status_code, response_body, locked_until > now() as locked
         from idempotency_records where account_id = ? and mode = ? and key = ?`,
        scope,
      );
      if (found.length === 0) continue; // freed in between: claim again
      const record = found[0];
      if (record.method !== ctx.method || record.path !== ctx.path || record.request_hash !== hash) {
        throw new ApiError(
          'idempotency_key_reused',
          `This Idempotency-Key was already used with a different request (${record.method} ${record.path} with other parameters). Use a new key for a new request.`,
          IDEMPOTENCY_KEY_HEADER,
        );
      }
      if (record.state === 'done' && record.status_code !== null && record.response_body !== null) {
        return { kind: 'replay', status: record.status_code, body: record.response_body };
      }
      if (record.locked) break;
      const taken = await em.execute<{ token: string }[]>(
        `update idempotency_records set locked_until = now() + ? * interval '1 millisecond'
         where account_id = ? and mode = ? and key = ? and state = 'in_flight' and locked_until <= now()
         returning extract(epoch from locked_until)::text as token`,
        [lockMs, ...scope],
      );
      if (taken.length === 1) {
        logger.warn({ request_id: ctx.state.requestId, account_id: ctx.state.accountId }, 'took over an expired idempotency claim');
        return { kind: 'claimed', token: taken[0].token };
      }
    }
    throw new ApiError(
      'idempotency_key_in_use',
      'A request with this Idempotency-Key is still being processed. Retry later with the same key.',
      IDEMPOTENCY_KEY_HEADER,
    );
  }

  async function settle(ctx: ApiContext, key: string, token: string, status: number, body: string | undefined): Promise<void> {
    const em = ctx.state.em;
    const scope = [ctx.state.accountId, ctx.state.mode, key, token];
    if (body === undefined || keyFreeingStatuses.has(status) || status >= 500) {
      await em.execute(
        `delete from idempotency_records
         where account_id = ? and mode = ? and key = ? and state = 'in_flight' and extract(epoch from locked_until)::text = ?`,
        scope,
      );
      return;
    }
    const updated = await em.execute<{ key: string }[]>(
      `update idempotency_records set state = 'done', status_code = ?, response_body = ?, completed_at = now()
       where account_id = ? and mode = ? and key = ? and state = 'in_flight' and extract(epoch from locked_until)::text = ?
       returning key`,
      [status, body, ...scope],
    );
    if (updated.length === 0) {
      logger.warn({ request_id: ctx.state.requestId }, 'idempotency claim was taken over before this request finished; its result was not stored');
    }
  }

  return async (ctx, next) => {
    if (ctx.method !== 'POST' || !ctx.state.accountId || !ctx.state.mode) return next();
    const raw = ctx.req.headers['idempotency-key'];
    if (raw === undefined) {
      ctx.state.idempotencyKey = `auto_${ulid()}`;
      return next();
    }
    const key = Array.isArray(raw) ? raw.join(', ') : raw;
    if (!keyPattern.test(key)) {
      throw new ApiError('invalid_request', 'Idempotency-Key must be 1 to 255 printable ASCII characters.', IDEMPOTENCY_KEY_HEADER);
    }
    ctx.state.idempotencyKey = key;
    const hash = requestHash(ctx.method, ctx.path, ctx.state.body, ctx.state.query);
    const claimed = await claim(ctx, key, hash);
    if (claimed.kind === 'replay') {
      sendJsonText(ctx, claimed.status, claimed.body);
      ctx.set('Idempotent-Replayed', 'true');
      return;
    }

    // Render here (not in the outer error middleware) so the stored body is exactly the one sent.
    let body: string | undefined;
    try {
      await next();
      if (ctx.body == null && ctx.status === 404) {
        throw new ApiError('not_found', `Unrecognized request URL (${ctx.method}: ${ctx.path}).`);
      }
      body = serializeBody(ctx);
    } catch (err) {
      body = renderError(ctx, err, logger);
    }
    try {
      await settle(ctx, key, claimed.token, ctx.status, body);
    } catch (err) {
      // The answer stands; the claim expires after lockMs and a retry then takes it over
      // (the resource tables are unique per key, so a retried write finds what this one made).
      logger.error({ err, request_id: ctx.state.requestId }, 'could not record the idempotent response');
    }
  };
}
