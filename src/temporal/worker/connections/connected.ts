// A connection's connector and the settings each of its live parts (payout rail, account reader, payment gateway) is
// built from, read from the connection's row with its key secret unsealed here (the worker's composition root; the
// inbound webhook route unseals only the webhook secret). Paced by the connection's shared provider limiter.
import type { MikroORM } from '@mikro-orm/postgresql';
import { connectorOf } from '../../../connectors/index.ts';
import type { ConnectedPaymentSettings, ConnectedRailSettings, Connector } from '../../../rails/provider.ts';
import { connectionCredentials } from '../../../db/connections.ts';
import type { SecretBox } from '../../../db/sealed.ts';

export interface ConnectedOptions {
  orm: MikroORM;
  secrets: SecretBox;
  /** The shared provider pace of a connection (providerPace). */
  pace: (connectionId: string) => () => Promise<void>;
  /** PROVIDER_POLL_SECONDS, in ms. */
  checkAgainInMs: number;
}

export interface Connected {
  connector: Connector;
  settings: ConnectedRailSettings;
  /** Whether the connection names a payout account (its payout rail and statement need one). */
  hasPayoutAccount: boolean;
}

/** The connection's connector and settings; null when the connection is unknown or its provider has no connector. */
export async function connectedSettings(options: ConnectedOptions, connectionId: string): Promise<Connected | null> {
  const { orm } = options;
  const credentials = await connectionCredentials(orm.em.fork(), options.secrets, connectionId);
  const connector = credentials && connectorOf(credentials.provider);
  if (!credentials || !connector) return null;
  return {
    connector,
    hasPayoutAccount: Boolean(credentials.payoutAccountNumber),
    settings: {
      connectionId: credentials.id,
      baseUrl: credentials.baseUrl,
      keyId: credentials.keyId,
      keySecret: credentials.keySecret,
      accountNumber: credentials.payoutAccountNumber ?? '',
      em: () => orm.em.fork(),
      pace: options.pace(credentials.id),
      checkAgainInMs: options.checkAgainInMs,
    },
  };
}

/** What a connection's payment rails and UPI AutoPay are built from (the payment gateway's side of the connection). */
export interface PaymentSideOptions {
  /** The shared provider pace of a connection (providerPace). */
  pace: (connectionId: string) => () => Promise<void>;
  /** PROVIDER_POLL_SECONDS, in ms. */
  checkAgainInMs: number;
  /** Where netbanking sends a customer back when the payment names no return_url (read when it is sent). */
  publicBaseUrl: () => string;
}

/** The payment-side settings of a connection whose credentials were unsealed (its rails' and its UPI AutoPay's). */
export function connectedPaymentSettings(
  credentials: { id: string; baseUrl: string; keyId: string; keySecret: string },
  options: PaymentSideOptions,
): ConnectedPaymentSettings {
  return {
    connectionId: credentials.id,
    baseUrl: credentials.baseUrl,
    keyId: credentials.keyId,
    keySecret: credentials.keySecret,
    pace: options.pace(credentials.id),
    checkAgainInMs: options.checkAgainInMs,
    defaultReturnUrl: (paymentId) => `${options.publicBaseUrl()}/payments/${encodeURIComponent(paymentId)}/return`,
  };
}
