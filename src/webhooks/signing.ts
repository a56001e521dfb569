// Standard Webhooks signing and verification (https://www.standardwebhooks.com), in one module shared
// by the sender and by the verifier callers import. The `standardwebhooks` package (the spec's own
// reference library) computes `v1,<base64 HMAC-SHA256(key, "{id}.{timestamp}.{body}")>` with
// key = base64-decoded secret after `whsec_`, compares signatures in constant time and refuses
// timestamps more than 5 minutes away from now (replay protection).
import { randomBytes } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export { WebhookVerificationError };

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

/**
 * Verifies a delivery in a receiver: `body` is the raw request body exactly as received (not re-serialised
 * JSON), `headers` the request's headers (any letter case; Node's `req.headers` or a fetch `Headers`),
 * `secret` the endpoint's `whsec_...`. Returns the parsed event, or throws WebhookVerificationError when the
 * signature does not match, a header is missing, or the timestamp is more than 5 minutes off.
 */
export function verifyWebhook<T = unknown>(
  body: string | Buffer,
  headers: Headers | Record<string, string | string[] | undefined>,
  secret: string,
): T {
  const plain: Record<string, string> = {};
  if (typeof (headers as Headers).forEach === 'function' && typeof (headers as Headers).get === 'function') {
    (headers as Headers).forEach((value, key) => {
      plain[key.toLowerCase()] = value;
    });
  } else {
    for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
      if (value !== undefined) plain[key.toLowerCase()] = Array.isArray(value) ? value.join(' ') : value;
    }
  }
  return new Webhook(secret).verify(body, plain) as T;
}
