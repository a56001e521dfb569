// Database errors that retrying cannot fix end their activity at once (src/domain/failures.ts,
// UNSTORABLE_DATA), so no input can leave a workflow retrying forever. The API refuses such text up
// front (bodies.test.ts), so these workflows are started directly through Temporal, as a bug in a
// route or a workflow could: a top-up whose text PostgreSQL cannot store fails in seconds, writes nothing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { ActivityFailure, ApplicationFailure, WorkflowFailedError, WorkflowUpdateFailedError } from '@temporalio/client';
import { createTopUpUpdate, topUpWorkflow } from '../../workflows/top-up.ts';
import type { TopUpRecordInput } from '../../activities/top-ups.ts';
import { UNSTORABLE_DATA } from '../../src/domain/failures.ts';
import { newId } from '../../src/domain/ids.ts';
import { topUpRows } from '../helpers/api-assert.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;

before(async () => {
  service = await startTestService();
});
after(async () => {
  await service?.stop();
});

/** Settles within `ms`, or resolves with 'still running'. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | unknown> {
  return Promise.race([promise.then((value) => value, (err: unknown) => err), new Promise((resolve) => setTimeout(() => resolve('still running'), ms))]);
}

describe('an activity write PostgreSQL refuses for its data ends the workflow instead of retrying', () => {
  const cases: Record<string, Partial<TopUpRecordInput>> = {
    'a NUL in a text column (description)': { description: 'a\u0000b' },
    'a NUL in a jsonb column (metadata)': { metadata: { order: 'x\u0000' } },
    'an amount out of range for bigint': { amount: 2 ** 70 },
    'a negative amount (check constraint, class 23)': { amount: -5 },
  };
  for (const [name, input] of Object.entries(cases)) {
    test(name, async () => {
      const { accountId } = await service.newAccount();
      const client = service.stack.temporal!.client;
      const handle = await client.workflow.start(topUpWorkflow, {
        taskQueue: service.config.TEMPORAL_TASK_QUEUE,
        workflowId: `test-unstorable-${randomUUID()}`,
        args: [{ topUpId: newId('topUp'), accountId, mode: 'sandbox', idempotencyKey: `unstorable-${randomUUID()}`, amount: 100, currency: 'INR', description: null, metadata: {}, ...input }],
      });
      const started = performance.now();
      // The creating update, as the API sends it: it runs the activity that writes the top-up.
      const outcome = await within(handle.executeUpdate(createTopUpUpdate), 15_000);
      const pending = (await handle.describe()).raw.pendingActivities ?? [];
      assert.ok(
        outcome instanceof WorkflowUpdateFailedError,
        `the update is ${String(outcome)}; pending activity at attempt ${pending[0]?.attempt}: ${pending[0]?.lastFailure?.message}`,
      );
      assert.ok(performance.now() - started < 10_000);
      // The step is a local activity (workflows/proxies.ts): its failure reaches the update as the activity's own
      // ApplicationFailure, or (an ordinary activity) under an ActivityFailure.
      const failure = outcome.cause instanceof ActivityFailure ? outcome.cause.cause : outcome.cause;
      assert.ok(failure instanceof ApplicationFailure, String(failure));
      assert.equal(failure.type, UNSTORABLE_DATA);
      assert.equal(failure.nonRetryable, true);
      assert.deepEqual(pending, []);

      // The run ends failed as a creation that created nothing (workflows/lifecycle.ts, created).
      const result = await within(handle.result(), 10_000);
      assert.ok(result instanceof WorkflowFailedError, String(result));
      assert.match(String(result.cause?.message), new RegExp(UNSTORABLE_DATA));
      // No retry: an ordinary activity's history shows its attempt; a local activity's marker records only its
      // outcome, which is the non-retryable failure above (retry policies never retry a non-retryable failure).
      let attempts = 0;
      for (const event of (await handle.fetchHistory()).events ?? []) attempts = Math.max(attempts, event.activityTaskStartedEventAttributes?.attempt ?? 0);
      assert.ok(attempts <= 1, `at most one attempt (${attempts})`);
      assert.deepEqual(await topUpRows(service, accountId), []);
    });
  }
});
