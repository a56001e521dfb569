// Verifying a webhook delivery in the client with Web Crypto only (Node 18+ and browsers), by the Standard
// Webhooks rule: `v1,` + base64 HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{body}", keyed by the
// base64-decoded secret after `whsec_`; any of the space-separated signatures may match; the timestamp must be
// within the tolerance of now (5 minutes by default). Signatures are compared by Web Crypto's own verify.

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

/** The two Web Crypto calls used here (typed locally: the client needs neither DOM nor Node types). */
interface HmacCrypto {
  importKey(format: 'raw', key: Uint8Array, algorithm: { name: 'HMAC'; hash: 'SHA-256' }, extractable: false, usages: ['verify']): Promise<unknown>;
  verify(algorithm: 'HMAC', key: unknown, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
}

async function subtle(): Promise<HmacCrypto> {
  const webCrypto = (globalThis as { crypto?: { subtle?: unknown } }).crypto;
  if (webCrypto?.subtle) return webCrypto.subtle as HmacCrypto;
  return (await import('node:crypto')).webcrypto.subtle as unknown as HmacCrypto;
}

export async function verifyDelivery<T = unknown>(
  body: string | Uint8Array,
  headers: DeliveryHeaders,
  secret: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): Promise<T> {
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
  const crypto = await subtle();
  const hmac = await crypto.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  for (const candidate of signatures.split(' ')) {
    const [version, value] = candidate.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const signature = fromBase64(value);
    if (signature && (await crypto.verify('HMAC', hmac, signature, signed))) return JSON.parse(text) as T;
  }
  throw new WebhookSignatureError('No matching signature found');
}
