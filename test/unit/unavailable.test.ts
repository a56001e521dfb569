// One answer to "was a backend unreachable?" for the API's error middleware and the gateway: what a caller
// then sees is 503 service_unavailable (retry with the same key), and a workflow that ran and failed stays a
// 500 whatever its cause's message says.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServiceError, WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure, RetryState } from '@temporalio/common';
import { ConnectionException } from '@mikro-orm/core';
import { ApiError } from '../../src/domain/errors.ts';
import { toApiError } from '../../src/api/middleware/errors.ts';
import { classify } from '../../src/temporal/client/mechanism.ts';
import { isUnavailable } from '../../src/temporal/client/unavailable.ts';

/** A gRPC error as the Temporal client's connection throws it while the server is down. */
const grpcUnavailable = () => Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14, details: 'No connection established' });

test('Temporal down: the SDK wraps the gRPC status in a ServiceError; both sides answer 503', () => {
  const err = new ServiceError('Failed to start Workflow', { cause: grpcUnavailable() });
  assert.equal(isUnavailable(err), true);
  const classified = classify(err, 'payout');
  assert.ok(classified instanceof ApiError);
  assert.equal(classified.code, 'service_unavailable');
  assert.equal(toApiError(err).error.code, 'service_unavailable');
  assert.equal(isUnavailable(new ServiceError('Failed to connect to Temporal server', { cause: new Error('deadline') })), true);
});

test('the database down: a MikroORM connection exception, a PostgreSQL shutdown code, refused on every address', () => {
  assert.equal(isUnavailable(new ConnectionException(new Error('connect ECONNREFUSED 127.0.0.1:5432'))), true);
  assert.equal(isUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })), true);
  const refused = (address: string) => Object.assign(new Error(`connect ECONNREFUSED ${address}:5432`), { code: 'ECONNREFUSED' });
  assert.equal(isUnavailable(new AggregateError([refused('::1'), refused('127.0.0.1')])), true);
  assert.equal(toApiError(new Error('wrapped', { cause: new Error('Connection terminated unexpectedly') })).error.code, 'service_unavailable');
});

test('a bug or a failed workflow is not "unavailable"', () => {
  assert.equal(isUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')")), false);
  assert.equal(isUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })), false);
  const failed = new WorkflowFailedError('Workflow execution failed', ApplicationFailure.create({ message: 'Connection terminated unexpectedly' }), RetryState.NON_RETRYABLE_FAILURE);
  const classified = classify(failed, 'payout');
  assert.ok(classified instanceof ApiError);
  assert.equal(classified.code, 'internal_error');
});
