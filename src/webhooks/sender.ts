// The HTTP side of a delivery: one POST, one outcome. Success is any 2xx within the time limit; redirects
// are not followed (a 3xx is a failed attempt, and cannot lead a live delivery to a private address).
// Live deliveries connect through a lookup that refuses non-public addresses (destination.ts).
import { Agent, request } from 'undici';
import { publicOnlyLookup, urlProblem } from './destination.ts';

export interface SendInput {
  url: string;
  /** Live endpoints: https only, public addresses only (checked again here, at connection time). */
  live: boolean;
  /** The Standard Webhooks headers (signing.ts). */
  headers: Record<string, string>;
  body: string;
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

export function createWebhookSender(options: { timeoutMs: number }): WebhookSender {
  const { timeoutMs } = options;
  const agents = {
    sandbox: new Agent({ keepAliveTimeout: 4_000 }),
    live: new Agent({ keepAliveTimeout: 4_000, connect: { lookup: publicOnlyLookup() } }),
  };
  return {
    async send(input) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const problem = urlProblem(input.url, input.live);
      if (problem) return { ok: false, statusCode: null, error: `destination refused: url ${problem}`, durationMs: 0 };
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const res = await request(input.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, ...input.headers },
          body: input.body,
          dispatcher: input.live ? agents.live : agents.sandbox,
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
      await Promise.all([agents.sandbox.close(), agents.live.close()]);
    },
  };
}
