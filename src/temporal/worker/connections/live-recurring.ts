// UPI AutoPay of each connection for the worker's activities (live mandates and their debits' notices, each through
// its mandate's own connection: src/db/object-connections.ts), built from the connection's row with its key secret unsealed here, as the live payment rails are, at the same shared pace.
import type { MikroORM } from '@mikro-orm/postgresql';
import { connectorOf } from '../../../connectors/index.ts';
import type { ProviderRecurring, ProviderRecurrings } from '../../../rails/provider.ts';
import { connectionCredentials } from '../../../db/connections.ts';
import { boundConnection } from '../../../db/object-connections.ts';
import type { SecretBox } from '../../../db/sealed.ts';
import { type PaymentSideOptions, connectedPaymentSettings } from './connected.ts';

export interface LiveRecurringOptions extends PaymentSideOptions {
  orm: MikroORM;
  secrets: SecretBox;
}

export function createLiveRecurrings(options: LiveRecurringOptions): ProviderRecurrings {
  const { orm } = options;
  const cache = new Map<string, ProviderRecurring>();
  return {
    async ofMandate(mandateId) {
      const bound = await boundConnection(orm.em.fork(), 'mandates', mandateId, true);
      if (!bound) return null;
      const key = `${bound.connectionId}/${bound.credentialsVersion}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const credentials = await connectionCredentials(orm.em.fork(), options.secrets, bound.connectionId);
      const connector = credentials && connectorOf(credentials.provider);
      if (!credentials || !connector) return null;
      const recurring = connector.createRecurring(connectedPaymentSettings(credentials, options));
      cache.set(key, recurring);
      return recurring;
    },
  };
}
