// Where an error becomes a retry or a refusal, for every workflow and activity.
// - Activities throw a *refusal* (a non-retryable ApplicationFailure whose type is one of `refusals`) when
//   no retry can help: the request is wrong, the state does not allow it, the money is not there. Every
//   other error is retried by Temporal under the activity's named retry profile below.
// - A workflow run whose creating step was refused ends failed with type `REFUSED`, having created nothing,
//   so its idempotency key stays free (workflow id reuse policy ALLOW_DUPLICATE_FAILED_ONLY).
// - The API's Temporal gateway turns a refusal into the contract's error with `refusals[type]`.
// - A database error that no retry can fix ends its activity at once, non-retryable, with type
//   `UNSTORABLE_DATA` (one activity interceptor on the worker applies `isUnfixableSqlState` to every
//   activity): SQLSTATE class 22 (data exception: a NUL in jsonb, a value out of range, bad input syntax),
//   the class 23 violations that are not races, and 08P01 (protocol violation: what PostgreSQL answers for
//   a NUL in text, since MikroORM inlines values into the query text; the same data fails the same way on
//   any connection). A unique or exclusion violation (23505, 23P01) may be a concurrent writer that a
//   retry then finds, so it stays retryable for RACING_SQL_ATTEMPTS attempts, then is unfixable too (a race
//   resolves in one or two; one that keeps coming is the write's own). No input can make a workflow retry forever.
// Plain data and one error class (no SDK import), so workflow code can use it inside the sandbox.
import type { ErrorCode } from './errors.ts';

/** Refusal types: the ApplicationFailure `type`s that no retry can fix, and the API error each one becomes. */
export const refusals = {
  /** `available` cannot cover the amount. */
  InsufficientFunds: { code: 'insufficient_funds' },
  /** A resource the request names does not exist (the failure's details name the param). */
  NotFound: { code: 'not_found' },
  /** The transfer mode or payment method does not fit. */
  InvalidMethod: { code: 'invalid_method' },
  /** The resource's status does not allow it (the transition table, or a payment not captured). */
  InvalidState: { code: 'invalid_state' },
  /** A parameter's value is not acceptable (e.g. a refund over what is refundable). */
  InvalidRequest: { code: 'invalid_request' },
  /** Another attempt of the same thing is under way (a payment link's pending payment): answered at once, never queued. */
  Busy: { code: 'invalid_state' },
  /** The account's approval policy refuses payouts to this beneficiary until it is verified (or its name matches). */
  BeneficiaryNotVerified: { code: 'beneficiary_not_verified' },
  /** The calling key may not do this to this resource (an approver approving its own holder's payout). */
  PermissionDenied: { code: 'permission_denied' },
  /** Too many of a thing at once (an account's pending reports): `429`, the caller retries later. */
  RateLimited: { code: 'rate_limited' },
} as const satisfies Record<string, { code: ErrorCode }>;
export type RefusalType = keyof typeof refusals;

export function isRefusalType(type: string | null | undefined): type is RefusalType {
  return typeof type === 'string' && Object.hasOwn(refusals, type);
}

/** What a refusal carries besides its message: the request parameter it concerns. */
export interface RefusalDetails {
  param?: string;
}

/**
 * A live collection's debit found its account without an active provider connection (disabled): the collection
 * pauses with pause_reason connection_disabled, and the debit uses no attempt.
 */
export const CONNECTION_DISABLED = 'ConnectionDisabled';

/** The type of a workflow run that ended having created nothing (its key stays free). */
export const REFUSED = 'Refused';

/** A write PostgreSQL refuses for its data (SQLSTATE class 22, 23 other than a race, 08P01): retrying cannot help. */
export const UNSTORABLE_DATA = 'UnstorableData';

/** Class 23 violations a concurrent writer can cause, which a retry may resolve. */
const racingSqlStates = new Set(['23505', '23P01']);

/** Protocol violation: a NUL in text inlined into the query (the message itself is then malformed). */
const PROTOCOL_VIOLATION = '08P01';

/** The attempt from which a racing violation counts as unfixable (with the database profile, about 25 s after the first). */
export const RACING_SQL_ATTEMPTS = 8;

/**
 * True for a SQLSTATE that no retry can fix: class 22, class 23 except `racingSqlStates`, 08P01; a racing one from
 * the activity's RACING_SQL_ATTEMPTS-th attempt on.
 */
export function isUnfixableSqlState(sqlState: string, attempt = 1): boolean {
  if (sqlState === PROTOCOL_VIOLATION || sqlState.startsWith('22')) return true;
  if (!sqlState.startsWith('23')) return false;
  return !racingSqlStates.has(sqlState) || attempt >= RACING_SQL_ATTEMPTS;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The SQLSTATE of a PostgreSQL error, wherever it sits: pg's error has it as `code`; MikroORM's
 * DriverException copies pg's fields (`code`) onto itself; a wrapper may keep the original as `cause`.
 */
export function sqlStateOf(err: unknown): string | undefined {
  for (let cur = err, depth = 0; cur !== null && typeof cur === 'object' && depth < 8; cur = (cur as { cause?: unknown }).cause, depth++) {
    for (const field of ['code', 'sqlState'] as const) {
      const value = (cur as Record<string, unknown>)[field];
      if (typeof value === 'string' && SQLSTATE.test(value)) return value;
    }
  }
  return undefined;
}

/**
 * A collection's charge cannot happen any more: its row was cancelled outside its workflow (a migration) or its
 * mandate ended. The message is the cancel_reason (mandate_revoked, mandate_expired, mandate_limit, ...).
 */
export const COLLECTION_ENDED = 'CollectionEnded';

/** A webhook endpoint was deleted while a delivery to it was pending: stop, do not retry. */
export const ENDPOINT_DELETED = 'EndpointDeleted';

/**
 * Retryable failures that say what is still awaited, so an operator reading an activity's last failure in
 * the Temporal UI knows it is waiting rather than broken. Retried under the activity's profile.
 */
export const awaiting = {
  /** A batch's payouts are still moving (retry profile `polling`). */
  BatchNotSettled: 'BatchNotSettled',
  /** A webhook receiver did not answer 2xx (the delivery's own backoff, up to its window). */
  DeliveryFailed: 'DeliveryFailed',
  /** A collection's customer has no UPI ID to charge until the merchant sets one. */
  CustomerWithoutVpa: 'CustomerWithoutVpa',
  /** A payout being given up was handed to its rail too recently to tell whether the rail received it. */
  RailHandoverRecent: 'RailHandoverRecent',
} as const;

/**
 * How long after its last hand-over a payout its rail still has no record of counts as never received:
 * twice the rail step's startToCloseTimeout, so any submission still in flight has ended by then.
 */
export const RAIL_HANDOVER_QUIET_MS = 2 * 60_000;

/** `available` (or another internal account) cannot cover a posting. Nothing was written. */
export class InsufficientFundsError extends Error {
  constructor() {
    super('The available balance cannot cover this amount.');
    this.name = 'InsufficientFundsError';
  }
}

/** Named retry profiles: one place decides how each kind of work is retried. */
export const retryProfiles = {
  /** Database writes: transient failures (connection lost, serialization) retry quickly, for a while. */
  database: {
    startToCloseTimeout: '30 seconds',
    retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' },
  },
  /**
   * Calls to a live provider (ordinary activities with a heartbeat, docs/decisions.md): a lost answer is sent again
   * after the delays the activity names itself (PROVIDER_RETRY_DELAYS_SECONDS), then looked up; these intervals
   * cover only what the activity does not time itself (a worker that died under a call).
   */
  provider: {
    startToCloseTimeout: '3 minutes',
    heartbeatTimeout: '40 seconds',
    retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
  },
  /** Calls to a bank rail: slower, and a rail outage may last; retried with the same idempotency key. */
  rail: {
    startToCloseTimeout: '60 seconds',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes' },
  },
  /**
   * Waiting by retry: the activity fails (retryable) until what it checks is true; a fixed 1 s interval
   * without a limit makes each check one cheap attempt that adds no history events until it passes.
   */
  polling: {
    startToCloseTimeout: '30 seconds',
    retry: { initialInterval: '1 second', backoffCoefficient: 1, maximumInterval: '1 second' },
  },
} as const;
