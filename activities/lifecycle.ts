// The one writer of money-moving resources (payouts, payments, refunds): every status a resource enters,
// at creation or later, is written here together with its ledger posting, its status-history row and its
// event, in the caller's database transaction. Which moves are allowed, which posting and which event go
// with them: the resource's lifecycle in src/domain. What a resource stores of its own on the way (its
// timestamps, failure reason, UTR): its `LifecycleStore` in its own activity file. Moves come three ways, all
// through writeMoves under the status guard: the rail step's reading of its rail (activities/rail-step.ts), a test
// helper's named move (transitionWriter), and what a rail reported on its own (railReportWriter).
import { ApplicationFailure } from '@temporalio/activity';
import { LockMode, type EntityDictionary, type EntityManager, type EntityName, type FilterQuery, type MikroORM } from '@mikro-orm/postgresql';
import { InsufficientFundsError, type RefusalDetails, type RefusalType } from '../src/domain/failures.ts';
import type { Lifecycle, Move, RailDecision, RailStep, TransitionRequest } from '../src/domain/lifecycle.ts';
import type { Mode } from '../src/domain/modes.ts';
import { insertTogether, withEvent } from '../src/db/events.ts';
import { executePrepared } from '../src/db/prepared.ts';
import { rowUpdate, scalarSnapshot } from '../src/db/row-update.ts';
import { statusChangeInsert } from '../src/db/status-history.ts';
import { type Alongside, type PostOptions, PostingNotWrittenError, lockLedgerAccounts, post } from '../src/ledger/ledger.ts';
import type { Posting } from '../src/domain/ledger.ts';

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
  /**
   * A posting of the resource's own that follows entering `to`, in the same transaction, as a balance transaction of
   * its own (a live capture's provider fee), or undefined. A move with one is written under the row's lock, with the
   * ledger accounts of both postings locked first in the ledger's order, so no read sees one without the other.
   */
  follows?(row: Row, to: S): { posting: Posting; description: string } | undefined;
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
  // Unlocked (every rail step reads this way), the same row as a prepared statement of its own, mapped as findOne maps
  // it: no query to build, and PostgreSQL plans it once per connection (src/db/prepared.ts).
  const row = lock
    ? await em.findOne(store.entity, { id } as FilterQuery<Row>, { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true })
    : await readRow(em, store.entity, id);
  if (!row) throw refuse('NotFound', `${store.lifecycle.resource} ${id} not found`);
  return row as Row;
}

/** The row by its primary key, outside the identity map, or null. */
async function readRow<Row extends object>(em: EntityManager, entity: EntityName<Row>, id: string): Promise<Row | null> {
  const meta = em.getMetadata(entity);
  const pk = meta.properties[meta.primaryKeys[0] as keyof typeof meta.properties];
  const [raw] = await executePrepared<Record<string, unknown>>(em, `select * from "${meta.tableName}" where "${pk.fieldNames[0]}" = ?`, [id]);
  return raw ? (em.map(entity, raw as EntityDictionary<Row>, { disableIdentityMap: true }) as Row) : null;
}

const capitalized = (word: string) => word[0].toUpperCase() + word.slice(1);

/**
 * Writes what goes with the row having entered its status (`from` null: just created): the posting, the
 * status-history row and the event, with the creating request's webhook simulations (stored on the row). The
 * row itself is already flushed, or `rowWrites` (its INSERT or UPDATE, and what goes with it) write it in the same
 * statement. Returns the resource as callers see it.
 */
export async function writeStatusEntry<S extends string, F extends string, Row extends LifecycleRow<S>, V>(
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
  const posting = lifecycle.posting(from, to, Number(row.amount), row.mode);
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
  const follow = store.follows?.(row, request.to);
  if (follow) {
    const first = lifecycle.posting(from, request.to, Number(row.amount), row.mode);
    await lockLedgerAccounts(tx, row.accountId, row.mode, [...(first?.legs ?? []), ...follow.posting.legs].map((leg) => leg.kind));
  }
  await store.alongside?.(tx, row, request.to);
  // The row's UPDATE rides in the statement of its posting, history row and event.
  const update = enterStatus(tx, store, row, request);
  const view = await writeStatusEntry(tx, store, row, from, update ? [update] : []);
  if (follow) await post(tx, { accountId: row.accountId, mode: row.mode, posting: follow.posting, sourceId: row.id, description: follow.description });
  return view;
}

/**
 * A move written in one statement outside a transaction, so the ledger's rows are locked only while it runs: the
 * row as read (without a lock), the move decided from it as applyTransition decides, and the row's UPDATE made
 * the guard of its posting, history row and event (`where status = <as read>`): all written, or nothing when the
 * row moved since it was read. Answers the resource as written (or as read, when it is already there), or
 * undefined when this way cannot tell: the row moved meanwhile, the table refuses the move from the status read
 * (a later status may allow it), or the move needs more than one statement (no posting, or a write or posting of the
 * resource's own: `alongside`, `follows`). The caller then takes the locked way, which decides.
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
  if (store.alongside || store.follows?.(row, request.to) || !lifecycle.canTransition(from, request.to) || !lifecycle.posting(from, request.to, Number(row.amount), row.mode)) return undefined;
  const guard = enterStatus(em, store, row, request, { while: { status: from } as Partial<Record<keyof Row & string, S>> });
  if (!guard) return undefined;
  try {
    return await writeStatusEntry(em, store, row, from, [], { alone: true, guard });
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
 * `read`: the row as the caller already read it, if it did (a move from it is guarded by its status). A store with
 * `follows` reads the row afresh instead: what a follow posting draws on (a live capture's fee) may have been written
 * after the caller's read (the rail's answer is kept before the move), and the guard checks only the status.
 */
export async function writeMoves<S extends string, F extends string, Row extends LifecycleRow<S>, V>(
  orm: MikroORM,
  store: LifecycleStore<S, F, Row, V>,
  id: string,
  decide: (status: S) => RailDecision<S, F>,
  read?: Row,
): Promise<RailStep<V>> {
  let known = store.follows ? undefined : read;
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
 * The report activity of a resource: a change its rail reported on its own (a provider's webhook, the
 * reconciliation, the sandbox's reversal), written as `decide` (the resource's RailDecision in src/domain) reads
 * it against the status as written, under the row's lock: a report about a state the resource has passed, or a
 * repeated one, changes nothing.
 */
export function railReportWriter<S extends string, F extends string, Row extends LifecycleRow<S>, V, R>(
  orm: MikroORM,
  store: LifecycleStore<S, F, Row, V>,
  decide: (status: S, rail: R) => RailDecision<S, F>,
): (report: { id: string; outcome: R }) => Promise<V> {
  return async ({ id, outcome }) => (await writeMoves(orm, store, id, (status) => decide(status, outcome))).view;
}
