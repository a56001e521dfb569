// One transaction report (`report/{report_id}`): written `pending` by the creating request (Update-with-Start),
// its file made by one activity that streams the rows out of PostgreSQL, then `ready` with `report.ready`, or
// `failed` with `report.failed` when the file could not be made in three attempts. The creating update answers
// as soon as the report is settled, or `pending` at the input's `answerBy`. Orchestration only.
import { ActivityFailure, allHandlersFinished, condition, defineUpdate, proxyActivities, setHandler } from '@temporalio/workflow';
import type { ReportActivities, ReportRequest } from '../activities/reports.ts';
import { retryProfiles } from '../src/domain/failures.ts';
import { created, once, waitUntilAnswerDue } from './lifecycle.ts';
import { databaseSteps } from './proxies.ts';
import type { ReportResponse } from '../src/contract/reports.ts';

export const createReportUpdate = defineUpdate<ReportResponse>('createReport');

export interface ReportWorkflowInput {
  request: ReportRequest;
  /** Not read (`answerBy` decides); still passed by src/temporal/client, which stops passing it. */
  waitMs?: number;
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
    await waitUntilAnswerDue(() => latest!.status !== 'pending', input.answerBy);
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
