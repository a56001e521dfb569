// Settings meant for test runs never weaken live rules outside one (docs/testing.md, "Test runs"): the whole service
// (`src/main.ts`, what `npm start` runs), started without PAYGATE_TEST_RUN=1, stops at once with exit code 2 and a
// message naming the setting, before it starts PostgreSQL, Temporal or anything else, when a test-only setting is set
// (COLLECTION_INTERVAL_MS would shorten a live debit's notice) or a provider window is below its floor.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');
/** Past this, a start that was not refused is taken as started (and stopped). */
const REFUSED_WITHIN_MS = 30_000;

/** Starts the service outside a test run with `env`; answers how it ended and what it wrote, and what its data dir holds. */
async function startOutsideATestRun(env: Record<string, string>): Promise<{ code: number | null; stderr: string; dataDirEntries: string[] }> {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'paygate-switch-'));
  const dataDir = path.join(cwd, 'data');
  try {
    const child = spawn(process.execPath, [main], {
      cwd,
      detached: true,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir(), DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // gone already
        }
        resolve(null);
      }, REFUSED_WITHIN_MS);
      child.once('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    let dataDirEntries: string[] = [];
    try {
      dataDirEntries = readdirSync(dataDir);
    } catch {
      // never made
    }
    return { code, stderr, dataDirEntries };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

describe('outside a test run', () => {
  for (const [name, value] of [
    ['COLLECTION_INTERVAL_MS', '600000'],
    ['PAYMENT_LINK_MIN_EXPIRY_SECONDS', '60'],
    ['PROVIDER_LOOKUP_WINDOW_SECONDS', '10'],
    ['PROVIDER_RETRY_DELAYS_SECONDS', '1,1,1'],
  ] as const) {
    test(`${name}=${value} stops the service at start (exit 2, the setting named), before anything is started`, async () => {
      const ended = await startOutsideATestRun({ [name]: value });
      assert.equal(ended.code, 2, `the service was not refused within ${REFUSED_WITHIN_MS} ms (exit ${ended.code}): ${ended.stderr}`);
      assert.match(ended.stderr, new RegExp(`Invalid configuration: ${name}:`));
      assert.match(ended.stderr, /PAYGATE_TEST_RUN=1/);
      assert.deepEqual(ended.dataDirEntries, [], 'no database or Temporal data was made');
    });
  }
});
