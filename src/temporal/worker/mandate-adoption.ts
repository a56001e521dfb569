// Mandates the collection-mandates migration gave to existing collections were written straight to the database: no
// workflow follows them, so nothing would expire them at expire_at and a pause or revoke would find no one to move
// them. At worker start-up each such mandate still open gets its workflow, started from its row as if it had run
// (the creation is carried, not redone). Started once: a workflow that ran before (or runs) is never started again.
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { MandateEntity, type Mandate } from '../../db/entities.ts';
import { mandateView } from '../../db/views.ts';
import type { MandateState } from '../../domain/mandates.ts';
import { INTERNAL_KEY_PREFIX, mandateWorkflowId } from '../../domain/workflow-ids.ts';
import type { Logger } from '../../logger.ts';
import { mandateWorkflow } from '../../../workflows/mandate.ts';

/** The idempotency keys the migration gave its mandates (`§migration:<collection id>`). */
export const MIGRATED_KEY_PREFIX = `${INTERNAL_KEY_PREFIX}migration:`;
const ADOPT_AT_ONCE = 10;

const msOrNull = (date: Date | null | undefined): number | null => (date ? date.getTime() : null);

/** The state a mandate's workflow would hold for the row. */
export function mandateStateOf(row: Mandate): MandateState {
  return {
    status: row.status,
    vpa: row.vpa,
    authorizationStartedAt: null,
    activatedAt: msOrNull(row.activatedAt),
    pausedAt: msOrNull(row.pausedAt),
    resumedAt: msOrNull(row.resumedAt),
    revokedAt: msOrNull(row.revokedAt),
    rejectedAt: msOrNull(row.rejectedAt),
    expiredAt: msOrNull(row.expiredAt),
    providerReference: row.providerReference ?? null,
  };
}

async function adopt(client: Client, taskQueue: string, row: Mandate, slowApprovalMs: number): Promise<boolean> {
  try {
    await client.workflow.start(mandateWorkflow, {
      taskQueue,
      workflowId: mandateWorkflowId(row.id),
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [
        {
          request: {
            mandateId: row.id,
            accountId: row.accountId,
            mode: row.mode,
            idempotencyKey: row.idempotencyKey,
            customerId: row.customerId,
            vpa: row.vpa,
            maxAmount: Number(row.maxAmount),
            frequency: row.frequency,
            startAt: row.startAt.getTime(),
            expireAt: row.expireAt.getTime(),
            authorizationExpiresAt: row.authorizationExpiresAt.getTime(),
            authorizationUrl: row.authorizationUrl,
            description: row.description ?? null,
            metadata: row.metadata ?? {},
          },
          slowApprovalMs,
          carried: { state: mandateStateOf(row), version: row.stateVersion, view: mandateView(row) },
        },
      ],
    });
    return true;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw err;
  }
}

/** Starts the workflow of every open migrated mandate that has none; answers how many were started. */
export async function adoptMigratedMandates(client: Client, orm: MikroORM, options: { taskQueue: string; slowApprovalMs: number; logger: Logger }): Promise<number> {
  const rows = await orm.em.fork().find(
    MandateEntity,
    { idempotencyKey: { $like: `${MIGRATED_KEY_PREFIX}%` }, status: { $in: ['created', 'active', 'paused'] } },
    { orderBy: { id: 'asc' } },
  );
  let started = 0;
  for (let i = 0; i < rows.length; i += ADOPT_AT_ONCE) {
    const done = await Promise.all(rows.slice(i, i + ADOPT_AT_ONCE).map((row) => adopt(client, options.taskQueue, row, options.slowApprovalMs)));
    started += done.filter(Boolean).length;
  }
  if (started > 0) options.logger.info({ mandates: started }, 'migrated mandates given their workflows');
  return started;
}
