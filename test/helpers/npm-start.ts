// The whole service as an operator runs it: `npm start` (node src/main.ts: embedded PostgreSQL, the Temporal
// dev server, worker and API in one process) on a DATA_DIR of the test's own, in a process group of its own so
// a test can stop it (SIGTERM) or kill it (SIGKILL of the group) and start it again on the same data.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/infra/ports.ts';

export interface Ports {
  api: number;
  pg: number;
  temporal: number;
  ui: number;
}

export interface Started {
  child: ChildProcess;
  output: () => string;
}

export interface NpmStartHarness {
  dataDir: string;
  ports: Ports;
  apiUrl: string;
  /** Starts `npm start` and resolves once it printed that it is ready. */
  start(): Promise<Started>;
  /** Live processes that run in `group` or, without one, whose command line names the data dir; zombies do not count. */
  processes(group?: number): Map<number, string>;
  /** Kills whatever is left and removes the data dir. */
  cleanup(): void;
}

export function killGroup(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** A harness on a fresh data dir and free ports; `env` adds to (or overrides) the service's settings. */
export async function npmStartHarness(env: Record<string, string> = {}, name = 'npm-start'): Promise<NpmStartHarness> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `paygate-${name}-`));
  chmodSync(dataDir, 0o755); // the embedded postgres runs as user postgres when we are root
  const ports: Ports = { api: await freePort(), pg: await freePort(), temporal: await freePort(), ui: await freePort() };
  let current: ChildProcess | undefined;

  const processes = (group?: number): Map<number, string> => {
    const found = new Map<number, string>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
      try {
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const [state, , pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (state === 'Z' || state === 'X') continue;
        if (group !== undefined ? Number(pgid) === group : cmdline.includes(dataDir)) found.set(Number(entry), cmdline.slice(0, 200));
      } catch {
        // gone meanwhile
      }
    }
    return found;
  };

  const start = (): Promise<Started> => {
    const childEnv: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      PAYGATE_TEST_RUN: '1',
      HOME: process.env.HOME ?? os.homedir(),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(ports.api),
      EMBEDDED_PG_PORT: String(ports.pg),
      TEMPORAL_PORT: String(ports.temporal),
      TEMPORAL_UI_PORT: String(ports.ui),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SANDBOX: '100000',
      RATE_LIMIT_UNAUTHENTICATED: '100000',
      ...(process.env.TEMPORAL_CLI_PATH ? { TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH } : {}),
      // The run's workflow bundle (global setup), built from the same source: bundling again costs each start seconds.
      ...(process.env.PAYGATE_WORKFLOW_BUNDLE ? { WORKFLOW_BUNDLE_PATH: process.env.PAYGATE_WORKFLOW_BUNDLE } : {}),
      ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
      ...env,
    };
    const child = spawn(process.execPath, ['src/main.ts'], { env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    current = child;
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not get ready in 120 s:\n${output}`)), 120_000);
      const onData = () => {
        if (output.includes('Service ready')) {
          clearTimeout(timer);
          child.stdout!.off('data', onData);
          resolve({ child, output: () => output });
        }
      };
      child.stdout!.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited (${signal ?? code}) before it was ready:\n${output}`));
      });
    });
  };

  return {
    dataDir,
    ports,
    apiUrl: `http://127.0.0.1:${ports.api}`,
    start,
    processes,
    cleanup() {
      if (current?.pid) killGroup(current.pid);
      for (const pid of processes().keys()) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it gives a value (errors count as not yet); fails naming `what` and the last error. */
export async function waitForValue<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number, everyMs = 500): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last error: ${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
