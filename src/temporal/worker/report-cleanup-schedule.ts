// Report files are kept 30 days, then deleted (docs/api.md, Transaction reports): a Temporal Schedule runs
// reportCleanupWorkflow every hour, so no file outlives its time by more than that. Created at worker start,
// or brought up to date when it exists; every worker does this, and it is idempotent.
import type { Client, ScheduleOptionsStartWorkflowAction } from '@temporalio/client';
import { ensureSchedule } from '../client/schedules.ts';
import { reportCleanupWorkflow } from '../../../workflows/report.ts';
import { reportCleanupScheduleId } from '../../domain/workflow-ids.ts';


export async function ensureReportCleanupSchedule(client: Client, options: { taskQueue: string }): Promise<string> {
  const scheduleId = reportCleanupScheduleId(options.taskQueue);
  const spec = { intervals: [{ every: '1 hour' }] };
  const action: ScheduleOptionsStartWorkflowAction<typeof reportCleanupWorkflow> = {
    type: 'startWorkflow',
    workflowType: reportCleanupWorkflow,
    taskQueue: options.taskQueue,
    args: [{}],
    workflowId: scheduleId,
  };
  // Two runs never overlap (and if they did, each would delete files the other had not locked); a run missed
  // while Temporal was down is made up by the next one.
  const policies = { overlap: 'SKIP' as const, catchupWindow: '1 hour' };
  return ensureSchedule(client, { scheduleId, spec, action, policies });
}
