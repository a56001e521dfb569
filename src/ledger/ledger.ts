// Posting to the double-entry ledger. Callers pass an EntityManager that is already inside a
// transaction (em.transactional), so the posting commits or rolls back with the resource row and
// its event. The database guards the invariants (see the foundation migration): a leg that would
// take an internal account below zero fails the statement, an unbalanced transaction fails the commit.
import type { EntityManager } from '@mikro-orm/postgresql';
import { InsufficientFundsError } from '../domain/failures.ts';
import { newId } from '../domain/ids.ts';
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

/** An INSERT (no RETURNING, no `with` of its own) and its `?` parameters, to run inside the posting's statement. */
export interface Alongside {
  sql: string;
  params: unknown[];
}

/**
 * Writes one balanced transaction and its entries; returns the balance transaction id. One statement as a rule:
 * the transaction row and its entries together, the entries naming their ledger accounts by kind, and the
 * `alongside` inserts the caller writes with it (a status-history row and its event), so a status change with
 * money costs one round trip. A ledger account comes into being on first use: when one of them is missing the
 * posting writes nothing (the alongside inserts are written all the same), the missing accounts are created
 * (ON CONFLICT keeps concurrent first uses safe) and the posting alone runs again.
 */
export async function post(em: EntityManager, input: PostInput, alongside: readonly Alongside[] = []): Promise<string> {
  const { accountId, mode, posting } = input;
  if (!isBalanced(posting)) throw new Error(`unbalanced posting for ${input.sourceId}`);
  const currency = input.currency ?? 'INR';
  const txnId = newId('balanceTransaction');
  // One global order (by kind) for every posting, so concurrent postings lock the same rows in the same
  // order: sorting debits first made a reserve (available, reserved) and a release (reserved, available)
  // take the same two rows in opposite orders, and they deadlocked under load (payout batches).
  const legs = [...posting.legs].sort((a, b) => a.kind.localeCompare(b.kind));
  // Lists travel as one JSON parameter (the driver would expand a JS array into separate values); amounts
  // travel as decimal strings, which PostgreSQL reads into bigint exactly.
  const legsJson = JSON.stringify(legs.map((leg, ord) => ({ kind: leg.kind, amount: leg.amount.toString(), ord })));
  const write = (others: readonly Alongside[]) =>
    em.execute<{ ledger_account_id: string }[]>(
      `with legs as (select * from jsonb_to_recordset(?::jsonb) as l(kind text, amount bigint, ord int)),
       accounts as (select la.id, la.kind from ledger_accounts la
                    where la.account_id = ? and la.mode = ? and la.currency = ? and la.kind in (select kind from legs)),
       txn as (insert into balance_transactions (id, account_id, mode, type, source_id, amount, currency, description)
               select ?, ?, ?, ?, ?, ?, ?, ? where (select count(*) from accounts) = (select count(distinct kind) from legs)
               returning id),
       entries as (insert into ledger_entries (transaction_id, ledger_account_id, amount)
                   select txn.id, a.id, l.amount from txn, legs l join accounts a on a.kind = l.kind
                   order by l.ord
                   returning ledger_account_id)${others.map((o, i) => `,
       alongside_${i} as (${o.sql})`).join('')}
       select ledger_account_id from entries`,
      [
        legsJson,
        accountId,
        mode,
        currency,
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
  try {
    if ((await write(alongside)).length === 0) {
      const kinds = [...new Set(legs.map((l) => l.kind))];
      await em.execute(
        `insert into ledger_accounts (account_id, mode, kind, currency, internal)
         select ?, ?, l.kind, ?, l.internal from jsonb_to_recordset(?::jsonb) as l(kind text, internal boolean)
         on conflict (account_id, mode, kind, currency) do nothing`,
        [accountId, mode, currency, JSON.stringify(kinds.map((kind) => ({ kind, internal: isInternal(kind) })))],
      );
      const written = await write([]);
      if (written.length !== legs.length) throw new Error(`posting ${txnId}: ${written.length} of ${legs.length} entries written`);
    }
  } catch (err) {
    if (isNonNegativeViolation(err)) throw new InsufficientFundsError();
    throw err;
  }
  return txnId;
}

