// The connectors this service can connect an account to, by the `provider` of a connection (`payctl connections add
// --provider`, the `/connectors/{provider}/...` webhook routes). A second provider is a new folder plus its entry in
// `connectors` below; nothing outside its folder names it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { activeConnection } from '../db/connections.ts';
import type { Connector, ProviderLimits } from '../rails/provider.ts';
import { razorpay } from './razorpay/index.ts';

export type { ConnectedRailSettings, Connector } from '../rails/provider.ts';



export const connectors: readonly Connector[] = [razorpay];

export const connectorProviders: readonly string[] = connectors.map((c) => c.provider);

export function connectorOf(provider: string): Connector | undefined {
  return connectors.find((c) => c.provider === provider);
}

/** Every connector's rules at once: the first violation of any of them (each connector's in the registry's order). */
const everyConnectorsLimits: ProviderLimits = {
  checkBeneficiary: (input) => firstViolation((l) => l.checkBeneficiary(input)),
  checkPayout: (input) => firstViolation((l) => l.checkPayout(input)),
  checkPayment: (input) => firstViolation((l) => l.checkPayment(input)),
  checkMandate: (input) => firstViolation((l) => l.checkMandate(input)),
};

function firstViolation(check: (limits: ProviderLimits) => ReturnType<ProviderLimits['checkPayout']>): ReturnType<ProviderLimits['checkPayout']> {
  for (const connector of connectors) {
    const violation = check(connector.limits);
    if (violation) return violation;
  }
  return null;
}

/**
 * The provider rules a live write of the account must meet: its active connection's connector's. Without one (a live
 * beneficiary may be made before the account connects; the writes that move money are refused before they ask), every
 * connector's, so that what is made now suits the provider the account connects to later.
 */
export async function liveLimitsOf(em: EntityManager, accountId: string): Promise<ProviderLimits> {
  const connection = await activeConnection(em, accountId);
  return (connection && connectorOf(connection.provider)?.limits) || everyConnectorsLimits;
}

/** The address an operator registers at the provider for a connection's webhooks. */
export function webhookUrlOf(publicBaseUrl: string, provider: string, connectionId: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/connectors/${encodeURIComponent(provider)}/${encodeURIComponent(connectionId)}/webhooks`;
}
