// Activity interceptors the worker registers for every activity, ordinary and local.
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { ActivityInboundCallsInterceptor, ActivityInterceptorsFactory } from '@temporalio/worker';
import { UNSTORABLE_DATA, isUnfixableSqlState, sqlStateOf } from '../../domain/failures.ts';

/** A database error no retry can fix becomes non-retryable (src/domain/failures.ts, UNSTORABLE_DATA). */
const unfixableDatabaseErrors: ActivityInboundCallsInterceptor = {
  async execute(input, next) {
    try {
      return await next(input);
    } catch (err) {
      if (err instanceof ApplicationFailure) throw err;
      const sqlState = sqlStateOf(err);
      if (sqlState === undefined || !isUnfixableSqlState(sqlState, Context.current().info.attempt)) throw err;
      const message = err instanceof Error ? err.message : String(err);
      throw ApplicationFailure.create({ message: `The database refused the data (SQLSTATE ${sqlState}): ${message}`, type: UNSTORABLE_DATA, nonRetryable: true, details: [{ sqlState }], cause: err instanceof Error ? err : undefined });
    }
  },
};

export const activityInterceptors: ActivityInterceptorsFactory[] = [() => ({ inbound: unfixableDatabaseErrors })];
