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

/** The provider refused the request as it is (a 4xx other than 401 and 429): sending it again changes nothing. */
export class ProviderRejectedError extends ConnectorError {
  override readonly name = 'ProviderRejectedError';
  readonly retryable = false;
  readonly details: ProviderErrorDetails;
  constructor(status: number, details: ProviderErrorDetails) {
    super(`the provider refused the request (${status} ${details.code ?? 'error'}${details.field ? `, field ${details.field}` : ''}): ${details.description ?? 'no description'}`, status);
    this.details = details;
  }
}

/** The connection's credentials were refused (401): an operator must fix the connection; retrying will not. */
export class ProviderAuthError extends ConnectorError {
  override readonly name = 'ProviderAuthError';
  readonly retryable = false;
  constructor(status: number, description: string | null) {
    super(`the provider refused the connection's credentials (${status}): ${description ?? 'no description'}`, status);
  }
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
