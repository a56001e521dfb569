// One inbound provider webhook, started by the route once the signature held and the event was recorded
// (`provider-event/{connection_id}/{event_id}`): resolve what it says, then apply it through the one transition writer.
import type { PayoutActivities } from '../activities/payouts.ts';
import type { ProviderEventActivities, ProviderEventInput } from '../activities/provider-events.ts';
import type { TopUpActivities } from '../activities/top-ups.ts';
import { databaseSteps } from './proxies.ts';

const { resolveProviderEvent } = databaseSteps<ProviderEventActivities>();
const { applyPayoutRailReport } = databaseSteps<PayoutActivities>();
const { recordTopUp } = databaseSteps<TopUpActivities>();

export async function providerEventWorkflow(input: ProviderEventInput): Promise<void> {
  const work = await resolveProviderEvent(input);
  // payoutRailDecision ignores a report about a state the payout has passed (a late or repeated event).
  if (work?.kind === 'payout') await applyPayoutRailReport(work.report);
  // Keyed by the provider's transaction id: a deposit reconciliation recorded first is found, not recorded again.
  if (work?.kind === 'top_up') await recordTopUp(work.topUp);
}
