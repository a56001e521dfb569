// Runs once per `npm test`: starts a real PostgreSQL (embedded) and a real Temporal dev server on free
// ports, unless DATABASE_URL / TEMPORAL_ADDRESS point at running ones. Test files inherit the addresses
// through the environment. A missing component fails the run with a message; nothing is skipped.
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';
import { ensureDatabaseExists, migrate, openOrm } from '../../src/db/orm.ts';
import pg from 'pg';
import { FILE_DATABASE_INFIX, TEMPLATE_ENV } from './file-database.ts';
import { freePort } from '../../src/infra/ports.ts';
import { resolveTemporalBinary } from '../../src/temporal/worker/binary.ts';
import { startDevServer } from '../../src/temporal/worker/dev-server.ts';
import { bundlePath, writeWorkflowBundle } from './bundle.ts';

const stops: Array<() => Promise<void>> = [];
let dataDir: string | undefined;
let templateUrl: string | undefined;

export async function globalSetup(): Promise<void> {
  try {
    await startComponents();
  } catch (err) {
    // One line that says what is missing, rather than a stack trace (the run fails; nothing is skipped).
    process.stderr.write(`\nnpm test: a component the tests need could not start: ${err instanceof Error ? err.message : String(err)}\n`);
    await globalTeardown();
    process.exit(1);
  }
}

async function startComponents(): Promise<void> {
  // Each test file runs in a process of its own that loads most of the service again, as do the workers, `npm start`s
  // and payctl runs the tests spawn: Node's compile cache keeps compiled modules (keyed by their content) for every
  // later process of this run and of later runs, about 0.4 s of each one's start. A cache the caller chose wins.
  process.env.NODE_COMPILE_CACHE ??= fileURLToPath(new URL('../../.test-data/compile-cache', import.meta.url)); // gitignored
  // A test run (docs/live-money.md, "Live rules are not test settings"): test-only settings are accepted and connections must point at loopback. Every
  // process a test starts inherits it; those started with a clean environment are given it by their helper.
  process.env.PAYGATE_TEST_RUN = '1';
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'paygate-test-'));
  chmodSync(dataDir, 0o755); // the embedded postgres runs as user postgres when we are root
  process.env.PAYGATE_TEST_DATA_DIR = dataDir;
  if (!process.env.DATABASE_URL) {
    const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'paygate_test' });
    stops.push(pg.stop);
    process.env.DATABASE_URL = pg.url;
  }
  await ensureDatabaseExists(process.env.DATABASE_URL);
  // The template each test file copies its own database from (test/helpers/file-database.ts): migrated once here,
  // and never connected to again (a copy needs its template idle). Files that keep DATABASE_URL share that one.
  const template = new URL(process.env.DATABASE_URL);
  template.pathname = `${template.pathname}_template`;
  templateUrl = template.toString();
  await ensureDatabaseExists(templateUrl);
  const orm = await openOrm(templateUrl, { poolMax: 2, logger: () => {} });
  try {
    await migrate(orm);
  } finally {
    await orm.close(true);
  }
  process.env[TEMPLATE_ENV] = templateUrl;
  if (!process.env.TEMPORAL_ADDRESS) {
    const binary = resolveTemporalBinary(process.env.TEMPORAL_CLI_PATH, (line) => process.stderr.write(`${line}\n`));
    const dev = await startDevServer({
      binary,
      dataDir: path.join(dataDir, 'temporal'),
      port: await freePort(),
      uiPort: await freePort(),
      namespace: 'default',
      persistent: false,
    });
    stops.push(dev.stop);
    process.env.TEMPORAL_ADDRESS = dev.address;
  }
  // Bundle the workflow code once for every test file's worker.
  process.env.PAYGATE_WORKFLOW_BUNDLE = await writeWorkflowBundle(bundlePath(dataDir));
}

export async function globalTeardown(): Promise<void> {
  if (templateUrl) await dropFileDatabases(templateUrl).catch((err: unknown) => console.error('teardown:', err));
  for (const stop of stops.reverse()) await stop().catch((err: unknown) => console.error('teardown:', err));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

/** Drops the test files' databases and their template (on a PostgreSQL the run did not start, too). */
async function dropFileDatabases(template: string): Promise<void> {
  const url = new URL(template);
  const templateName = decodeURIComponent(url.pathname.slice(1));
  const prefix = `${templateName}${FILE_DATABASE_INFIX}`;
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of [...rows, { datname: templateName }]) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}
