// Sending one API request, and the client's one retry rule: network failures, `409 idempotency_key_in_use`,
// `429` and `5xx` are tried again (a POST with the same idempotency key, so nothing happens twice), waiting
// `Retry-After` when the answer gives one, otherwise exponential backoff with full jitter. Nothing else is
// retried. Uses only `fetch` and Web Crypto (Node 18+, browsers).
import { webCrypto } from '#crypto';
import { ConnectionError, PaygateError, errorFromResponse } from './errors.ts';

export interface ClientSettings {
  apiKey: string;
  /** The server's origin, without `/v1`. */
  baseUrl: string;
  maxRetries: number;
  timeoutMs: number;
  /** First backoff step; doubles on each retry, capped at `maxDelayMs`. */
  initialDelayMs: number;
  maxDelayMs: number;
  fetch: typeof fetch;
}

export interface RequestOptions {
  /** Sent as `Idempotency-Key` on a POST; one is generated when none is given, and kept across retries. */
  idempotencyKey?: string;
  /** Extra headers, for example `Sandbox-Simulate`. */
  headers?: Record<string, string>;
  /** Overrides the client's `maxRetries` for this request. */
  maxRetries?: number;
  signal?: AbortSignal;
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

const RETRY_STATUSES = (status: number, code: string | undefined) =>
  status === 429 || status >= 500 || (status === 409 && code === 'idempotency_key_in_use');

/** A random idempotency key: a version 4 UUID, built from `getRandomValues` where `randomUUID` is missing. */
export function newIdempotencyKey(): string {
  const crypto = webCrypto();
  if (crypto?.randomUUID) return crypto.randomUUID();
  if (!crypto?.getRandomValues) throw new TypeError('@paygate/client needs Web Crypto (crypto.getRandomValues) to make idempotency keys');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `?a=1&b[gte]=2`: the API's query form, nested objects in bracket notation, undefined values left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) add(`${key}[${k}]`, v);
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => add(`${key}[${i}]`, v));
    } else {
      params.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(query ?? {})) add(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Seconds of a `Retry-After` header (delta seconds or an HTTP date), or undefined. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

/** Sends `request`, retrying by the rule above; answers the parsed JSON body of a 2xx, or throws a PaygateError. */
export async function send<T>(settings: ClientSettings, request: ApiRequest, options: RequestOptions = {}): Promise<T> {
  const url = `${settings.baseUrl}${request.path}${queryString(request.query)}`;
  const headers: Record<string, string> = {
    authorization: `Bearer ${settings.apiKey}`,
    accept: 'application/json',
    ...options.headers,
  };
  if (request.method === 'POST') {
    headers['idempotency-key'] = options.idempotencyKey ?? newIdempotencyKey();
    headers['content-type'] = 'application/json';
  }
  const body = request.method === 'POST' ? JSON.stringify(request.body ?? {}) : undefined;
  const maxRetries = options.maxRetries ?? settings.maxRetries;

  for (let attempt = 0; ; attempt++) {
    const backoff = Math.min(settings.maxDelayMs, settings.initialDelayMs * 2 ** attempt);
    let failure: PaygateError;
    let waitMs = Math.random() * backoff;
    try {
      const signals = [AbortSignal.timeout(settings.timeoutMs), ...(options.signal ? [options.signal] : [])];
      const res = await settings.fetch(url, { method: request.method, headers, body, signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0] });
      const text = await res.text();
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = text;
      }
      if (res.ok) return parsed as T;
      failure = errorFromResponse(res.status, parsed, res.headers.get('request-id') ?? undefined);
      if (!RETRY_STATUSES(res.status, failure.code)) throw failure;
      const after = retryAfterMs(res.headers.get('retry-after'));
      if (after !== undefined) waitMs = Math.min(after, 60_000);
    } catch (err) {
      if (err instanceof PaygateError && !RETRY_STATUSES(err.statusCode ?? 0, err.code)) throw err;
      if (options.signal?.aborted) throw options.signal.reason;
      failure =
        err instanceof PaygateError
          ? err
          : new ConnectionError({ message: `Could not reach ${settings.baseUrl}: ${(err as Error)?.message ?? String(err)}` });
    }
    if (attempt >= maxRetries) throw failure;
    await sleep(waitMs, options.signal);
  }
}
