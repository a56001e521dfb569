// Standard Webhooks signing (https://www.standardwebhooks.com) for the sender. The `standardwebhooks`
// package (the spec's own reference library) computes `v1,<base64 HMAC-SHA256(key, "{id}.{timestamp}.{body}")>`
// with key = base64-decoded secret after `whsec_`. Verifying is the client's (`@paygate/client/webhooks`, also
// `paygate.webhooks.verify`): callers get one verifier, and the tests check this signer against it.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` + base64 of 32 random bytes. */
export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

// Decoding the secret is the expensive part of `new Webhook`; a sender signs with few secrets many times.
const signers = new Map<string, Webhook>();
function signerFor(secret: string): Webhook {
  let signer = signers.get(secret);
  if (!signer) {
    if (signers.size > 1000) signers.clear();
    signer = new Webhook(secret);
    signers.set(secret, signer);
  }
  return signer;
}

/** The three Standard Webhooks headers for one attempt: `id` is the event id, `timestamp` now by default. */
export function signWebhook(secret: string, id: string, body: string, timestamp: Date = new Date()): WebhookHeaders {
  const seconds = Math.floor(timestamp.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(seconds),
    'webhook-signature': signerFor(secret).sign(id, new Date(seconds * 1000), body),
  };
}
