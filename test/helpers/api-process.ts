// An API process of its own (`node src/main-api.ts`, as `npm run start:api` runs it) on a test service's database
// and task queue: a second process of the same deployment, with its own memory (key cache, rate budget).
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../src/infra/ports.ts';
import { TEST_SECRETS_KEY, type TestService } from './service.ts';

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the API process and resolves once it printed that it is ready. `env` adds to or overrides the service's settings. */
export async function startApiProcess(service: TestService, env: Record<string, string> = {}): Promise<ApiProcess> {
  const c = service.config;
  const port = await freePort();
  const child = spawn(process.execPath, ['src/main-api.ts'], {
    env: {
      PATH: process.env.PATH,
      PAYGATE_TEST_RUN: '1',
      DATABASE_URL: c.DATABASE_URL,
      TEMPORAL_ADDRESS: c.TEMPORAL_ADDRESS,
      TEMPORAL_TASK_QUEUE: c.TEMPORAL_TASK_QUEUE,
      DATA_DIR: c.DATA_DIR,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SECRETS_KEY: TEST_SECRETS_KEY,
      RATE_LIMIT_LIVE: String(c.RATE_LIMIT_LIVE),
      RATE_LIMIT_SANDBOX: String(c.RATE_LIMIT_SANDBOX),
      RATE_LIMIT_UNAUTHENTICATED: String(c.RATE_LIMIT_UNAUTHENTICATED),
      ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`API process did not start: ${output}`));
    }, 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Service ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`API process exited (${signal ?? code}) before it was ready: ${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
