// Payment link writes, one operation per file under activities/payment-links/: creation, the payment request of
// each pay attempt, and every state the link workflow reaches, with its events. Each write is one database
// transaction.
import type { MikroORM } from '@mikro-orm/postgresql';
import { createPaymentLink } from './payment-links/create-payment-link.ts';
import { payRequest } from './payment-links/pay-request.ts';
import type { PayRequestInput, PaymentLinkRequest, SavePaymentLinkStateInput } from './payment-links/payment-link-store.ts';
import { savePaymentLinkState } from './payment-links/save-payment-link-state.ts';
import type { ProviderGateways } from '../src/rails/provider.ts';
import { closeLinkQr, duplicateRefundRequest, openLinkQr, recordProviderLinkPayment, type ProviderLinkPaymentInput } from './payment-links/provider-payment.ts';

export type { PayRequestInput, PaymentLinkRequest, SavePaymentLinkStateInput } from './payment-links/payment-link-store.ts';
export type { ProviderLinkPaymentInput } from './payment-links/provider-payment.ts';

export function createPaymentLinkActivities(deps: { orm: MikroORM; gateways?: ProviderGateways }) {
  return {
    /** See createPaymentLink. */
    createPaymentLink: (request: PaymentLinkRequest) => createPaymentLink(deps.orm, request),
    /** See payRequest. */
    payRequest: (input: PayRequestInput) => payRequest(deps.orm, input),
    /** See savePaymentLinkState. */
    savePaymentLinkState: (input: SavePaymentLinkStateInput) => savePaymentLinkState(deps.orm, input),
    /** See recordProviderLinkPayment. */
    recordProviderLinkPayment: (input: ProviderLinkPaymentInput) => recordProviderLinkPayment(deps.orm, input),
    /** See duplicateRefundRequest. */
    duplicateRefundRequest: (input: { paymentId: string }) => duplicateRefundRequest(deps.orm, input),
    /** See openLinkQr (a provider call: an ordinary activity). */
    openLinkQr: (input: { linkId: string; due: number }) => openLinkQr(deps.orm, deps.gateways, input),
    /** See closeLinkQr (a provider call: an ordinary activity). */
    closeLinkQr: (input: { linkId: string }) => closeLinkQr(deps.orm, deps.gateways, input),
  };
}

export type PaymentLinkActivities = ReturnType<typeof createPaymentLinkActivities>;
