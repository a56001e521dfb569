// A worker as its own process (`node src/main-worker.ts`) on a test service's database and task queue,
// so a test can kill it (SIGKILL: no draining) and start another, as a crash and a restart would.
import { spawn, type ChildProcess } from 'node:child_process';
import { TEST_SECRETS_KEY, type TestService } from './service.ts';

export interface WorkerProcesses {
  /** Starts one more worker; resolves once it polls ("Worker ready"). */
  start(): Promise<ChildProcess>;
  /** SIGKILLs a worker and waits for it to be gone. */
  kill(worker: ChildProcess): Promise<void>;
  /** Kills every worker still running (for `after`). */
  killAll(): void;
}

export function workerProcesses(service: TestService): WorkerProcesses {
  const started: ChildProcess[] = [];
  const running = (w: ChildProcess) => w.exitCode === null && w.signalCode === null;
  return {
    start() {
      const c = service.config;
      const child = spawn(process.execPath, ['src/main-worker.ts'], {
        env: {
          PATH: process.env.PATH,
          PAYGATE_TEST_RUN: '1',
          DATABASE_URL: c.DATABASE_URL,
          TEMPORAL_ADDRESS: c.TEMPORAL_ADDRESS,
          TEMPORAL_TASK_QUEUE: c.TEMPORAL_TASK_QUEUE,
          DATA_DIR: c.DATA_DIR,
          LOG_LEVEL: 'warn',
          // A worker role needs the deployment's key (it opens sealed webhook secrets) and the same destination rule.
          SECRETS_KEY: TEST_SECRETS_KEY,
          WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
          SANDBOX_PAYOUT_DELAY_MS: String(c.SANDBOX_PAYOUT_DELAY_MS),
          SANDBOX_SLOW_DELAY_MS: String(c.SANDBOX_SLOW_DELAY_MS),
          SANDBOX_REVERSAL_DELAY_MS: String(c.SANDBOX_REVERSAL_DELAY_MS),
          // The worker's dispatcher starts deliveries with the deployment's webhook schedule.
          WEBHOOK_TIMEOUT_MS: String(c.WEBHOOK_TIMEOUT_MS),
          WEBHOOK_RETRY_INITIAL_MS: String(c.WEBHOOK_RETRY_INITIAL_MS),
          WEBHOOK_RETRY_MAX_MS: String(c.WEBHOOK_RETRY_MAX_MS),
          WEBHOOK_RETRY_BACKOFF: String(c.WEBHOOK_RETRY_BACKOFF),
          WEBHOOK_RETRY_WINDOW_MS: String(c.WEBHOOK_RETRY_WINDOW_MS),
          WEBHOOK_RETRY_STARTS_PER_SECOND: String(c.WEBHOOK_RETRY_STARTS_PER_SECOND),
          WEBHOOK_RETRY_STARTS_PER_SECOND_BUSY: String(c.WEBHOOK_RETRY_STARTS_PER_SECOND_BUSY),
          WEBHOOK_RETRY_MAX_DEFER_MS: String(c.WEBHOOK_RETRY_MAX_DEFER_MS),
          WEBHOOK_DISPATCH_GATHER_MS: String(c.WEBHOOK_DISPATCH_GATHER_MS),
          RAIL_INLINE_WAIT_MS: String(c.RAIL_INLINE_WAIT_MS),
          // The run's workflow bundle (global setup): bundling again would cost each start seconds of CPU.
          ...(process.env.PAYGATE_WORKFLOW_BUNDLE ? { WORKFLOW_BUNDLE_PATH: process.env.PAYGATE_WORKFLOW_BUNDLE } : {}),
          ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
          // A live payout's provider calls keep the service's pace and retry timings.
          PROVIDER_MAX_RPS: String(c.PROVIDER_MAX_RPS),
          PROVIDER_RETRY_DELAYS_SECONDS: c.PROVIDER_RETRY_DELAYS_SECONDS.join(','),
          PROVIDER_LOOKUP_WINDOW_SECONDS: String(c.PROVIDER_LOOKUP_WINDOW_SECONDS),
          PROVIDER_POLL_SECONDS: String(c.PROVIDER_POLL_SECONDS),
          VERIFICATION_PENDING_SECONDS: String(c.VERIFICATION_PENDING_SECONDS),
          // Each start brings every connection's reconciliation Schedule to this interval (see service.ts).
          RECONCILE_INTERVAL_SECONDS: String(c.RECONCILE_INTERVAL_SECONDS),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      started.push(child);
      let output = '';
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 60_000);
        child.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Worker ready')) {
            clearTimeout(timer);
            resolve(child);
          }
        });
        child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`worker exited (${signal ?? code}) before it was ready: ${output}`));
        });
      });
    },
    async kill(worker) {
      if (!running(worker)) return;
      const exited = new Promise((r) => worker.once('exit', r));
      worker.kill('SIGKILL');
      await exited;
    },
    killAll() {
      for (const w of started) if (running(w)) w.kill('SIGKILL');
    },
  };
}
