// Workflow code stays able to replay what it records: each history in test/fixtures/histories was recorded from
// a run of today's workflows through the real service (`npm run record:histories`, test/helpers/record-histories.ts),
// and the current workflow bundle must replay every one without a nondeterminism error. A worker that restarts, or
// takes over a running workflow from a worker of the older code, replays exactly such histories: a change that
// breaks one is a change of the workflow's shape, versioned as docs/workflow-versioning.md says.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { Worker } from '@temporalio/worker';

const DIR = new URL('../fixtures/histories/', import.meta.url);

/** Every workflow type the service runs on behalf of a caller has at least one recorded history. */
const COVERED = [
  'payoutWorkflow',
  'payoutTransitionWorkflow',
  'payoutBatchWorkflow',
  'paymentWorkflow',
  'refundWorkflow',
  'settlementRunWorkflow',
  'topUpWorkflow',
  'collectionWorkflow',
  'paymentLinkWorkflow',
  'webhookFanOutWorkflow',
  'webhookDeliveryWorkflow',
  'beneficiaryVerificationWorkflow',
];

test('every recorded history replays on the current workflow code', async () => {
  const bundlePath = process.env.PAYGATE_WORKFLOW_BUNDLE;
  assert.ok(bundlePath, 'PAYGATE_WORKFLOW_BUNDLE (written by the global setup) is not set');
  // <scenario>.<workflow type>.<n>.json
  const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();
  const types = new Set(files.map((f) => f.split('.')[1]));
  assert.deepEqual(COVERED.filter((type) => !types.has(type)), [], `workflow types without a recorded history (files: ${files.join(', ')})`);

  const histories = files.map((file) => ({ workflowId: file, history: historyFromJSON(JSON.parse(readFileSync(new URL(file, DIR), 'utf8'))) }));
  const failures: string[] = [];
  let replayed = 0;
  for await (const result of Worker.runReplayHistories({ workflowBundle: { codePath: bundlePath }, replayName: 'fixtures' }, histories)) {
    replayed++;
    if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
  }
  assert.deepEqual(failures, [], 'histories that no longer replay');
  assert.equal(replayed, files.length);
});
