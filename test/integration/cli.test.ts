// payctl as an operator runs it: a child process against a real PostgreSQL, checked in the database itself.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../src/db/embedded-postgres.ts';
import { freePort, portInUse } from '../../src/infra/ports.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const entry = path.join(repo, 'src/cli/payctl.ts');
const keyPattern = (mode: string) => new RegExp(`^sk_${mode}_[0-9A-Za-z]{32,}$`);

let databaseUrl: string;
let ownPostgres: EmbeddedPostgresHandle | undefined;
let db: pg.Client;
const tempDirs: string[] = [];

/** A temp dir the embedded postgres can use: as root it runs as user `postgres`, which needs to enter it. */
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  tempDirs.push(dir);
  return dir;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs payctl in a clean directory (so no .env of the repo leaks in) with DATABASE_URL unless overridden. */
function payctl(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...env };
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  const flags = process.features.typescript ? [] : ['--experimental-strip-types'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...flags, entry, ...args], { cwd: tempDir('payctl-cwd-'), env: childEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** stdout of a successful --json run, which must be exactly one JSON document. */
function json(run: Run): Record<string, unknown> {
  assert.equal(run.code, 0, `payctl failed (${run.code}): ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

/** Processes whose command line mentions `dir` (a postgres left running on a data dir). */
function processesUsing(dir: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(dir)) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

before(async () => {
  if (process.env.DATABASE_URL) {
    databaseUrl = process.env.DATABASE_URL;
  } else {
    ownPostgres = await startEmbeddedPostgres({ dataDir: tempDir('payctl-pg-'), port: await freePort() });
    databaseUrl = ownPostgres.url;
  }
  // The first payctl run creates the database and applies migrations; run it before we connect ourselves.
  const migrated = await payctl(['db', 'migrate', '--json']);
  assert.equal(migrated.code, 0, migrated.stderr);
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
});

after(async () => {
  await db?.end();
  await ownPostgres?.stop();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

test('accounts create --json prints the account id and a sandbox key, stored only as a hash', async () => {
  const out = json(await payctl(['accounts', 'create', '--name', 'Acme Traders', '--json']));
  assert.match(String(out.account_id), /^acct_[0-9A-Z]{26}$/);
  assert.match(String(out.sandbox_key), keyPattern('sandbox'));

  const account = await db.query('select name from accounts where id = $1', [out.account_id]);
  assert.equal(account.rows[0]?.name, 'Acme Traders');
  const keys = await db.query('select mode, key_hash, revoked_at from api_keys where account_id = $1', [out.account_id]);
  assert.equal(keys.rowCount, 1);
  assert.equal(keys.rows[0].mode, 'sandbox');
  assert.equal(keys.rows[0].revoked_at, null);
  assert.equal(keys.rows[0].key_hash, createHash('sha256').update(String(out.sandbox_key)).digest('hex'));
  assert.ok(!JSON.stringify(keys.rows).includes(String(out.sandbox_key)), 'the key itself is stored');
});

test('accounts create without --json prints the key for a human', async () => {
  const run = await payctl(['accounts', 'create', '--name', 'Human Readable']);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /acct_[0-9A-Z]{26}/);
  assert.match(run.stdout, /sk_sandbox_[0-9A-Za-z]{32,}/);
});

test('keys create --mode live prints a live key for the account', async () => {
  const account = json(await payctl(['accounts', 'create', '--name', 'Live Co', '--json']));
  const key = json(await payctl(['keys', 'create', '--account', String(account.account_id), '--mode', 'live', '--json']));
  assert.match(String(key.id), /^key_/);
  assert.equal(key.account_id, account.account_id);
  assert.equal(key.mode, 'live');
  assert.match(String(key.key), keyPattern('live'));
  const row = await db.query('select account_id, mode from api_keys where id = $1', [key.id]);
  assert.deepEqual(row.rows[0], { account_id: account.account_id, mode: 'live' });
});

test('keys revoke marks the key revoked, and says so again when repeated', async () => {
  const account = json(await payctl(['accounts', 'create', '--name', 'Revoker', '--json']));
  const key = json(await payctl(['keys', 'create', '--account', String(account.account_id), '--mode', 'sandbox', '--json']));
  const revoked = json(await payctl(['keys', 'revoke', String(key.id), '--json']));
  assert.equal(revoked.id, key.id);
  assert.equal(typeof revoked.revoked_at, 'number');

  const row = await db.query('select revoked_at from api_keys where id = $1', [key.id]);
  assert.ok(row.rows[0].revoked_at instanceof Date, 'revoked_at is not set');
  assert.equal(Math.floor(row.rows[0].revoked_at.getTime() / 1000), revoked.revoked_at);

  const again = json(await payctl(['keys', 'revoke', String(key.id), '--json']));
  assert.equal(again.revoked_at, revoked.revoked_at);
  // The account's other key is untouched.
  const others = await db.query('select count(*)::int as n from api_keys where account_id = $1 and revoked_at is null', [
    account.account_id,
  ]);
  assert.equal(others.rows[0].n, 1);
});

test('keys create for an unknown account fails with "account not found" and creates nothing', async () => {
  const before = await db.query('select count(*)::int as n from api_keys');
  for (const id of ['acct_01ZZZZZZZZZZZZZZZZZZZZZZZZ', 'nope']) {
    const run = await payctl(['keys', 'create', '--account', id, '--mode', 'live', '--json']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /account not found/);
    assert.equal(run.stdout, '');
  }
  const afterwards = await db.query('select count(*)::int as n from api_keys');
  assert.equal(afterwards.rows[0].n, before.rows[0].n);
});

test('usage errors exit 2 and say what is wrong; an unknown key id exits 1', async () => {
  const badMode = await payctl(['keys', 'create', '--account', 'acct_01ZZZZZZZZZZZZZZZZZZZZZZZZ', '--mode', 'prod']);
  assert.equal(badMode.code, 2);
  assert.match(badMode.stderr, /--mode/);
  assert.match(badMode.stderr, /live/);

  const noName = await payctl(['accounts', 'create', '--json']);
  assert.equal(noName.code, 2);
  assert.match(noName.stderr, /--name/);

  const unknownKey = await payctl(['keys', 'revoke', 'key_01ZZZZZZZZZZZZZZZZZZZZZZZZ']);
  assert.equal(unknownKey.code, 1);
  assert.match(unknownKey.stderr, /key not found/);
});

test('a bad configuration is reported with the variable to fix', async () => {
  const run = await payctl(['accounts', 'create', '--name', 'X'], { DATABASE_URL: 'mysql://root@localhost/x' });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /DATABASE_URL/);
});

test('the bin shim runs payctl with the current node', async () => {
  const run = await new Promise<Run>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repo, 'bin/payctl.js'), '--version'], { cwd: tempDir('payctl-cwd-') });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  assert.equal(run.code, 0, run.stderr);
  const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string };
  assert.equal(run.stdout.trim(), pkg.version);
});

test('without DATABASE_URL it starts the embedded PostgreSQL under DATA_DIR, and stops it again', async () => {
  const dataDir = tempDir('payctl-data-');
  const port = await freePort();
  const env = { DATABASE_URL: undefined, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) };
  const leftovers = () => ({
    pidFile: existsSync(path.join(dataDir, 'postgres', 'postmaster.pid')),
    processes: processesUsing(dataDir),
  });
  try {
    const account = json(await payctl(['accounts', 'create', '--name', 'Offline Ltd', '--json'], env));
    assert.match(String(account.sandbox_key), keyPattern('sandbox'));
    assert.ok(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION')), 'no cluster under DATA_DIR');
    assert.deepEqual(leftovers(), { pidFile: false, processes: [] });
    assert.equal(await portInUse(port), false);

    // The data outlives the cluster: a second run starts it again and finds the account.
    const key = json(await payctl(['keys', 'create', '--account', String(account.account_id), '--mode', 'live', '--json'], env));
    assert.match(String(key.key), keyPattern('live'));
    assert.deepEqual(leftovers(), { pidFile: false, processes: [] });
  } finally {
    for (const pid of processesUsing(dataDir)) process.kill(pid, 'SIGKILL');
  }
});

test('without DATABASE_URL, while the service holds the embedded PostgreSQL, it joins it and leaves it running', async () => {
  const dataDir = tempDir('payctl-data-');
  const port = await freePort();
  const service = await startEmbeddedPostgres({ dataDir, port });
  try {
    // EMBEDDED_PG_PORT deliberately wrong: the running cluster's port is read from its postmaster.pid.
    const env = { DATABASE_URL: undefined, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) };
    const account = json(await payctl(['accounts', 'create', '--name', 'Shared Ltd', '--json'], env));
    assert.match(String(account.account_id), /^acct_/);
    assert.equal(await portInUse(port), true, 'payctl stopped the cluster it did not start');

    const client = new pg.Client({ connectionString: service.url });
    await client.connect();
    try {
      const found = await client.query('select name from accounts where id = $1', [account.account_id]);
      assert.equal(found.rows[0]?.name, 'Shared Ltd');
    } finally {
      await client.end();
    }
  } finally {
    await service.stop();
  }
});

test('the embedded PostgreSQL hands the service a URL through its Unix socket, and still answers on its TCP port', async () => {
  const dataDir = tempDir('payctl-socket-');
  const port = await freePort();
  const cluster = await startEmbeddedPostgres({ dataDir, port, database: 'postgres' });
  const peer = async (connectionString: string) => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      // inet_client_addr() is null for a Unix-domain connection.
      return (await client.query<{ addr: string | null }>('select host(inet_client_addr()) as addr')).rows[0].addr;
    } finally {
      await client.end();
    }
  };
  try {
    assert.equal(await peer(cluster.url), null, `${cluster.url} is not a Unix-socket connection`);
    assert.ok(existsSync(path.join(dataDir, 'postgres', `.s.PGSQL.${port}`)), 'no socket in the data directory');
    assert.equal(await peer(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`), '127.0.0.1');
  } finally {
    await cluster.stop();
  }
});
