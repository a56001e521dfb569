// What every long-lived workflow (a collection, a payment link) does around its own rules: keeps its state,
// writes it to its row in order, tells operators where it stands (setCurrentDetails), and continues as new when
// its history grows long. The rules themselves stay in src/domain; the workflow says when to move.
import { setCurrentDetails, workflowInfo } from '@temporalio/workflow';

/** What a run hands to the next one (continue-as-new): the state, the write counter and the row as last written. */
export interface Carried<S, V> {
  state: S;
  version: number;
  view: V;
}

export interface LongLivedOptions<S, V, A extends unknown[]> {
  /** The state a first run starts from (a later run starts from what it was carried). */
  initial: S;
  carried?: Carried<S, V>;
  /** Writes the state with its version (the row keeps the highest) and answers with the row as written. */
  write: (version: number, state: S, ...args: A) => Promise<V>;
  /** One line for the Temporal UI: where it stands (amounts and names only). */
  details: (state: S) => string;
  /** Continue as new past this many history events, even if the server has not suggested it yet. */
  maxHistory: number;
}

export class LongLived<S, V, A extends unknown[] = []> {
  #state: S;
  #view: V | undefined;
  #changes = 0;
  readonly #options: LongLivedOptions<S, V, A>;
  readonly #writes: OrderedWrites<A, V>;

  constructor(options: LongLivedOptions<S, V, A>) {
    this.#options = options;
    this.#state = options.carried?.state ?? options.initial;
    this.#view = options.carried?.view;
    // Writes go out one at a time, each with the state as it is when its turn comes: the row follows the
    // workflow in order, and the version lets a retried older write change nothing.
    this.#writes = orderedWrites(options.carried?.version ?? 0, async (version, ...args: A) => {
      this.#view = await options.write(version, this.#state, ...args);
      return this.#view;
    });
  }

  get state(): S {
    return this.#state;
  }

  /** The row as last written; undefined until the creating step has written it. */
  get view(): V | undefined {
    return this.#view;
  }

  /** The row the creating step wrote. */
  created(view: V): void {
    this.#view = view;
  }

  /** Moves to `next` (not yet written: `save` writes it). */
  set(next: S): void {
    this.#state = next;
    this.changed();
  }

  /** Something the workflow waits on or shows changed besides the state (an attempt began or ended). */
  changed(): void {
    this.#changes++;
    this.publish();
  }

  /** Bumped on every change, so a wait computed from an older state wakes up and recomputes. */
  get changes(): number {
    return this.#changes;
  }

  /** Writes the state as it is when this write's turn comes. */
  save(...args: A): Promise<V> {
    return this.#writes.save(...args);
  }

  /** Resolves once every write asked for so far has ended. */
  drained(): Promise<unknown> {
    return this.#writes.drained();
  }

  publish(): void {
    setCurrentDetails(this.#options.details(this.#state));
  }

  /** Whether this run's history is long enough to continue as new. */
  continueAsNewDue(): boolean {
    return workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > this.#options.maxHistory;
  }

  /** What the next run starts from. */
  carried(): Carried<S, V> {
    return { state: this.#state, version: this.#writes.version(), view: this.#view! };
  }
}

interface OrderedWrites<A extends unknown[], V> {
  save(...args: A): Promise<V>;
  /** The version of the latest write asked for (carried across continue-as-new). */
  version(): number;
  /** Resolves once every write asked for so far has ended. */
  drained(): Promise<unknown>;
}

/**
 * Writes one at a time, in the order they were asked for, each with the next version number: the row keeps the
 * highest, so a retried older write changes nothing.
 */
function orderedWrites<A extends unknown[], V>(startVersion: number, write: (version: number, ...args: A) => Promise<V>): OrderedWrites<A, V> {
  let version = startVersion;
  let tail: Promise<unknown> = Promise.resolve();
  return {
    save(...args: A): Promise<V> {
      const run = tail.then(() => write(++version, ...args));
      tail = run.catch(() => undefined);
      return run;
    },
    version: () => version,
    drained: () => tail,
  };
}
