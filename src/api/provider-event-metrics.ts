// Provider events that changed nothing, in /metrics: `paygate_provider_events_ignored_total{reason}` (an event about
// nothing of ours, another amount, another account, a type the service does not act on). Read from the events' own
// rows at each scrape, so every API process shows the same figures whichever worker resolved the event.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Counter, type Registry } from 'prom-client';

export function registerProviderEventMetrics(registry: Registry, orm: MikroORM): void {
  new Counter({
    name: 'paygate_provider_events_ignored_total',
    help: 'Verified provider webhooks that changed nothing, by why (unknown_object, amount_mismatch, other_account, ...)',
    labelNames: ['reason'] as const,
    registers: [registry],
    async collect() {
      const rows = await orm.em.fork().execute<{ reason: string; n: number }[]>(
        `select ignored_reason as reason, count(*)::int as n from provider_events where ignored_reason is not null group by ignored_reason`,
      );
      this.reset();
      for (const r of rows) this.inc({ reason: r.reason }, r.n);
    },
  });
}
