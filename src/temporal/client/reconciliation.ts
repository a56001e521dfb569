// A connection's reconciliation through Temporal (docs/api.md, Live mode): its Schedule `reconcile/{connection_id}`, made
// (or brought up to date) by every worker at start-up for every connection and, best effort, by `payctl connections
// add`; and a run at once (`payctl connections reconcile`), waited for. Runs of the Schedule never overlap.
import { type Client, WorkflowIdConflictPolicy } from '@temporalio/client';
import type { ReconciliationResult } from '../../domain/reconciliation.ts';
import { baseSearchAttributes } from '../../domain/search-attributes.ts';
import { reconcileNowWorkflowId, reconcileScheduleId } from '../../domain/workflow-ids.ts';
import type { reconcileConnectionWorkflow } from '../../../workflows/reconcile.ts';
import { ensureSchedule } from './schedules.ts';

export interface ReconcileScheduleOptions {
  connectionId: string;
  /** The connection's account: its runs carry the search attributes every workflow has (AccountId, Mode, ResourceId). */
  accountId: string;
  taskQueue: string;
  /** RECONCILE_INTERVAL_SECONDS. */
  intervalSeconds: number;
}

/** Creates the connection's Schedule, or updates it to these settings when it exists; idempotent. */
export async function ensureReconcileSchedule(client: Client, options: ReconcileScheduleOptions): Promise<string> {
  const scheduleId = reconcileScheduleId(options.connectionId);
  const spec = { intervals: [{ every: `${options.intervalSeconds} seconds` }] };
  const action = {
    type: 'startWorkflow' as const,
    workflowType: 'reconcileConnectionWorkflow',
    taskQueue: options.taskQueue,
    args: [{ connectionId: options.connectionId }],
    workflowId: scheduleId,
    typedSearchAttributes: baseSearchAttributes(options.accountId, 'live', options.connectionId),
    staticSummary: `Reconciliation of connection ${options.connectionId}`,
    staticDetails: `account: ${options.accountId}\nconnection: ${options.connectionId}`,
  };
  // A run still going when the next is due is not doubled; one missed while Temporal was down is made up once.
  const policies = { overlap: 'SKIP' as const, catchupWindow: '1 hour' };
  return ensureSchedule(client, { scheduleId, spec, action, policies });
}

/** Runs the connection's reconciliation now and answers what it found; joins a run asked for at once that is still going. */
export async function reconcileNow(client: Client, options: { connectionId: string; accountId: string; taskQueue: string }): Promise<ReconciliationResult> {
  const handle = await client.workflow.start<typeof reconcileConnectionWorkflow>('reconcileConnectionWorkflow', {
    workflowId: reconcileNowWorkflowId(options.connectionId),
    taskQueue: options.taskQueue,
    args: [{ connectionId: options.connectionId }],
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    workflowIdReusePolicy: 'ALLOW_DUPLICATE',
    typedSearchAttributes: baseSearchAttributes(options.accountId, 'live', options.connectionId),
    staticSummary: `Reconciliation of connection ${options.connectionId}, asked for by an operator`,
    staticDetails: `account: ${options.accountId}\nconnection: ${options.connectionId}`,
  });
  return handle.result();
}
