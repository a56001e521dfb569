// How workflows reach their activities: one proxy per retry profile (src/domain/failures.ts). Whether a
// step runs as an ordinary or a local activity is decided here and nowhere else.
import { proxyActivities } from '@temporalio/workflow';
import { retryProfiles } from '../src/domain/failures.ts';

/** Short database writes and reads: retried quickly, for a while. */
export function databaseSteps<A extends object>() {
  return proxyActivities<A>({ startToCloseTimeout: retryProfiles.database.startToCloseTimeout, retry: { ...retryProfiles.database.retry } });
}

/** Checks that fail until what they wait for is true (a batch waiting for its payouts to settle). */
export function pollingSteps<A extends object>() {
  return proxyActivities<A>({ startToCloseTimeout: retryProfiles.polling.startToCloseTimeout, retry: { ...retryProfiles.polling.retry } });
}

/** Calls to a bank or payment rail, with the rail's own idempotency key: slower, and an outage may last. */
export function railSteps<A extends object>() {
  return proxyActivities<A>({ startToCloseTimeout: retryProfiles.rail.startToCloseTimeout, retry: { ...retryProfiles.rail.retry } });
}

/**
 * A batch of webhook first attempts: as long as the slowest receiver may take plus slack; it heartbeats, so
 * a worker that dies under it is noticed within seconds and the batch retried like a database step (its
 * receivers' own failures are answers, not errors).
 */
export function webhookBatchSteps<A extends object>(attemptTimeoutMs: number) {
  return proxyActivities<A>({
    startToCloseTimeout: attemptTimeoutMs + 30_000,
    heartbeatTimeout: '10 seconds',
    retry: { ...retryProfiles.database.retry },
  });
}
