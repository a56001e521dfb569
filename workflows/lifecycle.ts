// The one lifecycle of payouts, payments and refunds, as orchestration: create once (however many
// updates ask), hand to the rail, then watch until settled, each look at the rail writing the moves it calls
// for through the resource's transition table. The decisions are data: the lifecycle in src/domain and each
// resource's reading of its rail (its rail step); this file only sequences them.
import { ActivityFailure, ApplicationFailure, condition, setCurrentDetails } from '@temporalio/workflow';
import { REFUSED } from '../src/domain/failures.ts';
import type { RailStep, RailStepRequest } from '../src/domain/lifecycle.ts';

/**
 * The ApplicationFailure type a failed step threw, if any (InvalidState, InsufficientFunds, ...): under the
 * ActivityFailure of an ordinary activity, or as it is from a local activity (which arrives unwrapped).
 */
export function failureType(err: unknown): string | undefined {
  if (err instanceof ActivityFailure && err.cause instanceof ApplicationFailure) return err.cause.type ?? undefined;
  if (err instanceof ApplicationFailure) return err.type ?? undefined;
  return undefined;
}

/**
 * The creating step, run once: every caller (the creating update, a repeated request's update, the
 * workflow itself) gets the same promise.
 */
export interface Once<T> {
  run: () => Promise<T>;
  started: () => boolean;
}

export function once<T>(step: () => Promise<T>): Once<T> {
  let promise: Promise<T> | undefined;
  return { run: () => (promise ??= step()), started: () => promise !== undefined };
}

/**
 * Waits until creation has been asked for, then for its outcome. A refused creation wrote nothing: the run
 * ends failed (type REFUSED) so the idempotency key stays free (ALLOW_DUPLICATE_FAILED_ONLY).
 */
export async function created<T>(creation: Once<T>, what: string): Promise<T> {
  await condition(creation.started);
  try {
    return await creation.run();
  } catch (err) {
    throw ApplicationFailure.nonRetryable(`${what} refused: ${failureType(err) ?? 'error'}`, REFUSED);
  }
}

/**
 * A creating update's wait for the outcome: until `done`, or until `answerBy` (epoch ms, set by the API when it
 * sent the request), so the time the run took to start and create comes out of the wait rather than on top of
 * it and the caller is answered inside its deadline. A run started without `answerBy` (a child, whose creation
 * nobody waits on) does not wait. Workflow time is the task's, recorded in the history.
 */
export async function waitUntilAnswerDue(done: () => boolean, answerBy: number | undefined): Promise<void> {
  if (answerBy === undefined) return;
  const left = answerBy - Date.now();
  if (left > 0 && !done()) await condition(done, left);
}

export interface RailSteps<V> {
  /** Hands over (when asked), reads the rail and writes the moves, in one step (activities/rail-step.ts, railStepper). */
  step(request: RailStepRequest): Promise<RailStep<V>>;
}

/**
 * Hands the resource to its rail and watches it until nothing will change on its own; each look at the rail
 * writes the moves it calls for. `wake` ends a wait early (something changed the resource from outside).
 * `changed` hears every version of the resource as written. Returns the resource as last seen.
 */
export async function followRail<V extends { status: string }>(
  id: string,
  steps: RailSteps<V>,
  options: {
    changed?: (view: V) => void;
    wake?: { requested: () => boolean; reset: () => void };
    /** Whether the first look may wait in-process for a quick rail (its caller, if any, hears that much later). */
    waitAtFirst?: boolean;
    /** The first look (hand-over included), when the creating step already took it. */
    first?: RailStep<V>;
  } = {},
): Promise<V> {
  // One local activity per look at the rail: the hand-over, the rail's answer and the moves it calls for
  // (the first of them may have run already, with the creation: `first`).
  let step = options.first ?? (await steps.step({ id, submit: true, wait: options.waitAtFirst ?? false }));
  for (;;) {
    options.changed?.(step.view);
    if (step.next === 'settled') {
      setCurrentDetails(`${step.view.status}: settled`);
      return step.view;
    }
    setCurrentDetails(`${step.view.status}: waiting for the rail`);
    options.wake?.reset();
    await condition(() => options.wake?.requested() ?? false, step.next.checkAgainInMs);
    step = await steps.step({ id, submit: false, wait: true });
  }
}
