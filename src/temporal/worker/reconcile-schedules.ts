// Every connection's reconciliation Schedule, made or brought up to date at worker start-up (docs/decisions.md: a connection
// added while the service was down gets its Schedule here). Disabled connections keep theirs: they still reconcile.
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ConnectionEntity } from '../../db/entities.ts';
import type { Logger } from '../../logger.ts';
import { ensureReconcileSchedule } from '../client/reconciliation.ts';

const ENSURE_AT_ONCE = 10;

export async function ensureReconcileSchedules(client: Client, orm: MikroORM, options: { taskQueue: string; intervalSeconds: number; logger: Logger }): Promise<number> {
  const connections = await orm.em.fork().find(ConnectionEntity, {}, { fields: ['id', 'accountId'], orderBy: { createdAt: 'asc' } });
  // A few at a time: a deployment with many connections starts its worker without a long wait or a burst.
  for (let i = 0; i < connections.length; i += ENSURE_AT_ONCE) {
    await Promise.all(
      connections.slice(i, i + ENSURE_AT_ONCE).map((c) =>
        ensureReconcileSchedule(client, { connectionId: c.id, accountId: c.accountId, taskQueue: options.taskQueue, intervalSeconds: options.intervalSeconds }),
      ),
    );
  }
  if (connections.length > 0) options.logger.info({ connections: connections.length, everySeconds: options.intervalSeconds }, 'reconciliation schedules ensured');
  return connections.length;
}
