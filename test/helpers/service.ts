// Starts the real service (API + worker) for one test file, on the PostgreSQL and Temporal server the
// global setup provides. No part of it is mocked: requests go over HTTP to the real Koa app.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import './file-database.ts'; // first: this file's own database (DATABASE_URL)
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config.ts';
import { createAccount, createApiKey } from '../../src/db/accounts.ts';
import { createLogger } from '../../src/logger.ts';
import { startStack, type Stack } from '../../src/stack.ts';

export interface TestService {
  stack: Stack;
  url: string;
  config: Config;
  /** A fresh account with a sandbox key (and a live key when asked). */
  newAccount(options?: { live?: boolean }): Promise<{ accountId: string; sandboxKey: string; liveKey?: string; sandboxKeyId: string }>;
  /** A query straight on the service's database, for checks the API does not show (`?` placeholders). */
  sql<T = any>(query: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/** The test run's key for secrets at rest (never a deployment's). */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 't').toString('base64');

function requireEnv(name: string): string {
  const value = process.env[name];
  assert.ok(value, `${name} is not set: run the tests with \`npm test\`, whose global setup starts PostgreSQL and Temporal (test/helpers/global-setup.ts)`);
  return value;
}

export async function startTestService(
  env: Record<string, string> = {},
  options: { role?: 'all' | 'api'; logTo?: (line: string) => void } = {},
): Promise<TestService> {
  const root = requireEnv('PAYGATE_TEST_DATA_DIR');
  const dataDir = path.join(root, `service-${randomUUID()}`);
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    PAYGATE_TEST_RUN: '1',
    DATABASE_URL: requireEnv('DATABASE_URL'),
    TEMPORAL_ADDRESS: requireEnv('TEMPORAL_ADDRESS'),
    TEMPORAL_TASK_QUEUE: `test-${randomUUID()}`,
    DATA_DIR: dataDir,
    PORT: '0',
    RATE_LIMIT_SANDBOX: '100000',
    RATE_LIMIT_LIVE: '100000',
    // Every test sends from 127.0.0.1: the per-address limit on missing or unknown keys would count all their 401s together.
    RATE_LIMIT_UNAUTHENTICATED: '100000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Test receivers listen on 127.0.0.1; one key for every service of the run, so services sharing the database agree.
    WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
    SECRETS_KEY: TEST_SECRETS_KEY,
    // Every worker start makes a reconciliation Schedule for every connection in the (shared) database, on its own
    // task queue. Interval Schedules fire on multiples of their interval: hourly ones would all fire at the top of
    // the hour, in the middle of another file's test. A test that wants a Schedule to run triggers it.
    RECONCILE_INTERVAL_SECONDS: String(365 * 24 * 3600),
    ...env,
  });
  // A test that searches the service's log lines (for secrets) takes every line the service writes.
  const logTo = options.logTo;
  const logger = logTo ? createLogger(config.LOG_LEVEL, 'paygate', { write: (line: string) => logTo(line) }) : createLogger(config.LOG_LEVEL);
  const stack = await startStack(config, logger, options.role ?? 'all', { workflowBundlePath: process.env.PAYGATE_WORKFLOW_BUNDLE });
  assert.ok(stack.apiUrl);
  return {
    stack,
    url: stack.apiUrl,
    config,
    async newAccount(options = {}) {
      const created = await createAccount(stack.orm.em.fork(), `test ${randomUUID()}`);
      const result: { accountId: string; sandboxKey: string; liveKey?: string; sandboxKeyId: string } = {
        accountId: created.account_id,
        sandboxKey: created.sandbox_key,
        sandboxKeyId: created.sandbox_key_id,
      };
      if (options.live) result.liveKey = (await createApiKey(stack.orm.em.fork(), created.account_id, 'live')).secret;
      return result;
    },
    sql: (query, params = []) => stack.orm.em.fork().execute(query, params),
    stop: () => stack.stop(),
  };
}

/**
 * A second API process of the same deployment: its own Koa app and server on another port, on the same
 * database and Temporal task queue as `service` (whose worker runs what it starts), with the same settings
 * unless `env` says otherwise. Stop it with its own `stop()`.
 */
export function startSecondApi(service: TestService, env: Record<string, string> = {}): Promise<TestService> {
  const { config } = service;
  return startTestService(
    {
      TEMPORAL_TASK_QUEUE: config.TEMPORAL_TASK_QUEUE,
      RATE_LIMIT_LIVE: String(config.RATE_LIMIT_LIVE),
      RATE_LIMIT_SANDBOX: String(config.RATE_LIMIT_SANDBOX),
      TRUST_PROXY: String(config.TRUST_PROXY),
      ...env,
    },
    { role: 'api' },
  );
}
