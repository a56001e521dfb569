// Posting to the double-entry ledger. Callers pass an EntityManager that is already inside a
// transaction (em.transactional), so the posting commits or rolls back with the resource row and
// its event. The database guards the invariants (see the foundation migration): a leg that would
// take an internal account below zero fails the statement, an unbalanced transaction fails the commit.
import type { EntityManager } from '@mikro-orm/postgresql';
import { InsufficientFundsError, sqlStateOf } from '../domain/failures.ts';
import { newId } from '../domain/ids.ts';
import { executePrepared } from '../db/prepared.ts';
import { type Posting, isBalanced, isInternal, netAmount } from '../domain/ledger.ts';
import type { Mode } from '../domain/modes.ts';

function isNonNegativeViolation(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  return (
    e?.code === '23514' &&
    (e.constraint === 'ledger_accounts_internal_non_negative' || /ledger_accounts_internal_non_negative/.test(e.message ?? ''))
  );
}

export interface PostInput {
  accountId: string;
  mode: Mode;
  posting: Posting;
  sourceId: string;
  description?: string;
  currency?: string;
}

/**
 * A write (an INSERT or UPDATE without RETURNING, no `with` of its own) and its `?` parameters, to run inside the
 * posting's statement; a guard (PostOptions) is an UPDATE … RETURNING or a SELECT.
 */
export interface Alongside {
  sql: string;
  params: unknown[];
}

/** How a posting is written: inside the caller's transaction (the rule), or alone. */
export interface PostOptions {
  /**
   * The posting's statement runs alone, outside any transaction, and commits by itself: it writes everything (the
   * posting and the alongside writes) or, when the posting cannot be written (a ledger account missing, `guard`
   * returning no row), nothing at all. Its row locks last only as long as the statement.
   */
  alone?: boolean;
  /**
   * Alone only: a statement that must return a row for anything to be written: an UPDATE … RETURNING (a status
   * change guarded by the status it was decided from) or a SELECT (a check, as of the statement's start). It runs
   * before the posting's rows are locked, as a locked read would.
   */
  guard?: Alongside;
  /**
   * Alone, with a guard: hears the guard's first row (its columns as JSON) once the statement has written, so a SELECT
   * guard also reads what the write was checked against (a payout's beneficiary, which its rail is handed next).
   */
  readGuard?: (row: Record<string, unknown>) => void;
}

/** A posting written alone wrote nothing: its guard returned no row (the row moved since it was read, a check failed). */
export class PostingNotWrittenError extends Error {
  constructor(sourceId: string) {
    super(`posting for ${sourceId} not written: its guard returned no row`);
    this.name = 'PostingNotWrittenError';
  }
}

/** The SQLSTATE of division_by_zero: how a statement written alone refuses to commit half of itself (see post). */
const WROTE_NOTHING = '22012';

/**
 * Writes one balanced transaction and its entries; returns the balance transaction id. One statement as a rule:
 * the transaction row and its entries together, the entries naming their ledger accounts by kind, and the
 * `alongside` inserts the caller writes with it (a status-history row and its event), so a status change with
 * money costs one round trip. A ledger account comes into being on first use: when one of them is missing the
 * posting writes nothing (inside a transaction the alongside inserts are written all the same; written alone,
 * nothing is), the missing accounts are created (ON CONFLICT keeps concurrent first uses safe) and the posting
 * runs again (inside a transaction the posting alone; written alone, all of it).
 */
export async function post(em: EntityManager, input: PostInput, alongside: readonly Alongside[] = [], options: PostOptions = {}): Promise<string> {
  const { accountId, mode, posting } = input;
  if (!isBalanced(posting)) throw new Error(`unbalanced posting for ${input.sourceId}`);
  if (options.guard && !options.alone) throw new Error(`posting for ${input.sourceId}: a guard is for a posting written alone`);
  if (options.readGuard && !options.guard) throw new Error(`posting for ${input.sourceId}: readGuard needs a guard`);
  const currency = input.currency ?? 'INR';
  const txnId = newId('balanceTransaction');
  // One global order (by kind) for every posting, so concurrent postings lock the same rows in the same
  // order: sorting debits first made a reserve (available, reserved) and a release (reserved, available)
  // take the same two rows in opposite orders, and they deadlocked under load (payout batches).
  const legs = [...posting.legs].sort((a, b) => a.kind.localeCompare(b.kind));
  // Lists travel as one JSON parameter (the driver would expand a JS array into separate values); amounts
  // travel as decimal strings, which PostgreSQL reads into bigint exactly.
  const legsJson = JSON.stringify(legs.map((leg, ord) => ({ kind: leg.kind, amount: leg.amount.toString(), ord })));
  const { guard, alone = false, readGuard } = options;
  // Written alone, the statement is prepared once per connection (src/db/prepared.ts); in a transaction, em.execute.
  const write = (others: readonly Alongside[]) =>
    executePrepared<{ ledger_account_id: string; guard_row?: Record<string, unknown> | null }>(
      em,
      `with legs as (select * from jsonb_to_recordset(?::jsonb) as l(kind text, amount bigint, ord int)),
       accounts as (select la.id, la.kind from ledger_accounts la
                    where la.account_id = ? and la.mode = ? and la.currency = ? and la.kind in (select kind from legs))${guard ? `,
       guard as (${guard.sql})` : ''},
       txn as (insert into balance_transactions (id, account_id, mode, type, source_id, amount, currency, description)
               select ?, ?, ?, ?, ?, ?, ?, ? where (select count(*) from accounts) = (select count(distinct kind) from legs)${guard ? ' and exists (select 1 from guard)' : ''}
               returning id),
       entries as (insert into ledger_entries (transaction_id, ledger_account_id, amount)
                   select txn.id, a.id, l.amount from txn, legs l join accounts a on a.kind = l.kind
                   order by l.ord
                   returning ledger_account_id)${others.map((o, i) => `,
       alongside_${i} as (${o.sql})`).join('')}${
         // Written alone, a posting that writes nothing must take its alongside writes with it: the check divides by
         // zero then, which fails the statement (a one-time filter, evaluated before any row is returned).
         alone ? `,
       written as (select 1 / (case when exists (select 1 from txn) then 1 else 0 end) as ok)` : ''}
       select ledger_account_id${readGuard ? ', (select to_jsonb(g) from guard g limit 1) as guard_row' : ''} from entries${alone ? ' where (select ok from written) = 1' : ''}`,
      [
        legsJson,
        accountId,
        mode,
        currency,
        ...(guard ? guard.params : []),
        txnId,
        accountId,
        mode,
        posting.type,
        input.sourceId,
        netAmount(posting).toString(),
        currency,
        input.description ?? null,
        ...others.flatMap((o) => o.params),
      ],
    );
  /** Makes the posting's missing ledger accounts; answers how many it made. */
  const createMissingAccounts = async (): Promise<number> => {
    const kinds = [...new Set(legs.map((l) => l.kind))];
    const made = await em.execute<{ id: string }[]>(
      `insert into ledger_accounts (account_id, mode, kind, currency, internal)
       select ?, ?, l.kind, ?, l.internal from jsonb_to_recordset(?::jsonb) as l(kind text, internal boolean)
       on conflict (account_id, mode, kind, currency) do nothing
       returning id`,
      [accountId, mode, currency, JSON.stringify(kinds.map((kind) => ({ kind, internal: isInternal(kind) })))],
    );
    return made.length;
  };
  try {
    if (alone) {
      const written = await write(alongside).catch(async (err: unknown) => {
        if (sqlStateOf(err) !== WROTE_NOTHING) throw err;
        // Nothing was written: a ledger account is missing, or the guard returned no row. When no account was
        // missing (none made now), the guard is why: back to the caller, which looks again. Else once more, whole.
        if ((await createMissingAccounts()) === 0 && guard) throw new PostingNotWrittenError(input.sourceId);
        return write(alongside).catch((again: unknown) => {
          if (sqlStateOf(again) !== WROTE_NOTHING) throw again;
          throw guard ? new PostingNotWrittenError(input.sourceId) : new Error(`posting ${txnId}: its ledger accounts are still missing`);
        });
      });
      if (written.length !== legs.length) throw new Error(`posting ${txnId}: ${written.length} of ${legs.length} entries written`);
      if (readGuard) {
        const row = written[0].guard_row;
        if (!row) throw new Error(`posting ${txnId}: written without its guard's row`);
        readGuard(row);
      }
    } else if ((await write(alongside)).length === 0) {
      await createMissingAccounts();
      const written = await write([]);
      if (written.length !== legs.length) throw new Error(`posting ${txnId}: ${written.length} of ${legs.length} entries written`);
    }
  } catch (err) {
    if (isNonNegativeViolation(err)) throw new InsufficientFundsError();
    throw err;
  }
  return txnId;
}

/**
 * Locks the ledger accounts of `kinds` (those that exist) in the one global order every posting takes them in (by
 * kind), for a transaction that writes two postings: the second's accounts are then never waited for while the
 * first's are held, which would deadlock with a posting that takes them the other way round.
 */
export async function lockLedgerAccounts(em: EntityManager, accountId: string, mode: Mode, kinds: readonly string[], currency = 'INR'): Promise<void> {
  const sorted = [...new Set(kinds)].sort((a, b) => a.localeCompare(b));
  await em.execute(
    `select la.id from ledger_accounts la join jsonb_array_elements_text(?::jsonb) with ordinality as k(kind, ord) on k.kind = la.kind
     where la.account_id = ? and la.mode = ? and la.currency = ? order by k.ord for update of la`,
    [JSON.stringify(sorted), accountId, mode, currency],
  );
}
