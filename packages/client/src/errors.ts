// The client's errors: one class per kind of failure a caller handles differently, all carrying the API's
// envelope (`code`, `type`, `param`, `requestId`) and the HTTP status. Never the API key.

export interface ErrorFields {
  message: string;
  code?: string;
  type?: string;
  param?: string;
  statusCode?: number;
  requestId?: string;
  /** The error body as the API sent it. */
  raw?: unknown;
}

export class PaygateError extends Error {
  readonly code: string | undefined;
  readonly type: string | undefined;
  readonly param: string | undefined;
  readonly statusCode: number | undefined;
  readonly requestId: string | undefined;
  readonly raw: unknown;

  constructor(fields: ErrorFields) {
    super(fields.message);
    this.name = new.target.name;
    this.code = fields.code;
    this.type = fields.type;
    this.param = fields.param;
    this.statusCode = fields.statusCode;
    this.requestId = fields.requestId;
    this.raw = fields.raw;
  }
}

/** 400, 405, 413, 415: the request itself is wrong; `param` names the culprit. */
export class InvalidRequestError extends PaygateError {}
/** 401: no key, or a key that is unknown, revoked or malformed. */
export class AuthenticationError extends PaygateError {}
/** 402: the available balance cannot cover the amount. */
export class InsufficientFundsError extends PaygateError {}
/** 403: a live key over plain HTTP, a sandbox-only route with a live key, a bad download signature. */
export class PermissionError extends PaygateError {}
/** 404: no such object for this account and mode. */
export class NotFoundError extends PaygateError {}
/** 409: the action does not fit the object's status, or the idempotency key is still being executed. */
export class ConflictError extends PaygateError {}
/** 410: a download link or a report file that has expired. */
export class ExpiredError extends PaygateError {}
/** 422: the idempotency key was used with other parameters. */
export class IdempotencyError extends PaygateError {}
/** 429: too many requests (retried by the client before it is thrown). */
export class RateLimitError extends PaygateError {}
/** 5xx: the service failed or is unavailable (retried by the client before it is thrown). */
export class ApiError extends PaygateError {}
/** The request never got an answer: the network failed or the request timed out (retried before it is thrown). */
export class ConnectionError extends PaygateError {}

const byStatus: Record<number, new (fields: ErrorFields) => PaygateError> = {
  400: InvalidRequestError,
  401: AuthenticationError,
  402: InsufficientFundsError,
  403: PermissionError,
  404: NotFoundError,
  405: InvalidRequestError,
  409: ConflictError,
  410: ExpiredError,
  413: InvalidRequestError,
  415: InvalidRequestError,
  422: IdempotencyError,
  429: RateLimitError,
};

/** The error for an answer of `status` whose body is `body` (the API's envelope, or anything else). */
export function errorFromResponse(status: number, body: unknown, requestId: string | undefined): PaygateError {
  const envelope = (body as { error?: Record<string, unknown> } | null)?.error;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const fields: ErrorFields = {
    message: text(envelope?.message) ?? `HTTP ${status}`,
    code: text(envelope?.code),
    type: text(envelope?.type),
    param: text(envelope?.param),
    statusCode: status,
    requestId: text(envelope?.request_id) ?? requestId,
    raw: body,
  };
  const Kind = byStatus[status] ?? (status >= 500 ? ApiError : PaygateError);
  return new Kind(fields);
}
