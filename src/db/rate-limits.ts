// Request counters shared by every API process (docs/api.md, Rate limits): rate-limiter-flexible's PostgreSQL
// store on the service's own database. Its table, rate_limits, comes from a committed migration
// (Migration20261126000000_rate_limits), so the library is told never to create one at run time.
// One row per API key (the key's id under the mode's prefix), reused window after window: the table never
// holds more rows than there are keys, so the library's timer that deletes expired rows stays off.
import { RateLimiterPostgres, type RateLimiterLike } from 'rate-limiter-flexible';
import type { Orm } from './orm.ts';

export const RATE_LIMIT_TABLE = 'rate_limits';

export interface SharedLimit {
  /** Namespace of the keys, e.g. the mode. */
  keyPrefix: string;
  /** Requests per window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
  /** What counts while the database does not answer (rate-limiter-flexible's insurance limiter). */
  insuranceLimiter?: RateLimiterLike;
  /** Told of every failed store call, before the insurance limiter (if any) takes over. */
  onStoreError?: (err: unknown) => void;
  /**
   * Keys that come and go (client addresses, payment links) rather than a fixed set (API keys): let the
   * library delete expired rows now and then, so the table does not grow with every key ever seen.
   */
  transientKeys?: boolean;
}

/** A fixed-window limiter whose counts live in PostgreSQL, on the ORM's own connection pool. */
export function sharedRateLimiter(orm: Orm, limit: SharedLimit): RateLimiterPostgres {
  const connection = orm.em.getConnection();
  // The library sends pg query configs ({name, text, values}: named prepared statements) to `query`.
  const storeClient = {
    async query(config: { name?: string; text: string; values?: unknown[] }) {
      try {
        return await (await connection.getNativeClient()).query(config);
      } catch (err) {
        limit.onStoreError?.(err);
        throw err;
      }
    },
  };
  return new RateLimiterPostgres({
    storeClient,
    storeType: 'client',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    clearExpiredByTimeout: limit.transientKeys ?? false,
    keyPrefix: limit.keyPrefix,
    points: limit.points,
    duration: limit.duration,
    ...(limit.insuranceLimiter ? { insuranceLimiter: limit.insuranceLimiter } : {}),
  });
}
