// The one lifecycle of money-moving resources (payouts, payments, refunds): created in a first status,
// handed to a rail, watched, moved through the statuses its transition table allows. Each resource
// describes itself once with `defineLifecycle` (in its own domain file); the generic writer
// (activities/lifecycle.ts) and the workflow helper (workflows/lifecycle.ts) are driven by that description.
import type { Posting } from './ledger.ts';
import type { Mode } from './modes.ts';

export interface LifecycleSpec<S extends string> {
  /** The resource's name in status history and messages: `payout`, `payment`, `refund`. */
  resource: 'payout' | 'payment' | 'refund';
  statuses: readonly S[];
  /** Allowed moves; anything not listed is refused (409 invalid_state at the API). Exhaustive by type. */
  transitions: { readonly [K in S]: readonly S[] };
  /** The outcome is known: the creating request stops waiting, a batch counts the item as done. */
  settled: { readonly [K in S]: boolean };
  /**
   * Its workflow keeps asking the rail while it is in this status. A change that may come long after (a completed
   * payout reversed days later) is not watched for: it arrives as a report (the resource's `...RailDecision`).
   */
  watched: { readonly [K in S]: boolean };
  /**
   * The ledger posting that goes with entering `to` from `from` (`from` null: created in `to`). `mode`: live money may
   * sit elsewhere than the sandbox's (a live refund draws on `pending`, docs/live-money.md).
   */
  posting(from: S | null, to: S, amount: number, mode?: Mode): Posting | undefined;
  /** The event that entering a status emits, if any. */
  events: { readonly [K in S]: string | undefined };
  /** The status that carries a failure reason (its code, message and time are stored with it). */
  failed: S;
}

export interface Lifecycle<S extends string> extends LifecycleSpec<S> {
  canTransition(from: S, to: S): boolean;
  isSettled(status: S): boolean;
}

export function defineLifecycle<S extends string>(spec: LifecycleSpec<S>): Lifecycle<S> {
  return {
    ...spec,
    canTransition: (from, to) => spec.transitions[from].includes(to),
    isSettled: (status) => spec.settled[status],
  };
}

/** The provider's own account of a failure, kept as it said it beside our code (docs/api.md, Live payouts). */
export interface ProviderFailure {
  source: string;
  reason: string;
  description: string;
}

/** Why a rail failed a resource: our code and message, and the provider's own words when a provider said them. */
export interface RailFailure<F extends string = string> {
  code: F;
  message: string;
  provider?: ProviderFailure;
}

/**
 * A move the rail's answer calls for. `failure` and `utr` go with the move into `failed` and into the
 * status that completes the resource.
 */
export interface Move<S extends string, F extends string = string> {
  to: S;
  failure?: RailFailure<F>;
  utr?: string;
}

/**
 * The rail has no record of a resource it was handed (a lookup by our reference found nothing): the hand-over
 * never arrived. What that means is each resource's decision, as for any other answer.
 */
export interface RailNoRecord {
  state: 'unknown';
}

/**
 * What a rail's answer means for a resource in its current status (each resource's `...RailDecision`): the moves
 * to write now, in order, then either ask again in `checkAgainInMs` or stop: nothing more will come by asking
 * (a later change, such as a reversal, arrives as a report: a webhook, the reconciliation, the sandbox's own).
 */
export interface RailDecision<S extends string, F extends string = string> {
  moves: Move<S, F>[];
  next: { checkAgainInMs: number } | 'settled';
}

/** A move of one resource, by id: what the transition activity takes. */
export interface TransitionRequest<S extends string, F extends string = string> extends Move<S, F> {
  id: string;
}

/** What a resource's rail step is asked: which resource, and whether to hand it to its rail first. */
export interface RailStepRequest {
  id: string;
  submit: boolean;
  /**
   * Whether the step may wait in-process for a rail that will know within RAIL_INLINE_WAIT_MS. An update's
   * answer goes out when the task ends, so a caller waiting on the step's task hears that much later: a single
   * payout's POST does wait (one task instead of two and a timer), a refund's does not.
   */
  wait?: boolean;
}

/** What a rail step came to: the resource as written after it, and whether (and when) to look again. */
export interface RailStep<V> {
  view: V;
  next: { checkAgainInMs: number } | 'settled';
}
