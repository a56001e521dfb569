// Accounts and API keys. A key is shown once at creation; only its SHA-256 hash is stored.
import { createHash, randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../domain/ids.ts';
import type { KeyRole } from '../domain/key-roles.ts';
import type { Mode } from '../domain/modes.ts';
import { AccountEntity, ApiKeyEntity, type ApiKey } from './entities.ts';
import { executePrepared } from './prepared.ts';
import { localApiKeyChanged, untilForgottenEverywhere } from './api-key-changes.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const apiKeyPattern = /^sk_(sandbox|live)_[0-9A-Za-z]{32,}$/;

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

export interface CreatedKey {
  id: string;
  account_id: string;
  mode: Mode;
  role: KeyRole;
  name: string | null;
  holder: string | null;
  secret: string;
  last4: string;
}

/** What a new key is for (docs/api.md, "Key roles"): its role (`full` unless told), a name and the holder it belongs to. */
export interface KeyOptions {
  role?: KeyRole;
  name?: string | null;
  holder?: string | null;
}

export async function createApiKey(em: EntityManager, accountId: string, mode: Mode, options: KeyOptions = {}): Promise<CreatedKey> {
  const secret = `sk_${mode}_${randomBase62(40)}`;
  const role = options.role ?? 'full';
  const key = em.create(ApiKeyEntity, {
    id: newId('apiKey'),
    accountId,
    mode,
    keyHash: hashApiKey(secret),
    last4: secret.slice(-4),
    role,
    name: options.name ?? null,
    holder: options.holder ?? null,
    createdAt: new Date(),
  });
  await em.flush();
  return { id: key.id, account_id: accountId, mode, role, name: key.name ?? null, holder: key.holder ?? null, secret, last4: key.last4 };
}

export async function createAccount(
  em: EntityManager,
  name: string,
): Promise<{ account_id: string; name: string; sandbox_key: string; sandbox_key_id: string }> {
  return em.transactional(async (tx) => {
    const account = tx.create(AccountEntity, { id: newId('account'), name, createdAt: new Date() });
    await tx.flush();
    const key = await createApiKey(tx, account.id, 'sandbox');
    return { account_id: account.id, name, sandbox_key: key.secret, sandbox_key_id: key.id };
  });
}

export async function revokeApiKey(em: EntityManager, keyId: string): Promise<ApiKey | null> {
  const key = await em.findOne(ApiKeyEntity, { id: keyId });
  if (!key) return null;
  if (!key.revokedAt) {
    // Answers once every API process refuses the key, not merely once the row says so (api-key-changes.ts).
    await untilForgottenEverywhere(em, key.keyHash, async () => {
      key.revokedAt = new Date();
      await em.flush();
      localApiKeyChanged();
    });
  }
  return key;
}

/** What a request learns from its key. */
export interface ActiveKey {
  id: string;
  accountId: string;
  mode: Mode;
  role: KeyRole;
  name: string | null;
  /** Who holds the key: its holder, or the key itself when it names none. */
  holder: string;
}

/**
 * The live (not revoked) key with this secret, or null. Read on every request that misses the key cache
 * (api-key-cache.ts), so a plain read of the columns it needs (no entity, nothing for the unit of work to track).
 */
export async function findActiveKey(em: EntityManager, secret: string): Promise<ActiveKey | null> {
  if (!apiKeyPattern.test(secret)) return null;
  return findActiveKeyByHash(em, hashApiKey(secret));
}

/** The live key with this SHA-256 hash, or null. */
export async function findActiveKeyByHash(em: EntityManager, hash: string): Promise<ActiveKey | null> {
  const [row] = await executePrepared<{ id: string; account_id: string; mode: Mode; role: KeyRole; name: string | null; holder: string | null }>(
    em,
    `select id, account_id, mode, role, name, holder from api_keys where key_hash = ? and revoked_at is null`,
    [hash],
  );
  return row ? { id: row.id, accountId: row.account_id, mode: row.mode, role: row.role, name: row.name, holder: row.holder ?? row.id } : null;
}

export async function countAccounts(em: EntityManager): Promise<number> {
  return em.count(AccountEntity, {});
}
