// `import { verifyWebhook } from '@paygate/client/webhooks'`, the one webhook verifier (also
// `paygate.webhooks.verify`): checks a delivery with Web Crypto only (Node 18+ and browsers), by the Standard
// Webhooks rule: `v1,` + base64 HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{body}", keyed by the
// base64-decoded secret after `whsec_`; any of the space-separated signatures may match; the timestamp must be
// within the tolerance of now (5 minutes by default). Signatures are compared by Web Crypto's own verify, which
// does not leak where they differ.
import { webCrypto } from '#crypto';
import type { HmacCrypto } from './crypto-types.ts';

/** A fetch `Headers`, Node's `req.headers`, or a plain object of the three headers (any letter case). */
export type DeliveryHeaders =
  | Headers
  | Record<string, string | string[] | undefined>
  | { 'webhook-id'?: string; 'webhook-timestamp'?: string; 'webhook-signature'?: string };

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

function header(headers: DeliveryHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(' ') : value;
  }
  return undefined;
}

function fromBase64(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function subtle(): HmacCrypto {
  const crypto = webCrypto();
  if (!crypto?.subtle) throw new TypeError('Verifying a webhook needs Web Crypto (crypto.subtle): Node 18 or later, or a browser page served over HTTPS');
  return crypto.subtle;
}

export interface VerifyOptions {
  /** How far the delivery's timestamp may be from now, in seconds; default 300. */
  toleranceSeconds?: number;
  /** The time to compare the timestamp with; default the current time. */
  now?: Date;
}

/**
 * Checks a webhook delivery: `body` exactly as received (not re-serialised JSON), the request's headers (any
 * letter case), the endpoint's `whsec_` secret. Resolves to the parsed event; rejects with WebhookSignatureError
 * when a header is missing, the timestamp is too far from now, or no signature matches.
 */
export async function verifyWebhook<T = unknown>(body: string | Uint8Array, headers: DeliveryHeaders, secret: string, options: VerifyOptions = {}): Promise<T> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookSignatureError('Missing webhook-id, webhook-timestamp or webhook-signature header');
  const seconds = Number(timestamp);
  if (!/^[0-9]{1,12}$/.test(timestamp)) throw new WebhookSignatureError('Invalid webhook-timestamp header');
  const tolerance = options.toleranceSeconds ?? 300;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - seconds) > tolerance) throw new WebhookSignatureError('Message timestamp too far from now');
  const key = fromBase64(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (!key || key.length === 0) throw new WebhookSignatureError('Invalid secret');

  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${text}`);
  const crypto = subtle();
  const hmac = await crypto.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  for (const candidate of signatures.split(' ')) {
    const [version, value] = candidate.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const signature = fromBase64(value);
    if (signature && (await crypto.verify('HMAC', hmac, signature, signed))) return JSON.parse(text) as T;
  }
  throw new WebhookSignatureError('No matching signature found');
}
