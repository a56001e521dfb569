// Which database errors end an activity at once (src/domain/failures.ts, UNSTORABLE_DATA) and where the
// SQLSTATE is found on the errors pg and MikroORM throw.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DriverException } from '@mikro-orm/core';
import { RACING_SQL_ATTEMPTS, isUnfixableSqlState } from '../../src/domain/failures.ts';
import { sqlStateOf } from '../../src/domain/failures.ts';

describe('database errors no retry can fix', () => {
  test('class 22, class 23 except races, and 08P01 are unfixable', () => {
    for (const state of ['22021', '22P02', '22P05', '22003', '22012', '23502', '23503', '23514', '23000', '08P01']) assert.equal(isUnfixableSqlState(state), true, state);
  });
  test('a unique or exclusion violation may be a race; connection, serialization and deadlock errors are transient', () => {
    for (const state of ['23505', '23P01', '08006', '08003', '40001', '40P01', '57P01', '53300']) assert.equal(isUnfixableSqlState(state), false, state);
  });
  test('a race that keeps coming back is no race: from the RACING_SQL_ATTEMPTS-th attempt a unique or exclusion violation is unfixable too', () => {
    for (const state of ['23505', '23P01']) {
      assert.equal(isUnfixableSqlState(state, RACING_SQL_ATTEMPTS - 1), false, state);
      assert.equal(isUnfixableSqlState(state, RACING_SQL_ATTEMPTS), true, state);
    }
    for (const state of ['08006', '40001', '40P01']) assert.equal(isUnfixableSqlState(state, 1_000), false, `${state} stays transient`);
  });
  test("the SQLSTATE is pg's `code`, copied by MikroORM's DriverException, or found on a cause", () => {
    const pgError = Object.assign(new Error('invalid input syntax for type bigint'), { code: '22P02', severity: 'ERROR' });
    assert.equal(sqlStateOf(pgError), '22P02');
    assert.equal(sqlStateOf(new DriverException(pgError)), '22P02');
    assert.equal(sqlStateOf(new Error('wrapped', { cause: pgError })), '22P02');
    assert.equal(sqlStateOf(Object.assign(new Error('x'), { sqlState: '23514' })), '23514');
    assert.equal(sqlStateOf(Object.assign(new Error('socket'), { code: 'ECONNRESET' })), undefined);
    assert.equal(sqlStateOf('text'), undefined);
  });
});
