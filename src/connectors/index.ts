// The connectors this service can connect an account to, by the `provider` of a connection (`payctl connections add
// --provider`, the `/connectors/{provider}/...` webhook routes). A second provider is a new folder plus its entry in
// `connectors` below; nothing outside its folder names it.
import type { Connector } from '../rails/provider.ts';
import { razorpay } from './razorpay/index.ts';

export type { ConnectedRailSettings, Connector } from '../rails/provider.ts';



export const connectors: readonly Connector[] = [razorpay];

export const connectorProviders: readonly string[] = connectors.map((c) => c.provider);

export function connectorOf(provider: string): Connector | undefined {
  return connectors.find((c) => c.provider === provider);
}

/** The address an operator registers at the provider for a connection's webhooks. */
export function webhookUrlOf(publicBaseUrl: string, provider: string, connectionId: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/connectors/${encodeURIComponent(provider)}/${encodeURIComponent(connectionId)}/webhooks`;
}
