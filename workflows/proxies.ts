// How workflows reach their activities: one proxy per retry profile (src/domain/failures.ts). Whether a
// step runs as an ordinary or a local activity is decided here and nowhere else.
//
// Database steps and rail calls are local activities (docs/decisions.md): a few milliseconds of SQL, or a rail's
// quick submit or status read with the rail's own idempotency key, run inside the workflow task that asked
// for them, so a POST's Update-with-Start answers after one round trip to Temporal instead of three. Like any
// activity a local one runs at least once: every step behind these proxies is idempotent (unique keys and
// status checks in the step itself). Waiting stays durable: timers between rail reads, and `pollingSteps`
// (a check that fails until true) stay ordinary activities, as do webhook deliveries (their own proxies).
//
// A change to which steps run, or how they are proxied, is a change of the workflows' shape: see
// docs/workflow-versioning.md.
import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import { retryProfiles } from '../src/domain/failures.ts';

type Profile = { startToCloseTimeout: string; retry: { initialInterval: string; backoffCoefficient: number; maximumInterval: string } };

function localSteps<A extends object>(profile: Profile) {
  return proxyLocalActivities<A>({ startToCloseTimeout: profile.startToCloseTimeout, retry: { ...profile.retry } });
}

/** Short database writes and reads: local activities, retried quickly, for a while. */
export function databaseSteps<A extends object>() {
  return localSteps<A>(retryProfiles.database);
}

/**
 * Database steps that may wait, failing (retryable) until something outside changes: a collection's charge
 * waiting for its customer's vpa, a batch item waiting to tell whether a rail got its payout. Ordinary
 * activities: a local one would hold its workflow task while it retries, and the workflow could take no update
 * (a cancel) meanwhile.
 */
export function waitingSteps<A extends object>() {
  return proxyActivities<A>({ startToCloseTimeout: retryProfiles.database.startToCloseTimeout, retry: { ...retryProfiles.database.retry } });
}

/**
 * A step tried once, in the workflow task, to learn at once whether it can go through now (a collection's charge
 * request, whose customer may have no vpa): on failure the workflow says so to whoever waits, then goes on with the
 * same step as a `waitingSteps` one.
 */
export function firstTrySteps<A extends object>() {
  return proxyLocalActivities<A>({ startToCloseTimeout: retryProfiles.database.startToCloseTimeout, retry: { ...retryProfiles.database.retry, maximumAttempts: 1 } });
}

/** Checks that fail until what they wait for is true (a batch waiting for its payouts to settle). */
export function pollingSteps<A extends object>() {
  return proxyActivities<A>({ startToCloseTimeout: retryProfiles.polling.startToCloseTimeout, retry: { ...retryProfiles.polling.retry } });
}

/**
 * Calls to a bank or payment rail, with the rail's own idempotency key: a submit or a status read that answers
 * quickly, as local activities; an outage is retried on the rail profile (slower, and it may last).
 */
export function railSteps<A extends object>() {
  return localSteps<A>(retryProfiles.rail);
}

/**
 * A batch of webhook first attempts: as long as the slowest receiver may take plus slack, retried like a
 * database step (its receivers' own failures are answers, not errors). A local activity: the workflow is
 * started, runs it and completes in one workflow task, three writes on the server instead of seven for an
 * ordinary activity, and a busy outbox starts one such workflow a second. A worker that dies under it is noticed
 * when the workflow task times out (10 s; the SDK keeps the task alive meanwhile) and the batch runs again
 * elsewhere.
 */
export function webhookBatchSteps<A extends object>(attemptTimeoutMs: number) {
  return proxyLocalActivities<A>({ startToCloseTimeout: attemptTimeoutMs + 30_000, retry: { ...retryProfiles.database.retry } });
}

/**
 * Calls to a live provider: ordinary activities with their own retry profile and a heartbeat (docs/decisions.md):
 * such a call leaves the machine, can take seconds, and a lost answer is retried for minutes.
 */
export function providerSteps<A extends object>() {
  const profile = retryProfiles.provider;
  return proxyActivities<A>({ startToCloseTimeout: profile.startToCloseTimeout, heartbeatTimeout: profile.heartbeatTimeout, retry: { ...profile.retry } });
}

/**
 * A reconciliation's reading at the provider: an ordinary activity on the provider profile, given up after a few
 * attempts so that a provider that stays down fails this run, and the connection's Schedule tries again next time.
 */
export function reconcileReadSteps<A extends object>() {
  const profile = retryProfiles.provider;
  return proxyActivities<A>({ startToCloseTimeout: '10 minutes', heartbeatTimeout: profile.heartbeatTimeout, retry: { ...profile.retry, maximumAttempts: 4 } });
}
