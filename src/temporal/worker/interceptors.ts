// Activity interceptors the worker registers for every activity, ordinary and local.
import { ApplicationFailure } from '@temporalio/common';
import type { ActivityInboundCallsInterceptor, ActivityInterceptorsFactory } from '@temporalio/worker';
import { UNSTORABLE_DATA, isUnfixableSqlState } from '../../domain/failures.ts';

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The SQLSTATE of a PostgreSQL error, wherever it sits: pg's error has it as `code`; MikroORM's
 * DriverException copies pg's fields (`code`) onto itself; a wrapper may keep the original as `cause`.
 */
export function sqlStateOf(err: unknown): string | undefined {
  for (let cur = err, depth = 0; cur !== null && typeof cur === 'object' && depth < 8; cur = (cur as { cause?: unknown }).cause, depth++) {
    for (const field of ['code', 'sqlState'] as const) {
      const value = (cur as Record<string, unknown>)[field];
      if (typeof value === 'string' && SQLSTATE.test(value)) return value;
    }
  }
  return undefined;
}

/** A database error no retry can fix becomes non-retryable (src/domain/failures.ts, UNSTORABLE_DATA). */
const unfixableDatabaseErrors: ActivityInboundCallsInterceptor = {
  async execute(input, next) {
    try {
      return await next(input);
    } catch (err) {
      if (err instanceof ApplicationFailure) throw err;
      const sqlState = sqlStateOf(err);
      if (sqlState === undefined || !isUnfixableSqlState(sqlState)) throw err;
      const message = err instanceof Error ? err.message : String(err);
      throw ApplicationFailure.create({ message: `The database refused the data (SQLSTATE ${sqlState}): ${message}`, type: UNSTORABLE_DATA, nonRetryable: true, details: [{ sqlState }], cause: err instanceof Error ? err : undefined });
    }
  },
};

export const activityInterceptors: ActivityInterceptorsFactory[] = [() => ({ inbound: unfixableDatabaseErrors })];
