// Connections from an account to a payment provider (docs/api.md, Live mode). One active connection per account (the
// partial unique index of Migration20261130000000_connections). The key secret and the webhook secret are sealed with
// SECRETS_KEY, each bound to its row and column, so a sealed value copied into another row does not open there.
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../domain/ids.ts';
import { providerBaseUrlProblem } from '../domain/provider-base-url.ts';
import { ConnectionEntity, type Connection } from './entities.ts';
import type { SecretBox } from './sealed.ts';
import { type ConnectionAttention, connectionStatusOf } from './connection-attention.ts';

export const connectionKeySecretContext = (connectionId: string): string => `connections.key_secret/${connectionId}`;
export const connectionWebhookSecretContext = (connectionId: string): string => `connections.webhook_secret/${connectionId}`;
export const connectionPreviousWebhookSecretContext = (connectionId: string): string =>
  `connections.previous_webhook_secret/${connectionId}`;

/** How long a rotated-out webhook secret still verifies: the provider signs retries of older events with it. */
export const PREVIOUS_WEBHOOK_SECRET_VALIDITY_MS = 24 * 60 * 60 * 1000;

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
    previousWebhookSecret: null,
    previousWebhookSecretExpiresAt: null,
    payoutAccountNumber: input.payoutAccountNumber,
    baseUrl: input.baseUrl,
    status: 'active',
    reconciliationCursor: null,
    createdAt: new Date(),
  });
  return id;
}

/**
 * The connection, enabled or disabled, that already holds a provider account with this key id or this payout account
 * number, or null. A second connection to one provider account would read its statement and take its webhooks again,
 * recording its balance and its QR payments twice, so `connections add` refuses one.
 */
export async function providerAccountHolder(
  em: EntityManager,
  provider: string,
  keyId: string,
  payoutAccountNumber: string | null,
): Promise<{ id: string; accountId: string; status: Connection['status']; sameKeyId: boolean } | null> {
  const [row] = await em.execute<{ id: string; account_id: string; status: Connection['status']; same_key_id: boolean }[]>(
    `select id, account_id, status, key_id = ? as same_key_id from connections
      where provider = ? and (key_id = ? or (payout_account_number is not null and payout_account_number = ?))
      order by created_at desc limit 1`,
    [keyId, provider, keyId, payoutAccountNumber],
  );
  return row ? { id: row.id, accountId: row.account_id, status: row.status, sameKeyId: row.same_key_id } : null;
}

/** How many times the connection's key or settings changed: what a worker builds from it is kept per version. */
export async function connectionCredentialsVersion(em: EntityManager, connectionId: string): Promise<number> {
  const [row] = await em.execute<{ v: number }[]>('select credentials_version as v from connections where id = ?', [connectionId]);
  return row?.v ?? 0;
}

/** Gives a connection a new key pair (the provider regenerated it); everything the connection carried stays with it. */
export async function rotateConnectionKey(em: EntityManager, secrets: SecretBox, connectionId: string, keyId: string, keySecret: string): Promise<boolean> {
  const changed = await em.execute<{ id: string }[]>(
    `update connections set key_id = ?, key_secret = ?, credentials_version = credentials_version + 1 where id = ? returning id`,
    [keyId, secrets.seal(keySecret, connectionKeySecretContext(connectionId)), connectionId],
  );
  return changed.length === 1;
}

/** Why a connection's payout account number cannot change now, or null once it has changed. */
export type UpdateRefusal = { kind: 'not_found' } | { kind: 'in_flight'; payoutIds: string[] };

/**
 * Changes the connection's payout account number, refused while a payout sent from the old number is still
 * `initiated` (it is looked up there, with the number it was sent from). Under the row's lock, so no payout binds
 * the old number meanwhile.
 */
export async function updatePayoutAccountNumber(em: EntityManager, connectionId: string, payoutAccountNumber: string): Promise<UpdateRefusal | null> {
  return em.transactional(async (tx) => {
    const row = await tx.findOne(ConnectionEntity, { id: connectionId }, { fields: ['id', 'payoutAccountNumber'], lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!row) return { kind: 'not_found' } as const;
    if (row.payoutAccountNumber === payoutAccountNumber) return null;
    const inFlight = await tx.execute<{ id: string }[]>(
      `select id from payouts where connection_id = ? and status = 'initiated' and payout_account_number is distinct from ? order by id limit 5`,
      [connectionId, payoutAccountNumber],
    );
    if (inFlight.length > 0) return { kind: 'in_flight', payoutIds: inFlight.map((r) => r.id) } as const;
    await tx.execute('update connections set payout_account_number = ?, credentials_version = credentials_version + 1 where id = ?', [payoutAccountNumber, connectionId]);
    return null;
  });
}

/** Brings a disabled connection back; false when it was not disabled. The account's one active connection is the unique index's. */
export async function enableConnection(em: EntityManager, connectionId: string): Promise<boolean> {
  return (await em.nativeUpdate(ConnectionEntity, { id: connectionId, status: 'disabled', supersededBy: null }, { status: 'active' })) === 1;
}

/** Disables a connection: no new money movement through it; webhooks and reconciliation still work. */
export async function disableConnection(em: EntityManager, connectionId: string): Promise<boolean> {
  return (await em.nativeUpdate(ConnectionEntity, { id: connectionId, status: 'active' }, { status: 'disabled' })) === 1;
}

/** A connection as operators see it: every setting, never a secret (the account number shows its last 4 digits). */
export interface ConnectionSummary {
  id: string;
  account_id: string;
  provider: string;
  key_id: string;
  payout_account_number_last4: string | null;
  base_url: string;
  /** `attention_required` while the provider account is not set up for one of its capabilities (see `attention`). */
  status: Connection['status'] | 'attention_required';
  /** Per capability, the set-up refusal the provider last answered (src/db/connection-attention.ts). */
  attention: ConnectionAttention;
  /** When the last reconciliation ran and what it could not read (null: it read); null before the first. */
  last_reconciliation: { at: Date; error: string | null } | null;
  created_at: Date;
  reconciliation_cursor: string | null;
  /** When the last reconciliation ended, the provider's balance it read and the difference from ours (paise). */
  reconciled_at: Date | null;
  reconciliation_provider_balance: number | null;
  reconciliation_difference: number | null;
  /** How many reconciliations found a difference. */
  reconciliation_differences_found: number;
  /** Until when the webhook secret replaced by the last rotation still verifies; null when none does. */
  previous_webhook_secret_expires_at: Date | null;
}

const summaryFields = [
  'id', 'accountId', 'provider', 'keyId', 'payoutAccountNumber', 'baseUrl', 'status', 'createdAt',
  'reconciliationCursor', 'previousWebhookSecretExpiresAt', 'reconciledAt', 'reconciliationProviderBalance',
  'reconciliationDifference', 'reconciliationDifferencesFound',
] as const;

type SummaryRow = Pick<Connection, (typeof summaryFields)[number]>;

function summaryOf(row: SummaryRow, now: Date): ConnectionSummary {
  const expiry = row.previousWebhookSecretExpiresAt ?? null;
  return {
    id: row.id,
    account_id: row.accountId,
    provider: row.provider,
    key_id: row.keyId,
    payout_account_number_last4: row.payoutAccountNumber ? row.payoutAccountNumber.slice(-4) : null,
    base_url: row.baseUrl,
    status: row.status,
    created_at: row.createdAt,
    reconciliation_cursor: row.reconciliationCursor ?? null,
    reconciled_at: row.reconciledAt ?? null,
    reconciliation_provider_balance: row.reconciliationProviderBalance ?? null,
    reconciliation_difference: row.reconciliationDifference ?? null,
    reconciliation_differences_found: row.reconciliationDifferencesFound ?? 0,
    previous_webhook_secret_expires_at: expiry && expiry > now ? expiry : null,
    attention: {},
    last_reconciliation: null,
  };
}

/** Connections, newest first, of one account or of every account; the sealed columns are never read. */
export async function listConnections(em: EntityManager, filter: { accountId?: string } = {}, now = new Date()): Promise<ConnectionSummary[]> {
  const rows = await em.find(ConnectionEntity, filter.accountId ? { accountId: filter.accountId } : {}, {
    fields: [...summaryFields],
    orderBy: { createdAt: 'desc', id: 'desc' },
  });
  return withAttention(em, rows.map((row) => summaryOf(row, now)));
}

export async function findConnection(em: EntityManager, connectionId: string, now = new Date()): Promise<ConnectionSummary | null> {
  const row = await em.findOne(ConnectionEntity, { id: connectionId }, { fields: [...summaryFields] });
  return row ? (await withAttention(em, [summaryOf(row, now)]))[0] : null;
}

/** The summaries with what their provider accounts are missing and their last reconciliation, and the status that shows. */
async function withAttention(em: EntityManager, summaries: ConnectionSummary[]): Promise<ConnectionSummary[]> {
  if (summaries.length === 0) return summaries;
  const rows = await em.execute<{ id: string; attention: ConnectionAttention | null; last_reconciliation: { at: string; error: string | null } | null }[]>(
    `select id, attention, last_reconciliation from connections where id in (${summaries.map(() => '?').join(', ')})`,
    summaries.map((c) => c.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return summaries.map((c) => {
    const row = byId.get(c.id);
    const attention = row?.attention ?? {};
    const last = row?.last_reconciliation ?? null;
    return {
      ...c,
      status: connectionStatusOf(c.status, attention),
      attention,
      last_reconciliation: last ? { at: new Date(last.at), error: last.error ?? null } : null,
    };
  });
}

/**
 * Replaces the webhook secret; the one it replaces stays valid for PREVIOUS_WEBHOOK_SECRET_VALIDITY_MS (re-sealed
 * for its own column, since a sealed value only opens where it was sealed). A secret rotated out earlier is dropped.
 * Answers when the old secret stops verifying, or null when the connection does not exist.
 */
export async function rotateWebhookSecret(
  em: EntityManager,
  secrets: SecretBox,
  connectionId: string,
  newSecret: string,
  now = new Date(),
): Promise<Date | null> {
  return em.transactional(async (tx) => {
    const row = await tx.findOne(ConnectionEntity, { id: connectionId }, { fields: ['id', 'webhookSecret'], lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!row) return null;
    const current = secrets.open(row.webhookSecret, connectionWebhookSecretContext(connectionId));
    const expiresAt = new Date(now.getTime() + PREVIOUS_WEBHOOK_SECRET_VALIDITY_MS);
    await tx.nativeUpdate(ConnectionEntity, { id: connectionId }, {
      webhookSecret: secrets.seal(newSecret, connectionWebhookSecretContext(connectionId)),
      previousWebhookSecret: secrets.seal(current, connectionPreviousWebhookSecretContext(connectionId)),
      previousWebhookSecretExpiresAt: expiresAt,
    });
    return expiresAt;
  });
}

/** What verifying a connection's inbound webhooks needs: its provider, status and every secret valid now (current first). */
export interface ConnectionWebhookSecrets {
  id: string;
  accountId: string;
  provider: string;
  status: Connection['status'];
  secrets: string[];
}

/** Unseals the webhook secrets only (the inbound webhook route's one need), or null for an unknown connection. */
export async function connectionWebhookSecrets(
  em: EntityManager,
  secrets: SecretBox,
  connectionId: string,
  now = new Date(),
): Promise<ConnectionWebhookSecrets | null> {
  const row = await em.findOne(ConnectionEntity, { id: connectionId }, {
    fields: ['id', 'accountId', 'provider', 'status', 'webhookSecret', 'previousWebhookSecret', 'previousWebhookSecretExpiresAt'],
  });
  if (!row) return null;
  const valid = [secrets.open(row.webhookSecret, connectionWebhookSecretContext(row.id))];
  if (row.previousWebhookSecret && row.previousWebhookSecretExpiresAt && row.previousWebhookSecretExpiresAt > now) {
    valid.push(secrets.open(row.previousWebhookSecret, connectionPreviousWebhookSecretContext(row.id)));
  }
  return { id: row.id, accountId: row.accountId, provider: row.provider, status: row.status, secrets: valid };
}

/** What calling the provider needs (the worker's composition root): the settings and the unsealed key secret. */
export interface ConnectionCredentials {
  id: string;
  accountId: string;
  provider: string;
  status: Connection['status'];
  keyId: string;
  keySecret: string;
  payoutAccountNumber: string | null;
  baseUrl: string;
}

export async function connectionCredentials(em: EntityManager, secrets: SecretBox, connectionId: string): Promise<ConnectionCredentials | null> {
  const row = await em.findOne(ConnectionEntity, { id: connectionId }, {
    fields: ['id', 'accountId', 'provider', 'status', 'keyId', 'keySecret', 'payoutAccountNumber', 'baseUrl'],
  });
  if (!row) return null;
  // A row older than the rule, or written by hand, must not send the key secret in clear text across a network.
  const problem = providerBaseUrlProblem(row.baseUrl, false);
  if (problem) throw new Error(`connection ${row.id} is not used: its base URL ${problem}`);
  return {
    id: row.id,
    accountId: row.accountId,
    provider: row.provider,
    status: row.status,
    keyId: row.keyId,
    keySecret: secrets.open(row.keySecret, connectionKeySecretContext(row.id)),
    payoutAccountNumber: row.payoutAccountNumber ?? null,
    baseUrl: row.baseUrl,
  };
}
