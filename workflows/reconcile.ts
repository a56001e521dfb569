// A live connection's reconciliation (`reconcile/{connection_id}`, started by its Schedule or by `payctl connections
// reconcile`): each step's reading at the provider is an ordinary activity on the reconciliation retry profile; its
// work goes through the writers the inbound webhooks use (applyPayoutRailReport, recordTopUp), so webhook and
// reconciliation, in any order, record a deposit once and move a payout once. Then the difference is measured.
import type { PayoutActivities } from '../activities/payouts.ts';
import type { ReconciliationActivities } from '../activities/reconciliation.ts';
import type { TopUpActivities } from '../activities/top-ups.ts';
import { type ReconciliationResult, reconcileSteps } from '../src/domain/reconciliation.ts';
import type { ProviderSettlementActivities } from '../activities/settlements/provider-settlements.ts';
import { log } from '@temporalio/workflow';
import { databaseSteps, providerSteps, reconcileReadSteps } from './proxies.ts';

const { readReconcileStep } = reconcileReadSteps<ReconciliationActivities>();
const { saveReconcileStep, measureReconciliation } = databaseSteps<ReconciliationActivities>();
const { applyPayoutRailReport } = databaseSteps<PayoutActivities>();
const { recordTopUp } = databaseSteps<TopUpActivities>();
const { syncProviderSettlements } = providerSteps<ProviderSettlementActivities>();

export interface ReconcileInput {
  connectionId: string;
}

export async function reconcileConnectionWorkflow(input: ReconcileInput): Promise<ReconciliationResult> {
  const totals = { linesRead: 0, deposits: 0, payoutReports: 0, unexplained: 0 };
  for (const step of reconcileSteps) {
    const read = await readReconcileStep({ connectionId: input.connectionId, step });
    for (const work of read.works) {
      // payoutRailDecision ignores a report about a state the payout has passed (a webhook came first).
      if (work.kind === 'payout') await applyPayoutRailReport(work.report);
      else if (work.kind === 'top_up') await recordTopUp(work.topUp);
    }
    await saveReconcileStep({ connectionId: input.connectionId, step, state: read.state });
    totals.linesRead += read.state.linesRead;
    totals.unexplained += read.state.unexplained;
    totals.deposits += read.works.filter((w) => w.kind === 'top_up').length;
    totals.payoutReports += read.works.filter((w) => w.kind === 'payout').length;
  }
  // The provider's settlements no webhook brought (each becomes ours once, whichever sees it first). One that live
  // `pending` cannot cover yet stops the sync, logged; the next run reads it again.
  try {
    await syncProviderSettlements(input.connectionId);
  } catch (err) {
    log.warn('settlements sync stopped', { connectionId: input.connectionId, error: String(err) });
  }
  return measureReconciliation({ connectionId: input.connectionId, totals });
}
