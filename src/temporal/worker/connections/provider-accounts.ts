// What reconciliation reads of each connection's provider account, built in the worker's composition root from the
// connection's row (its key secret unsealed here, as for the live rails) by the connection's connector, and paced
// by the same shared limiter as the connection's payouts.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ProviderAccountReader } from '../../../rails/provider.ts';
import { connectionCredentialsVersion } from '../../../db/connections.ts';
import { connectedSettings } from './connected.ts';
import type { SecretBox } from '../../../db/sealed.ts';
import { providerPace } from './live-payout-rail.ts';

export function createAccountReaders(options: { orm: MikroORM; secrets: SecretBox; maxRps: number; checkAgainInMs: number }) {
  const { orm } = options;
  const pace = providerPace(orm, options.maxRps);
  const readers = new Map<string, ProviderAccountReader>();
  return async (connectionId: string): Promise<ProviderAccountReader | null> => {
    // Per settings version: after `connections rotate-key` or `update` the reader is built anew.
    const key = `${connectionId}/${await connectionCredentialsVersion(orm.em.fork(), connectionId)}`;
    const cached = readers.get(key);
    if (cached) return cached;
    const connected = await connectedSettings({ ...options, pace }, connectionId);
    if (!connected?.hasPayoutAccount) return null;
    const reader = connected.connector.createAccountReader(connected.settings);
    readers.set(key, reader);
    return reader;
  };
}
