// Payment link writes, one operation per file under activities/payment-links/: creation, the payment request of
// each pay attempt, and every state the link workflow reaches, with its events. Each write is one database
// transaction.
import type { MikroORM } from '@mikro-orm/postgresql';
import { createPaymentLink } from './payment-links/create-payment-link.ts';
import { payRequest } from './payment-links/pay-request.ts';
import type { PayRequestInput, PaymentLinkRequest, SavePaymentLinkStateInput } from './payment-links/payment-link-store.ts';
import { savePaymentLinkState } from './payment-links/save-payment-link-state.ts';

export type { PayRequestInput, PaymentLinkRequest, SavePaymentLinkStateInput } from './payment-links/payment-link-store.ts';

export function createPaymentLinkActivities(deps: { orm: MikroORM }) {
  return {
    /** See createPaymentLink. */
    createPaymentLink: (request: PaymentLinkRequest) => createPaymentLink(deps.orm, request),
    /** See payRequest. */
    payRequest: (input: PayRequestInput) => payRequest(deps.orm, input),
    /** See savePaymentLinkState. */
    savePaymentLinkState: (input: SavePaymentLinkStateInput) => savePaymentLinkState(deps.orm, input),
  };
}

export type PaymentLinkActivities = ReturnType<typeof createPaymentLinkActivities>;
