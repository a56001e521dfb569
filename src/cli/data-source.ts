// How payctl reaches the service's data. It reads the same variables as the service, so it lands in the same
// database whether or not the service runs: DATABASE_URL when set; otherwise the embedded cluster under
// DATA_DIR, joined while the service holds it, started (and stopped again) by us when nobody does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { embeddedPostgresUrl, startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { ensureDatabaseExists, migrate, openOrm, type Orm } from '../db/orm.ts';
import { portInUse, processAlive, waitFor } from '../infra/ports.ts';

export type DatabaseSource = 'database_url' | 'embedded_running' | 'embedded_started';

export interface CliDatabase {
  orm: Orm;
  /** Where it connected (for messages; the password is removed). */
  location: string;
  source: DatabaseSource;
  /** Migrations this connection applied (usually none: the service applies them at start). */
  migrated: string[];
  /** Closes the pool and, when this process started the embedded cluster, stops it. */
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Receives the embedded cluster's log lines (noisy; only wanted at LOG_LEVEL debug). */
  log?: (line: string) => void;
  /** Receives MikroORM's lines (applied migrations). Default: stderr, so stdout stays the command's output. */
  ormLog?: (line: string) => void;
  /** How long to wait for a cluster whose postmaster is alive but not listening yet (the service is starting). */
  joinTimeoutMs?: number;
}

/** Failure to reach a database; the message says which one and what to try. */
export class DatabaseUnavailableError extends Error {}

/**
 * The embedded cluster under `dataDir` if a live postmaster holds it, with the port it listens on
 * (line 4 of postmaster.pid), else undefined.
 */
export function runningEmbeddedPostgres(dataDir: string): { pid: number; port: number | undefined } | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return undefined;
  const port = Number(lines[3]);
  return { pid, port: Number.isInteger(port) && port > 0 ? port : undefined };
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '';
    return parsed.toString().replace(/:@/, '@');
  } catch {
    return '(unparseable url)';
  }
}

function describe(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return describe(err.errors[0]);
  return err instanceof Error ? err.message || err.constructor.name : String(err);
}

/** Opens the ORM on `url` (creating the database and applying pending migrations first). */
async function connect(
  url: string,
  source: DatabaseSource,
  stop: () => Promise<void>,
  ormLog: (line: string) => void,
): Promise<CliDatabase> {
  const location = redactUrl(url);
  let orm: Orm | undefined;
  try {
    await ensureDatabaseExists(url);
    orm = await openOrm(url, { poolMax: 4, logger: ormLog });
    const migrated = await migrate(orm);
    const opened = orm;
    return {
      orm: opened,
      location,
      source,
      migrated,
      close: async () => {
        try {
          await opened.close(true);
        } finally {
          await stop();
        }
      },
    };
  } catch (err) {
    await orm?.close(true).catch(() => {});
    await stop().catch(() => {});
    throw new DatabaseUnavailableError(`cannot use the database at ${location}: ${describe(err)}`);
  }
}

/** The one way payctl commands get a database. Always `close()` the result. */
export async function openCliDatabase(config: Config, options: OpenOptions = {}): Promise<CliDatabase> {
  const noop = async () => {};
  const ormLog = options.ormLog ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (config.DATABASE_URL) return connect(config.DATABASE_URL, 'database_url', noop, ormLog);

  const running = runningEmbeddedPostgres(config.DATA_DIR);
  if (running) {
    // The service holds the cluster: join it, never start or stop it (starting would kill the service's postmaster).
    const port = running.port ?? config.EMBEDDED_PG_PORT;
    const listening = await waitFor(
      `the embedded PostgreSQL (pid ${running.pid}) on port ${port}`,
      async () => ((await portInUse(port)) ? true : undefined),
      options.joinTimeoutMs ?? 10000,
    ).catch(() => false);
    if (!listening) {
      throw new DatabaseUnavailableError(
        `the embedded PostgreSQL in ${path.join(config.DATA_DIR, 'postgres')} has a live postmaster (pid ${running.pid}) ` +
          `but nothing answers on 127.0.0.1:${port}. If the service is not running, that pid belongs to another ` +
          `process: remove postmaster.pid, or set DATABASE_URL.`,
      );
    }
    return connect(embeddedPostgresUrl(port), 'embedded_running', noop, ormLog);
  }

  let handle: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  try {
    handle = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, log: options.log });
  } catch (err) {
    throw new DatabaseUnavailableError(describe(err));
  }
  return connect(handle.url, 'embedded_started', () => handle.stop(), ormLog);
}

/** Runs `work` with a database and always releases it (stopping an embedded cluster this process started). */
export async function withCliDatabase<T>(
  config: Config,
  work: (db: CliDatabase) => Promise<T>,
  options: OpenOptions = {},
): Promise<T> {
  const db = await openCliDatabase(config, options);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}
