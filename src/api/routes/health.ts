// Operations (docs/api.md, Operations): /healthz (process up), /readyz (database and Temporal reachable),
// /metrics (Prometheus). No authentication.
import type Router from '@koa/router';
import type { Registry } from 'prom-client';
import { ApiError } from '../../domain/errors.ts';
import type { HealthResponse, ReadinessResponse } from '../../contract/health.ts';
import { pingDatabase } from '../../db/orm.ts';
import type { AppDeps, ApiState } from '../context.ts';
import { registerProviderEventMetrics } from '../provider-event-metrics.ts';
import { registerReconciliationMetrics } from '../reconciliation-metrics.ts';
import { registerConnectionAttentionMetrics } from '../connection-attention-metrics.ts';

const READY_TIMEOUT_MS = 3000;

async function within<T>(ms: number, work: Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(router: Router<ApiState>, deps: AppDeps, registry: Registry): void {
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' } satisfies HealthResponse;
  });

  router.get('/readyz', async (ctx) => {
    const [database, temporal] = await Promise.all([
      within(READY_TIMEOUT_MS, pingDatabase(ctx.state.em)).catch(() => false),
      within(READY_TIMEOUT_MS, deps.temporal.isReachable()).catch(() => false),
    ]);
    const down = [database === true ? undefined : 'the database', temporal === true ? undefined : 'Temporal'].filter(Boolean);
    if (down.length > 0) throw new ApiError('service_unavailable', `Not ready: ${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} unreachable.`);
    ctx.body = { status: 'ok', database: 'ok', temporal: 'ok' } satisfies ReadinessResponse;
  });

  registerReconciliationMetrics(registry, deps.orm);
  registerProviderEventMetrics(registry, deps.orm);
  registerConnectionAttentionMetrics(registry, deps.orm);
  router.get('/metrics', async (ctx) => {
    ctx.body = await registry.metrics();
    ctx.set('Content-Type', registry.contentType);
  });
}
