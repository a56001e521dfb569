// Settlements. The daily Temporal Schedule runs dailySettlementWorkflow: every account + mode with
// captured, unsettled payments gets one settlement. The sandbox test helper runs settlementRunWorkflow
// for the caller's account + mode and answers with the ids of what it created. Orchestration only: the activity
// claims payments in the database, which is what keeps a payment from being settled twice. Amounts never pass
// through history (a settlement's is a sum that a JSON payload could round); callers read them from the database.
import { continueAsNew, workflowInfo } from '@temporalio/workflow';
import type { SettlementActivities, SettlementScope } from '../activities/settlements.ts';
import type { Mode } from '../src/domain/modes.ts';
import type { ProviderSettlementActivities } from '../activities/settlements/provider-settlements.ts';
import { databaseSteps, providerSteps } from './proxies.ts';

const { listSettlementScopes, settleScope } = databaseSteps<SettlementActivities>();
const { syncProviderSettlements } = providerSteps<ProviderSettlementActivities>();

const PAGE = 100;

/** One account + mode, now: the id of the settlement it created, or none. */
export async function settlementRunWorkflow(scope: SettlementScope): Promise<string[]> {
  const settlementId = await settleScope(scope);
  return settlementId ? [settlementId] : [];
}

export interface DailySettlementInput {
  /** Continue-as-new cursor: the last account + mode already handled. */
  after?: { accountId: string; mode: Mode };
  /** Settlements created by earlier runs of this chain. */
  settledSoFar?: number;
}

/** Every account + mode with something to settle, one after another, in pages. */
export async function dailySettlementWorkflow(input: DailySettlementInput = {}): Promise<{ settlements: number }> {
  let after = input.after;
  let settlements = input.settledSoFar ?? 0;
  for (;;) {
    const scopes = await listSettlementScopes({ after, limit: PAGE });
    for (const scope of scopes) {
      if (await settleScope(scope)) settlements++;
    }
    if (scopes.length < PAGE) return { settlements };
    after = { accountId: scopes.at(-1)!.accountId, mode: scopes.at(-1)!.mode };
    if (workflowInfo().continueAsNewSuggested) await continueAsNew<typeof dailySettlementWorkflow>({ after, settledSoFar: settlements });
  }
}

/**
 * A live connection's settlements sync on its own (`provider-settlements/{connection_id}`): the provider's
 * settlements since the connection's cursor become ours once each. Reconciliation runs the same activity as a
 * step of its own; this workflow is for an operator or a test that wants only this part now.
 */
export async function providerSettlementsSyncWorkflow(connectionId: string): Promise<{ read: number; settlementIds: string[] }> {
  return syncProviderSettlements(connectionId);
}
