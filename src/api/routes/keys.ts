// GET /v1/keys/current (docs/api.md, "Key roles"): the calling key as its request sees it, never its secret.
import type Router from '@koa/router';
import { z } from 'zod';
import type { ApiKeyResponse } from '../../contract/keys.ts';
import { parseParams } from '../../contract/validation.ts';
import { apiKeyObject } from '../../db/accounts.ts';
import { ApiError } from '../../domain/errors.ts';
import type { AppDeps, ApiState } from '../context.ts';

const noParams = z.strictObject({});

export function keyRoutes(router: Router<ApiState>, _deps: AppDeps): void {
  router.get('/v1/keys/current', async (ctx) => {
    const key = ctx.state.key;
    if (!key) throw new ApiError('authentication_failed', 'No valid API key provided.');
    parseParams(noParams, ctx.state.query);
    ctx.body = apiKeyObject(key) satisfies ApiKeyResponse;
  });
}
