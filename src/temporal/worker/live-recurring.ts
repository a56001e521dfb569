// UPI AutoPay of each connection for the worker's activities (live mandates and their debits' notices), built from
// the connection's row with its key secret unsealed here, as the live payment rails are, at the same shared pace.
import type { MikroORM } from '@mikro-orm/postgresql';
import { connectorOf } from '../../connectors/index.ts';
import type { ProviderRecurring, ProviderRecurrings } from '../../connectors/types.ts';
import { connectionCredentials } from '../../db/connections.ts';
import type { SecretBox } from '../../db/sealed.ts';

export interface LiveRecurringOptions {
  orm: MikroORM;
  secrets: SecretBox;
  /** The shared provider pace of a connection (providerPace). */
  pace: (connectionId: string) => () => Promise<void>;
  /** PROVIDER_POLL_SECONDS, in ms. */
  checkAgainInMs: number;
  collectExpirySeconds: number;
  publicBaseUrl: () => string;
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
    const recurring = connector.createRecurring({
      connectionId: credentials.id,
      baseUrl: credentials.baseUrl,
      keyId: credentials.keyId,
      keySecret: credentials.keySecret,
      upiCollect: credentials.upiCollect,
      pace: options.pace(credentials.id),
      checkAgainInMs: options.checkAgainInMs,
      collectExpiryMinutes: Math.max(1, Math.ceil(options.collectExpirySeconds / 60)),
      defaultReturnUrl: (paymentId) => `${options.publicBaseUrl()}/payments/${encodeURIComponent(paymentId)}/return`,
    });
    cache.set(connectionId, recurring);
    return recurring;
  }
  return {
    async ofAccount(accountId) {
      const [row] = await orm.em
        .fork()
        .execute<{ id: string }[]>(`select id from connections where account_id = ? order by (status = 'active') desc, created_at desc limit 1`, [accountId]);
      return row ? ofConnection(row.id) : null;
    },
  };
}
