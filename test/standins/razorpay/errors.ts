// The provider's error envelope and the refusals the stand-in answers with.
//
// Sources (razorpay/markdown-docs):
// - errors/x.md, api/x/error-codes.md: the envelope {error:{code, description, source, step, reason, metadata,
//   field}}; `source` business|internal; reasons input_validation_failed, insufficient_funds, server_error;
//   "Different request body sent for the same Idempotency Header."; "The requested URL was not found on the server.";
//   the 5xx text "We are facing some trouble completing your request at the moment. Please try again shortly."
// - errors/x/contacts.md, errors/x/fund-account.md: `step: null`, `metadata: {}`, `field` names the parameter;
//   "The id provided does not exist".
// - api/x/payout-idempotency/make-request.md: the missing-key refusal (field X-Payout-Idempotency).
// - api/x/account-validation/balance-fetch.md: 401 "Authentication failed", 429 throttling, count limits.
// - api/refunds/create-instant.md, api/disputes/accept.md: "<field> is/are not required and should not be sent."
//   (the platform-wide answer to an unknown field).
// The pages show `reason` as the string "null" in one sample and `step` as "NA" in others; the stand-in uses the
// reason of the error table (input_validation_failed) and `step: null`, except where a page shows a step (the UPI
// AutoPay refusals of api/payments/recurring-payments/upi/*.md: `step: "payment_initiation"`).

export type ErrorCode = 'BAD_REQUEST_ERROR' | 'GATEWAY_ERROR' | 'SERVER_ERROR';

export interface ProviderErrorBody {
  error: {
    code: ErrorCode;
    description: string;
    source: 'business' | 'internal';
    step: string | null;
    reason: string;
    metadata: Record<string, never>;
    field: string | null;
  };
}

/** A refusal: thrown inside a handler, rendered once by the server. */
export class ProviderError extends Error {
  readonly status: number;
  readonly body: ProviderErrorBody;
  constructor(status: number, code: ErrorCode, description: string, opts: { field?: string | null; reason?: string; source?: 'business' | 'internal'; step?: string | null } = {}) {
    super(description);
    this.status = status;
    this.body = {
      error: {
        code,
        description,
        source: opts.source ?? (status >= 500 ? 'internal' : 'business'),
        step: opts.step ?? null,
        reason: opts.reason ?? (status >= 500 ? 'server_error' : 'input_validation_failed'),
        metadata: {},
        field: opts.field ?? null,
      },
    };
  }
}

/** 400 input_validation_failed on one parameter. */
export function badRequest(description: string, field: string | null = null): ProviderError {
  return new ProviderError(400, 'BAD_REQUEST_ERROR', description, { field });
}

export const requiredField = (field: string, label = field.replaceAll('_', ' ')) => badRequest(`The ${label} field is required.`, field);
export const extraField = (field: string) => badRequest(`${field} is/are not required and should not be sent.`, field);
export const idNotFound = (field: string | null = 'id') => badRequest('The id provided does not exist', field);

export const authenticationFailed = () =>
  new ProviderError(401, 'BAD_REQUEST_ERROR', 'Authentication failed', { reason: 'authentication_failed' });
export const urlNotFound = () => new ProviderError(404, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.');
/** errors/common.md: a feature the call needs is not enabled on the account (400 on api/refunds/normal-refunds-idempotent.md). */
export const featureNotEnabled = () => new ProviderError(400, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server');
/** errors/common.md: the caller's IP address is not on the account's allow-list. */
export const accessDenied = () => new ProviderError(400, 'BAD_REQUEST_ERROR', 'Access Denied');
/** api/refunds/normal-refunds-idempotent.md: a request under a key whose first request is still being processed. */
export const requestInProgress = (field: string) =>
  new ProviderError(409, 'BAD_REQUEST_ERROR', 'Another request with the same idempotency key is still in progress.', { field });
export const throttled = () =>
  new ProviderError(429, 'BAD_REQUEST_ERROR', 'Throttling Error', { reason: 'rate_limit_exceeded' });
export const serverError = (status = 500) =>
  new ProviderError(status, 'SERVER_ERROR', 'We are facing some trouble completing your request at the moment. Please try again shortly.');
