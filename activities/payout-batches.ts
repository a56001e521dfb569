// Payout batch activities: paging through a stored batch (ids only, so items never travel through
// workflow history), linking items whose key already paid, waiting for every payout to settle, and
// completing the batch with its event. The payouts themselves are created by each item's own payout
// workflow (activities/payouts.ts).
import { ApplicationFailure } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import { awaiting } from '../src/domain/failures.ts';
import { newId } from '../src/domain/ids.ts';
import type { Mode } from '../src/domain/modes.ts';
import { payoutLifecycle, payoutStatuses } from '../src/domain/payouts.ts';
import { PayoutBatchEntity } from '../src/db/entities.ts';
import { recordEvent, storedSimulations } from '../src/db/events.ts';
import {
  countUnprocessedPayoutBatchItems,
  linkPayoutBatchItemByKey,
  markPayoutBatchCompleted,
  payoutBatchCounts,
  payoutBatchPage,
  payoutBatchViewOf,
} from '../src/db/payout-batches.ts';
import { payoutWorkflowId } from '../src/domain/workflow-ids.ts';
import type { PayoutBatchCounts } from '../src/contract/payout-batches.ts';
import { refuse } from './lifecycle.ts';
import { type PayoutBatchWaitRequest, actOnWaitingBatch } from './payout-batch-waits.ts';

export interface PayoutBatchPageInput {
  batchId: string;
  accountId: string;
  mode: Mode;
  /** Items with seq greater than this (-1 for the first page). */
  afterSeq: number;
  limit: number;
}

/** One item to pay: a fresh payout id and the workflow id of its key (the id that keeps a key from paying twice). */
export interface PayoutBatchPageItem {
  seq: number;
  payoutId: string;
  workflowId: string;
}

export interface PayoutBatchPage {
  /** Items that still need their payout workflow, in seq order. */
  items: PayoutBatchPageItem[];
  /** Seqs of this page joined to a payout their key had already created (nothing to start). */
  linkedSeqs: number[];
  /** The last seq this page covered (the cursor for the next page); afterSeq when the page was empty. */
  lastSeq: number;
  /** True when no item follows this page. */
  done: boolean;
}

export interface PayoutBatchItemRef {
  batchId: string;
  seq: number;
  accountId: string;
  mode: Mode;
}

export function createPayoutBatchActivities(deps: { orm: MikroORM }) {
  return {
    /**
     * The next page of a batch's items, by seq. Items whose key already created a payout (alone, or in an
     * earlier batch) are joined to it right here, in one statement, so they cost the workflow nothing and
     * move no money; the others come back with a ready payout id and workflow id (workflow code cannot
     * make ids or hash keys itself).
     */
    async loadPayoutBatchPage(input: PayoutBatchPageInput): Promise<PayoutBatchPage> {
      const em = deps.orm.em.fork();
      const rows = await payoutBatchPage(em, input);
      const items: PayoutBatchPageItem[] = [];
      const linkedSeqs: number[] = [];
      for (const row of rows) {
        // The batch's own item, created waiting with it (the batch waited as a whole): it goes on now, through a
        // payout workflow of its own, as a new item does (its creation finds the waiting payout and releases it).
        if (row.ownWaiting) {
          items.push({ seq: row.seq, payoutId: row.payoutId ?? newId('payout'), workflowId: payoutWorkflowId(input.accountId, input.mode, row.idempotencyKey) });
          continue;
        }
        // payout_id already set: joined by an earlier attempt of this very activity.
        if (row.payoutId !== null || row.linkedNow) {
          linkedSeqs.push(row.seq);
          continue;
        }
        items.push({ seq: row.seq, payoutId: newId('payout'), workflowId: payoutWorkflowId(input.accountId, input.mode, row.idempotencyKey) });
      }
      return {
        items,
        linkedSeqs,
        lastSeq: rows.length > 0 ? rows[rows.length - 1].seq : input.afterSeq,
        done: rows.length < input.limit,
      };
    },

    /**
     * The item's key already has a payout workflow (running or closed): join the item to the payout it
     * created. Answers null while that payout does not exist yet (the other workflow is still creating it,
     * or is refusing it, which frees the key); the batch workflow then tries again a little later.
     */
    async linkPayoutBatchItem(item: PayoutBatchItemRef): Promise<{ payoutId: string | null; ownWaiting?: boolean }> {
      const em = deps.orm.em.fork();
      // ownWaiting: the payout is this batch's own item, created waiting with it; it still has to go on.
      return linkPayoutBatchItemByKey(em, item);
    },

    /**
     * Answers once no payout of the batch is still `initiated`. While one is, it fails with a retryable
     * BatchNotSettled: the workflow's retry policy (a fixed short interval, no limit) turns that into cheap
     * polling that adds nothing to the workflow's history until it succeeds.
     */
    async awaitPayoutBatchSettled(batchId: string): Promise<{ counts: PayoutBatchCounts; unprocessed: number }> {
      const em = deps.orm.em.fork();
      const counts = (await payoutBatchCounts(em, [batchId])).get(batchId)!;
      const unsettled = payoutStatuses.filter((s) => !payoutLifecycle.isSettled(s)).reduce((n, s) => n + counts[s], 0);
      if (unsettled > 0) {
        throw ApplicationFailure.retryable(`${unsettled} payouts of batch ${batchId} are not settled yet`, awaiting.BatchNotSettled, { counts });
      }
      return { counts, unprocessed: await countUnprocessedPayoutBatchItems(em, batchId) };
    },

    /**
     * Marks the batch completed and records `payout_batch.completed` (with the batch as GET shows it), in
     * one transaction. Only the first call changes anything; a repeat changes nothing. Answers nothing: the
     * batch view holds `total_amount`, a sum that a history payload could round past 2^53 paise.
     */
    /** An approval, rejection or cancel of a batch that waits, or the time it waits for come; see actOnWaitingBatch. */
    actOnWaitingBatch: (request: PayoutBatchWaitRequest) => actOnWaitingBatch(deps.orm, request),

    async completePayoutBatch(batchId: string): Promise<void> {
      return deps.orm.em.fork().transactional(async (tx) => {
        const completedNow = await markPayoutBatchCompleted(tx, batchId);
        const row = await tx.findOne(PayoutBatchEntity, { id: batchId }, { refresh: true });
        if (!row) throw refuse('NotFound', `payout batch ${batchId} not found`);
        if (completedNow) {
          const view = await payoutBatchViewOf(tx, row);
          const simulate = await storedSimulations(tx, 'payout_batches', batchId);
          await recordEvent(tx, { accountId: row.accountId, mode: row.mode, type: 'payout_batch.completed', object: view, simulate });
        }
      });
    },
  };
}

export type PayoutBatchActivities = ReturnType<typeof createPayoutBatchActivities>;
