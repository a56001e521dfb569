// Secrets at rest (docs/api.md, Webhooks): AES-256-GCM with the deployment's SECRETS_KEY. A sealed value is
// `sealed:v1:` + base64url(12-byte IV ‖ 16-byte tag ‖ ciphertext); the ciphertext is bound to where it is
// stored (the context, as additional authenticated data), so a sealed value copied into another row does not
// open there. The tag is always the full 16 bytes: GCM accepts shorter tags unless told their length, and a
// short tag is forged in far fewer tries.
//
// Start-up seals whatever an older version stored in clear text (sealClearTextValues) before anything reads
// it; from then on a stored value without the sealed prefix is an error, never taken as the clear text.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mode } from '../domain/modes.ts';

export const SEALED_PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plain: string, context: string): string;
  /** The clear text of a sealed value. Throws when the value is not sealed, or the key or context is wrong. */
  open(stored: string, context: string): string;
  /** A 32-byte key for one purpose (HKDF-SHA256 of SECRETS_KEY), the same in every process of a deployment. */
  derive(purpose: string): Buffer;
}

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
    },
    open(stored, context) {
      if (!isSealed(stored)) throw new Error(`a stored value (${context}) is not sealed: every value is sealed at start-up, so this one was written wrongly`);
      const packed = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
      if (packed.length < IV_BYTES + TAG_BYTES) throw new Error(`a sealed value (${context}) is too short to hold its IV and its 16-byte tag`);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, packed.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(packed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(packed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new Error(`a sealed value (${context}) does not open with this SECRETS_KEY`);
      }
    },
    derive(purpose) {
      return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `paygate/${purpose}`, 32));
    },
  };
}

/** Where an endpoint's signing secret is stored. */
export const endpointSecretContext = (endpointId: string): string => `webhook_endpoints.secret/${endpointId}`;

/** Where the stored answer of an idempotent request is kept. */
export const replayContext = (scope: { accountId: string; mode: Mode; key: string }): string =>
  `idempotency_records.response_body/${scope.accountId}/${scope.mode}/${scope.key}`;

/**
 * The POSTs whose answer holds a secret, so that their stored replay is always sealed: an endpoint's creation
 * (its signing secret) and a report's (its signed download link, which opens the file without a key).
 */
export const SEALED_REPLAY_PATHS: readonly string[] = ['/v1/webhook_endpoints', '/v1/reports/transactions'];

/**
 * A path as the router matches it: without case and without trailing slashes (`/v1/Reports/transactions/`
 * reaches the same handler). The start-up query and its index compare the same expression.
 */
const routedPath = (path: string): string => path.toLowerCase().replace(/\/+$/, '');
const ROUTED_PATH_SQL = `lower(rtrim(path, '/'))`;

export const replayHoldsSecret = (method: string, path: string): boolean => method === 'POST' && SEALED_REPLAY_PATHS.includes(routedPath(path));

/** The answer a stored replay holds: opened where the request's answer holds a secret, as stored otherwise. */
export function openReplay(secrets: SecretBox, record: { method: string; path: string; response_body: string }, scope: { accountId: string; mode: Mode; key: string }): string {
  return replayHoldsSecret(record.method, record.path) ? secrets.open(record.response_body, replayContext(scope)) : record.response_body;
}

/**
 * Seals what was stored in clear text before these values were encrypted: endpoint secrets, and the stored
 * answers of the requests in SEALED_REPLAY_PATHS. Run at start-up, before anything reads them. Each update is
 * conditional on the clear value, so processes starting together do no harm. Returns how many values it sealed.
 */
export async function sealClearTextValues(em: EntityManager, secrets: SecretBox): Promise<number> {
  let sealed = 0;
  const endpoints = await em.execute<{ id: string; secret: string }[]>(
    // The literal prefix (not a parameter) lets the planner use the partial index of such rows.
    `select id, secret from webhook_endpoints where secret not like '${SEALED_PREFIX}%'`,
  );
  for (const row of endpoints) {
    const updated = await em.execute<{ id: string }[]>(`update webhook_endpoints set secret = ? where id = ? and secret = ? returning id`, [
      secrets.seal(row.secret, endpointSecretContext(row.id)),
      row.id,
      row.secret,
    ]);
    sealed += updated.length;
  }
  // Literal paths and prefix, the same expressions as the partial index of unsealed replays
  // (Migration20261130100100_unsealed_secret_replays_index), so this reads that index, not the whole table.
  const replays = await em.execute<{ account_id: string; mode: Mode; key: string; response_body: string }[]>(
    `select account_id, mode, key, response_body from idempotency_records
     where method = 'POST' and ${ROUTED_PATH_SQL} in (${SEALED_REPLAY_PATHS.map((p) => `'${p}'`).join(', ')})
       and state = 'done' and response_body not like '${SEALED_PREFIX}%'`,
  );
  for (const row of replays) {
    const scope = { accountId: row.account_id, mode: row.mode, key: row.key };
    const updated = await em.execute<{ key: string }[]>(
      `update idempotency_records set response_body = ? where account_id = ? and mode = ? and key = ? and response_body = ? returning key`,
      [secrets.seal(row.response_body, replayContext(scope)), row.account_id, row.mode, row.key, row.response_body],
    );
    sealed += updated.length;
  }
  return sealed;
}
