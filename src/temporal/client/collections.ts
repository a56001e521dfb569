// Collections through the gateway: one long-lived workflow per collection, started by the create and moved by
// updates (pause, resume, cancel, the test helper's advance).
import { ApiError } from '../../domain/errors.ts';
import type { CollectionAction } from '../../domain/collections.ts';
import { newId } from '../../domain/ids.ts';
import type { Mode } from '../../domain/modes.ts';
import { formatRupees } from '../../domain/money.ts';
import { collectionWorkflowId } from '../../domain/workflow-ids.ts';
import { CollectionEntity } from '../../db/entities.ts';
import type { CollectionResponse } from '../../contract/collections.ts';
import type { CollectionRequest } from '../../../activities/collections.ts';
import { collectionActionUpdates, collectionWorkflow, createCollectionUpdate } from '../../../workflows/collection.ts';
import { classify, isClosed, type Mechanism } from './mechanism.ts';

export type CreateCollectionInput = Omit<CollectionRequest, 'collectionId'>;

export interface CollectionGateway {
  /** Starts the collection's workflow, which writes it `active` (or `created`, waiting for its mandate); answers once it is written. */
  createCollection(input: CreateCollectionInput): Promise<CollectionResponse>;
  /** pause / resume / cancel / advance (answers after the charge attempt); invalid_state when it does not fit. */
  collectionAction(collection: { id: string; accountId: string; mode: Mode }, action: CollectionAction): Promise<CollectionResponse>;
}

export function collectionGateway(m: Mechanism): CollectionGateway {
  return {
    createCollection(input) {
      // A key that already made a collection is answered by the workflow: its first activity finds that
      // collection, answers with it and ends without charging (see collectionWorkflow).
      const collectionId = newId('collection');
      const settings = m.settings.collections;
      return m.startOrJoin({
        workflow: collectionWorkflow,
        workflowId: collectionWorkflowId(collectionId),
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
              debit: input.mandateValidity && { noticeMs: settings.noticeMs, windows: settings.windows, validity: input.mandateValidity },
              ...(input.madeMandate ? { activation: { startAtGiven: input.madeMandate.startAtGiven } } : {}),
            },
          },
        ],
        update: createCollectionUpdate,
        subject: { ...input, resourceId: collectionId, summary: `Collection ${formatRupees(input.amount)} ${input.schedule} from ${input.customerId}` },
        what: 'collection',
      });
    },

    async collectionAction(collection, action) {
      try {
        return await m.updateRunning(collectionWorkflowId(collection.id), collectionActionUpdates[action], []);
      } catch (err) {
        // The workflow has ended: the collection is cancelled or completed, which no action fits.
        if (isClosed(err)) {
          const row = await m.orm.em.fork().findOne(CollectionEntity, { id: collection.id, accountId: collection.accountId, mode: collection.mode });
          throw new ApiError('invalid_state', `A ${row?.status ?? 'finished'} collection cannot take '${action}'.`);
        }
        throw classify(err, `collection ${action}`);
      }
    },
  };
}
