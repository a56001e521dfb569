// What connections' provider accounts are missing, in /metrics (docs/live-money.md, "Set-up errors are not
// declines"): `paygate_connection_attention{connection_id,reason}` is 1 for each reason a capability of an enabled
// connection was last refused with. Read from the connections table at each scrape, so every API process shows the
// same whichever worker met the refusal.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Gauge, type Registry } from 'prom-client';
import { attentionOfConnections } from '../db/connection-attention.ts';

export function registerConnectionAttentionMetrics(registry: Registry, orm: MikroORM): void {
  new Gauge({
    name: 'paygate_connection_attention',
    help: 'A connection whose provider account is not set up for one of its capabilities (1 per reason): it shows attention_required',
    labelNames: ['connection_id', 'reason'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const a of await attentionOfConnections(orm.em.fork())) this.set({ connection_id: a.connectionId, reason: a.reason }, 1);
    },
  });
}
