// The payment gateway of each connection for the worker's activities (settlements, link QR codes), built from the
// connection's row with its key secret unsealed here, as the live payout rail is, at the same shared pace.
import { followingConnectionId } from '../../db/connections.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ProviderGateway, ProviderGateways } from '../../connectors/types.ts';
import { connectedSettings } from './connected.ts';
import type { SecretBox } from '../../db/sealed.ts';
import { providerPace } from './live-payout-rail.ts';

export function createLiveGateways(options: { orm: MikroORM; secrets: SecretBox; maxRps: number; checkAgainInMs: number }): ProviderGateways {
  const { orm } = options;
  const pace = providerPace(orm, options.maxRps);
  const gateways = new Map<string, ProviderGateway>();
  async function ofConnection(connectionId: string): Promise<ProviderGateway | null> {
    const cached = gateways.get(connectionId);
    if (cached) return cached;
    const connected = await connectedSettings({ ...options, pace }, connectionId);
    if (!connected) return null;
    const gateway = connected.connector.createGateway(connected.settings);
    gateways.set(connectionId, gateway);
    return gateway;
  }
  return {
    ofConnection,
    async ofAccount(accountId) {
      const connectionId = await followingConnectionId(orm.em.fork(), accountId);
      const gateway = connectionId ? await ofConnection(connectionId) : null;
      return connectionId && gateway ? { connectionId, gateway } : null;
    },
  };
}
