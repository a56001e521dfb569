// Workflow code stays able to replay what it recorded before: each history in test/fixtures/histories was
// recorded from a run of the service (a payout completed, failed, reversed, completed by a test helper; a
// payment captured; a refund processed), and the current workflow bundle must replay every one without a
// nondeterminism error. A worker that restarts, or takes over a running workflow from a worker of the older
// code, replays exactly these; a change to the workflows that breaks one needs a patch (`patched`).
//   *.before-rail-step.json   recorded before the one rail step (separate submit, observe, transition steps)
//   *.lean-steps.json         recorded with it (one patch marker, `lean-steps`)
//   *.folded-steps.json       recorded since a payout's creation takes its first rail step (one marker, `folded-steps`;
//                             a payment's and a refund's carry the same marker, their shape otherwise as lean-steps)
//   *.steps-memo.json         recorded since a run is started with the memo `steps: folded-steps` (workflows/proxies.ts):
//                             the folded-steps shape with no patch marker and no TemporalChangeVersion upsert
// A new shape of a workflow adds its histories here (record them with `temporal workflow show --output json`).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { Worker } from '@temporalio/worker';

const DIR = new URL('../fixtures/histories/', import.meta.url);

test('every recorded history replays on the current workflow code', async () => {
  const bundlePath = process.env.PAYGATE_WORKFLOW_BUNDLE;
  assert.ok(bundlePath, 'PAYGATE_WORKFLOW_BUNDLE (written by the global setup) is not set');
  const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();
  assert.ok(files.length >= 24, `histories found: ${files.join(', ')}`);
  const failures: string[] = [];
  for (const file of files) {
    const history = historyFromJSON(JSON.parse(readFileSync(new URL(file, DIR), 'utf8')));
    try {
      await Worker.runReplayHistory({ workflowBundle: { codePath: bundlePath }, replayName: file }, history, file);
    } catch (err) {
      failures.push(`${file}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  assert.deepEqual(failures, [], 'histories that no longer replay');
});
