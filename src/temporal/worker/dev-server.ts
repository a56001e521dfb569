// The Temporal CLI dev server used when TEMPORAL_ADDRESS is unset: web UI on, state in a SQLite file
// under the data dir (so workflows survive a restart), our search attributes registered.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { portInUse, processAlive, waitFor } from '../../infra/ports.ts';
import { allSearchAttributes } from '../../domain/search-attributes.ts';

export interface DevServerHandle {
  address: string;
  uiUrl: string;
  stop(): Promise<void>;
}

export interface DevServerOptions {
  binary: string;
  dataDir: string;
  port: number;
  uiPort: number;
  namespace: string;
  /** Keep state in SQLite under dataDir (default true). Tests may prefer in-memory. */
  persistent?: boolean;
  log?: (line: string) => void;
}

const PID_FILE = 'temporal.pid';

async function stopLeftover(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, PID_FILE);
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) {
    process.kill(pid, 'SIGTERM');
    await waitFor('leftover Temporal dev server to stop', async () => (processAlive(pid) ? undefined : true), 15000).catch(() => {
      if (processAlive(pid)) process.kill(pid, 'SIGKILL');
    });
  }
  rmSync(pidFile, { force: true });
}

function stopChild(child: ChildProcess, timeoutMs = 10000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startDevServer(options: DevServerOptions): Promise<DevServerHandle> {
  mkdirSync(options.dataDir, { recursive: true });
  await stopLeftover(options.dataDir);
  for (const [name, port] of [['TEMPORAL_PORT', options.port], ['TEMPORAL_UI_PORT', options.uiPort]] as const) {
    if (await portInUse(port)) {
      throw new Error(
        `Cannot start the Temporal dev server: port ${port} (${name}) is already in use. ` +
          `Set ${name} to a free port, or set TEMPORAL_ADDRESS to use a running Temporal server.`,
      );
    }
  }
  const args = [
    'server', 'start-dev',
    '--ip', '127.0.0.1',
    '--port', String(options.port),
    '--ui-port', String(options.uiPort),
    '--namespace', options.namespace,
    '--log-level', 'warn',
    // The dev server's SQLite file is its bottleneck: WAL with normal syncing keeps it durable across
    // restarts of the process while avoiding an fsync on every write.
    '--sqlite-pragma', 'journal_mode=wal',
    '--sqlite-pragma', 'synchronous=normal',
    // Update-with-Start is a multi-operation; older dev servers need it switched on.
    '--dynamic-config-value', 'frontend.enableExecuteMultiOperation=true',
    '--dynamic-config-value', 'frontend.enableUpdateWorkflowExecution=true',
    // An activity a workflow task schedules goes back to the same worker with the task's completion (eager
    // dispatch): no matching round trip (webhook retries, batch settlement checks).
    '--dynamic-config-value', 'system.enableActivityEagerExecution=true',
    ...allSearchAttributes.flatMap((key) => ['--search-attribute', `${key.name}=Keyword`]),
  ];
  if (options.persistent !== false) args.push('--db-filename', path.join(options.dataDir, 'temporal.sqlite'));
  const logFile = createWriteStream(path.join(options.dataDir, 'temporal.log'), { flags: 'a' });
  const child = spawn(options.binary, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout?.pipe(logFile);
  child.stderr?.pipe(logFile);
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `exited with ${signal ?? code}`;
  });
  child.once('error', (err) => {
    exited = err.message;
  });
  if (child.pid) writeFileSync(path.join(options.dataDir, PID_FILE), String(child.pid));
  const address = `127.0.0.1:${options.port}`;
  try {
    await waitFor(
      'Temporal dev server',
      async () => {
        if (exited) throw new Error(`the dev server ${exited}; see ${path.join(options.dataDir, 'temporal.log')}`);
        const connection = await Connection.connect({ address, connectTimeout: 1000 });
        try {
          await connection.workflowService.getSystemInfo({});
          return true;
        } finally {
          await connection.close();
        }
      },
      60000,
    );
  } catch (err) {
    await stopChild(child);
    throw new Error(`Cannot start the Temporal dev server (${options.binary}): ${err instanceof Error ? err.message : String(err)}`);
  }
  return {
    address,
    uiUrl: `http://127.0.0.1:${options.uiPort}`,
    stop: async () => {
      await stopChild(child);
      rmSync(path.join(options.dataDir, PID_FILE), { force: true });
      logFile.end();
    },
  };
}
