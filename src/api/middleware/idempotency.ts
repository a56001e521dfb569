// HTTP idempotency (docs/api.md, Idempotency). Scope: account + mode + Idempotency-Key.
//
//   claim    INSERT ... ON CONFLICT DO NOTHING: the first request owns the key (state in_flight, locked_until).
//   found    different method/path/params → 422 idempotency_key_reused;
//            done → replay the stored status and body byte for byte (Idempotent-Replayed: true);
//            in_flight and locked → 409 idempotency_key_in_use;
//            in_flight and the lock expired (its process died) → take it over with a conditional UPDATE.
//   after    a refusal that changed nothing (keyFreeingStatuses) or a 5xx → DELETE: the key stays free;
//            anything else → store status + the exact body string, state done. An answer that holds a
//            secret (an endpoint's, a report's signed link: SEALED_REPLAY_PATHS) is
//            stored sealed with SECRETS_KEY and opened for its replays.
//
// The owner is identified by its locked_until value (a fencing token), so a request whose lock was
// taken over cannot overwrite or delete the new owner's record.
import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import type { Logger } from '../../logger.ts';
import { ApiError, StillProcessingError, keyFreeingStatuses } from '../../domain/errors.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyClaim,
  findIdempotencyRecord,
  keyCreatedSomething,
  releaseIdempotencyClaim,
  unlockIdempotencyClaim,
  takeOverIdempotencyClaim,
  type IdempotencyScope,
} from '../../db/idempotency.ts';
import { openReplay, replayContext, replayHoldsSecret, type SecretBox } from '../../db/sealed.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';
import { sendJsonText, serializeBody } from '../json.ts';
import { renderError } from './errors.ts';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
const keyPattern = /^[\x20-\x7E]{1,255}$/;

export interface IdempotencyOptions {
  logger: Logger;
  /** Seals the stored answers that hold a secret, and opens them for replays. */
  secrets: SecretBox;
  /** How long a claim holds before another request may take it over (a crashed process). Default 60 s. */
  lockMs?: number;
}

/** Form and JSON mean the same (docs/api.md, Conventions), so scalars hash as strings: amount=100 ≡ {"amount":100}. */
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

type Claim = { kind: 'claimed'; token: string } | { kind: 'replay'; status: number; body: string };

export function idempotency(options: IdempotencyOptions): ApiMiddleware {
  const lockMs = options.lockMs ?? 60_000;
  const { logger, secrets } = options;

  async function claim(ctx: ApiContext, scope: IdempotencyScope, hash: string): Promise<Claim> {
    const em = ctx.state.em;
    const request = { method: ctx.method, path: ctx.path, requestHash: hash };
    for (let attempt = 0; attempt < 3; attempt++) {
      const token = await claimIdempotencyKey(em, scope, request, lockMs);
      if (token !== undefined) return { kind: 'claimed', token };

      const record = await findIdempotencyRecord(em, scope);
      if (!record) continue; // freed in between: claim again
      if (record.method !== ctx.method || record.path !== ctx.path || record.request_hash !== hash) {
        throw new ApiError(
          'idempotency_key_reused',
          `This Idempotency-Key was already used with a different request (${record.method} ${record.path} with other parameters). Use a new key for a new request.`,
          IDEMPOTENCY_KEY_HEADER,
        );
      }
      if (record.state === 'done' && record.status_code !== null && record.response_body !== null) {
        return { kind: 'replay', status: record.status_code, body: openReplay(secrets, { ...record, response_body: record.response_body }, scope) };
      }
      if (record.locked) break;
      const taken = await takeOverIdempotencyClaim(em, scope, lockMs);
      if (taken !== undefined) {
        logger.warn({ request_id: ctx.state.requestId, account_id: ctx.state.accountId }, 'took over an expired idempotency claim');
        return { kind: 'claimed', token: taken };
      }
    }
    throw new ApiError(
      'idempotency_key_in_use',
      'A request with this Idempotency-Key is still being processed. Retry later with the same key.',
      IDEMPOTENCY_KEY_HEADER,
    );
  }

  async function settle(ctx: ApiContext, scope: IdempotencyScope, token: string, status: number, body: string | undefined, stillProcessing: boolean): Promise<void> {
    if (body === undefined || keyFreeingStatuses.has(status) || status >= 500) {
      // A failure after the resource exists (a workflow that could not start or answer), or while the work
      // may still create it (a workflow that did not answer in time), keeps the key bound to this request
      // (docs/api.md, Idempotency): not replayed, since a retry must be able to finish the work or get its outcome.
      if (status >= 500 && (stillProcessing || (await keyCreatedSomething(ctx.state.em, scope)))) await unlockIdempotencyClaim(ctx.state.em, scope, token);
      else await releaseIdempotencyClaim(ctx.state.em, scope, token);
      return;
    }
    const sealed = replayHoldsSecret(ctx.method, ctx.path);
    const stored = sealed ? secrets.seal(body, replayContext(scope)) : body;
    if (!(await completeIdempotencyClaim(ctx.state.em, scope, token, status, stored))) {
      logger.warn({ request_id: ctx.state.requestId }, 'idempotency claim was taken over before this request finished; its result was not stored');
    }
  }

  return async (ctx, next) => {
    const { accountId, mode } = ctx.state;
    if (ctx.method !== 'POST' || !accountId || !mode) return next();
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
    const scope = { accountId, mode, key };
    const hash = requestHash(ctx.method, ctx.path, ctx.state.body, ctx.state.query);
    const claimed = await claim(ctx, scope, hash);
    if (claimed.kind === 'replay') {
      sendJsonText(ctx, claimed.status, claimed.body);
      ctx.set('Idempotent-Replayed', 'true');
      return;
    }

    // Render here (not in the outer error middleware) so the stored body is exactly the one sent.
    let body: string | undefined;
    let stillProcessing = false;
    try {
      await next();
      if (ctx.body == null && ctx.status === 404) {
        throw new ApiError('not_found', `Unrecognized request URL (${ctx.method}: ${ctx.path}).`);
      }
      body = serializeBody(ctx);
    } catch (err) {
      stillProcessing = err instanceof StillProcessingError;
      body = renderError(ctx, err, logger);
    }
    try {
      await settle(ctx, scope, claimed.token, ctx.status, body, stillProcessing);
    } catch (err) {
      // The answer stands; the claim expires after lockMs and a retry then takes it over
      // (the resource tables are unique per key, so a retried write finds what this one made).
      logger.error({ err, request_id: ctx.state.requestId }, 'could not record the idempotent response');
    }
  };
}
