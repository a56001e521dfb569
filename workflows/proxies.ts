// How workflows reach their activities: one proxy per retry profile (src/domain/failures.ts). Whether a
// step runs as an ordinary or a local activity is decided here and nowhere else.
//
// Database steps and rail calls are local activities (DECISIONS #15): a few milliseconds of SQL, or a rail's
// quick submit or status read with the rail's own idempotency key, run inside the workflow task that asked
// for them, so a POST's Update-with-Start answers after one round trip to Temporal instead of three. Like any
// activity a local one runs at least once: every step behind these proxies is idempotent (unique keys and
// status checks in the step itself). Waiting stays durable: timers between rail reads, and `pollingSteps`
// (a check that fails until true) stay ordinary activities, as do webhook deliveries (their own proxies).
//
// Runs recorded before local steps existed scheduled ordinary activities; `patched(LOCAL_STEPS)` keeps them
// replaying as they ran. Runs recorded with LEAN_STEPS carry that one marker instead (local steps, and the
// one rail step of workflows/lifecycle.ts), and runs recorded since FOLDED_STEPS carry only that one (all of
// the above, and a payout's creation and first rail step in one local activity): a workflow records a single
// patch marker, not two.
//
// Runs started since carry no marker at all: whoever starts them (the API, a batch or collection starting a
// child) names the shape in the run's memo (`stepsMemo`), which is part of the run's first event, so every
// replay reads the same. A marker costs a run two history events (the marker, and the TemporalChangeVersion
// search attribute the SDK upserts with it) and the server a visibility write. A run without the memo (started
// before, or by an older caller) decides by the patch markers as before.
import { makeContinueAsNewFunc, patched, proxyActivities, proxyLocalActivities, workflowInfo, type ActivityInterfaceFor, type Workflow } from '@temporalio/workflow';
import { retryProfiles } from '../src/domain/failures.ts';

export const LOCAL_STEPS = 'local-steps';
export const LEAN_STEPS = 'lean-steps';
export const FOLDED_STEPS = 'folded-steps';

/** The memo a run is started with: it takes the newest path (FOLDED_STEPS) without recording a marker. */
export const stepsMemo = { steps: FOLDED_STEPS } as const;
/** Whether this run was started with stepsMemo (read from its first event, so the same on every replay). */
const startedFolded = () => workflowInfo().memo?.steps === FOLDED_STEPS;
/** stepsMemo for a child or a next run of this one, when this run was started with it (else no memo: patches decide there). */
export const passedStepsMemo = (): { memo?: typeof stepsMemo } => (startedFolded() ? { memo: stepsMemo } : {});

/**
 * continueAsNew that hands this run's stepsMemo to the next run: the server does not carry a memo over on its own,
 * so a long batch's later runs (and their children) would fall back to the patch markers.
 */
export const continueAsNewWithStepsMemo = <F extends Workflow>(...args: Parameters<F>): Promise<never> => makeContinueAsNewFunc<F>(passedStepsMemo())(...args);

/** Whether a payout's creation runs its first rail step in the same local activity: every new run. */
export const foldedPath = () => startedFolded() || patched(FOLDED_STEPS);
/** Whether this run follows its rail with the one rail step: every new run, and runs recorded with LEAN_STEPS. */
export const leanPath = () => foldedPath() || patched(LEAN_STEPS);

/** Whether this run takes the local path: every new run, and runs recorded with any of the three markers. */
export const localPath = () => leanPath() || patched(LOCAL_STEPS);

type Profile = { startToCloseTimeout: string; retry: { initialInterval: string; backoffCoefficient: number; maximumInterval: string } };

/** Steps of `profile` as local activities, or as ordinary ones in runs recorded before the patch. */
function localSteps<A extends object>(profile: Profile): ActivityInterfaceFor<A> {
  const options = { startToCloseTimeout: profile.startToCloseTimeout, retry: { ...profile.retry } };
  const local = proxyLocalActivities<A>(options) as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const ordinary = proxyActivities<A>(options) as Record<string, (...args: unknown[]) => Promise<unknown>>;
  return new Proxy({} as ActivityInterfaceFor<A>, {
    get(_, name) {
      if (typeof name !== 'string') return undefined;
      return (...args: unknown[]) => (localPath() ? local : ordinary)[name](...args);
    },
  });
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
 * elsewhere. Runs started before (`patched(FAN_OUT_LOCAL)` false) go on with the ordinary, heartbeating activity.
 */
export function webhookBatchSteps<A extends object>(attemptTimeoutMs: number, local: boolean) {
  const startToCloseTimeout = attemptTimeoutMs + 30_000;
  const retry = { ...retryProfiles.database.retry };
  return local
    ? proxyLocalActivities<A>({ startToCloseTimeout, retry })
    : proxyActivities<A>({ startToCloseTimeout, heartbeatTimeout: '10 seconds', retry });
}
