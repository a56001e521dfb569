// Connections from an account to a payment provider (API.md, Live mode). One active connection per account (the
// partial unique index of Migration20261130000000_connections). The key secret and the webhook secret are sealed with
// SECRETS_KEY, each bound to its row and column, so a sealed value copied into another row does not open there.
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../domain/ids.ts';
import { ConnectionEntity, type Connection } from './entities.ts';
import type { SecretBox } from './sealed.ts';

export const connectionKeySecretContext = (connectionId: string): string => `connections.key_secret/${connectionId}`;
export const connectionWebhookSecretContext = (connectionId: string): string => `connections.webhook_secret/${connectionId}`;

/** The account's active connection, or null: without one, a live write that moves money is refused. */
export async function activeConnection(em: EntityManager, accountId: string): Promise<Pick<Connection, 'id' | 'provider'> | null> {
  return em.findOne(ConnectionEntity, { accountId, status: 'active' }, { fields: ['id', 'provider'] });
}

export interface NewConnection {
  accountId: string;
  provider: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  payoutAccountNumber: string | null;
  baseUrl: string;
}

/** Stores an active connection with its secrets sealed; a second active one for the account fails on the unique index. */
export async function insertConnection(em: EntityManager, secrets: SecretBox, input: NewConnection): Promise<string> {
  const id = newId('connection');
  await em.insert(ConnectionEntity, {
    id,
    accountId: input.accountId,
    provider: input.provider,
    keyId: input.keyId,
    keySecret: secrets.seal(input.keySecret, connectionKeySecretContext(id)),
    webhookSecret: secrets.seal(input.webhookSecret, connectionWebhookSecretContext(id)),
    payoutAccountNumber: input.payoutAccountNumber,
    baseUrl: input.baseUrl,
    status: 'active',
    reconciliationCursor: null,
    createdAt: new Date(),
  });
  return id;
}

/** Disables a connection: no new money movement through it; webhooks and reconciliation still work. */
export async function disableConnection(em: EntityManager, connectionId: string): Promise<boolean> {
  return (await em.nativeUpdate(ConnectionEntity, { id: connectionId, status: 'active' }, { status: 'disabled' })) === 1;
}
