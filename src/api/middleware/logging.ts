import type { Logger } from '../../logger.ts';
import type { ApiMiddleware } from '../context.ts';

/**
 * One line per request: method, path (no query string), status, duration, request id, account.
 * Never bodies and never headers: the Authorization header carries the API key.
 */
export function requestLogging(logger: Logger): ApiMiddleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const status = ctx.status;
      const line = {
        request_id: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status,
        ms,
        account_id: ctx.state.accountId,
        mode: ctx.state.mode,
        ...(ctx.respond === false ? { dropped: true } : {}),
      };
      if (status >= 500) logger.warn(line, 'request');
      else logger.info(line, 'request');
    }
  };
}
