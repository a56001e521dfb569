// Named retry profiles for activities: one place decides how each kind of work is retried.
// Plain data (no SDK import) so workflow code can use it inside the sandbox.

export const retryProfiles = {
  /** Database writes: transient failures (connection lost, serialization) retry quickly, for a while. */
  database: {
    startToCloseTimeout: '30 seconds',
    retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' },
  },
} as const;

/** ApplicationFailure types that no retry can fix; activities throw them as non-retryable. */
export const nonRetryableErrorTypes = ['InsufficientFunds', 'InvalidRequest', 'NotFound'] as const;
