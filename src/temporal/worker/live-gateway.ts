// The payment gateway of each connection for the worker's activities (settlements, link QR codes), built from the
// connection's row with its key secret unsealed here, as the live payout rail is, at the same shared pace.
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
      const [row] = await orm.em
        .fork()
        .execute<{ id: string }[]>(`select id from connections where account_id = ? order by (status = 'active') desc, created_at desc limit 1`, [accountId]);
      const gateway = row ? await ofConnection(row.id) : null;
      return row && gateway ? { connectionId: row.id, gateway } : null;
    },
  };
}
