// Secrets at rest (API.md, Webhooks): AES-256-GCM with the deployment's SECRETS_KEY. A sealed value is
// `sealed:v1:` + base64url(12-byte IV ‖ 16-byte tag ‖ ciphertext); the ciphertext is bound to where it is
// stored (the context, as additional authenticated data), so a sealed value copied into another row does not
// open there. Values stored before encryption (clear text, never starting with the prefix) still open as they are.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Mode } from '../domain/modes.ts';

export const SEALED_PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plain: string, context: string): string;
  /** The clear text of a sealed value; a value stored before encryption is returned as it is. Throws when the key or context is wrong. */
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
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
    },
    open(stored, context) {
      if (!isSealed(stored)) return stored;
      const packed = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, packed.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(packed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
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
