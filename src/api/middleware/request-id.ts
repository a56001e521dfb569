import type { ApiMiddleware } from '../context.ts';
import { newId } from '../../domain/ids.ts';

/** Every response carries `Request-Id: req_<ulid>` (docs/api.md, Conventions); error bodies repeat it. */
export function requestId(): ApiMiddleware {
  return async (ctx, next) => {
    const id = newId('request');
    ctx.state.requestId = id;
    ctx.state.simulate = new Set();
    ctx.state.body = {};
    ctx.state.query = {};
    ctx.set('Request-Id', id);
    await next();
  };
}
