// Request bodies: form-encoded (bracket notation) or JSON, nothing else (415); at most 2 MiB (413),
// except on routes listed in `largeBodyRoutes` (payout batches: 20 MiB). An empty body is `{}`.
// Form bodies and query strings hold at most 1,000 parameters (400), except on routes listed in
// `manyParameterRoutes` (payout batches: 30 per item).
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../../domain/errors.ts';
import type { ApiMiddleware } from '../context.ts';
import { DEFAULT_PARAMETER_LIMIT, assertStorableParams } from '../../contract/validation.ts';
import { parseForm } from '../form.ts';
import { MAX_BATCH_ITEMS } from '../../contract/payout-batches.ts';
import { routePattern } from './metrics.ts';

export const MiB = 1024 * 1024;
export const DEFAULT_BODY_LIMIT = 2 * MiB;

/** `METHOD /route/pattern` → body limit in bytes, for routes that take more than the default. */
export const largeBodyRoutes: ReadonlyMap<string, number> = new Map([['POST /v1/payout_batches', 20 * MiB]]);

/** `METHOD /route/pattern` → most form parameters in the body, for routes that take more than the default. */
export const manyParameterRoutes: ReadonlyMap<string, number> = new Map([['POST /v1/payout_batches', 30 * MAX_BATCH_ITEMS]]);

export interface BodyOptions {
  defaultLimit?: number;
  /** Overrides (and extends) largeBodyRoutes. */
  routeLimits?: ReadonlyMap<string, number>;
}

const methodsWithBody = new Set(['POST', 'PUT', 'PATCH']);

function tooLarge(limit: number): ApiError {
  return new ApiError('payload_too_large', `The request body is larger than the limit of ${limit} bytes.`);
}

/**
 * Reads the whole body, up to `limit` bytes. Past the limit the rest is drained and discarded (not
 * destroyed), so the caller still receives the 413.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.resume(); // drain and discard
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const onAborted = () => onError(new ApiError('invalid_request', 'The request body was not received completely.'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  });
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

function isJsonType(type: string): boolean {
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** Parses query strings (always) and bodies (POST/PUT/PATCH) into ctx.state.query / ctx.state.body. */
export function bodyParsing(options: BodyOptions = {}): ApiMiddleware {
  const defaultLimit = options.defaultLimit ?? DEFAULT_BODY_LIMIT;
  const limits = new Map([...largeBodyRoutes, ...(options.routeLimits ?? [])]);
  return async (ctx, next) => {
    ctx.state.query = parseForm(ctx.querystring);
    assertStorableParams(ctx.state.query);
    if (!methodsWithBody.has(ctx.method)) return next();

    const headers = ctx.req.headers;
    const declared = headers['content-length'];
    const chunked = headers['transfer-encoding'] !== undefined;
    if ((declared === undefined || declared === '0') && !chunked) {
      ctx.state.body = {};
      return next();
    }
    const type = mediaType(headers['content-type']);
    const json = isJsonType(type);
    const form = type === 'application/x-www-form-urlencoded';
    if (!json && !form) {
      throw new ApiError(
        'unsupported_media_type',
        `Unsupported Content-Type ${type ? `"${type}"` : '(none)'}: send application/x-www-form-urlencoded or application/json.`,
      );
    }
    const encoding = (headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity') throw new ApiError('unsupported_media_type', `Unsupported Content-Encoding "${encoding}".`);

    const route = `${ctx.method} ${routePattern(ctx)}`;
    const limit = limits.get(route) ?? defaultLimit;
    if (declared !== undefined && Number(declared) > limit) throw tooLarge(limit);
    const text = await readBody(ctx.req, limit);

    if (json) {
      if (text.trim() === '') {
        ctx.state.body = {};
      } else {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          throw new ApiError('invalid_request', 'The request body is not valid JSON.');
        }
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
          throw new ApiError('invalid_request', 'The JSON request body must be an object.');
        }
        ctx.state.body = parsed as Record<string, unknown>;
      }
    }
    const parameterLimit = manyParameterRoutes.get(route) ?? DEFAULT_PARAMETER_LIMIT;
    if (form) ctx.state.body = parseForm(text, { parameterLimit });
    assertStorableParams(ctx.state.body, parameterLimit);
    return next();
  };
}
