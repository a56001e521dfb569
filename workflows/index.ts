// Every workflow the worker runs. Deterministic code only.
export { topUpWorkflow, createTopUpUpdate } from './top-up.ts';
export { payoutWorkflow, payoutTransitionWorkflow, createPayoutUpdate, movePayoutUpdate } from './payout.ts';
export { payoutBatchWorkflow } from './payout-batch.ts';
export { payoutQueueWorkflow } from './payout-queue.ts';
export { paymentWorkflow, createPaymentUpdate, wakePaymentSignal } from './payment.ts';
export { refundWorkflow, refundFollowWorkflow, createRefundUpdate, wakeRefundSignal } from './refund.ts';
export { settlementRunWorkflow, dailySettlementWorkflow, providerSettlementsSyncWorkflow } from './settlement.ts';
export { webhookDeliveryWorkflow } from './webhook-delivery.ts';
export { webhookFanOutWorkflow } from './webhook-fan-out.ts';
export { collectionWorkflow, createCollectionUpdate, collectionActionUpdates, collectionStateQuery } from './collection.ts';
export { mandateWorkflow, createMandateUpdate, authorizeMandateUpdate, mandateActionUpdate } from './mandate.ts';
export { paymentLinkWorkflow, createPaymentLinkUpdate, payPaymentLinkUpdate, cancelPaymentLinkUpdate, paymentLinkStateQuery, providerPaymentSignal } from './payment-link.ts';
export { reportWorkflow, createReportUpdate, reportCleanupWorkflow } from './report.ts';
export { providerEventWorkflow } from './provider-event.ts';
export { providerObjectEventsWorkflow, providerObjectEventSignal } from './provider-object-events.ts';
export { reconcileConnectionWorkflow } from './reconcile.ts';
export { beneficiaryVerificationWorkflow, startBeneficiaryVerificationUpdate } from './beneficiary-verification.ts';
