// UPI AutoPay of each connection for the worker's activities (live mandates and their debits' notices), built from
// the connection's row with its key secret unsealed here, as the live payment rails are, at the same shared pace.
import type { MikroORM } from '@mikro-orm/postgresql';
import { connectorOf } from '../../connectors/index.ts';
import type { ProviderRecurring, ProviderRecurrings } from '../../connectors/types.ts';
import { connectionCredentials, followingConnectionId } from '../../db/connections.ts';
import type { SecretBox } from '../../db/sealed.ts';
import { type PaymentSideOptions, connectedPaymentSettings } from './connected.ts';

export interface LiveRecurringOptions extends PaymentSideOptions {
  orm: MikroORM;
  secrets: SecretBox;
}

export function createLiveRecurrings(options: LiveRecurringOptions): ProviderRecurrings {
  const { orm } = options;
  const cache = new Map<string, ProviderRecurring>();
  async function ofConnection(connectionId: string): Promise<ProviderRecurring | null> {
    const cached = cache.get(connectionId);
    if (cached) return cached;
    const credentials = await connectionCredentials(orm.em.fork(), options.secrets, connectionId);
    const connector = credentials && connectorOf(credentials.provider);
    if (!credentials || !connector) return null;
    const recurring = connector.createRecurring(connectedPaymentSettings(credentials, options));
    cache.set(connectionId, recurring);
    return recurring;
  }
  return {
    async ofAccount(accountId) {
      const connectionId = await followingConnectionId(orm.em.fork(), accountId);
      return connectionId ? ofConnection(connectionId) : null;
    },
  };
}
