// Key roles (docs/api.md, "Key roles"): a call the calling key's role does not allow is answered 403
// permission_denied before anything runs (before the body is read and before the Idempotency-Key is taken, so
// the key stays free and nothing is replayed to a key that may not make the call). Rules: src/domain/key-roles.ts.
import { ApiError } from '../../domain/errors.ts';
import { roleAllows } from '../../domain/key-roles.ts';
import type { ApiMiddleware } from '../context.ts';

export function permissions(): ApiMiddleware {
  return async (ctx, next) => {
    const key = ctx.state.key;
    if (key && !roleAllows(key, ctx.method, ctx.path)) {
      throw new ApiError('permission_denied', `This API key's role (${key.role}) does not allow ${ctx.method} ${ctx.path}.`);
    }
    await next();
  };
}
