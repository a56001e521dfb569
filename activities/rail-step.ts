// The rail step of payouts, payments and refunds: the one activity a resource's workflow runs to follow its
// rail. What the rail's answer means is decided in src/domain (payoutRailDecision and its siblings); this file
// asks, and writes what the decision calls for through the transition writer (activities/lifecycle.ts).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Move, RailDecision, RailNoRecord, RailStep, RailStepRequest } from '../src/domain/lifecycle.ts';
import type { Mode } from '../src/domain/modes.ts';
import type { RailAnswer, RailLookup } from '../src/rails/rail.ts';
import { type LifecycleRow, type LifecycleStore, type RailsByMode, loadRow, railFor, writeMoves } from './lifecycle.ts';

/**
 * What a hand-over to a rail came to: refused before the rail (the move to write, to failed: the beneficiary is
 * gone); handed over, with what the hand-over read of the row and what the rail answered; or null (not handed
 * over now: the resource is not in a state to be).
 */
export type HandOver<S extends string, F extends string, R, Row = never> = { refused: Move<S, F> } | { handedOver: HandedOver<S, R, Row> } | null;

export interface HandedOver<S extends string, R, Row = never> {
  /** The resource's status and mode as the hand-over read them. */
  status: S;
  mode: Mode;
  /** What the rail answered the hand-over (none: a hand-over repeated to a rail that already had it). */
  answer?: RailAnswer<R>;
  /** The whole row as the hand-over left it, when it read it: a move the rail's answer calls for starts from it. */
  row?: Row;
}

/** A lookup's answer as a decision reads it: the rail's outcome, or that it has no record. */
export const outcomeOf = <R>(looked: RailLookup<R>): R | RailNoRecord => (looked.found ? looked.answer.outcome : { state: 'unknown' });

/**
 * The rail step of a resource (a local activity: the rail's calls are quick, with the resource id as the rail's
 * idempotency key): hands the resource over when asked (`submit`), reads what the rail says (its answer to the
 * hand-over, else a lookup by our reference), and writes the moves `decide` calls for. The moves are decided again
 * from the row as it is written, so a move written meanwhile by someone else (a test helper, a report) is seen,
 * never overwritten. A rail that will know within `inlineWaitMs` is asked again in-process rather than after a
 * durable timer (a timer costs the workflow a task), unless the request says not to wait (a caller's answer waits
 * on this task); anything slower is left to the workflow's timer. Runs at least once like any activity: a repeated
 * hand-over is one the rail recognises by the id, and a move already written is skipped (applyTransition).
 */
export function railStepper<S extends string, F extends string, Row extends LifecycleRow<S>, V, R>(
  orm: MikroORM,
  store: LifecycleStore<S, F, Row, V>,
  options: {
    rails: RailsByMode<{ lookup(id: string): Promise<RailLookup<R>> }>;
    decide: (status: S, rail: R | RailNoRecord) => RailDecision<S, F>;
    /** Hands the resource to its rail; see HandOver. */
    submit: (id: string) => Promise<HandOver<S, F, R, Row>>;
    inlineWaitMs: number;
    /**
     * Keeps what an answer says beyond the resource's state (a live payout's provider id and fees, in the ledger),
     * for each answer the step receives, before any move it calls for is written.
     */
    recordAnswer?: (id: string, answer: RailAnswer<R>) => Promise<void>;
  },
): (request: RailStepRequest) => Promise<RailStep<V>> {
  const { rails, decide, submit, inlineWaitMs, recordAnswer } = options;
  /** A lookup's answer, kept (recordAnswer) when it found the resource. */
  const lookUp = async (rail: { lookup(id: string): Promise<RailLookup<R>> }, id: string): Promise<R | RailNoRecord> => {
    const looked = await rail.lookup(id);
    if (looked.found && recordAnswer) await recordAnswer(id, looked.answer);
    return outcomeOf(looked);
  };
  return async ({ id, submit: handOver, wait }) => {
    const budget = wait === false ? 0 : inlineWaitMs;
    let handed: HandedOver<S, R, Row> | undefined;
    if (handOver) {
      const result = await submit(id);
      if (result && 'refused' in result) {
        const { refused } = result;
        return writeMoves(orm, store, id, (status) => ({ moves: store.lifecycle.canTransition(status, refused.to) ? [refused] : [], next: 'settled' }));
      }
      handed = result?.handedOver;
      if (handed?.answer && recordAnswer) await recordAnswer(id, handed.answer);
    }
    // The row as the hand-over read it, else as it is now; read (again) only for an answer that writes nothing.
    let row: Row | undefined;
    const current = handed ?? (row = await loadRow(orm.em.fork(), store, id));
    const viewNow = async () => store.view((row ??= await loadRow(orm.em.fork(), store, id)));
    if (!store.lifecycle.watched[current.status]) return { view: await viewNow(), next: 'settled' };
    const rail = railFor(rails, current.mode);
    let said = handed?.answer ? handed.answer.outcome : await lookUp(rail, id);
    let seen = decide(current.status, said);
    // The rail will know soon: ask again here (the wait is short; a timer would cost the workflow a task).
    for (let waited = 0; seen.moves.length === 0 && seen.next !== 'settled' && seen.next.checkAgainInMs <= budget - waited; ) {
      const pause = seen.next.checkAgainInMs;
      waited += pause;
      await new Promise((resolve) => setTimeout(resolve, pause));
      said = await lookUp(rail, id);
      seen = decide(current.status, said);
    }
    // Nothing to write and more to wait for: the row as this step's hand-over wrote it is the row as written (read
    // again only when there was no hand-over, or for a settled answer).
    if (seen.moves.length === 0) return { view: seen.next !== 'settled' && handed?.row ? store.view(handed.row) : await viewNow(), next: seen.next };
    // Decided again from the row as it is written: what the rail said, read against the status as it is now.
    return writeMoves(orm, store, id, (status) => decide(status, said), handed?.row ?? row);
  };
}
