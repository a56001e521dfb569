// payctl as the tests run it: the real program (src/cli/program.ts), in the test's own process, on the service's
// database and Temporal, with an environment of its own (nothing of the test process's is read, no .env file) and
// its output captured. In-process saves a Node start and a module load per call (about 1.5 s each); a test of
// the `payctl` binary itself (its exit, its .env, `npm run payctl`) spawns it (test/integration/cli.test.ts).
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { runPayctl } from '../../src/cli/program.ts';
import { TEST_SECRETS_KEY, type TestService } from './service.ts';

export interface PayctlRun {
  code: number;
  stdout: string;
  stderr: string;
}

export type Payctl = (args: string[], env?: Record<string, string | undefined>) => Promise<PayctlRun>;

function collector(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/**
 * A payctl for `service`: the variables an operator sets for it (its database, Temporal, secrets key, a test run),
 * then `base`, then each call's `env`; a variable given as undefined is left out. Every byte it prints is also
 * pushed to `printed`, when given (for tests that look for secrets in what payctl printed).
 */
export function payctlFor(service: TestService, base: Record<string, string | undefined> = {}, printed?: string[]): Payctl {
  return async (args, env = {}) => {
    const c = service.config;
    const merged: Record<string, string | undefined> = {
      DATABASE_URL: c.DATABASE_URL,
      TEMPORAL_ADDRESS: c.TEMPORAL_ADDRESS,
      TEMPORAL_TASK_QUEUE: c.TEMPORAL_TASK_QUEUE,
      DATA_DIR: c.DATA_DIR,
      SECRETS_KEY: TEST_SECRETS_KEY,
      PUBLIC_BASE_URL: service.url,
      PAYGATE_TEST_RUN: '1',
      ...base,
      ...env,
    };
    const processEnv: NodeJS.ProcessEnv = {};
    for (const [name, value] of Object.entries(merged)) if (value !== undefined) processEnv[name] = value;
    const out = collector();
    const err = collector();
    const code = await runPayctl(['node', 'payctl', ...args], { stdout: out.stream, stderr: err.stream, env: processEnv });
    const run = { code, stdout: out.text(), stderr: err.text() };
    printed?.push(run.stdout, run.stderr);
    return run;
  };
}

/** The --json document of a run that succeeded. */
export function payctlJson(run: PayctlRun): any {
  assert.equal(run.code, 0, `payctl failed (${run.code}): ${run.stderr}`);
  return JSON.parse(run.stdout);
}
