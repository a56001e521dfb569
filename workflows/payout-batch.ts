// A payout batch: pages through the stored items by seq (ids only: items never travel through history),
// runs a bounded sliding window of child payout workflows, and continues-as-new before history grows
// large. When every item has been handed to its payout, it waits for all of them to settle and
// completes the batch. Orchestration only; activities read and write.
//
// Child workflow id = the item's payout workflow id (payout/{account}/{mode}/{key}), the same id a
// single POST /v1/payouts with that key uses. So a key never pays twice: if its workflow exists (paid
// alone, in an earlier batch, or still running elsewhere) the start fails with AlreadyStarted and the
// item joins that payout instead. Children are ABANDONed: money that started moving finishes moving
// even if the batch workflow is terminated.
import {
  type ChildWorkflowHandle,
  ParentClosePolicy,
  continueAsNew,
  log,
  sleep,
  startChild,
  condition,
  allHandlersFinished,
  defineUpdate,
  setCurrentDetails,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
// Workflow-safe (the workflow package re-exports most of @temporalio/common, not this error class).
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { PayoutBatchActivities, PayoutBatchPageItem } from '../activities/payout-batches.ts';
import type { Mode } from '../src/domain/modes.ts';
import { BatchId, baseSearchAttributes } from '../src/domain/search-attributes.ts';
import type { PayoutActivities } from '../activities/payouts.ts';
import type { PayoutBatchWaitAction, PayoutBatchWaitResult } from '../activities/payout-batch-waits.ts';
import { MAX_PROCESSING_BATCHES } from '../src/domain/payout-batches.ts';
import type { PayoutBatchResponse } from '../src/contract/payout-batches.ts';
import { payoutWorkflow } from './payout.ts';
import { istMinute } from '../src/domain/money.ts';
import { RELEASED_ITEM_SUFFIX } from './payout-queue.ts';
import { databaseSteps, pollingSteps, waitingSteps } from './proxies.ts';

/** Items per page activity: ids only (~150 bytes each), so a page result stays far below payload limits. */
export const PAGE_SIZE = 500;
/**
 * Items given to a child (started, or joined after AlreadyStarted) by one run before it continues as
 * new: five windows' worth, at most 1,000. Each costs roughly 6 to 10 history events (child initiated,
 * started, completed, and workflow tasks; a join adds an activity), so a run stays around 10,000 events,
 * well under Temporal's 51,200; continueAsNewSuggested ends a run earlier if the server asks. A run lets
 * its children drain before continuing (only the run that started a child receives its result), so
 * fewer, larger runs keep the window full for longer.
 */
export const MAX_ITEMS_PER_RUN = 1_000;
export const itemsPerRun = (window: number) => Math.min(MAX_ITEMS_PER_RUN, window * 5);
/**
 * How often a child that failed without settling its item is started before the item is given up
 * (docs/decisions.md, Batch restart: `failed` with `processing_failed`, only when no rail accepted it; one a rail accepted is
 * started again and again, at most this far apart).
 */
const CHILD_ATTEMPTS = 3;
const MAX_CHILD_RETRY_DELAY_MS = 5 * 60_000;

export interface PayoutBatchStats {
  /** Child payout workflows started. */
  started: number;
  /** Items joined to a payout their key had already created. */
  linked: number;
  /** Items whose child kept failing (a bug, or an operator terminated it), ended `failed` without reaching a rail. */
  abandoned: number;
  /** Runs before this one (continue-as-new). */
  runs: number;
}

export interface PayoutBatchWorkflowInput {
  batchId: string;
  accountId: string;
  mode: Mode;
  /** At most this many child payout workflows at once. */
  window: number;
  /** The last seq handled by earlier runs (continue-as-new); absent on the first run. */
  cursor?: number;
  stats?: PayoutBatchStats;
  /**
   * The batch was created waiting as a whole (pending_approval or scheduled): the run waits before it hands out any
   * item. Absent on runs of batches that never waited (and on every run before this existed), which replay as they
   * did; a later run (continue-as-new) never carries it, its waits being over.
   */
  waits?: boolean;
}

export interface PayoutBatchWorkflowResult {
  batchId: string;
  status: 'completed' | 'rejected' | 'cancelled';
  stats: PayoutBatchStats;
}

/** An approval, rejection or cancel of a batch that waits as a whole, or the sandbox's advance of its time. */
export const payoutBatchWaitUpdate = defineUpdate<PayoutBatchResponse, [PayoutBatchWaitAction]>('payoutBatchWait');

const db = databaseSteps<PayoutBatchActivities>();
/** Giving an item up may wait to tell whether a rail got its payout: the batch goes on meanwhile. */
const { giveUpPayoutBatchItem } = waitingSteps<PayoutActivities>();

// The settlement check fails (retryable) while payouts are still moving (retry profile `polling`).
const settle = pollingSteps<PayoutBatchActivities>();

/** Starts the item's payout workflow and waits for it to settle, or joins the payout its key made. */
/** The workflow id suffix of a waiting batch item's payout workflow when its key's own id was taken (see payItem). */
const RELEASE_SUFFIX = RELEASED_ITEM_SUFFIX;

async function payItem(input: PayoutBatchWorkflowInput, stats: PayoutBatchStats, item: PayoutBatchPageItem): Promise<void> {
  const { batchId, accountId, mode } = input;
  let joinDelayMs = 1000;
  let followToTheEnd = false;
  for (let attempt = 1; ; ) {
    let child: ChildWorkflowHandle<typeof payoutWorkflow>;
    try {
      child = await startChild(payoutWorkflow, {
        workflowId: item.workflowId,
        args: [{ create: { origin: 'batch', item: { batchId, seq: item.seq, payoutId: item.payoutId, accountId, mode } } }],
        // A key whose workflow created something never runs again; one that was refused may.
        workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
        parentClosePolicy: ParentClosePolicy.ABANDON,
        typedSearchAttributes: [...baseSearchAttributes(accountId, mode, item.payoutId), { key: BatchId, value: batchId }],
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      const { payoutId, ownWaiting } = await db.linkPayoutBatchItem({ batchId, seq: item.seq, accountId, mode });
      if (payoutId && ownWaiting && !item.workflowId.endsWith(RELEASE_SUFFIX)) {
        // The batch's own item, created waiting with it, whose key's workflow ran for something else (a request that
        // reused the key and was answered with this item): it goes on under a workflow of its own.
        item = { ...item, workflowId: `${item.workflowId}${RELEASE_SUFFIX}` };
        continue;
      }
      if (payoutId) {
        stats.linked++;
        return;
      }
      // The key's workflow has not created its payout yet (or is refusing it, which frees the key).
      await sleep(joinDelayMs);
      joinDelayMs = Math.min(joinDelayMs * 2, 30_000);
      continue;
    }
    stats.started++;
    try {
      await child.result();
      return;
    } catch (err) {
      // The child failed before settling its payout (ended as failed, so its key may start again).
      log.warn('payout child failed', { batchId, seq: item.seq, workflowId: item.workflowId, attempt, error: String(err) });
      if (attempt >= CHILD_ATTEMPTS && !followToTheEnd) {
        const { outcome } = await giveUpPayoutBatchItem({ batchId, seq: item.seq, payoutId: item.payoutId });
        if (outcome !== 'rail_accepted') {
          if (outcome === 'failed') stats.abandoned++;
          log.error('payout child kept failing; the item was given up', { batchId, seq: item.seq, workflowId: item.workflowId, outcome });
          return;
        }
        // A rail has the payout: it is never given up, only followed again, more and more patiently.
        followToTheEnd = true;
        log.error('payout child kept failing after a rail accepted it; following it again', { batchId, seq: item.seq, workflowId: item.workflowId });
      }
      attempt++;
      await sleep(Math.min(1000 * attempt, MAX_CHILD_RETRY_DELAY_MS));
    }
  }
}

/** How long a batch whose waits are over waits before it tries for a place again: doubling from the first, at most the last. */
const PLACE_RETRY_MS = { first: 5_000, most: 60_000 };

function waitDetails(view: PayoutBatchResponse, place: boolean): string {
  const a = view.approval;
  if (place) return `waiting for a place: at most ${MAX_PROCESSING_BATCHES} payout batches process at once in this account and mode (${view.total_count} payouts, ${view.status === 'pending_approval' ? 'approved' : 'its time came'})`;
  return view.status === 'pending_approval' && a
    ? `pending_approval: waiting for ${a.required - a.received.length} of ${a.required} approvals (${a.reasons.join(', ')}) of ${view.total_count} payouts`
    : `scheduled for ${view.scheduled_at ? istMinute(view.scheduled_at) : '?'}`;
}

/**
 * Waits while the batch waits: until a change from outside (then it reads the batch again) or the time its status
 * waits for (its approval's expiry, its scheduled time), when the `due` step decides; a batch whose waits are over
 * but that found no place tries for one again from time to time (`place`). Returns the batch as it left.
 */
async function waitOutBatch(batchId: string, changes: () => number): Promise<PayoutBatchWaitResult> {
  // Changes count as seen only once a read begun after them has answered (as in the payout's wait).
  let seen = changes();
  let view = await db.actOnWaitingBatch({ batchId, action: { kind: 'read' } });
  let placeRetryMs = PLACE_RETRY_MS.first;
  while (view.status === 'pending_approval' || view.status === 'scheduled') {
    const status = view.status;
    const place = view.place_wanted === true;
    setCurrentDetails(waitDetails(view, place));
    const dueAt = status === 'pending_approval' ? view.approval?.expires_at : view.scheduled_at;
    const left = dueAt == null ? 0 : dueAt * 1000 - Date.now();
    const wait = place ? Math.min(placeRetryMs, left > 0 ? left : placeRetryMs) : left;
    placeRetryMs = place ? Math.min(placeRetryMs * 2, PLACE_RETRY_MS.most) : PLACE_RETRY_MS.first;
    const woken = wait > 0 && (await condition(() => changes() > seen, wait));
    seen = changes();
    const timeCame = dueAt == null || Date.now() >= dueAt * 1000;
    const action: PayoutBatchWaitAction = woken ? { kind: 'read' } : place && !timeCame ? { kind: 'place' } : { kind: 'due', status };
    view = await db.actOnWaitingBatch({ batchId, action });
  }
  return view;
}

export async function payoutBatchWorkflow(input: PayoutBatchWorkflowInput): Promise<PayoutBatchWorkflowResult> {
  const { batchId, accountId, mode } = input;
  let waitChanges = 0;
  setHandler(payoutBatchWaitUpdate, async (action) => {
    try {
      // What the batch's own workflow alone reads stays out of the answer.
      const { place_wanted: _, ...view } = await db.actOnWaitingBatch({ batchId, action });
      return view;
    } finally {
      waitChanges++;
    }
  });
  if (input.waits) {
    const left = await waitOutBatch(batchId, () => waitChanges);
    if (left.status === 'rejected' || left.status === 'cancelled') {
      await condition(allHandlersFinished);
      return { batchId, status: left.status, stats: { started: 0, linked: 0, abandoned: 0, runs: 0 } };
    }
  }
  // Temporal allows 2,000 pending children per workflow; stay well below whatever the configuration says.
  const window = Math.min(Math.max(1, input.window), 1000);
  const stats: PayoutBatchStats = { started: 0, linked: 0, abandoned: 0, runs: 0, ...input.stats };
  let cursor = input.cursor ?? -1;
  let inFlight = 0;
  let handledThisRun = 0;
  let fatal: unknown;

  const perRun = itemsPerRun(window);
  // A run always hands out at least one item, so a server that keeps suggesting continue-as-new cannot loop us.
  const timeToContinue = () => handledThisRun >= perRun || (handledThisRun > 0 && workflowInfo().continueAsNewSuggested);

  let done = false;
  while (!done && !timeToContinue()) {
    const page = await db.loadPayoutBatchPage({ batchId, accountId, mode, afterSeq: cursor, limit: PAGE_SIZE });
    // Items already joined by key and items to start, in seq order; the cursor moves past both.
    const steps: Array<{ seq: number; item?: PayoutBatchPageItem }> = [
      ...page.linkedSeqs.map((seq) => ({ seq })),
      ...page.items.map((item) => ({ seq: item.seq, item })),
    ].sort((a, b) => a.seq - b.seq);
    let stopped = false;
    for (const step of steps) {
      if (!step.item) {
        stats.linked++; // joined by the page activity: no child, no history
        cursor = step.seq;
        continue;
      }
      await condition(() => inFlight < window || fatal !== undefined);
      if (fatal !== undefined) break;
      if (timeToContinue()) {
        stopped = true;
        break;
      }
      inFlight++;
      handledThisRun++;
      cursor = step.seq;
      void payItem(input, stats, step.item)
        .catch((err: unknown) => {
          fatal ??= err;
        })
        .finally(() => {
          inFlight--;
        });
    }
    if (fatal !== undefined) break;
    if (!stopped) {
      cursor = page.lastSeq;
      done = page.done;
    }
  }

  // Let this run's children finish: a new run could not await them (results arrive only to their parent run).
  await condition(() => inFlight === 0);
  if (fatal !== undefined) throw fatal;
  if (!done) {
    await continueAsNew<typeof payoutBatchWorkflow>({ batchId, accountId, mode, window: input.window, cursor, stats: { ...stats, runs: stats.runs + 1 } });
  }

  // Every item has its payout (or joined one). Payouts joined by key may still be moving under their
  // own workflows: wait until none of the batch's payouts is initiated, then complete the batch.
  const settled = await settle.awaitPayoutBatchSettled(batchId);
  if (settled.unprocessed > 0) log.warn('batch completes with items that have no payout', { batchId, unprocessed: settled.unprocessed });
  await db.completePayoutBatch(batchId);
  return { batchId, status: 'completed', stats };
}
