// The Koa application: middleware in the order a request meets it, then one router file per resource.
//
//   request id → logging → metrics → errors (envelope, JSON serialisation, Sandbox-Simulate: timeout)
//   → ORM request context → router
//        /v1/* (matched routes only): auth (a missing or unknown key: limited per client address) → Sandbox-Simulate
//               → rate limit → the key's role → body → idempotency → live money needs a connection → handler
//        /reports/:id/file (a report's signed download link, no API key): handler
//        /pay/* (payment links' hosted pages, no API key): HTML errors and security headers → rate limit
//               per client address → body → page handler (src/api/pages/pay.ts)
//        /connectors/:provider/:connection_id/webhooks (inbound provider webhooks, no API key): raw body, signature
//        /docs (the API reference: Redoc rendering /v1/openapi.json, no API key): page and bundle
//   → unmatched: 405 (known path, other method) or 404
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import Koa from 'koa';
import Router from '@koa/router';
import type { Registry } from 'prom-client';
import type { Config } from '../config.ts';
import { ApiError } from '../domain/errors.ts';
import type { AppDeps, ApiContext, ApiState } from './context.ts';
import { authentication } from './middleware/auth.ts';
import { permissions } from './middleware/permissions.ts';
import { keyRoutes } from './routes/keys.ts';
import { approvalPolicyRoutes } from './routes/approval-policy.ts';
import { bodyParsing } from './middleware/body.ts';
import { connectionRequired } from './middleware/connection.ts';
import { errorHandling } from './middleware/errors.ts';
import { idempotency } from './middleware/idempotency.ts';
import { requestLogging } from './middleware/logging.ts';
import { httpMetrics } from './middleware/metrics.ts';
import { ormContext } from './middleware/orm-context.ts';
import { keyRateLimiter, rateLimiting, unknownKeyLimiting } from './middleware/rate-limit.ts';
import { requestId } from './middleware/request-id.ts';
import { sandboxSimulate } from './middleware/sandbox-simulate.ts';
import { balanceRoutes } from './routes/balance.ts';
import { balanceTransactionRoutes } from './routes/balance-transactions.ts';
import { beneficiaryRoutes } from './routes/beneficiaries.ts';
import { customerRoutes } from './routes/customers.ts';
import { healthRoutes } from './routes/health.ts';
import { OPENAPI_PATH, openApiRoutes } from './routes/openapi.ts';
import { topUpRoutes } from './routes/top-ups.ts';
import { payoutRoutes } from './routes/payouts.ts';
import { payoutBatchRoutes } from './routes/payout-batches.ts';
import { eventRoutes } from './routes/events.ts';
import { webhookRoutes } from './routes/webhook-endpoints.ts';
import { paymentRoutes } from './routes/payments.ts';
import { refundRoutes } from './routes/refunds.ts';
import { settlementRoutes } from './routes/settlements.ts';
import { collectionRoutes } from './routes/collections.ts';
import { mandatePageRoutes } from './pages/mandate-page.ts';
import { mandateRoutes } from './routes/mandates.ts';
import { paymentLinkRoutes } from './routes/payment-links.ts';
import { payPageRoutes } from './pages/pay.ts';
import { paymentReturnRoutes } from './pages/payment-return.ts';
import { docsRoutes } from './pages/docs.ts';
import { reportRoutes } from './routes/reports.ts';
import { mcpRoutes } from './routes/mcp.ts';
import { connectorWebhookRoutes } from './routes/connector-webhooks.ts';

export type { AppDeps, ApiState } from './context.ts';

export interface AppOptions {
  /** Default body limit in bytes (2 MiB). */
  bodyLimit?: number;
  /** `METHOD /route/pattern` → body limit, on top of largeBodyRoutes (payout batches: 20 MiB). */
  routeBodyLimits?: ReadonlyMap<string, number>;
  /** How long an idempotency claim holds before a retry may take it over (default 60 s). */
  idempotencyLockMs?: number;
  /** Process metrics (CPU, memory, event loop) in /metrics; default true. */
  defaultMetrics?: boolean;
}

export type ApiApp = Koa<ApiState>;

const registries = new WeakMap<object, Registry>();

/** The app's Prometheus registry (to add metrics of one's own). */
export function metricsRegistryOf(app: ApiApp): Registry | undefined {
  return registries.get(app);
}

/**
 * Methods the router knows for this path, from the layers it matched by path. A route spelled out in full wins
 * over a pattern that also matches (`/v1/reports/transactions` is POST only, though `/v1/reports/:id` matches).
 */
function allowedMethods(ctx: ApiContext): string[] {
  const matched = ((ctx as unknown as { matched?: { methods: string[]; path: string }[] }).matched ?? []).filter((l) => l.methods.length > 0);
  const exact = matched.filter((l) => l.path === ctx.path);
  return [...new Set((exact.length > 0 ? exact : matched).flatMap((l) => l.methods))];
}

export function createApp(deps: AppDeps, options: AppOptions = {}): ApiApp {
  const { config, orm, logger } = deps;
  // Behind a trusted proxy, ctx.ip is the address that proxy saw (the last X-Forwarded-For entry), never one the caller wrote.
  const app = new Koa<ApiState>({ proxy: config.TRUST_PROXY, maxIpsCount: 1 });
  const metrics = httpMetrics({ defaultMetrics: options.defaultMetrics });
  registries.set(app, metrics.registry);

  app.use(requestId());
  app.use(requestLogging(logger));
  app.use(metrics.middleware);
  app.use(errorHandling(logger));
  app.use(ormContext(orm));

  const keyLimiter = keyRateLimiter({ live: config.RATE_LIMIT_LIVE, sandbox: config.RATE_LIMIT_SANDBOX, orm, logger });
  const router = new Router<ApiState>();
  router.use(
    '/v1',
    authentication({
      publicPaths: new Set([OPENAPI_PATH]),
      onRefused: unknownKeyLimiting({ perMinute: config.RATE_LIMIT_UNAUTHENTICATED, orm, logger }),
      keys: deps.apiKeys,
    }),
    sandboxSimulate(),
    rateLimiting(keyLimiter),
    permissions(),
    bodyParsing({ defaultLimit: options.bodyLimit, routeLimits: options.routeBodyLimits }),
    idempotency({ logger, secrets: deps.secrets, lockMs: options.idempotencyLockMs }),
    connectionRequired(),
  );
  healthRoutes(router, deps, metrics.registry);
  openApiRoutes(router, deps);
  docsRoutes(router);
  balanceRoutes(router, deps);
  balanceTransactionRoutes(router, deps);
  topUpRoutes(router, deps);
  payoutRoutes(router, deps);
  payoutBatchRoutes(router, deps);
  eventRoutes(router, deps);
  webhookRoutes(router, deps);
  paymentRoutes(router, deps);
  refundRoutes(router, deps);
  settlementRoutes(router, deps);
  collectionRoutes(router, deps);
  paymentLinkRoutes(router, deps);
  mandateRoutes(router, deps);
  reportRoutes(router, deps);
  beneficiaryRoutes(router, deps);
  customerRoutes(router, deps);
  keyRoutes(router, deps);
  approvalPolicyRoutes(router, deps);
  payPageRoutes(router, deps);
  paymentReturnRoutes(router);
  mandatePageRoutes(router, deps);
  mcpRoutes(router, deps, keyLimiter);
  connectorWebhookRoutes(router, deps);
  app.use(router.routes());

  app.use(async (ctx) => {
    const allowed = allowedMethods(ctx);
    if (allowed.length > 0) {
      if (ctx.method === 'OPTIONS') {
        ctx.status = 204;
        ctx.set('Allow', allowed.join(', '));
        return;
      }
      throw new ApiError('method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}; use ${allowed.join(' or ')}.`, undefined, {
        Allow: allowed.join(', '),
      });
    }
    throw new ApiError('not_found', `Unrecognized request URL (${ctx.method}: ${ctx.path}).`);
  });

  // Every failure is rendered by errorHandling; what reaches here is a broken socket and the like.
  app.on('error', (err: unknown) => logger.debug({ err }, 'koa error'));
  app.silent = true;
  return app;
}

/** An HTTP server for the app, or HTTPS when TLS_CERT_FILE/TLS_KEY_FILE are set. Not listening yet. */
export function createServer(app: Koa<ApiState> | Koa, config: Pick<Config, 'tls'>): http.Server | https.Server {
  const handler = app.callback();
  if (config.tls) {
    return https.createServer({ cert: readFileSync(config.tls.cert), key: readFileSync(config.tls.key) }, handler);
  }
  return http.createServer(handler);
}
