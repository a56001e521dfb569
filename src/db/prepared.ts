// A frequent statement that runs on its own (outside a transaction), as a named prepared statement: PostgreSQL
// parses and plans it once per connection rather than on every call. MikroORM's `em.execute` writes every parameter
// into the SQL text, so the server parses and plans each call afresh: for the few large statements of a payout (a
// posting with its alongside writes, a rail hand-over) planning alone took 1.7 ms per payout, about a quarter of the
// database's CPU per payout (pg_stat_statements under bench:payouts).
//
// The same `?` placeholders and parameters as `em.execute`, and the same pool (hence the same type parsers). The
// parameters travel untyped and PostgreSQL infers each from where it stands, as it does for a literal; a statement
// where it cannot says so when it is first prepared (a test meets it), and takes an explicit cast.
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';

/**
 * How many distinct statements get a name (each is kept by every connection that ran it); past it a statement runs
 * with parameters, unnamed, planned on each call.
 */
const MAX_NAMED = 256;

interface Converted {
  /** The SQL with `$1 … $n` for its `?` placeholders. */
  text: string;
  placeholders: number;
  name: string | undefined;
}

/** Statements converted so far, by their SQL: those with a name (at most MAX_NAMED), the others are converted again. */
const converted = new Map<string, Converted>();
let named = 0;

/**
 * `?` → `$n`, outside quoted strings and identifiers. Undefined for SQL this cannot read safely: `??` and `\?`
 * (MikroORM's identifier and escape), comments, dollar quotes or numbered parameters, backslashes (E'' strings).
 * A `?` inside quotes stays as it is, so the count differs from the parameters' and em.execute runs the statement.
 */
function convert(sql: string): Converted | undefined {
  if (sql.includes('\\')) return undefined;
  let text = '';
  let n = 0;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (quote) {
      text += c;
      if (c === quote) quote = undefined;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '?') {
      if (sql[i + 1] === '?') return undefined;
      text += `$${++n}`;
      continue;
    } else if ((c === '-' && sql[i + 1] === '-') || (c === '/' && sql[i + 1] === '*') || c === '$') return undefined;
    text += c;
  }
  if (quote) return undefined;
  const name = named < MAX_NAMED ? `paygate_${createHash('sha1').update(text).digest('hex').slice(0, 24)}` : undefined;
  return { text, placeholders: n, name };
}

/**
 * Runs `sql` with `params` like `em.execute` and returns its rows. Outside a transaction it is a prepared statement
 * of its own (named after its text); inside one, or for SQL it cannot convert, it is `em.execute` itself.
 */
export async function executePrepared<T extends object>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<T[]> {
  let found = converted.get(sql);
  if (found === undefined) {
    found = convert(sql);
    if (found?.name) {
      converted.set(sql, found);
      named++;
    }
  }
  if (!found || found.placeholders !== params.length || em.isInTransaction()) return em.execute<T[]>(sql, [...params]);
  const pool = (await em.getConnection().getNativeClient()) as unknown as Pool;
  const result = await pool.query<T>({ text: found.text, values: params as unknown[], ...(found.name ? { name: found.name } : {}) });
  return result.rows;
}
