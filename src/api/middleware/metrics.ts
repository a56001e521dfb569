import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ApiContext, ApiMiddleware } from '../context.ts';

export interface HttpMetrics {
  registry: Registry;
  middleware: ApiMiddleware;
}

interface MatchedLayer {
  path: string | RegExp;
  methods: string[];
}

/** The route pattern that served (or would have served) this request, e.g. `/v1/top_ups/:id`; `unmatched` otherwise. */
export function routePattern(ctx: ApiContext): string {
  const matched = (ctx as unknown as { matched?: MatchedLayer[] }).matched ?? [];
  const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
  const route = matched.filter((l) => l.methods.length > 0 && l.methods.includes(method)).at(-1);
  return route ? String(route.path) : 'unmatched';
}

/**
 * Request counter and duration histogram labelled by method, route pattern and status, in a registry of
 * this app's own (so several apps in one test process do not collide).
 */
export function httpMetrics(options: { defaultMetrics?: boolean } = {}): HttpMetrics {
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const middleware: ApiMiddleware = async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const labels = { method: ctx.method, route: routePattern(ctx), status: String(ctx.status) };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - started) / 1000);
    }
  };
  return { registry, middleware };
}
