// The Temporal side of collections for the API: starts a collection's long-lived workflow and sends it
// pause, resume, cancel and advance as updates, turning what the workflow refused into the contract's errors.
import { type Client, WithStartWorkflowOperation, WorkflowNotFoundError } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { CollectionRequest } from '../../activities/collections.ts';
import { ApiError } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import type { CollectionAction } from '../domain/collections.ts';
import type { Mode } from '../domain/modes.ts';
import { CollectionEntity } from '../db/entities.ts';
import type { CollectionView } from '../db/views.ts';
import { collectionActionUpdates, collectionWorkflow, createCollectionUpdate } from '../../workflows/collection.ts';
import { collectionWorkflowId } from './ids.ts';
import { baseSearchAttributes } from './search-attributes.ts';

/** What the API passes: the activity's request without the id the gateway makes up. */
export type CreateCollectionInput = Omit<CollectionRequest, 'collectionId'>;

/** Collection timing from configuration, fixed into each collection's workflow when it starts. */
export interface CollectionSettings {
  /** Gaps before the retries of a failed charge (COLLECTION_RETRY_DELAYS_MS). */
  retryDelaysMs: readonly number[];
  /** A fixed period instead of the calendar, for test runs (COLLECTION_INTERVAL_MS); sandbox collections only. */
  intervalMs: number | null;
}

export interface CollectionsGateway {
  /** Starts the collection's workflow, which writes it `active`; answers once it is written. */
  createCollection(input: CreateCollectionInput): Promise<CollectionView>;
  /**
   * pause / resume / cancel / advance (the sandbox helper: answers after the charge attempt).
   * `invalid_state` (409) when the action does not fit the collection's status.
   */
  collectionAction(collection: { id: string; accountId: string; mode: Mode }, action: CollectionAction): Promise<CollectionView>;
}

export function createCollectionsGateway(deps: {
  client: Client;
  orm: MikroORM;
  taskQueue: string;
  settings: CollectionSettings;
  toApiError: (err: unknown, what: string) => ApiError | undefined;
}): CollectionsGateway {
  const { client, taskQueue, settings } = deps;

  return {
    async createCollection(input) {
      // A key that already made a collection is answered by the workflow: its first activity finds that
      // collection, answers with it and ends without charging (see collectionWorkflow).
      const collectionId = newId('collection');
      const startWorkflowOperation = new WithStartWorkflowOperation(collectionWorkflow, {
        workflowId: collectionWorkflowId(collectionId),
        taskQueue,
        args: [
          {
            request: { collectionId, ...input },
            plan: {
              schedule: input.schedule,
              startAt: input.startAt,
              dayOfMonth: input.dayOfMonth,
              // Never for live money: a stray test setting must not charge real customers every few seconds.
              intervalMs: input.mode === 'sandbox' ? settings.intervalMs : null,
              totalCount: input.totalCount,
              retryDelaysMs: settings.retryDelaysMs,
            },
          },
        ],
        workflowIdConflictPolicy: 'USE_EXISTING',
        typedSearchAttributes: baseSearchAttributes(input.accountId, input.mode, collectionId),
      });
      try {
        return await client.workflow.executeUpdateWithStart(createCollectionUpdate, { startWorkflowOperation });
      } catch (err) {
        throw deps.toApiError(err, 'collection') ?? err;
      }
    },

    async collectionAction(collection, action) {
      try {
        // By workflow id only, so the newest run receives it after continue-as-new.
        return await client.workflow.getHandle(collectionWorkflowId(collection.id)).executeUpdate(collectionActionUpdates[action]);
      } catch (err) {
        // The workflow has ended: the collection is cancelled or completed, which no action fits.
        if (err instanceof WorkflowNotFoundError || /workflow execution already completed/i.test((err as Error)?.message ?? '')) {
          const row = await deps.orm.em.fork().findOne(CollectionEntity, { id: collection.id, accountId: collection.accountId, mode: collection.mode });
          throw new ApiError('invalid_state', `A ${row?.status ?? 'finished'} collection cannot take '${action}'.`);
        }
        throw deps.toApiError(err, `collection ${action}`) ?? err;
      }
    },
  };
}
