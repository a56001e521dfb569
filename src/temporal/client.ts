// The Temporal side of the API: starts or joins workflows keyed by idempotency keys.
import {
  Client,
  Connection,
  WithStartWorkflowOperation,
  WorkflowExecutionAlreadyStartedError,
  WorkflowUpdateFailedError,
} from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApiError } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import { TopUpEntity } from '../db/entities.ts';
import { topUpView, type TopUpView } from '../db/views.ts';
import { createTopUpUpdate, topUpWorkflow } from '../../workflows/top-up.ts';
import type { CreateTopUpInput, TemporalGateway } from './gateway.ts';
import { topUpWorkflowId } from './ids.ts';
import { baseSearchAttributes } from './search-attributes.ts';

export interface TemporalClientHandle {
  client: Client;
  gateway: TemporalGateway;
  close(): Promise<void>;
}

function isUnavailable(err: unknown): boolean {
  const e = err as { code?: number; name?: string; message?: string } | null;
  // gRPC UNAVAILABLE (14) / DEADLINE_EXCEEDED (4), or the connection could not be made at all.
  return e?.code === 14 || e?.code === 4 || /ECONNREFUSED|UNAVAILABLE|Failed to connect/i.test(e?.message ?? '');
}

export async function connectTemporal(options: {
  address: string;
  namespace: string;
  taskQueue: string;
  orm: MikroORM;
}): Promise<TemporalClientHandle> {
  const connection = await Connection.connect({ address: options.address });
  const client = new Client({ connection, namespace: options.namespace });

  async function existingTopUp(input: CreateTopUpInput): Promise<TopUpView | undefined> {
    const row = await options.orm.em.fork().findOne(TopUpEntity, {
      accountId: input.accountId,
      mode: input.mode,
      idempotencyKey: input.idempotencyKey,
    });
    return row ? topUpView(row) : undefined;
  }

  const gateway: TemporalGateway = {
    async createTopUp(input) {
      const topUpId = newId('topUp');
      const workflowId = topUpWorkflowId(input.accountId, input.mode, input.idempotencyKey);
      const startWorkflowOperation = new WithStartWorkflowOperation(topUpWorkflow, {
        workflowId,
        taskQueue: options.taskQueue,
        args: [{ topUpId, ...input }],
        workflowIdConflictPolicy: 'USE_EXISTING',
        // A completed top-up never runs again; a refused one (failed) frees its key.
        workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
        typedSearchAttributes: baseSearchAttributes(input.accountId, input.mode, topUpId),
      });
      try {
        return await client.workflow.executeUpdateWithStart(createTopUpUpdate, { startWorkflowOperation });
      } catch (err) {
        // The key already completed its workflow: answer with what it created.
        if (err instanceof WorkflowExecutionAlreadyStartedError) {
          const existing = await existingTopUp(input);
          if (existing) return existing;
        }
        if (err instanceof WorkflowUpdateFailedError) {
          throw new ApiError('internal_error', 'The top-up could not be recorded.');
        }
        if (isUnavailable(err)) throw new ApiError('service_unavailable', 'Temporal is unreachable; retry later with the same Idempotency-Key.');
        throw err;
      }
    },
    async isReachable() {
      try {
        await connection.workflowService.getSystemInfo({});
        return true;
      } catch {
        return false;
      }
    },
  };

  return { client, gateway, close: () => connection.close() };
}
