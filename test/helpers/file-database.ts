// Each test file's own database. The global setup migrates one template database; the first import of this module
// in a test file's process copies it (CREATE DATABASE ... TEMPLATE, a file copy: no migrations run again) and points
// DATABASE_URL at the copy, so every service, worker and payctl the file starts uses it. Files then share nothing
// but the servers: an outbox dispatcher, a batch sweeper or a reconciliation of one file never sees another's rows,
// which lets `npm test` run files side by side (--test-concurrency).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The URL of the template database the global setup migrated. */
export const TEMPLATE_ENV = 'PAYGATE_TEST_DATABASE_TEMPLATE';
/** The prefix of every file's database name, for the global teardown to drop them. */
export const FILE_DATABASE_INFIX = '_file_';
/** Set once a process has its file's database: the processes the file starts inherit it and keep it. */
const SWITCHED_ENV = 'PAYGATE_TEST_FILE_DATABASE';

async function useFileDatabase(): Promise<void> {
  const template = process.env[TEMPLATE_ENV];
  // Set only by the global setup; a file run some other way keeps the DATABASE_URL it was given.
  if (!template || process.env[SWITCHED_ENV]) return;
  const url = new URL(template);
  const templateName = decodeURIComponent(url.pathname.slice(1));
  const name = `${templateName}${FILE_DATABASE_INFIX}${randomBytes(6).toString('hex')}`;
  const admin = new URL(template);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`create database "${name}" template "${templateName}"`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env[SWITCHED_ENV] = name;
}

await useFileDatabase();
