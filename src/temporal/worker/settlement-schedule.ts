// The daily settlement as a Temporal Schedule: created at worker start, or brought up to date when it
// exists (a changed SETTLEMENT_TIME takes effect on the next start). Every worker does this; it is idempotent.
import type { Client, ScheduleOptionsStartWorkflowAction } from '@temporalio/client';
import { ensureSchedule } from '../client/schedules.ts';
import { dailySettlementWorkflow } from '../../../workflows/settlement.ts';
import { settlementScheduleId } from '../../domain/workflow-ids.ts';

export interface SettlementScheduleOptions {
  taskQueue: string;
  /** `HH:MM`, 24-hour. */
  time: string;
  /** IANA time zone the time is read in (Asia/Kolkata). */
  timezone: string;
}

export async function ensureSettlementSchedule(client: Client, options: SettlementScheduleOptions): Promise<string> {
  const scheduleId = settlementScheduleId(options.taskQueue);
  const [hour, minute] = options.time.split(':').map(Number);
  const spec = { calendars: [{ hour, minute, comment: 'daily settlement' }], timezone: options.timezone };
  const action: ScheduleOptionsStartWorkflowAction<typeof dailySettlementWorkflow> = {
    type: 'startWorkflow',
    workflowType: dailySettlementWorkflow,
    taskQueue: options.taskQueue,
    args: [{}],
    workflowId: scheduleId,
  };
  // A run missed while Temporal was down is made up within a day; two runs never overlap (and if they
  // did, the database would still settle each payment once).
  const policies = { overlap: 'SKIP' as const, catchupWindow: '1 day' };
  return ensureSchedule(client, { scheduleId, spec, action, policies });
}
