// Named retry profiles for activities: one place decides how each kind of work is retried.
// Plain data (no SDK import) so workflow code can use it inside the sandbox.

export const retryProfiles = {
  /** Database writes: transient failures (connection lost, serialization) retry quickly, for a while. */
  database: {
    startToCloseTimeout: '30 seconds',
    retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' },
  },
  /** Calls to a bank rail: slower, and a rail outage may last; retried with the same idempotency key. */
  rail: {
    startToCloseTimeout: '60 seconds',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes' },
  },
} as const;

/** ApplicationFailure types that no retry can fix; activities throw them as non-retryable. */
export const nonRetryableErrorTypes = ['InsufficientFunds', 'InvalidRequest', 'NotFound', 'InvalidMethod', 'InvalidState'] as const;
