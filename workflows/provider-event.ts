// What a matched provider event does, through the one transition writer (applyProviderEventWork, run by the
// per-object workflow, workflows/provider-object-events.ts); and the workflow of one event
// (`provider-event/{connection_id}/{event_id}`), which runs started before that one still replay on.
// A live payment's or refund's report is written here (its status guard makes a late or repeated one change
// nothing), and the workflow that follows it, if it still runs, is woken to see it. A capture of a payment already
// failed here (a late authorization) is refunded in full at once (docs/decisions.md, Late authorizations). A payment to a
// live link's QR code becomes the link's payment, and the link decides whether it keeps it; a provider settlement
// becomes ours once.
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, getExternalWorkflowHandle, log, patched, startChild, type SignalDefinition } from '@temporalio/workflow';
import type { PaymentActivities } from '../activities/payments.ts';
import type { PaymentLinkActivities } from '../activities/payment-links.ts';
import type { PayoutActivities } from '../activities/payouts.ts';
import type { ProviderEventActivities, ProviderEventInput, ProviderEventWork } from '../activities/provider-events.ts';
import type { RefundActivities } from '../activities/refunds.ts';
import type { ProviderSettlementActivities } from '../activities/settlements/provider-settlements.ts';
import type { TopUpActivities } from '../activities/top-ups.ts';
import { wakePaymentSignal } from './payment.ts';
import { providerPaymentSignal, refundDuplicate } from './payment-link.ts';
import { refundFollowWorkflow, wakeRefundSignal } from './refund.ts';
import { providerMandateSignal } from './mandate.ts';
import { wakePayoutSignal } from './payout.ts';
import { wakeBeneficiaryVerificationSignal } from './beneficiary-verification.ts';
import { databaseSteps, providerSteps } from './proxies.ts';
import { refundFollowWorkflowId } from '../src/domain/child-workflow-ids.ts';

const { resolveProviderEvent } = databaseSteps<ProviderEventActivities>();
const { applyPayoutRailReport } = databaseSteps<PayoutActivities>();
const { recordTopUp } = databaseSteps<TopUpActivities>();
const { applyPaymentRailReport } = databaseSteps<PaymentActivities>();
const { applyRefundRailReport, createLateAuthorizationRefund } = databaseSteps<RefundActivities>();
const { recordProviderLinkPayment } = databaseSteps<PaymentLinkActivities>();
const { recordProviderSettlement } = providerSteps<ProviderSettlementActivities>();

/**
 * Event workflows started before payouts were woken by their events end without the signal (replay: the command
 * sequence of a run already under way does not change).
 */
export const PAYOUT_EVENT_WAKES = 'provider-event-wakes-payout-2026-12-07';
const SETTLED: ReadonlySet<string> = new Set(['completed', 'failed', 'reversed']);

/** One event whose run began before events were applied per provider object; kept so those runs replay. */
export async function providerEventWorkflow(input: ProviderEventInput): Promise<void> {
  await applyProviderEventWork(await resolveProviderEvent(input));
}

/** What one matched event asks for, through the transition writers (the same steps whichever workflow applies it). */
export async function applyProviderEventWork(work: ProviderEventWork): Promise<void> {
  if (work?.kind === 'payout') {
    // payoutRailDecision ignores a report about a state the payout has passed (a late or repeated event).
    const applied = await applyPayoutRailReport(work.report);
    // A payout the report settled: its workflow would otherwise hear of it only at its next backstop lookup, and a
    // batch waits on that workflow. Only then: woken for a report that settled nothing, it would look the payout up
    // and could see a later state before the events that lead there.
    if (work.workflowId && SETTLED.has(applied.status) && patched(PAYOUT_EVENT_WAKES)) await wake(work.workflowId, wakePayoutSignal);
  }
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
  if (work?.kind === 'payment') {
    if (work.report) {
      const applied = await applyPaymentRailReport(work.report);
      if (applied.lateCapture) await refundLateCapture(work.report.id, work.report.fee);
    }
    await wake(work.workflowId, wakePaymentSignal);
  }
  if (work?.kind === 'refund') {
    if (work.report) await applyRefundRailReport(work.report);
    await wake(work.workflowId, wakeRefundSignal);
  }
  // Only a wake-up: the verification's workflow looks its validation up at the provider.
  if (work?.kind === 'verification') await wake(work.workflowId, wakeBeneficiaryVerificationSignal);
  if (work?.kind === 'mandate') {
    try {
      await getExternalWorkflowHandle(work.workflowId).signal(providerMandateSignal, work.report);
    } catch {
      // The mandate's workflow has ended (rejected, revoked or expired): nothing moves it any more.
    }
  }
}

/** The refund of a late authorization, created once (keyed by the payment) and followed by a workflow of its own. */
async function refundLateCapture(paymentId: string, fee: number | null): Promise<void> {
  const refund = await createLateAuthorizationRefund({ paymentId, fee });
  if (refund.status !== 'pending') return;
  try {
    await startChild(refundFollowWorkflow, { workflowId: refundFollowWorkflowId(refund.id), args: [refund.id], parentClosePolicy: ParentClosePolicy.ABANDON });
  } catch (err) {
    // A repeated event: the refund's workflow already follows it.
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/** Wakes the workflow that follows a payment or refund, if it still runs (a closed one has nothing to look at). */
async function wake(workflowId: string, signal: SignalDefinition): Promise<void> {
  try {
    await getExternalWorkflowHandle(workflowId).signal(signal);
  } catch {
    // Not running: the report is already written.
  }
}
