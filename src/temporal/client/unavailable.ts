// Whether a failure means a backend could not be reached, so the request changed nothing and the caller
// should retry later (503). One answer for both sides that see such failures: the API's error middleware
// (PostgreSQL and Temporal) and the gateway's classification of Temporal calls. It lives beside the gateway
// because that is the lowest layer that talks to both backends and that src/api may import.
import { ConnectionException } from '@mikro-orm/core';

const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

const connectionErrorMessages = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Connection refused/i,
  /the database system is (starting up|shutting down)/i,
  // The Temporal client's first call (its cause carries the gRPC status).
  /Failed to connect to Temporal server/i,
];

/** True when the database or Temporal could not be reached: the request changed nothing, retry later. */
export function isUnavailable(err: unknown): boolean {
  let cur: unknown = err;
  for (let depth = 0; depth < 6 && cur; depth++) {
    if (cur instanceof ConnectionException) return true;
    const e = cur as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    // Temporal: the SDK's ConnectionError, or gRPC status 14 UNAVAILABLE (the SDK's ServiceError carries it
    // as its cause).
    if (e.name === 'ConnectionError' || e.code === 14) return true;
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (connectionErrorCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof e.message === 'string' && connectionErrorMessages.some((re) => re.test(e.message as string))) return true;
    // AggregateError (e.g. ECONNREFUSED on both ::1 and 127.0.0.1)
    if (Array.isArray(e.errors) && e.errors.some((inner) => isUnavailable(inner))) return true;
    cur = e.cause;
  }
  return false;
}
