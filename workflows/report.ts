// One transaction report (`report/{report_id}`): written `pending` by the creating request (Update-with-Start),
// its file made by one activity that streams the rows out of PostgreSQL, then `ready` with `report.ready`, or
// `failed` with `report.failed` when the file could not be made in three attempts. The creating update answers
// as soon as the report is settled, or `pending` after at most REPORT_ANSWER_WAIT_MS (the contract's POST answers
// within 2 s: a small report may already be ready, a big one is not waited for).
// reportCleanupWorkflow, run by its Schedule, deletes the files kept past FILE_KEPT_MS. Orchestration only.
import { ActivityFailure, allHandlersFinished, condition, continueAsNew, defineUpdate, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { ReportActivities, ReportRequest } from '../activities/reports.ts';
import { retryProfiles } from '../src/domain/failures.ts';
import { FILE_KEPT_MS } from '../src/domain/reports.ts';
import { created, once, waitUntilAnswerDue } from './lifecycle.ts';
import { databaseSteps } from './proxies.ts';
import type { ReportResponse } from '../src/contract/reports.ts';

export const createReportUpdate = defineUpdate<ReportResponse>('createReport');

/**
 * The longest the creating update waits for the file once the report is written: the POST answers within
 * 2 s (docs/api.md), whatever WORKFLOW_ANSWER_TIMEOUT_MS allows other creations.
 */
export const REPORT_ANSWER_WAIT_MS = 1000;

export interface ReportWorkflowInput {
  request: ReportRequest;
  /** When the creating request answers `pending` at the latest (epoch ms, the API's clock). */
  answerBy?: number;
}

const db = databaseSteps<ReportActivities>();
/** Making the file: long, heartbeating (a dead worker is noticed in seconds), three attempts at most. */
const files = proxyActivities<ReportActivities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { ...retryProfiles.database.retry, maximumAttempts: 3 },
});

export async function reportWorkflow(input: ReportWorkflowInput): Promise<{ reportId: string; status: ReportResponse['status'] | 'duplicate' }> {
  const creation = once(() => db.createReport(input.request));
  let latest: ReportResponse | undefined;
  setHandler(createReportUpdate, async () => {
    const first = await creation.run();
    latest ??= first;
    const soon = Date.now() + REPORT_ANSWER_WAIT_MS;
    await waitUntilAnswerDue(() => latest!.status !== 'pending', Math.min(input.answerBy ?? soon, soon));
    return latest!;
  });

  latest = await created(creation, 'report');
  if (latest.id !== input.request.reportId) {
    // The idempotency key had already made another report (a retried request): that one runs, not this.
    await condition(allHandlersFinished);
    return { reportId: latest.id, status: 'duplicate' };
  }
  if (latest.status === 'pending') {
    try {
      const file = await files.generateReport({ reportId: latest.id });
      latest = await db.markReportReady({ reportId: latest.id, file });
    } catch (err) {
      const message = err instanceof ActivityFailure ? (err.cause?.message ?? err.message) : String(err);
      latest = await db.markReportFailed({ reportId: input.request.reportId, message });
    }
  }
  await condition(allHandlersFinished);
  return { reportId: latest.id, status: latest.status };
}

/** Files deleted per activity call: a call stays short however many are due (a file may be hundreds of MiB). */
const CLEANUP_PAGE = 20;

const cleanup = proxyActivities<ReportActivities>({
  startToCloseTimeout: '10 minutes',
  retry: { ...retryProfiles.database.retry },
});

export interface ReportCleanupInput {
  /** How old a file must be to go (default FILE_KEPT_MS, the contract's 30 days). */
  olderThanMs?: number;
  /** Files deleted by earlier runs of this chain. */
  deletedSoFar?: number;
}

/** Deletes every report file kept past its time, a page at a time; the report rows stay. */
export async function reportCleanupWorkflow(input: ReportCleanupInput = {}): Promise<{ deleted: number }> {
  const olderThanMs = input.olderThanMs ?? FILE_KEPT_MS;
  let deleted = input.deletedSoFar ?? 0;
  for (;;) {
    const n = await cleanup.deleteExpiredReportFiles({ olderThanMs, limit: CLEANUP_PAGE });
    deleted += n;
    if (n < CLEANUP_PAGE) return { deleted };
    if (workflowInfo().continueAsNewSuggested) await continueAsNew<typeof reportCleanupWorkflow>({ olderThanMs, deletedSoFar: deleted });
  }
}
