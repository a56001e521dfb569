// The one way into Temporal for the API, the CLI and the outbox dispatcher: one object with a method per
// thing a caller asks of a workflow. The mechanism every method shares (start-or-join, start-once,
// update-running, what each start carries, error classification) is in mechanism.ts; each resource's
// methods are in a module of their own beside it.
import { Client, Connection } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { beneficiaryVerificationGateway, type BeneficiaryVerificationGateway } from './beneficiary-verifications.ts';
import { collectionGateway, type CollectionGateway } from './collections.ts';
import { mandateGateway, type MandateGateway } from './mandates.ts';
import { gatewayMechanism } from './mechanism.ts';
import { paymentLinkGateway, type PaymentLinkGateway } from './payment-links.ts';
import { paymentGateway, type PaymentGateway } from './payments.ts';
import { providerEventGateway, type ProviderEventGateway } from './provider-events.ts';
import { payoutBatchGateway, type PayoutBatchGateway } from './payout-batches.ts';
import { payoutGateway, type PayoutGateway } from './payouts.ts';
import { refundGateway, type RefundGateway } from './refunds.ts';
import { reportGateway, type ReportGateway } from './reports.ts';
import { settlementGateway, type SettlementGateway } from './settlements.ts';
import type { GatewaySettings } from './settings.ts';
import { topUpGateway, type TopUpGateway } from './top-ups.ts';
import { webhookGateway, type WebhookGateway } from './webhooks.ts';

// What callers name from the gateway, wherever it is defined.
export { gatewaySettings, type GatewaySettings } from './settings.ts';
export type { PayoutAction } from './payouts.ts';
export type { MandateMove } from './mandates.ts';
export type { DeliveryStart } from './webhooks.ts';

export interface TemporalGateway
  extends TopUpGateway,
    PayoutGateway,
    PayoutBatchGateway,
    PaymentGateway,
    RefundGateway,
    SettlementGateway,
    CollectionGateway,
    PaymentLinkGateway,
    MandateGateway,
    ProviderEventGateway,
    ReportGateway,
    BeneficiaryVerificationGateway,
    WebhookGateway {
  /** True when the Temporal frontend answers (for /readyz). */
  isReachable(): Promise<boolean>;
}

export interface TemporalClientHandle {
  client: Client;
  gateway: TemporalGateway;
  close(): Promise<void>;
}

export async function connectTemporal(options: { address: string; namespace: string; orm: MikroORM; settings: GatewaySettings }): Promise<TemporalClientHandle> {
  const connection = await Connection.connect({ address: options.address });
  const client = new Client({ connection, namespace: options.namespace });
  // The settings object itself, not a copy: stack.ts sets the payment links' base URL once the API listens.
  const m = gatewayMechanism({ client, orm: options.orm, settings: options.settings });
  const gateway: TemporalGateway = {
    ...topUpGateway(m),
    ...payoutGateway(m),
    ...payoutBatchGateway(m),
    ...paymentGateway(m),
    ...refundGateway(m),
    ...settlementGateway(m),
    ...collectionGateway(m),
    ...paymentLinkGateway(m),
    ...mandateGateway(m),
    ...providerEventGateway(m),
    ...reportGateway(m),
    ...beneficiaryVerificationGateway(m),
    ...webhookGateway(m),
    async isReachable() {
      try {
        await connection.workflowService.getSystemInfo({});
        return true;
      } catch {
        return false;
      }
    },
  };
  return { client, gateway, close: () => connection.close() };
}
