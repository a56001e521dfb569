// Where the rails' own reports go (src/rails/rail.ts, RailReportSink): a payout's later change (the sandbox's
// reversal today, a provider's webhook or the reconciliation next) starts the payout's short transition workflow,
// the path a test helper's move of a closed payout takes, so one transition writer and payoutRailDecision decide
// it against the payout as written. `delayMs` is Temporal's start delay: the report is durable from the moment it is
// made (a worker that stops meanwhile loses nothing) and no workflow stays open waiting for it.
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { PayoutRailState } from '../../domain/payouts.ts';
import { baseSearchAttributes } from '../../domain/search-attributes.ts';
import { payoutReportWorkflowId } from '../../domain/workflow-ids.ts';
import type { RailReportSink } from '../../rails/rail.ts';
import type { payoutTransitionWorkflow } from '../../../workflows/payout.ts';

export function payoutReportSink(client: Client, taskQueue: string): RailReportSink<PayoutRailState> {
  return async (report, { delayMs }) => {
    try {
      await client.workflow.start<typeof payoutTransitionWorkflow>('payoutTransitionWorkflow', {
        workflowId: payoutReportWorkflowId(report.id, report.key),
        taskQueue,
        args: [{ id: report.id, outcome: report.answer.outcome }],
        // A report made again (the rail asked again, an activity retried) is the same report, applied once.
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        ...(delayMs > 0 ? { startDelay: delayMs } : {}),
        typedSearchAttributes: baseSearchAttributes(report.accountId, report.mode, report.id),
        staticSummary: `Rail report: payout ${report.id} ${report.answer.outcome.state}`,
        staticDetails: [`account: ${report.accountId}`, `mode: ${report.mode}`, `resource: ${report.id}`, `report: ${report.key}`].join('\n'),
      });
    } catch (err) {
      // Already applied (the id's run closed): nothing more to do.
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  };
}
