// Baseline workflows for `npm run bench:payouts` (test/bench/payouts.bench.ts): the same Temporal
// shapes as the payout workflows with nothing inside them, so the benchmark can show what Temporal
// itself costs on this server beside what the service costs. Bundled on their own
// (bundleWorkflowCode({workflowsPath: this file})) for a second worker on a task queue of their own.
// Deterministic code only.
//
// - noopUpdateWorkflow: started by Update-with-Start like POST /v1/payouts starts payoutWorkflow; its
//   update handler answers at once and the workflow completes.
// - noopBatchWorkflow: the cadence of workflows/payout-batch.ts without the payouts: one no-op page
//   activity per page of items, a sliding window of no-op child workflows (started with startChild,
//   ABANDONed, awaited), continue-as-new after draining every `perRun` children, one no-op activity at
//   the end (where the real batch settles and completes itself).
import {
  type ChildWorkflowHandle,
  ParentClosePolicy,
  condition,
  continueAsNew,
  defineUpdate,
  proxyActivities,
  setHandler,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';

export const noopUpdate = defineUpdate<string>('noop');

export async function noopUpdateWorkflow(): Promise<void> {
  let answered = false;
  setHandler(noopUpdate, () => {
    answered = true;
    return 'ok';
  });
  await condition(() => answered);
}

export async function noopChildWorkflow(): Promise<void> {}

/** What the baseline worker registers: activities that do nothing. */
export interface NoopActivities {
  noopPage(afterSeq: number): Promise<void>;
  noopComplete(): Promise<void>;
}

const activities = proxyActivities<NoopActivities>({ startToCloseTimeout: '30 seconds' });

export interface NoopBatchInput {
  items: number;
  /** Children in flight at most (PAYOUT_BATCH_WINDOW). */
  window: number;
  /** Children per run before continue-as-new (itemsPerRun(window) of the real batch). */
  perRun: number;
  /** Items per page activity (PAGE_SIZE of the real batch). */
  pageSize: number;
  /** Items handled by earlier runs. */
  done?: number;
  runs?: number;
}

export interface NoopBatchResult {
  children: number;
  runs: number;
}

export async function noopBatchWorkflow(input: NoopBatchInput): Promise<NoopBatchResult> {
  const window = Math.min(Math.max(1, input.window), 1000);
  const runs = input.runs ?? 0;
  let next = input.done ?? 0;
  let inFlight = 0;
  let handledThisRun = 0;
  let fatal: unknown;
  const timeToContinue = () => handledThisRun >= input.perRun || workflowInfo().continueAsNewSuggested;

  while (next < input.items && !timeToContinue() && fatal === undefined) {
    await activities.noopPage(next - 1);
    const pageEnd = Math.min(input.items, next + input.pageSize);
    while (next < pageEnd && fatal === undefined) {
      await condition(() => inFlight < window || fatal !== undefined);
      if (fatal !== undefined || timeToContinue()) break;
      const seq = next++;
      inFlight++;
      handledThisRun++;
      void (async () => {
        const child: ChildWorkflowHandle<typeof noopChildWorkflow> = await startChild(noopChildWorkflow, {
          workflowId: `${workflowInfo().workflowId}/${seq}`,
          parentClosePolicy: ParentClosePolicy.ABANDON,
        });
        await child.result();
      })()
        .catch((err: unknown) => {
          fatal ??= err;
        })
        .finally(() => {
          inFlight--;
        });
    }
  }

  await condition(() => inFlight === 0);
  if (fatal !== undefined) throw fatal;
  if (next < input.items) {
    await continueAsNew<typeof noopBatchWorkflow>({ ...input, done: next, runs: runs + 1 });
  }
  await activities.noopComplete();
  return { children: next, runs: runs + 1 };
}
