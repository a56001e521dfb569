// Transaction reports through the gateway: one workflow per report, answered once the file is ready or
// failed, or `pending` after at most a second (workflows/report.ts).
import { newId } from '../../domain/ids.ts';
import { reportWorkflowId } from '../../domain/workflow-ids.ts';
import { ReportEntity, type Report } from '../../db/entities.ts';
import { reportView } from '../../db/views.ts';
import type { ReportResponse } from '../../contract/reports.ts';
import type { ReportRequest } from '../../../activities/reports.ts';
import { createReportUpdate, reportWorkflow } from '../../../workflows/report.ts';
import type { Mechanism } from './mechanism.ts';

export type CreateReportInput = Omit<ReportRequest, 'reportId'>;

export interface ReportGateway {
  /** Starts the report's workflow; answers once the report is ready or failed, or `pending` after a few seconds. */
  createReport(input: CreateReportInput): Promise<ReportResponse>;
}

export function reportGateway(m: Mechanism): ReportGateway {
  return {
    createReport(input) {
      const reportId = newId('report');
      const { answerTimeoutMs } = m.settings;
      return m.startOrJoin({
        workflow: reportWorkflow,
        workflowId: reportWorkflowId(reportId),
        // The creating call waits on the workflow within the API's answer deadline.
        args: [{ request: { reportId, ...input }, answerBy: m.answerBy(answerTimeoutMs) }],
        update: createReportUpdate,
        subject: { ...input, resourceId: reportId, summary: `Transaction report ${input.from}..${input.to} (${input.format})` },
        what: 'report',
        createdBy: m.createdBy(ReportEntity, (row: Report) => reportView(row, null), input),
      });
    },
  };
}
