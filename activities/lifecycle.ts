// The one writer of money-moving resources (payouts, payments, refunds): every status a resource enters,
// at creation or later, is written here together with its ledger posting, its status-history row and its
// event, in the caller's database transaction. Which moves are allowed, which posting and which event go
// with them: the resource's lifecycle in src/domain. What a resource stores of its own on the way (its
// timestamps, failure reason, UTR): its `LifecycleStore` in its own activity file.
import { ApplicationFailure } from '@temporalio/activity';
import { LockMode, type EntityManager, type EntityName, type FilterQuery, type MikroORM } from '@mikro-orm/postgresql';
import { InsufficientFundsError, type RefusalDetails, type RefusalType } from '../src/domain/failures.ts';
import type { Lifecycle, Move, Observation, RailStep, RailStepRequest, TransitionRequest } from '../src/domain/lifecycle.ts';
import type { Mode } from '../src/domain/modes.ts';
import { insertTogether, withEvent } from '../src/db/events.ts';
import { rowUpdate, scalarSnapshot } from '../src/db/row-update.ts';
import { statusChangeInsert } from '../src/db/status-history.ts';
import { type Alongside, type PostOptions, PostingNotWrittenError, post } from '../src/ledger/ledger.ts';

/** A refusal: nothing was written and no retry can help (src/domain/failures.ts). */
export function refuse(type: RefusalType, message: string, details: RefusalDetails = {}): ApplicationFailure {
  return ApplicationFailure.nonRetryable(message, type, details);
}

/** Runs `write`; a posting that `available` cannot cover becomes the InsufficientFunds refusal. */
export async function refusingOverdraft<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof InsufficientFundsError) throw refuse('InsufficientFunds', message);
    throw err;
  }
}

export interface LifecycleRow<S extends string> {
  id: string;
  accountId: string;
  mode: Mode;
  amount: number | string | bigint;
  status: S;
  failureCode?: string | null;
  failureMessage?: string | null;
  failedAt?: Date | null;
  /** The creating request's webhook simulations, stored on the row at creation (its later events inherit them). */
  sandboxSimulate: string[];
}

export interface LifecycleStore<S extends string, F extends string, Row extends LifecycleRow<S>, V> {
  lifecycle: Lifecycle<S>;
  entity: EntityName<Row>;
  view(row: Row): V;
  /** The reason a move into the failed status stores when the move names none. */
  defaultFailure: { code: F; message: string };
  /** What entering `move.to` sets on the row besides its status and a failure: completion times, UTR. */
  enter(row: Row, move: Move<S, F>, now: Date): void;
  /** A write of its own that goes with entering `to`, made before the posting (it keeps that lock order). */
  alongside?(tx: EntityManager, row: Row, to: S): Promise<void>;
}

/** A rail, one per mode: live connectors and the sandbox simulator. */
export type RailsByMode<R> = { sandbox: R; live: R };
export const railFor = <R>(rails: RailsByMode<R>, mode: Mode): R => (mode === 'live' ? rails.live : rails.sandbox);

export async function loadRow<S extends string, F extends string, Row extends LifecycleRow<S>, V>(
  em: EntityManager,
  store: LifecycleStore<S, F, Row, V>,
  id: string,
  lock = false,
): Promise<Row> {
  // Read outside the identity map: a change is written by applyTransition or moveAlone themselves (in the statement
  // of its posting), never flushed by MikroORM, and a locked row's transaction must not flush it a second time.
  const row = await em.findOne(store.entity, { id } as FilterQuery<Row>, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true } : { disableIdentityMap: true });
  if (!row) throw refuse('NotFound', `${store.lifecycle.resource} ${id} not found`);
  return row as Row;
}

const capitalized = (word: string) => word[0].toUpperCase() + word.slice(1);

/**
 * Writes what goes with the row having entered its status (`from` null: just created): the posting, the
 * status-history row and the event, with the creating request's webhook simulations (stored on the row). The
 * row itself is already flushed, or `rowWrites` (its INSERT or UPDATE, and what goes with it) write it in the same
 * statement. Returns the resource as callers see it.
 */
export async function recordEntry<S extends string, F extends string, Row extends LifecycleRow<S>, V>(
  tx: EntityManager,
  store: LifecycleStore<S, F, Row, V>,
  row: Row,
  from: S | null,
  rowWrites: readonly Alongside[] = [],
  options: PostOptions = {},
): Promise<V> {
  const { lifecycle } = store;
  const to = row.status;
  const view = store.view(row);
  const type = lifecycle.events[to];
  const history = statusChangeInsert(lifecycle.resource, row.id, from, to, row.failureCode ?? null);
  const event = type ? { accountId: row.accountId, mode: row.mode, type, object: view as object, simulate: row.sandboxSimulate } : undefined;
  const writes = [...rowWrites, ...withEvent(history, event)];
  const posting = lifecycle.posting(from, to, Number(row.amount));
  if (posting) {
    // The posting, the row's own write, the history row and the event in one statement (one round trip).
    const description = from === null ? capitalized(lifecycle.resource) : `${capitalized(lifecycle.resource)} ${to}`;
    await post(tx, { accountId: row.accountId, mode: row.mode, posting, sourceId: row.id, description }, writes, options);
  } else {
    if (options.alone) throw new Error(`${lifecycle.resource} ${row.id}: a move without a posting is not written alone`);
    await insertTogether(tx, writes);
  }
  return view;
}

/**
 * Moves a row already locked by the caller's transaction (loadRow with `lock`: a row outside the identity map,
 * which this writes itself) to `request.to`, with everything that goes with it. Already there: nothing happens
 * (a retried activity, or a rail and a test helper agreeing). Not allowed by the transition table: the
 * InvalidState refusal.
 */
export async function applyTransition<S extends string, F extends string, Row extends LifecycleRow<S>, V>(
  tx: EntityManager,
  store: LifecycleStore<S, F, Row, V>,
  row: Row,
  request: Move<S, F>,
): Promise<V> {
  const { lifecycle } = store;
  const from = row.status;
  if (from === request.to) return store.view(row);
  if (!lifecycle.canTransition(from, request.to)) {
    throw refuse('InvalidState', `A ${from} ${lifecycle.resource} cannot become ${request.to}.`);
  }
  await store.alongside?.(tx, row, request.to);
  // The row's UPDATE rides in the statement of its posting, history row and event.
  const update = enterStatus(tx, store, row, request);
  return recordEntry(tx, store, row, from, update ? [update] : []);
}

/**
 * A move written in one statement outside a transaction, so the ledger's rows are locked only while it runs: the
 * row as read (without a lock), the move decided from it as applyTransition decides, and the row's UPDATE made
 * the guard of its posting, history row and event (`where status = <as read>`): all written, or nothing when the
 * row moved since it was read. Answers the resource as written (or as read, when it is already there), or
 * undefined when this way cannot tell: the row moved meanwhile, the table refuses the move from the status read
 * (a later status may allow it), or the move needs more than one statement (no posting, or a write of the
 * resource's own, `alongside`). The caller then takes the locked way, which decides.
 */
export async function moveAlone<S extends string, F extends string, Row extends LifecycleRow<S>, V>(
  em: EntityManager,
  store: LifecycleStore<S, F, Row, V>,
  row: Row,
  request: Move<S, F>,
): Promise<V | undefined> {
  const { lifecycle } = store;
  const from = row.status;
  if (from === request.to) return store.view(row);
  if (store.alongside || !lifecycle.canTransition(from, request.to) || !lifecycle.posting(from, request.to, Number(row.amount))) return undefined;
  const guard = enterStatus(em, store, row, request, { while: { status: from } as Partial<Record<keyof Row & string, S>> });
  if (!guard) return undefined;
  try {
    return await recordEntry(em, store, row, from, [], { alone: true, guard });
  } catch (err) {
    if (err instanceof PostingNotWrittenError) return undefined;
    throw err;
  }
}

/** Sets on `row` what entering `request.to` sets (status, failure, the store's own); the UPDATE that writes it. */
function enterStatus<S extends string, F extends string, Row extends LifecycleRow<S>, V>(
  em: EntityManager,
  store: LifecycleStore<S, F, Row, V>,
  row: Row,
  request: Move<S, F>,
  guard?: Parameters<typeof rowUpdate<Row>>[4],
) {
  const before = scalarSnapshot(em, store.entity, row);
  const now = new Date();
  row.status = request.to;
  if (request.to === store.lifecycle.failed) {
    const reason = request.failure ?? store.defaultFailure;
    row.failedAt = now;
    row.failureCode = reason.code;
    row.failureMessage = reason.message;
  }
  store.enter(row, request, now);
  return rowUpdate(em, store.entity, row, before, guard);
}

/**
 * The transition activity of a resource: the move in one statement (moveAlone) or, when that cannot tell,
 * applyTransition in one transaction under the row's lock.
 */
export function transitionWriter<S extends string, F extends string, Row extends LifecycleRow<S>, V>(
  orm: MikroORM,
  store: LifecycleStore<S, F, Row, V>,
): (request: TransitionRequest<S, F>) => Promise<V> {
  return async (request) => (await writeMoves(orm, store, request.id, () => ({ moves: [request], next: 'settled' }))).view;
}

/**
 * Writes the moves `decide` calls for, each in a statement (moveAlone) or a transaction of its own under the row's
 * lock, deciding again from the status each time: one posting per transaction keeps the ledger's one lock order
 * (src/ledger), so two moves at once (a payout completed and already reversed) cannot deadlock with a reservation.
 * `read`: the row as the caller already read it, if it did (a move from it is guarded by its status).
 */
async function writeMoves<S extends string, F extends string, Row extends LifecycleRow<S>, V>(
  orm: MikroORM,
  store: LifecycleStore<S, F, Row, V>,
  id: string,
  decide: (status: S) => { moves: Move<S, F>[]; next: RailStep<V>['next'] },
  read?: Row,
): Promise<RailStep<V>> {
  let known = read;
  for (;;) {
    // First in one statement from the row as read (moveAlone); when that cannot tell, under the row's lock.
    if (!store.alongside) {
      const em = orm.em.fork();
      const row = known ?? (await loadRow(em, store, id));
      known = undefined;
      const seen = decide(row.status);
      if (seen.moves.length === 0) return { view: store.view(row), next: seen.next };
      const view = await moveAlone(em, store, row, seen.moves[0]);
      if (view && seen.moves.length === 1) return { view, next: seen.next };
      if (view) continue;
    }
    const written = await orm.em.fork().transactional(async (tx) => {
      const row = await loadRow(tx, store, id, true);
      const { moves, next } = decide(row.status);
      if (moves.length === 0) return { view: store.view(row), next, done: true };
      return { view: await applyTransition(tx, store, row, moves[0]), next, done: moves.length === 1 };
    });
    if (written.done) return { view: written.view, next: written.next };
  }
}

/**
 * The observe activity of a resource: reads it and, while the rail may still change it, asks the rail;
 * `follow` (the resource's own reading of its rail) turns both into the moves to write next.
 */
export function railObserver<S extends string, F extends string, Row extends LifecycleRow<S>, V, RailStatus>(
  orm: MikroORM,
  store: LifecycleStore<S, F, Row, V>,
  rails: RailsByMode<{ status(id: string): Promise<RailStatus> }>,
  follow: (status: S, rail: RailStatus) => Omit<Observation<V, S, F>, 'view'>,
): (id: string) => Promise<Observation<V, S, F>> {
  return async (id) => {
    const row = await loadRow(orm.em.fork(), store, id);
    const view = store.view(row);
    if (!store.lifecycle.watched[row.status]) return { view, moves: [], next: 'settled' };
    // The resource's id is the rail's idempotency key, so the rail knows it by that id.
    return { view, ...follow(row.status, await railFor(rails, row.mode).status(row.id)) };
  };
}

/**
 * What a hand-over to a rail came to: refused outright by the rail (the move to write, to failed); handed over,
 * with what the hand-over read of the row (so the step need not read it again) and, if the rail said so, how long
 * it will have nothing new to say (so the step need not ask before then); or null (not handed over now: the
 * resource is not in a state to be, or the submitter tells nothing more).
 */
export type HandOver<S extends string, F extends string, Row = never> = { refused: Move<S, F> } | { handedOver: HandedOver<S, Row> } | null;

/** What a hand-over read of the row (its status then, its mode) and how long the rail will have nothing new. */
export interface HandedOver<S extends string, Row = never> {
  status: S;
  mode: Mode;
  quietMs?: number;
  /** The whole row as the hand-over left it, when it read it: a move the rail's answer calls for starts from it. */
  row?: Row;
}

/** A submit activity's answer (the move a refusal calls for, or null) as a HandOver. */
export const refusalOnly =
  <S extends string, F extends string>(submit: (id: string) => Promise<Move<S, F> | null>) =>
  async (id: string): Promise<HandOver<S, F>> => {
    const refused = await submit(id);
    return refused ? { refused } : null;
  };

/**
 * The rail step of a resource, the one activity that follows its rail (a local activity: the rail's calls are
 * quick, with the resource id as the rail's idempotency key): hands the resource over when asked (`submit`),
 * reads what the rail says, and writes the moves that calls for, in one transaction under the row's lock.
 * The moves are decided from the row as locked, so a move written meanwhile by someone else (a test helper)
 * is seen, never overwritten. A rail that will know within `inlineWaitMs` is asked again in-process rather
 * than after a durable timer (a timer costs the workflow a task), unless the request says not to wait
 * (a caller's answer waits on this task); anything slower is left to the workflow's timer.
 * Runs at least once like any activity: a repeated hand-over is one the rail recognises by the id, and a
 * move already written is skipped (applyTransition).
 */
export function railStepper<S extends string, F extends string, Row extends LifecycleRow<S>, V, RailStatus>(
  orm: MikroORM,
  store: LifecycleStore<S, F, Row, V>,
  options: {
    rails: RailsByMode<{ status(id: string): Promise<RailStatus> }>;
    follow: (status: S, rail: RailStatus) => Omit<Observation<V, S, F>, 'view'>;
    /** Hands the resource to its rail; see HandOver. */
    submit: (id: string) => Promise<HandOver<S, F, Row>>;
    inlineWaitMs: number;
  },
): (request: RailStepRequest) => Promise<RailStep<V>> {
  const { rails, follow, submit, inlineWaitMs } = options;
  return async ({ id, submit: handOver, wait }) => {
    const budget = wait === false ? 0 : inlineWaitMs;
    let handed: HandedOver<S, Row> | undefined;
    if (handOver) {
      const result = await submit(id);
      if (result && 'refused' in result) {
        const { refused } = result;
        return writeMoves(orm, store, id, (status) => ({ moves: store.lifecycle.canTransition(status, refused.to) ? [refused] : [], next: 'settled' }));
      }
      handed = result?.handedOver;
    }
    // The row as the hand-over read it, else as it is now; read (again) only for an answer that writes nothing.
    let row: Row | undefined;
    const current = handed ?? (row = await loadRow(orm.em.fork(), store, id));
    const viewNow = async () => store.view((row ??= await loadRow(orm.em.fork(), store, id)));
    if (!store.lifecycle.watched[current.status]) return { view: await viewNow(), next: 'settled' };
    const rail = railFor(rails, current.mode);
    // Just handed over to a rail that says how long it will take: nothing to ask it before then.
    let answer: RailStatus | undefined;
    let seen: Omit<Observation<V, S, F>, 'view'> = handed?.quietMs ? { moves: [], next: { checkAgainInMs: handed.quietMs } } : follow(current.status, (answer = await rail.status(id)));
    // The rail will know soon: ask again here (the wait is short; a timer would cost the workflow a task).
    for (let waited = 0; seen.moves.length === 0 && seen.next !== 'settled' && seen.next.checkAgainInMs <= budget - waited; ) {
      waited += seen.next.checkAgainInMs;
      await new Promise((resolve) => setTimeout(resolve, (seen.next as { checkAgainInMs: number }).checkAgainInMs));
      answer = await rail.status(id);
      seen = follow(current.status, answer);
    }
    if (seen.moves.length === 0 || answer === undefined) return { view: await viewNow(), next: seen.next };
    const said = answer;
    // Decided again from the row as it is written: what the rail said, read against the status as it is now.
    return writeMoves(
      orm,
      store,
      id,
      (status) => {
        if (!store.lifecycle.watched[status]) return { moves: [], next: 'settled' };
        const { moves, next } = follow(status, said);
        return { moves, next };
      },
      handed?.row ?? row,
    );
  };
}
