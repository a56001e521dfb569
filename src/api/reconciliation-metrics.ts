// What reconciliations found, in /metrics (docs/api.md, Live mode: a difference is logged, counted in /metrics and shown
// by `payctl connections show`). Read from the connections table at each scrape, so every API process of a
// deployment shows the same figures whichever worker ran the reconciliation.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Counter, Gauge, type Registry } from 'prom-client';

interface Row {
  id: string;
  provider: string;
  difference: string | null;
  found: number;
  reconciled_at: number;
}

export function registerReconciliationMetrics(registry: Registry, orm: MikroORM): void {
  const labelNames = ['connection_id', 'provider'] as const;
  const rows = async () =>
    orm.em.fork().execute<Row[]>(
      `select id, provider, reconciliation_difference::text as difference, reconciliation_differences_found as found,
              extract(epoch from reconciled_at)::bigint::float8 as reconciled_at
         from connections where reconciled_at is not null`,
    );
  new Gauge({
    name: 'paygate_reconciliation_difference_paise',
    help: "The provider's balance minus ours at the connection's last reconciliation, in paise (reported, never corrected)",
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await rows()) this.set({ connection_id: r.id, provider: r.provider }, Number(r.difference ?? 0));
    },
  });
  new Counter({
    name: 'paygate_reconciliation_differences_total',
    help: 'Reconciliations that found a difference between the provider balance and ours',
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await rows()) this.inc({ connection_id: r.id, provider: r.provider }, r.found);
    },
  });
  new Gauge({
    name: 'paygate_reconciliation_last_run_timestamp_seconds',
    help: "When the connection's last reconciliation ended (unix seconds)",
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await rows()) this.set({ connection_id: r.id, provider: r.provider }, Number(r.reconciled_at));
    },
  });
}
