// The conformance run (test/conformance/run.ts: Schemathesis against the whole service started by `npm start`) as one
// test of `npm test`, so that it takes one of the test runner's two lanes while the other files take the other,
// instead of running after all of them. It passes when the run finds no failed check outside its baseline and no
// error; its output is kept in .artifacts/conformance/output.log, and its last lines are the failure's message.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Its own budget (CONFORMANCE_SECONDS, 240 s), the service's start and, on a fresh machine, Schemathesis's install. */
const TIMEOUT_MS = 15 * 60_000;

test('Schemathesis finds no failed check outside the baseline and no error (npm run test:conformance)', { timeout: TIMEOUT_MS }, async () => {
  const child = spawn(process.execPath, [path.join(root, 'test/conformance/run.ts')], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
  const artifacts = path.join(root, '.artifacts', 'conformance');
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(path.join(artifacts, 'output.log'), output);
  const tail = output.trimEnd().split('\n').slice(-40).join('\n');
  assert.equal(code, 0, `the conformance run exited ${code}:\n${tail}`);
  console.log(output.slice(output.lastIndexOf('\nconformance:') + 1));
});
