// The one HTTP client for a Razorpay connection (docs/architecture.md, Layout): JSON over HTTP Basic with the
// connection's key id and secret, a timeout on every request, and the provider's error shape
// `{error: {code, description, source, step, reason, metadata, field}}` mapped to the connector errors. The base URL
// is the connection's `base_url`, the only seam (there is no other switch between environments).
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import { request, type Dispatcher } from 'undici';
import {
  ProviderAnswerUnknownError,
  ProviderRateLimitedError,
  ProviderAuthError,
  ProviderRejectedError,
  ProviderSetupError,
  type ProviderErrorDetails,
  type ProviderSetupReason,
} from '../errors.ts';

export const DEFAULT_BASE_URL = 'https://api.razorpay.com';
/** Long enough for a payout create the provider is slow to answer, short enough that a lost answer is noticed soon. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** When a 429 carries no usable Retry-After. */
export const DEFAULT_RETRY_AFTER_MS = 1_000;

export interface RazorpayHttpSettings {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  timeoutMs?: number;
  /** undici's dispatcher (a shared Agent with its own connection pool); the global one when absent. */
  dispatcher?: Dispatcher;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export interface RazorpayHttp {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, options?: RequestOptions): Promise<T>;
  /** PUT: the customer-token cancellation (api/payments/recurring-payments/upi/tokens.md). */
  put<T>(path: string, options?: RequestOptions): Promise<T>;
}

/** The URL of `path` (which starts with /v1/) under the connection's base URL, which may carry a path of its own. */
export function urlOf(baseUrl: string, path: string, query: RequestOptions['query'] = {}): URL {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
  return url;
}

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; the default when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return DEFAULT_RETRY_AFTER_MS;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.max(0, Math.round(Number(value) * 1000));
  const at = Date.parse(value);
  return Number.isNaN(at) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, at - now);
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The provider's error object out of a body, whatever of it is there. */
export function errorDetailsOf(body: unknown): ProviderErrorDetails {
  const error = (body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined) ?? {};
  const e = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const metadata = e.metadata && typeof e.metadata === 'object' ? (e.metadata as Record<string, unknown>) : {};
  return {
    code: text(e.code),
    description: text(e.description),
    source: text(e.source),
    step: text(e.step),
    reason: text(e.reason),
    field: text(e.field),
    metadata,
  };
}

function parseJson(raw: string): unknown {
  try {
    return raw === '' ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * The set-up refusals of the provider's common errors page (errors/common.md): "The requested URL was not found on the
 * server" (also the answer when a feature the call needs, such as server-to-server payments, QR image content or
 * saved tokens, is not enabled on the account), "Access Denied" (the caller's IP address is not allow-listed:
 * x/dashboard/allowlist-ip.md) and an invalid key.
 */
function setupReasonOf(status: number, description: string | null): ProviderSetupReason | null {
  if (status === 401) return 'authentication_failed';
  const text = (description ?? '').trim().toLowerCase();
  if (text.startsWith('the requested url was not found on the server')) return 'feature_not_enabled';
  if (text.startsWith('access denied')) return 'ip_not_allowlisted';
  if (text.startsWith('the api key provided is invalid') || text.startsWith('authentication failed')) return 'authentication_failed';
  return null;
}

/** Words of an answer that say the request is still being worked on: its outcome is not known yet. */
const IN_PROGRESS = /in progress|being processed/i;

/**
 * Maps an answer to its value or a connector error. Exported for the unit tests of the mapping. A refusal is final
 * only when the provider says what was wrong with the request (its error envelope, `BAD_REQUEST_ERROR`) and nothing
 * says it is still at work: a `409` ("a request with this key is still in progress", api/refunds/normal-refunds-
 * idempotent.md), any answer that says "in progress", a 4xx without the provider's envelope, a 5xx and no answer at
 * all are unknown (docs/live-money.md): sent again with the same key and body, then looked up, never failed.
 */
export function answerOf<T>(status: number, raw: string, headers: Record<string, string | string[] | undefined>, what: string): T {
  const body = parseJson(raw);
  if (status >= 200 && status < 300) {
    if (body === undefined || typeof body !== 'object') throw new ProviderAnswerUnknownError(`${what}: ${status} without a JSON body`, status);
    return body as T;
  }
  if (status === 429) throw new ProviderRateLimitedError(retryAfterMs(headers['retry-after']));
  const details = errorDetailsOf(body);
  const said = details.description ? ` (${details.description})` : '';
  if (status === 409 || IN_PROGRESS.test(details.description ?? '')) {
    throw new ProviderAnswerUnknownError(`${what}: the provider answered ${status}, the request's outcome is not known yet${said}`, status);
  }
  const setup = status >= 400 && status < 500 ? setupReasonOf(status, details.description) : null;
  if (setup === 'authentication_failed') throw new ProviderAuthError(status, details.description);
  if (setup) throw new ProviderSetupError(status, setup, details.description);
  if (status >= 400 && status < 500 && details.code === 'BAD_REQUEST_ERROR') return rejected(status, body);
  throw new ProviderAnswerUnknownError(`${what}: the provider answered ${status}${said}`, status);
}

function rejected(status: number, body: unknown): never {
  throw new ProviderRejectedError(status, errorDetailsOf(body));
}

export function createRazorpayHttp(settings: RazorpayHttpSettings): RazorpayHttp {
  const authorization = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`;
  const defaultTimeout = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function send<T>(method: 'GET' | 'POST' | 'PUT', path: string, options: RequestOptions = {}): Promise<T> {
    const url = urlOf(settings.baseUrl, path, options.query);
    const timeoutMs = options.timeoutMs ?? defaultTimeout;
    const what = `${method} ${url.pathname}`;
    const headers: Record<string, string> = { accept: 'application/json', authorization, ...options.headers };
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    let answer: { status: number; raw: string; headers: Record<string, string | string[] | undefined> };
    try {
      const res = await request(url, {
        method,
        headers,
        body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
        dispatcher: settings.dispatcher,
      });
      answer = { status: res.statusCode, raw: await res.body.text(), headers: res.headers };
    } catch (err) {
      // The request may have reached the provider and taken effect: only the answer is lost.
      throw new ProviderAnswerUnknownError(`${what}: no answer (${describe(err)})`, null, { cause: err });
    }
    return answerOf<T>(answer.status, answer.raw, answer.headers, what);
  }

  return {
    get: (path, options) => send('GET', path, options),
    post: (path, options) => send('POST', path, options),
    put: (path, options) => send('PUT', path, options),
  };
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${err.message}` : err.message || err.name;
}
