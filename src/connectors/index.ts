// The connectors this service can connect an account to, by the `provider` of a connection (`payctl connections add
// --provider`, the `/connectors/{provider}/...` webhook routes). A second provider is a new folder plus its entry in
// `connectors` below; nothing outside its folder names it.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PayoutRail } from '../rails/payouts.ts';
import type { ConnectorWebhookOutcome } from './types.ts';
import { razorpay } from './razorpay/index.ts';

export interface Connector {
  /** The `--provider` value and the webhook path segment. */
  provider: string;
  displayName: string;
  /** Where the provider's API answers; a connection's `--base-url` overrides it (a stand-in in tests). */
  defaultBaseUrl: string;
  /** The environment variables the CLI reads the connection's secrets from (they never come from the command line). */
  secretVariables: { keySecret: string; webhookSecret: string };
  /** null when the key id looks like one of this provider's; otherwise what is wrong with it. */
  checkKeyId(keyId: string): string | null;
  checkPayoutAccountNumber(accountNumber: string): string | null;
  /** The payout rail of one connection (the worker's composition root builds it from the connection's row). */
  createPayoutRail(settings: ConnectedRailSettings): PayoutRail;
  webhooks: {
    /** Lower-case header names. */
    signatureHeader: string;
    eventIdHeader: string;
    /** True when the raw body is signed with one of `secrets` (constant-time). */
    verify(rawBody: Buffer | string, signature: string | string[] | undefined, secrets: readonly string[]): boolean;
    /** A verified body in our terms; throws when it is not an event. */
    translate(rawBody: Buffer | string): ConnectorWebhookOutcome;
  };
}

/** What a connector's rails need of a connection, its key secret unsealed (only by the worker's composition root). */
export interface ConnectedRailSettings {
  connectionId: string;
  baseUrl: string;
  keyId: string;
  keySecret: string;
  accountNumber: string;
  /** A fresh EntityManager for the connector's own records (a beneficiary's ids at the provider). */
  em: () => EntityManager;
  /** Resolves when one more request to the provider keeps within the connection's rate, shared by every worker. */
  pace: () => Promise<void>;
  /** When to look again at a payout still on its way (a backstop to the provider's webhooks). */
  checkAgainInMs: number;
}

export const connectors: readonly Connector[] = [razorpay];

export const connectorProviders: readonly string[] = connectors.map((c) => c.provider);

export function connectorOf(provider: string): Connector | undefined {
  return connectors.find((c) => c.provider === provider);
}

/** The address an operator registers at the provider for a connection's webhooks. */
export function webhookUrlOf(publicBaseUrl: string, provider: string, connectionId: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/connectors/${encodeURIComponent(provider)}/${encodeURIComponent(connectionId)}/webhooks`;
}
