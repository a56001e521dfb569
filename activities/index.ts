// The composition of every activity the worker registers, from injected dependencies.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PayoutRail } from '../src/rails/payouts.ts';
import type { PaymentRail, RefundRail } from '../src/rails/payments.ts';
import { createPayoutActivities } from './payouts.ts';
import type { LiveStepSettings } from './payouts/live-step.ts';
import { createPayoutBatchActivities } from './payout-batches.ts';
import { createTopUpActivities } from './top-ups.ts';
import type { WebhookSender } from '../src/webhooks/sender.ts';
import { createWebhookActivities } from './webhooks.ts';
import { createPaymentActivities } from './payments.ts';
import { createRefundActivities } from './refunds.ts';
import { createSettlementActivities } from './settlements.ts';
import { createCollectionActivities } from './collections.ts';
import type { AutopayWindows } from '../src/domain/autopay-windows.ts';
import { createMandateActivities } from './mandates.ts';
import { createPaymentLinkActivities } from './payment-links.ts';
import { createReportActivities } from './reports.ts';
import { createProviderEventActivities, type ProviderEventTranslator } from './provider-events.ts';
import { createProviderSettlementActivities } from './settlements/provider-settlements.ts';
import type { LiveLimitsOf, ProviderGateways, ProviderRecurrings } from '../src/rails/provider.ts';
import { createLiveMandateActivities } from './mandates/live-mandates.ts';
import { type AccountReaderOf, createReconciliationActivities } from './reconciliation.ts';
import { createBeneficiaryVerificationActivities } from './beneficiary-verifications.ts';
import type { VerificationRail } from '../src/rails/verifications.ts';

export interface ActivityDeps {
  orm: MikroORM;
  /** The HTTP client of webhook deliveries. */
  webhookSender: WebhookSender;
  /** How long a rail step waits in-process for a rail that will know soon (RAIL_INLINE_WAIT_MS). */
  railInlineWaitMs?: number;
  /** PAYOUT_QUEUE_SECONDS: how long a payout waits in the low-balance queue. */
  payoutQueueSeconds?: number;
  /** How a live payout's lost answers are retried, then looked up (PROVIDER_RETRY_DELAYS_SECONDS, ..._LOOKUP_WINDOW_SECONDS). */
  provider?: LiveStepSettings;
  /** UPI_COLLECT_EXPIRY_SECONDS, in ms: how long a live payment waits for its customer. */
  paymentExpiryMs?: number;
  /** The provider rules of an account's live writes (its connection's connector's; a batch item's minimum amount). */
  liveLimitsOf: LiveLimitsOf;
  rails: {
    payouts: { sandbox: PayoutRail; live: PayoutRail };
    payments: { sandbox: PaymentRail; live: PaymentRail };
    refunds: { sandbox: RefundRail; live: RefundRail };
    verifications: { sandbox: VerificationRail; live: VerificationRail };
  };
  /** Translates an inbound provider webhook's verified body (the connector registry, wired by the worker). */
  translateProviderEvent: ProviderEventTranslator;
  /** The payment gateway of each connection (settlements, link QR codes); absent where nothing is live. */
  gateways?: ProviderGateways;
  /** What reconciliation reads of a connection's provider account (the connector registry, wired by the worker). */
  accountReaderOf: AccountReaderOf;
  /** The debit rules a collection run started before mandates takes up (COLLECTION_NOTICE_SECONDS, UPI_AUTOPAY_WINDOWS). */
  collectionDebit?: { noticeMs: number; windows: AutopayWindows };
  /** UPI AutoPay of each connection (live mandates and their debits' notices); absent where nothing is live. */
  recurrings?: ProviderRecurrings;
}

export function createActivities(deps: ActivityDeps) {
  return {
    ...createTopUpActivities(deps),
    ...createPayoutActivities({ orm: deps.orm, rails: deps.rails.payouts, liveLimitsOf: deps.liveLimitsOf, railInlineWaitMs: deps.railInlineWaitMs, provider: deps.provider, queueSeconds: deps.payoutQueueSeconds }),
    ...createPayoutBatchActivities({ orm: deps.orm }),
    ...createWebhookActivities({ orm: deps.orm, sender: deps.webhookSender }),
    ...createPaymentActivities({ orm: deps.orm, rails: deps.rails.payments, railInlineWaitMs: deps.railInlineWaitMs, paymentExpiryMs: deps.paymentExpiryMs }),
    ...createRefundActivities({ orm: deps.orm, rails: deps.rails.refunds, railInlineWaitMs: deps.railInlineWaitMs }),
    ...createSettlementActivities({ orm: deps.orm }),
    ...createProviderSettlementActivities({ orm: deps.orm, gateways: deps.gateways }),
    ...createCollectionActivities({ orm: deps.orm, debit: deps.collectionDebit }),
    ...createPaymentLinkActivities({ orm: deps.orm, gateways: deps.gateways }),
    ...createMandateActivities({ orm: deps.orm }),
    ...createLiveMandateActivities({ orm: deps.orm, recurrings: deps.recurrings }),
    ...createReportActivities({ orm: deps.orm }),
    ...createProviderEventActivities({ orm: deps.orm, translate: deps.translateProviderEvent }),
    ...createReconciliationActivities({ orm: deps.orm, readerOf: deps.accountReaderOf }),
    ...createBeneficiaryVerificationActivities({ orm: deps.orm, rails: deps.rails.verifications }),
  };
}
