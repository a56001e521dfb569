// What reconciliation reads of each connection's provider account, built in the worker's composition root from the
// connection's row (its key secret unsealed here, as for the live rails) by the connection's connector, and paced
// by the same shared limiter as the connection's payouts.
import type { MikroORM } from '@mikro-orm/postgresql';
import { connectorOf } from '../../connectors/index.ts';
import type { ProviderAccountReader } from '../../connectors/types.ts';
import { connectionCredentials } from '../../db/connections.ts';
import type { SecretBox } from '../../db/sealed.ts';
import { providerPace } from './live-payout-rail.ts';

export function createAccountReaders(options: { orm: MikroORM; secrets: SecretBox; maxRps: number; checkAgainInMs: number }) {
  const { orm } = options;
  const pace = providerPace(orm, options.maxRps);
  const readers = new Map<string, ProviderAccountReader>();
  return async (connectionId: string): Promise<ProviderAccountReader | null> => {
    const cached = readers.get(connectionId);
    if (cached) return cached;
    const credentials = await connectionCredentials(orm.em.fork(), options.secrets, connectionId);
    const connector = credentials && connectorOf(credentials.provider);
    if (!credentials || !connector || !credentials.payoutAccountNumber) return null;
    const reader = connector.createAccountReader({
      connectionId: credentials.id,
      baseUrl: credentials.baseUrl,
      keyId: credentials.keyId,
      keySecret: credentials.keySecret,
      accountNumber: credentials.payoutAccountNumber,
      em: () => orm.em.fork(),
      pace: pace(credentials.id),
      checkAgainInMs: options.checkAgainInMs,
    });
    readers.set(connectionId, reader);
    return reader;
  };
}
