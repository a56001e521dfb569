// One error model for the API side: every failure a caller sees is an ApiError rendered in the
// contract's envelope by one middleware. Codes and their HTTP status live here and nowhere else.

export const errorCodes = {
  invalid_request: { status: 400, type: 'invalid_request_error' },
  invalid_method: { status: 400, type: 'invalid_request_error' },
  beneficiary_not_verified: { status: 400, type: 'invalid_request_error' },
  authentication_failed: { status: 401, type: 'authentication_error' },
  insufficient_funds: { status: 402, type: 'request_failed' },
  https_required: { status: 403, type: 'invalid_request_error' },
  sandbox_only: { status: 403, type: 'invalid_request_error' },
  invalid_signature: { status: 403, type: 'invalid_request_error' },
  connection_required: { status: 403, type: 'invalid_request_error' },
  permission_denied: { status: 403, type: 'invalid_request_error' },
  not_found: { status: 404, type: 'invalid_request_error' },
  method_not_allowed: { status: 405, type: 'invalid_request_error' },
  idempotency_key_in_use: { status: 409, type: 'idempotency_error' },
  invalid_state: { status: 409, type: 'request_failed' },
  expired: { status: 410, type: 'invalid_request_error' },
  payload_too_large: { status: 413, type: 'invalid_request_error' },
  unsupported_media_type: { status: 415, type: 'invalid_request_error' },
  idempotency_key_reused: { status: 422, type: 'idempotency_error' },
  rate_limited: { status: 429, type: 'rate_limit_error' },
  internal_error: { status: 500, type: 'api_error' },
  service_unavailable: { status: 503, type: 'api_error' },
} as const;

export type ErrorCode = keyof typeof errorCodes;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly type: string;
  readonly param: string | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, param?: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = errorCodes[code].status;
    this.type = errorCodes[code].type;
    this.param = param;
    this.headers = headers;
  }
}

/**
 * A workflow did not answer within the time an API call may wait (WORKFLOW_ANSWER_TIMEOUT_MS): `503`, but
 * unlike an unreachable service the work may be under way and may still create what was asked. So the
 * idempotency key stays bound to this request: a retry with the same parameters gets the outcome, one
 * with other parameters `422` (docs/api.md, Idempotency).
 */
export class StillProcessingError extends ApiError {
  constructor(what: string) {
    super('service_unavailable', `The ${what} is still being processed; retry with the same Idempotency-Key to get its outcome.`, undefined, { 'Retry-After': '1' });
  }
}

/** Statuses of refusals that changed nothing: they leave the idempotency key free (docs/api.md, Idempotency). */
export const keyFreeingStatuses: ReadonlySet<number> = new Set([400, 401, 402, 403, 404, 405, 413, 415, 429, 503]);
