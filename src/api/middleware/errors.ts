// The one place that turns any failure into the contract's envelope (docs/api.md, Errors):
// {"error":{"type","code","message","param","request_id"}}, param omitted when no input is to blame.
import type { Logger } from '../../logger.ts';
import { ApiError, type ErrorCode } from '../../domain/errors.ts';
import { InsufficientFundsError } from '../../domain/failures.ts';
import type { ErrorEnvelope } from '../../contract/common.ts';
import { isUnavailable } from '../../temporal/client/unavailable.ts';
import type { ApiContext, ApiMiddleware } from '../context.ts';
import { sendJsonText, serializeBody } from '../json.ts';

const httpStatusCodes: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'authentication_failed',
  402: 'insufficient_funds',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  501: 'method_not_allowed',
  503: 'service_unavailable',
};

/** An ApiError or InsufficientFundsError carried as the cause of a wrapper (e.g. a Temporal update failure). */
function knownCause(err: unknown): ApiError | undefined {
  let cur: unknown = err;
  for (let depth = 0; depth < 6 && cur; depth++) {
    if (cur instanceof ApiError) return cur;
    const e = cur as { name?: unknown; type?: unknown; cause?: unknown };
    if (cur instanceof InsufficientFundsError || e.name === 'InsufficientFundsError' || e.type === 'InsufficientFundsError') {
      return new ApiError('insufficient_funds', 'The available balance cannot cover this amount.');
    }
    cur = e.cause;
  }
  return undefined;
}

/** Classifies any thrown value as an ApiError; `unexpected` marks bugs (logged with their stack). */
export function toApiError(err: unknown): { error: ApiError; unexpected: boolean } {
  const known = knownCause(err);
  if (known) return { error: known, unexpected: false };
  if (isUnavailable(err)) {
    return {
      error: new ApiError('service_unavailable', 'The service is temporarily unavailable. Retry later with the same idempotency key.'),
      unexpected: false,
    };
  }
  // http-errors thrown by Koa itself (ctx.throw, ctx.assert) or by a library.
  const e = err as { status?: unknown; statusCode?: unknown; expose?: unknown; message?: unknown } | null;
  const status = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : undefined;
  if (status !== undefined && status >= 400 && status < 500) {
    const code = httpStatusCodes[status] ?? 'invalid_request';
    const message = e?.expose === true && typeof e.message === 'string' && e.message ? e.message : 'Invalid request.';
    return { error: new ApiError(code, message), unexpected: false };
  }
  return { error: new ApiError('internal_error', 'An unexpected error occurred. It has been logged; please retry later.'), unexpected: true };
}

export function errorEnvelope(error: ApiError, requestId: string): ErrorEnvelope {
  return {
    error: {
      type: error.type as ErrorEnvelope['error']['type'],
      code: error.code,
      message: error.message,
      ...(error.param !== undefined ? { param: error.param } : {}),
      request_id: requestId,
    },
  };
}

/** Renders `err` as this response (status, envelope, its headers). Returns the body string it sent. */
export function renderError(ctx: ApiContext, err: unknown, logger: Logger): string | undefined {
  const { error, unexpected } = toApiError(err);
  if (unexpected) {
    logger.error({ err, request_id: ctx.state.requestId, method: ctx.method, path: ctx.path }, 'unexpected error');
  } else if (error.status >= 500) {
    const detail = err instanceof ApiError ? { message: err.message } : { err };
    logger.warn({ ...detail, request_id: ctx.state.requestId, code: error.code }, 'request failed');
  }
  if (ctx.headerSent || !ctx.writable) return undefined;
  const text = JSON.stringify(errorEnvelope(error, ctx.state.requestId));
  sendJsonText(ctx, error.status, text);
  for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
  return text;
}

/**
 * Catches everything below it and renders it in the envelope; serialises object bodies to their final
 * JSON string; and, for `Sandbox-Simulate: timeout`, drops the connection once the work is done.
 */
export function errorHandling(logger: Logger): ApiMiddleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.respond !== false && ctx.body == null && ctx.status === 404) {
        throw new ApiError('not_found', `Unrecognized request URL (${ctx.method}: ${ctx.path}).`);
      }
      serializeBody(ctx);
    } catch (err) {
      renderError(ctx, err, logger);
    }
    if (ctx.state.simulate.has('timeout') && ctx.respond !== false) {
      // The work is done and stored (idempotency record included); the caller never hears back.
      ctx.respond = false;
      ctx.req.socket.destroy();
    }
  };
}
