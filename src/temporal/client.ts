// The Temporal side of the API: starts or joins workflows keyed by idempotency keys.
import {
  Client,
  Connection,
  WithStartWorkflowOperation,
  WorkflowExecutionAlreadyStartedError,
  WorkflowFailedError,
  WorkflowUpdateFailedError,
} from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApiError } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import { PayoutEntity, TopUpEntity } from '../db/entities.ts';
import { payoutView, topUpView } from '../db/views.ts';
import { createTopUpUpdate, topUpWorkflow } from '../../workflows/top-up.ts';
import { createPayoutUpdate, payoutWorkflow, recheckPayoutSignal } from '../../workflows/payout.ts';
import { payoutActionWorkflow } from '../../workflows/payout-action.ts';
import type { TemporalGateway } from './gateway.ts';
import { createCollectionsGateway, type CollectionSettings } from './collections-gateway.ts';
import { createPaymentsGateway } from './payments-gateway.ts';
import { payoutActionWorkflowId, payoutBatchWorkflowId, payoutWorkflowId, topUpWorkflowId } from './ids.ts';
import { BatchId, baseSearchAttributes } from './search-attributes.ts';
import { webhookGateway, type WebhookDeliverySettings } from './webhooks.ts';

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

/** The ApplicationFailure an activity threw, found under the update's or workflow's failure chain. */
function applicationFailure(err: unknown): ApplicationFailure | undefined {
  let cause: unknown = err;
  for (let depth = 0; cause && depth < 6; depth++) {
    if (cause instanceof ApplicationFailure && cause.type && !['PayoutRefused', 'TopUpRefused'].includes(cause.type)) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Errors classified once, at the boundary: what an activity's refusal means to the caller. */
function toApiError(err: unknown, what: string): ApiError | undefined {
  if (err instanceof ApiError) return err;
  const failure = applicationFailure(err);
  switch (failure?.type) {
    case 'InsufficientFunds':
      return new ApiError('insufficient_funds', 'The available balance cannot cover this amount.');
    case 'InvalidMethod':
      return new ApiError('invalid_method', failure.message, 'mode');
    case 'NotFound':
      return new ApiError('not_found', failure.message, 'beneficiary_id');
    case 'InvalidState':
      return new ApiError('invalid_state', failure.message);
    default:
      break;
  }
  if (isUnavailable(err)) return new ApiError('service_unavailable', 'Temporal is unreachable; retry later with the same Idempotency-Key.');
  if (err instanceof WorkflowUpdateFailedError || err instanceof WorkflowFailedError) {
    return new ApiError('internal_error', `The ${what} could not be completed.`);
  }
  return undefined;
}

export async function connectTemporal(options: {
  address: string;
  namespace: string;
  taskQueue: string;
  orm: MikroORM;
  batchWindow: number;
  webhooks: WebhookDeliverySettings;
  /** How long POST /v1/payments waits for the outcome (PAYMENT_SYNC_WAIT_MS). */
  paymentSyncWaitMs?: number;
  /** Retry gaps and the test-run interval of collections (COLLECTION_RETRY_DELAYS_MS, COLLECTION_INTERVAL_MS). */
  collections: CollectionSettings;
}): Promise<TemporalClientHandle> {
  const connection = await Connection.connect({ address: options.address });
  const client = new Client({ connection, namespace: options.namespace });
  const { taskQueue } = options;

  const gateway: TemporalGateway = {
    ...webhookGateway(client, options.webhooks),
    ...createPaymentsGateway({ client, orm: options.orm, taskQueue, paymentSyncWaitMs: options.paymentSyncWaitMs ?? 9000, toApiError }),
    ...createCollectionsGateway({
      client,
      orm: options.orm,
      taskQueue,
      settings: options.collections,
      toApiError,
    }),
    async createTopUp(input) {
      const topUpId = newId('topUp');
      const startWorkflowOperation = new WithStartWorkflowOperation(topUpWorkflow, {
        workflowId: topUpWorkflowId(input.accountId, input.mode, input.idempotencyKey),
        taskQueue,
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
          const row = await options.orm.em.fork().findOne(TopUpEntity, { accountId: input.accountId, mode: input.mode, idempotencyKey: input.idempotencyKey });
          if (row) return topUpView(row);
        }
        throw toApiError(err, 'top-up') ?? err;
      }
    },

    async createPayout(input) {
      const payoutId = newId('payout');
      const startWorkflowOperation = new WithStartWorkflowOperation(payoutWorkflow, {
        workflowId: payoutWorkflowId(input.accountId, input.mode, input.idempotencyKey),
        taskQueue,
        args: [{ create: { origin: 'single', request: { payoutId, ...input, batchId: null } } }],
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
        typedSearchAttributes: baseSearchAttributes(input.accountId, input.mode, payoutId),
      });
      try {
        return await client.workflow.executeUpdateWithStart(createPayoutUpdate, { startWorkflowOperation });
      } catch (err) {
        // The key's workflow is closed (it created its payout, alone or in a batch): answer with that payout.
        if (err instanceof WorkflowExecutionAlreadyStartedError) {
          const row = await options.orm.em.fork().findOne(PayoutEntity, { accountId: input.accountId, mode: input.mode, idempotencyKey: input.idempotencyKey });
          if (row) return payoutView(row);
        }
        throw toApiError(err, 'payout') ?? err;
      }
    },

    async payoutAction(payout, action) {
      const to = action === 'complete' ? 'completed' : action === 'fail' ? 'failed' : 'reversed';
      try {
        const view = await client.workflow.execute(payoutActionWorkflow, {
          workflowId: payoutActionWorkflowId(payout.id, action),
          taskQueue,
          args: [{ payoutId: payout.id, to, ...(to === 'failed' ? { failure: { code: 'rejected_by_bank', message: 'Failed by a sandbox test helper.' } } : {}) }],
          workflowIdConflictPolicy: 'USE_EXISTING',
          workflowIdReusePolicy: 'ALLOW_DUPLICATE',
          typedSearchAttributes: baseSearchAttributes(payout.accountId, payout.mode, payout.id),
        });
        // Wake the payout's own workflow so it sees the change now rather than at its next check.
        await client.workflow
          .getHandle(payoutWorkflowId(payout.accountId, payout.mode, payout.idempotencyKey))
          .signal(recheckPayoutSignal)
          .catch(() => {});
        return view;
      } catch (err) {
        throw toApiError(err, 'payout action') ?? err;
      }
    },

    async startPayoutBatch(input) {
      try {
        await client.workflow.start('payoutBatchWorkflow', {
          workflowId: payoutBatchWorkflowId(input.accountId, input.mode, input.idempotencyKey),
          taskQueue,
          args: [{ batchId: input.batchId, accountId: input.accountId, mode: input.mode, window: options.batchWindow }],
          workflowIdConflictPolicy: 'USE_EXISTING',
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          typedSearchAttributes: [...baseSearchAttributes(input.accountId, input.mode, input.batchId), { key: BatchId, value: input.batchId }],
        });
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) return;
        throw toApiError(err, 'payout batch') ?? err;
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
