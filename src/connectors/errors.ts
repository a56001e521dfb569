// How a provider call can go wrong, in terms a caller can act on without knowing the provider. Each connector's
// HTTP client maps its provider's answers onto these; activities turn them into Temporal failures (retryable or
// not) by `retryable`, and read `name` as the failure type.

/** Base of every provider call failure. `retryable`: sending the same request again may succeed. */
export abstract class ConnectorError extends Error {
  abstract readonly retryable: boolean;
  /** The HTTP status the provider answered, when it answered at all. */
  readonly status: number | null;
  constructor(message: string, status: number | null, options?: { cause?: unknown }) {
    super(message, options);
    this.status = status;
  }
}

/** The provider's own description of a refusal, as it sent it. */
export interface ProviderErrorDetails {
  code: string | null;
  description: string | null;
  source: string | null;
  step: string | null;
  reason: string | null;
  field: string | null;
  metadata: Record<string, unknown>;
}

/**
 * The provider refused the request as it is and created nothing (a `BAD_REQUEST_ERROR` naming what is wrong, a
 * documented business refusal such as a low balance): sending it again changes nothing.
 */
export class ProviderRejectedError extends ConnectorError {
  override readonly name = 'ProviderRejectedError';
  readonly retryable = false;
  readonly details: ProviderErrorDetails;
  constructor(status: number, details: ProviderErrorDetails) {
    super(`the provider refused the request (${status} ${details.code ?? 'error'}${details.field ? `, field ${details.field}` : ''}): ${details.description ?? 'no description'}`, status);
    this.details = details;
  }
}

/**
 * What a set-up refusal says is missing on the provider account: the key was refused, this caller's IP address is
 * not on the account's allow-list, or a feature the call needs is not enabled there.
 */
export type ProviderSetupReason = 'authentication_failed' | 'ip_not_allowlisted' | 'feature_not_enabled';

/**
 * The provider account is not set up for this call (docs/live-money.md, "Set-up errors are not declines"): nothing
 * was created, and no customer or bank refused anything. Retrying the same request succeeds only once an operator
 * has fixed the account (a new key, an allow-listed IP, a feature enabled), so it is not `retryable` by itself; what
 * waits and tries again is decided by the caller (a payout waits, a payment fails `provider_unavailable`).
 */
export class ProviderSetupError extends ConnectorError {
  override readonly name: string = 'ProviderSetupError';
  readonly retryable = false;
  readonly reason: ProviderSetupReason;
  readonly description: string | null;
  constructor(status: number, reason: ProviderSetupReason, description: string | null) {
    super(`the provider account is not set up for this call (${status}, ${reason}): ${description ?? 'no description'}`, status);
    this.reason = reason;
    this.description = description;
  }
}

/** The connection's credentials were refused (401): an operator must fix the connection; retrying will not. */
export class ProviderAuthError extends ProviderSetupError {
  override readonly name: string = 'ProviderSetupError';
  constructor(status: number, description: string | null) {
    super(status, 'authentication_failed', description);
  }
}

/** True for a set-up refusal, also after it crossed a boundary that kept only its name. */
export function isProviderSetupError(err: unknown): err is ProviderSetupError {
  return err instanceof ProviderSetupError || (err instanceof Error && err.name === 'ProviderSetupError');
}

/** The provider asked us to slow down (429): wait `retryAfterMs`, then send the same request again. */
export class ProviderRateLimitedError extends ConnectorError {
  override readonly name = 'ProviderRateLimitedError';
  readonly retryable = true;
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    super(`the provider is rate limiting this connection; retry after ${retryAfterMs} ms`, 429);
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * No usable answer: a 5xx, a timeout, a reset connection, a body that is not the provider's JSON. The request may
 * or may not have taken effect, so a create is retried only with the same idempotency key and body.
 */
export class ProviderAnswerUnknownError extends ConnectorError {
  override readonly name = 'ProviderAnswerUnknownError';
  readonly retryable = true;
  constructor(message: string, status: number | null, options?: { cause?: unknown }) {
    super(message, status, options);
  }
}
