import type Router from '@koa/router';
import { createOpenApiDocument } from '../../contract/openapi.ts';
import type { AppDeps, ApiState } from '../context.ts';
import { sendJsonText } from '../json.ts';

export const OPENAPI_PATH = '/v1/openapi.json';

/** GET /v1/openapi.json: the OpenAPI 3.1 document, built once per app, no authentication. */
export function openApiRoutes(router: Router<ApiState>, deps: AppDeps): void {
  let text: string | undefined;
  router.get(OPENAPI_PATH, (ctx) => {
    text ??= JSON.stringify(createOpenApiDocument({ serverUrl: deps.config.publicBaseUrl }));
    sendJsonText(ctx, 200, text);
  });
}
