// The service as every benchmark runs it, and the benchmark's lifecycle: cleanup that runs once, in
// reverse order, at the end or on SIGINT/SIGTERM. Kept out of lib.ts, which load threads also import.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { loadConfig, type Config } from '../../src/config.ts';
import { freePort } from '../../src/infra/ports.ts';
import { createLogger } from '../../src/logger.ts';
import { startStack, type Stack } from '../../src/stack.ts';

const stops: Array<() => Promise<unknown>> = [];
let stopping: Promise<void> | undefined;

/** Registers cleanup; the last registered runs first. */
export function onBenchStop(stop: () => Promise<unknown>): void {
  stops.push(stop);
}

function stopBench(): Promise<void> {
  stopping ??= (async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (err) {
        console.error('cleanup failed:', err);
      }
    }
  })();
  return stopping;
}

/** Runs a benchmark's main on the main thread: exit code 1 on failure, cleanup always. */
export async function runBench(name: string, main: () => Promise<void>): Promise<void> {
  if (!isMainThread) return;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping`);
      stopBench().finally(() => process.exit(130));
    });
  }
  try {
    await main();
  } catch (err) {
    console.error(`${name} failed:`, err);
    process.exitCode = 1;
  } finally {
    await stopBench();
  }
}

export const UNREACHABLE_RATE_LIMIT = '1000000000';

/**
 * The whole service (API + worker) in a temp DATA_DIR on free ports, with a task queue of its own (so it
 * never takes tasks of a service on a shared Temporal) and silent logs. DATABASE_URL, TEMPORAL_ADDRESS,
 * TEMPORAL_NAMESPACE, TEMPORAL_CLI_PATH and the names in `passThrough` come from the environment when set;
 * unset, the embedded PostgreSQL and the Temporal dev server are started. Stopped by runBench's cleanup.
 */
export async function startBenchStack(options: { env?: Record<string, string>; passThrough?: string[]; taskQueue?: string } = {}): Promise<{
  stack: Stack;
  config: Config;
}> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paygate-bench-'));
  chmodSync(dataDir, 0o755); // the embedded postgres runs as user postgres when we are root
  onBenchStop(async () => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    EMBEDDED_PG_PORT: String(await freePort()),
    TEMPORAL_PORT: String(await freePort()),
    TEMPORAL_UI_PORT: String(await freePort()),
    TEMPORAL_TASK_QUEUE: options.taskQueue ?? `bench-${randomUUID()}`,
    LOG_LEVEL: 'silent',
    WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true', // the bench's receivers listen on 127.0.0.1
    ...options.env,
  };
  for (const name of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'TEMPORAL_NAMESPACE', 'TEMPORAL_CLI_PATH', ...(options.passThrough ?? [])]) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  const config = loadConfig(env);
  const stack = await startStack(config, createLogger(config.LOG_LEVEL), 'all');
  onBenchStop(() => stack.stop());
  assert.ok(stack.apiUrl && stack.temporal, 'the stack has no API or no Temporal client');
  return { stack, config };
}
