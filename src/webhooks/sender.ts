// The HTTP side of a delivery: one signed POST, one outcome. Success is any 2xx within the time limit;
// redirects are not followed (a 3xx is a failed attempt, and cannot lead a delivery to a private address).
// Deliveries that must reach public addresses only (live ones; sandbox ones unless the operator allows
// private destinations) connect through a lookup that refuses non-public addresses (destination.ts).
// The endpoint's secret arrives sealed and is opened here, only to sign this attempt.
import { Agent, request } from 'undici';
import { destinationRules, publicOnlyLookup, urlProblem } from './destination.ts';
import { signWebhook } from './signing.ts';

export interface SendInput {
  url: string;
  /** Live endpoints: https only, public addresses only (checked again here, at connection time). */
  live: boolean;
  /** What the Standard Webhooks headers are made of: the event id, and the endpoint with its stored (sealed) secret. */
  signing: { eventId: string; endpointId: string; storedSecret: string };
  body: string;
}

export interface SenderOptions {
  timeoutMs: number;
  /** Sandbox deliveries may connect to loopback and private addresses (WEBHOOK_ALLOW_PRIVATE_DESTINATIONS). */
  allowPrivateSandbox: boolean;
  /** The clear secret of an endpoint from what its row stores. */
  openSecret: (storedSecret: string, endpointId: string) => string;
}

export interface SendOutcome {
  ok: boolean;
  /** The receiver's status code, or null when no answer came (timeout, refused, DNS). */
  statusCode: number | null;
  /** Why the attempt failed, in words; null on success. */
  error: string | null;
  durationMs: number;
}

export interface WebhookSender {
  send(input: SendInput): Promise<SendOutcome>;
  close(): Promise<void>;
}

const USER_AGENT = 'paygate-webhooks/1';
/** Receivers answer with little; what they send beyond this is not read. */
const RESPONSE_READ_LIMIT = 64 * 1024;

function describe(err: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timeout: no answer within ${timeoutMs} ms`;
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e?.code ?? e?.cause?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found (${code})`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'connection reset before an answer';
    case 'EDESTINATIONREFUSED':
      return `destination refused: ${e.message ?? e.cause?.message}`;
    default:
      return `${e?.message ?? String(err)}${code ? ` (${code})` : ''}`;
  }
}

export function createWebhookSender(options: SenderOptions): WebhookSender {
  const { timeoutMs } = options;
  // A batch signs for the same few endpoints thousands of times: open each sealed secret once, not per
  // attempt (the signer cache in signing.ts holds the clear secrets already; this adds no new exposure).
  const opened = new Map<string, string>();
  const openSecret = (storedSecret: string, endpointId: string): string => {
    const cacheKey = `${endpointId} ${storedSecret}`;
    let secret = opened.get(cacheKey);
    if (secret === undefined) {
      if (opened.size >= 1000) opened.clear();
      secret = options.openSecret(storedSecret, endpointId);
      opened.set(cacheKey, secret);
    }
    return secret;
  };
  const agents = {
    any: new Agent({ keepAliveTimeout: 4_000 }),
    publicOnly: new Agent({ keepAliveTimeout: 4_000, connect: { lookup: publicOnlyLookup() } }),
  };
  return {
    async send(input) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const rules = destinationRules(input.live, options.allowPrivateSandbox);
      const problem = urlProblem(input.url, rules);
      if (problem) return { ok: false, statusCode: null, error: `destination refused: url ${problem}`, durationMs: 0 };
      let headers: Record<string, string>;
      try {
        const { eventId, endpointId, storedSecret } = input.signing;
        headers = { ...signWebhook(openSecret(storedSecret, endpointId), eventId, input.body) };
      } catch (err) {
        return { ok: false, statusCode: null, error: `not sent: ${(err as Error).message}`, durationMs: 0 };
      }
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const res = await request(input.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, ...headers },
          body: input.body,
          dispatcher: rules.publicOnly ? agents.publicOnly : agents.any,
          signal,
        });
        await res.body.dump({ limit: RESPONSE_READ_LIMIT }).catch(() => {});
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        return { ok, statusCode: res.statusCode, error: ok ? null : `receiver answered ${res.statusCode}`, durationMs: elapsed() };
      } catch (err) {
        return { ok: false, statusCode: null, error: describe(err, signal.aborted, timeoutMs), durationMs: elapsed() };
      }
    },
    async close() {
      await Promise.all([agents.any.close(), agents.publicOnly.close()]);
    },
  };
}
