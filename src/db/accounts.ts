// Accounts and API keys. A key is shown once at creation; only its SHA-256 hash is stored.
import { createHash, randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiKeyResponse } from '../contract/keys.ts';
import { type KeyLimits, noKeyLimits } from '../domain/approvals.ts';
import { newId } from '../domain/ids.ts';
import type { KeyRole } from '../domain/key-roles.ts';
import type { Mode } from '../domain/modes.ts';
import { AccountEntity, ApiKeyEntity, type ApiKey } from './entities.ts';
import { recordEvent } from './events.ts';
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
  limits: KeyLimits;
  secret: string;
  last4: string;
}

/**
 * What a new key is for (docs/api.md, "Key roles"): its role (`full` unless told), a name, the holder it belongs to
 * and a maker's limits (payctl checks which role may carry which; a CHECK in the table holds it too).
 */
export interface KeyOptions {
  role?: KeyRole;
  name?: string | null;
  holder?: string | null;
  limits?: KeyLimits;
  /**
   * Emit `api_key.created` with the key. `payctl keys create` does; an account's first key does not, since it is
   * made with the account, before anything could listen for it.
   */
  announce?: boolean;
}

export async function createApiKey(em: EntityManager, accountId: string, mode: Mode, options: KeyOptions = {}): Promise<CreatedKey> {
  const secret = `sk_${mode}_${randomBase62(40)}`;
  const role = options.role ?? 'full';
  const limits = options.limits ?? noKeyLimits;
  const id = newId('apiKey');
  const name = options.name ?? null;
  const holder = options.holder ?? null;
  // The row and its event commit together: a listener never hears of a key that does not exist, nor misses one.
  await em.transactional(async (tx) => {
    await tx.execute(
      `insert into api_keys (id, account_id, mode, key_hash, last4, role, name, holder, max_amount, daily_amount, approval, refunds, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now())`,
      [id, accountId, mode, hashApiKey(secret), secret.slice(-4), role, name, holder, limits.maxAmount, limits.dailyAmount, limits.approval, limits.refunds],
    );
    if (options.announce) {
      const key: ActiveKey = { id, accountId, mode, role, name, holder: holder ?? id, limits };
      await recordEvent(tx, { accountId, mode, type: 'api_key.created', object: apiKeyObject(key) });
    }
  });
  return { id, account_id: accountId, mode, role, name, holder, limits, secret, last4: secret.slice(-4) };
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
      // The revocation and its event commit together; of two revocations at once only the first emits one.
      await em.transactional(async (tx) => {
        const [row] = await tx.execute<(KeyRow & { revoked_at: Date })[]>(
          `update api_keys set revoked_at = now() where id = ? and revoked_at is null returning ${KEY_COLUMNS}, revoked_at`,
          [key.id],
        );
        if (!row) return;
        await withdrawApprovals(tx, row.id);
        await recordEvent(tx, { accountId: row.account_id, mode: row.mode, type: 'api_key.revoked', object: apiKeyObject(activeKeyOf(row)) });
      });
      await em.refresh(key);
      localApiKeyChanged();
    });
  }
  return key;
}

/**
 * A revoked key's approvals no longer count (standingApprovals leaves them out), nor are they shown: they leave the
 * `approval.received` of what still waits for approval, in the revocation's own transaction.
 */
async function withdrawApprovals(tx: EntityManager, keyId: string): Promise<void> {
  for (const table of ['payouts', 'payout_batches']) {
    await tx.execute(
      `update ${table} set approval = jsonb_set(approval, '{received}',
         coalesce((select jsonb_agg(e order by o) from jsonb_array_elements(approval->'received') with ordinality as r(e, o) where e->>'key_id' <> ?), '[]'::jsonb))
       where id in (select object_id from object_approvals where key_id = ?) and status = 'pending_approval'`,
      [keyId, keyId],
    );
  }
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
  /** A maker's limits; all null on other roles. */
  limits: KeyLimits;
}

/** The key as GET /v1/keys/current and its events show it (never its secret). */
export function apiKeyObject(key: ActiveKey): ApiKeyResponse {
  return {
    id: key.id,
    object: 'api_key',
    name: key.name,
    holder: key.holder,
    role: key.role,
    mode: key.mode,
    limits: { max_amount: key.limits.maxAmount, daily_amount: key.limits.dailyAmount, approval: key.limits.approval, refunds: key.limits.refunds },
  };
}

/** The columns an ActiveKey is read from (the bigint amounts as text, made numbers by amountOf). */
const KEY_COLUMNS = 'id, account_id, mode, role, name, holder, max_amount::text as max_amount, daily_amount::text as daily_amount, approval, refunds';
interface KeyRow {
  id: string;
  account_id: string;
  mode: Mode;
  role: KeyRole;
  name: string | null;
  holder: string | null;
  max_amount: string | null;
  daily_amount: string | null;
  approval: 'always' | null;
  refunds: 'allow' | null;
}

/** payctl keeps the amounts within Number's exact integers, so they read back exactly. */
const amountOf = (text: string | null): number | null => (text === null ? null : Number(text));

function activeKeyOf(row: KeyRow): ActiveKey {
  return {
    id: row.id,
    accountId: row.account_id,
    mode: row.mode,
    role: row.role,
    name: row.name,
    holder: row.holder ?? row.id,
    limits: { maxAmount: amountOf(row.max_amount), dailyAmount: amountOf(row.daily_amount), approval: row.approval, refunds: row.refunds },
  };
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
  const [row] = await executePrepared<KeyRow>(em, `select ${KEY_COLUMNS} from api_keys where key_hash = ? and revoked_at is null`, [hash]);
  return row ? activeKeyOf(row) : null;
}

/** What lockKeyDay found: the key (as the row says now) and its day's total; or why it holds no lock. */
export type KeyDay = { state: 'locked'; key: ActiveKey; total: bigint } | { state: 'revoked' } | { state: 'busy' };

/**
 * Takes the key's row lock (inside the caller's transaction) and answers what its payouts and refunds of the last
 * 24 hours add up to, read now, never from a cache (docs/api.md, "Spending limits of a maker key"). Every writer
 * that counts toward a key's day takes this lock before it counts and holds it until what it made is committed, so
 * concurrent requests of one key are counted one after the other. Payouts that ended rejected or cancelled do not
 * count; failed and reversed ones, and every refund, do (conservative on purpose). With `skipLocked`, a lock held
 * elsewhere answers `busy` at once instead of waiting for it.
 */
export async function lockKeyDay(tx: EntityManager, keyId: string, options: { skipLocked?: boolean } = {}): Promise<KeyDay> {
  const [row] = await tx.execute<(KeyRow & { revoked: boolean })[]>(
    `select ${KEY_COLUMNS}, revoked_at is not null as revoked from api_keys where id = ? for update${options.skipLocked ? ' skip locked' : ''}`,
    [keyId],
  );
  // Keys are never deleted, so a missing row is one locked elsewhere.
  if (!row) return { state: 'busy' };
  if (row.revoked) return { state: 'revoked' };
  const [{ total }] = await tx.execute<{ total: string }[]>(
    // A batch counts as a whole from its creation (`key_amount`: its items less those that joined by reference), so
    // its payouts, made later by its workflow, are not counted again.
    `select ((select coalesce(sum(amount), 0) from payouts
               where created_by_key_id = ? and batch_id is null and created_at > now() - interval '24 hours' and status not in ('rejected', 'cancelled'))
           + (select coalesce(sum(key_amount), 0) from payout_batches
               where created_by_key_id = ? and created_at > now() - interval '24 hours' and status not in ('rejected', 'cancelled'))
           + (select coalesce(sum(amount), 0) from refunds where created_by_key_id = ? and created_at > now() - interval '24 hours'))::text as total`,
    [keyId, keyId, keyId],
  );
  return { state: 'locked', key: activeKeyOf(row), total: BigInt(total) };
}

export async function countAccounts(em: EntityManager): Promise<number> {
  return em.count(AccountEntity, {});
}
