// A per-key request limit shared by every API process (docs/api.md, Rate limits) that does not cost one PostgreSQL
// upsert per request (issue #39). The count of a window lives in the same rate_limits row rate-limiter-flexible's
// store uses (key `${prefix}:${id}`, points, expire in epoch ms; fixed windows that open at their first request),
// and each process keeps, per key, what it last read of that row plus what it let through since:
//
// - `known`: the row's points the last time this process wrote to it (everything counted by then, by any process);
// - `unsynced`: requests this process let through since, not yet added to the row (at most `chunk`);
// - `pending`: points of this process's writes still in flight.
//
// A request passes here, with no round trip, while no write of this key is in flight, `unsynced + n <= chunk` and
// `known + pending + unsynced + n <= limit`; it is refused here when `known + unsynced + n > limit` (the row can only have grown since); otherwise
// (and on the first request of a window, whose end this process does not know yet) it adds `unsynced + n` to the
// row in one statement and passes when the row's new total is within the limit. The chunk is a tenth of the limit
// (`chunkOf`), 0 below 10 requests per window, where every request is counted in the row as before.
//
// Worst case (README, Rate limits): a process lets through at most `chunk` requests the row has not seen. With P
// API processes a key may therefore get at most `limit + P × chunk` requests through in one window, and only in a
// window where it reaches its limit; the next window starts from zero everywhere. A request is never refused before
// the key has used its limit (the row counts only real requests of the window; a refused one is counted when it was
// decided by the row, as rate-limiter-flexible did, and not when it was decided here).
//
// When the row cannot be written (the database does not answer), the request is counted by `insurance` (a
// per-process in-memory limiter), as before: the limit then holds per process.
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Orm } from './orm.ts';
import { RATE_LIMIT_TABLE } from './rate-limits.ts';

/** The requests a process may let through on its own within one window: a tenth of the limit, 0 below 10. */
export function chunkOf(limit: number): number {
  return Math.floor(limit / 10);
}

interface Window {
  /** Epoch ms at which the row's window ends. */
  expire: number;
  known: number;
  unsynced: number;
  pending: number;
  /** The write in flight that carries this window's unsynced requests (so others wait for it rather than pile up). */
  writing: Promise<unknown> | undefined;
}

export interface BudgetLimiterOptions {
  keyPrefix: string;
  /** Requests per window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
  /** What counts while the database does not answer. */
  insurance: RateLimiterAbstract;
  onStoreError?: (err: unknown) => void;
  /** Override of chunkOf(points) (tests). */
  chunk?: number;
}

/** What rate-limiter-flexible's consume/get give, so the middleware keeps its headers and 429s. */
export interface BudgetLimiter {
  /** Resolves with the window after spending `points`, or rejects with a RateLimiterRes when over the limit. */
  consume(key: string, points?: number): Promise<RateLimiterRes>;
  /** The window without spending anything, or null when nothing was counted in it. */
  get(key: string): Promise<RateLimiterRes | null>;
}

const MAX_WINDOWS = 10_000;

/** Adds `add` to a key's row (a fresh window when it has ended); the row's new total and window end. */
async function addToRow(connection: ReturnType<Orm['em']['getConnection']>, rowKey: string, add: number, durationMs: number): Promise<{ total: number; expire: number }> {
  const now = Date.now();
  const client = await connection.getNativeClient();
  const { rows } = await client.query({
    name: 'paygate-rate-budget-add',
    text: `insert into ${RATE_LIMIT_TABLE} as r (key, points, expire) values ($1, $2, $3)
      on conflict (key) do update set
        points = case when r.expire <= $4 then $2 else r.points + $2 end,
        expire = case when r.expire <= $4 then $3 else r.expire end
      returning points, expire`,
    values: [rowKey, add, now + durationMs, now],
  });
  return { total: Number(rows[0].points), expire: Number(rows[0].expire) };
}

export function budgetRateLimiter(orm: Orm, options: BudgetLimiterOptions): BudgetLimiter {
  const { points: limit, keyPrefix, insurance } = options;
  const chunk = options.chunk ?? chunkOf(limit);
  const durationMs = options.duration * 1000;
  const windows = new Map<string, Window>();
  const connection = orm.em.getConnection();

  const res = (w: Window, used: number, now: number) => new RateLimiterRes(Math.max(0, limit - used), Math.max(0, w.expire - now), used, false);

  const write = (key: string, add: number) => addToRow(connection, `${keyPrefix}:${key}`, add, durationMs);

  /** Sends this window's unsynced requests plus `n` to the row; decides on the row's total. */
  const sync = async (key: string, w: Window | undefined, n: number): Promise<RateLimiterRes> => {
    const carried = w ? w.unsynced : 0;
    const add = carried + n;
    if (w) {
      w.unsynced = 0;
      w.pending += add;
    }
    let written: { total: number; expire: number };
    const writing = write(key, add);
    if (w && chunk > 0) w.writing = writing;
    try {
      written = await writing;
    } catch (err) {
      options.onStoreError?.(err);
      if (w) {
        w.pending -= add;
        if (w.writing === writing) w.writing = undefined;
      }
      return insurance.consume(key, n);
    }
    const now = Date.now();
    let current = windows.get(key);
    if (current && current === w) {
      current.pending -= add;
      if (current.writing === writing) current.writing = undefined;
    }
    if (!current || current.expire !== written.expire) {
      // The first write of this window here (or the row's window turned over): start from what the row says.
      current = { expire: written.expire, known: written.total, unsynced: 0, pending: 0, writing: undefined };
      if (windows.size >= MAX_WINDOWS) sweep(now);
      windows.delete(key);
      windows.set(key, current);
    } else current.known = Math.max(current.known, written.total);
    if (written.total > limit) throw res(current, written.total, now);
    return res(current, written.total, now);
  };

  const sweep = (now: number) => {
    for (const [key, w] of windows) if (w.expire <= now && !w.writing) windows.delete(key);
    while (windows.size >= MAX_WINDOWS) windows.delete(windows.keys().next().value!);
  };

  const consume = async (key: string, n = 1): Promise<RateLimiterRes> => {
    for (;;) {
      const now = Date.now();
      const w = windows.get(key);
      if (!w || w.expire <= now) return sync(key, undefined, n);
      if (w.known + w.unsynced + n > limit) {
        // Over, whatever the others did meanwhile. Not counted: the row needs no more once it is at the limit;
        // requests let through here still go to the row, so the other processes learn of them.
        if (w.unsynced > 0 && !w.writing) void sync(key, w, 0).catch(() => {});
        throw res(w, limit, now);
      }
      // Not while a write is in flight: what it carries is not in `known` yet, and requests let through meanwhile
      // would be a second chunk the row has not seen (two chunks per process over the limit, not one).
      if (!w.writing && w.unsynced + n <= chunk && w.known + w.pending + w.unsynced + n <= limit) {
        w.unsynced += n;
        return res(w, w.known + w.pending + w.unsynced, now);
      }
      if (w.writing) {
        // Another request of this key is writing: wait for what it learns rather than write alongside.
        await w.writing.catch(() => {});
        continue;
      }
      return sync(key, w, n);
    }
  };

  const get = async (key: string): Promise<RateLimiterRes | null> => {
    const now = Date.now();
    const w = windows.get(key);
    if (w && w.expire > now) return res(w, w.known + w.pending + w.unsynced, now);
    try {
      const client = await connection.getNativeClient();
      const { rows } = await client.query({
        name: 'paygate-rate-budget-get',
        text: `select points, expire from ${RATE_LIMIT_TABLE} where key = $1 and expire > $2`,
        values: [`${keyPrefix}:${key}`, now],
      });
      if (!rows[0]) return null;
      const used = Number(rows[0].points);
      return new RateLimiterRes(Math.max(0, limit - used), Math.max(0, Number(rows[0].expire) - now), used, false);
    } catch (err) {
      options.onStoreError?.(err);
      return insurance.get(key);
    }
  };

  return { consume, get };
}
