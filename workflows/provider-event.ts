// One inbound provider webhook, started by the route once the signature held and the event was recorded
// (`provider-event/{connection_id}/{event_id}`): resolve what it says, then apply it through the one transition writer.
import { getExternalWorkflowHandle, log } from '@temporalio/workflow';
import type { PaymentLinkActivities } from '../activities/payment-links.ts';
import type { PayoutActivities } from '../activities/payouts.ts';
import type { ProviderEventActivities, ProviderEventInput } from '../activities/provider-events.ts';
import type { ProviderSettlementActivities } from '../activities/settlements/provider-settlements.ts';
import type { TopUpActivities } from '../activities/top-ups.ts';
import { providerPaymentSignal, refundDuplicate } from './payment-link.ts';
import { databaseSteps, providerSteps } from './proxies.ts';

const { resolveProviderEvent } = databaseSteps<ProviderEventActivities>();
const { applyPayoutRailReport } = databaseSteps<PayoutActivities>();
const { recordTopUp } = databaseSteps<TopUpActivities>();
const { recordProviderLinkPayment } = databaseSteps<PaymentLinkActivities>();
const { recordProviderSettlement } = providerSteps<ProviderSettlementActivities>();

export async function providerEventWorkflow(input: ProviderEventInput): Promise<void> {
  const work = await resolveProviderEvent(input);
  // payoutRailDecision ignores a report about a state the payout has passed (a late or repeated event).
  if (work?.kind === 'payout') await applyPayoutRailReport(work.report);
  // Keyed by the provider's transaction id: a deposit reconciliation recorded first is found, not recorded again.
  if (work?.kind === 'top_up') await recordTopUp(work.topUp);
  // Keyed by the provider's settlement id: one the settlements sync recorded first is found, not recorded again.
  if (work?.kind === 'settlement') await recordProviderSettlement({ connectionId: work.connectionId, settlement: work.settlement });
  if (work?.kind === 'link_payment') {
    // Recorded once per provider payment id; the link decides whether it keeps it (its workflow, one place).
    const paid = await recordProviderLinkPayment(work.payment);
    try {
      await getExternalWorkflowHandle(paid.linkWorkflowId).signal(providerPaymentSignal, { paymentId: paid.paymentId, amount: paid.amount });
    } catch (err) {
      // The link's workflow has ended (paid, expired or cancelled): it takes no more money.
      log.info('payment to a closed link: refunded', { linkId: paid.linkId, paymentId: paid.paymentId, error: String(err) });
      await refundDuplicate(paid.paymentId);
    }
  }
}
