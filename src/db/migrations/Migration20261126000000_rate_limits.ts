import { Migration } from '@mikro-orm/migrations';

// Limits shared by every API process (API.md, Rate limits).
// - rate_limits: the request counters of rate-limiter-flexible's RateLimiterPostgres (src/db/rate-limits.ts),
//   exactly the table that library would create at run time (key, points, expire in epoch ms), made here
//   instead. UNLOGGED: a counter lives one second, so it needs no WAL and no crash safety (after a crash the
//   table starts empty, which only opens a fresh window).
// - payout_batches_processing_idx: the count of an account's processing batches per mode, read under a lock
//   before every new batch, stays an index lookup however many finished batches the account has.
export class Migration20261126000000_rate_limits extends Migration {
  override up(): void {
    this.addSql(`create unlogged table rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);`);
    this.addSql(`create index payout_batches_processing_idx on payout_batches(account_id, mode) where status = 'processing';`);
  }
}
