// The only module that reads environment variables. Everything else receives a Config.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type AutopayWindows, DEFAULT_AUTOPAY_WINDOWS, MAX_RETRIES_PER_CYCLE, formatAutopayWindows, parseAutopayWindows } from './domain/autopay-windows.ts';
import { AUTHORIZATION_WINDOW_MS } from './domain/mandates.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().min(1);
/** 32 bytes, base64 (standard or URL-safe alphabet). */
const key32 = z.string().refine((v) => /^[A-Za-z0-9+/_-]{43}=?$/.test(v.trim()) && Buffer.from(v.trim(), 'base64').length === 32, 'expected 32 random bytes in base64 (openssl rand -base64 32)');

/** RBI's pre-debit notice: at least 24 hours before each recurring debit. */
const REQUIRED_NOTICE_SECONDS = 86_400;

function autopayWindows(text: string): AutopayWindows {
  const parsed = parseAutopayWindows(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
}

/** Every variable the service knows, with its default. docker-compose.yml may only set these. */
export const configSchema = z.object({
  /**
   * Marks a test run (the test suite's global setup sets it). Only under it are the test-only settings accepted and
   * live rules shortened (testRunRules), and then a connection's provider must answer on a loopback address.
   */
  PAYGATE_TEST_RUN: z.enum(['0', '1']).default('0').transform((v) => v === '1'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Port for the embedded PostgreSQL (only when DATABASE_URL is unset). 5432 is often taken. */
  EMBEDDED_PG_PORT: port.default(54329),
  TEMPORAL_ADDRESS: z.string().regex(/^[^:\s]+:\d+$/, 'expected host:port').optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('paygate'),
  TEMPORAL_CLI_PATH: z.string().min(1).optional(),
  /** gRPC port of the embedded Temporal dev server (only when TEMPORAL_ADDRESS is unset). */
  TEMPORAL_PORT: port.default(7233),
  TEMPORAL_UI_PORT: port.default(8233),
  PUBLIC_BASE_URL: z.url().optional(),
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  TRUST_PROXY: bool.default(false),
  RATE_LIMIT_LIVE: positiveInt.default(100),
  RATE_LIMIT_SANDBOX: positiveInt.default(25),
  /** Requests a minute per client address to /v1 and /mcp with a missing or unknown API key, before 429 (docs/api.md: 60). */
  RATE_LIMIT_UNAUTHENTICATED: positiveInt.default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seals secrets at rest (webhook endpoint secrets, the stored replay of their creation); every process of a deployment shares it. */
  SECRETS_KEY: key32.optional(),
  /**
   * Sandbox webhook endpoints may point at loopback and private addresses. Unset: true under `npm start` (the
   * development entry), false under start:api / start:worker. Live endpoints never may.
   */
  WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: bool.optional(),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(15000),
  /** Sandbox bank: how long a payout takes, how long `slow` ones take, when `reversal` ones come back. */
  SANDBOX_PAYOUT_DELAY_MS: positiveInt.default(1000),
  SANDBOX_SLOW_DELAY_MS: positiveInt.default(30000),
  SANDBOX_REVERSAL_DELAY_MS: positiveInt.default(5000),
  /**
   * How long a rail step waits in-process for a rail that says it will know within that time (a payout that
   * completes in 50 ms), rather than ending its workflow task and coming back after a durable timer. A single
   * payout's POST waits too (its answer, the payout as created, comes when the task ends): a quick rail then
   * costs the caller that much more time and the server one workflow task and a timer less (measured in
   * bench:payouts: 0.40x to 0.51x the no-op's throughput). A refund's POST never waits. 0: never.
   */
  RAIL_INLINE_WAIT_MS: z.coerce.number().int().min(0).max(1000).default(200),
  /** Requests a second to one connection's provider, shared by every worker process (docs/api.md, Live mode). */
  PROVIDER_MAX_RPS: positiveInt.default(8),
  /**
   * Waits before sending a create whose answer was lost again, with the same key and body (the provider's advice);
   * at least 60,120,300 outside test runs.
   */
  PROVIDER_RETRY_DELAYS_SECONDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'a comma-separated list of seconds')
    .default('60,120,300')
    .transform((v) => v.split(',').map(Number)),
  /** How long after the last send a payout the provider has no record of is still looked up before it is failed (at least 3600 outside test runs). */
  PROVIDER_LOOKUP_WINDOW_SECONDS: positiveInt.default(3600),
  /** How often a live payout still on its way is looked up as a backstop to the provider's webhook. */
  PROVIDER_POLL_SECONDS: positiveInt.default(1800),
  /**
   * How long a live beneficiary verification waits for the bank's answer before it ends `failed` with
   * `provider_unavailable`: the provider says most answer at once and some take up to 3 working days
   * (its fund account validation FAQ), so 5 days (3 working days and a weekend); at least 3600 outside test runs.
   */
  VERIFICATION_PENDING_SECONDS: positiveInt.default(432_000),
  /** How long a live payment waits for its customer (a UPI intent or collect, a bank page) before it fails. */
  UPI_COLLECT_EXPIRY_SECONDS: positiveInt.default(600),
  /** How often each connection's reconciliation Schedule runs (docs/api.md, Live mode). */
  RECONCILE_INTERVAL_SECONDS: positiveInt.default(3600),
  /** How many payouts of one batch run at once (child workflows in the sliding window). */
  PAYOUT_BATCH_WINDOW: positiveInt.default(200),
  /** How often a worker looks for stored batches whose workflow never started (and starts them), and how old they must be. */
  PAYOUT_BATCH_SWEEP_INTERVAL_MS: positiveInt.default(60_000),
  /**
   * How long POST /v1/payments waits for the outcome before answering `pending`, from the request (the contract
   * allows 10 s); at most three quarters of WORKFLOW_ANSWER_TIMEOUT_MS, which leaves the answer time to come back.
   */
  PAYMENT_SYNC_WAIT_MS: positiveInt.max(9500).default(9000),
  /**
   * The longest an API call waits on a workflow's answer (creations, test helpers, collection actions). It
   * gives up on the workflow at nine tenths of it; then a creation whose row is written answers with the row as
   * it is, anything else `503` with Retry-After, its idempotency key still bound, whatever happens inside.
   */
  WORKFLOW_ANSWER_TIMEOUT_MS: positiveInt.default(10_000),
  /**
   * Gaps before the retries of a failed collection charge, comma-separated ms (1, 3 and 5 days); after the last, the
   * collection is halted. At most MAX_RETRIES_PER_CYCLE: UPI AutoPay allows one attempt and three retries per cycle.
   */
  COLLECTION_RETRY_DELAYS_MS: z
    .string()
    .regex(
      new RegExp(`^\\s*[1-9][0-9]*(\\s*,\\s*[1-9][0-9]*){0,${MAX_RETRIES_PER_CYCLE - 1}}\\s*$`),
      `expected 1 to ${MAX_RETRIES_PER_CYCLE} positive integers (milliseconds), comma-separated: UPI AutoPay allows at most ${MAX_RETRIES_PER_CYCLE} retries per cycle`,
    )
    .transform((v) => v.split(',').map((n) => Number(n.trim())))
    .default([86_400_000, 3 * 86_400_000, 5 * 86_400_000]),
  /**
   * Test runs only: a fixed period between collection cycles instead of the calendar (weeks, months, years),
   * so a whole lifecycle plays in seconds. Unset in production. Applies to sandbox collections created while set;
   * live collections always follow the calendar.
   */
  COLLECTION_INTERVAL_MS: positiveInt.optional(),
  /**
   * UPI AutoPay's non-peak hours in Asia/Kolkata, when collection debits and their retries may run
   * (`HH:MM-HH:MM`, comma-separated, in order of the day; 24:00 as an end). Only test runs
   * (PAYGATE_TEST_RUN=1) may change it: NPCI fixes these hours for every live and sandbox deployment.
   */
  UPI_AUTOPAY_WINDOWS: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseAutopayWindows(v);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.reason });
      return z.NEVER;
    })
    .default(autopayWindows(DEFAULT_AUTOPAY_WINDOWS)),
  /**
   * The least time between a collection's pre-debit notice (`collection.upcoming`) and its debit, seconds (RBI:
   * 24 hours). Only test runs (PAYGATE_TEST_RUN=1) may shorten it.
   */
  COLLECTION_NOTICE_SECONDS: positiveInt.default(REQUIRED_NOTICE_SECONDS),
  /**
   * Test runs only: the least time ahead a sandbox payment link's `expire_by` may be (seconds; the contract's
   * floor is 900). Live links always keep the 15-minute floor.
   */
  PAYMENT_LINK_MIN_EXPIRY_SECONDS: positiveInt.default(900),
  /**
   * Test runs only: the least time ahead a sandbox payout's `scheduled_at` may be (seconds; the contract's floor is
   * 900). Live payouts always keep the 15-minute floor.
   */
  PAYOUT_SCHEDULE_MIN_SECONDS: positiveInt.default(900),
  /**
   * How long a payout with `queue_if_low_balance` waits `queued` for money before it ends failed (insufficient_funds),
   * seconds; at least 3600 outside test runs.
   */
  PAYOUT_QUEUE_SECONDS: positiveInt.default(259_200),
  /**
   * Test runs only: how long the customer has to approve a sandbox mandate (seconds; the contract's window is 7
   * days, and this may only shorten it). Live mandates always keep the 7 days.
   */
  MANDATE_AUTHORIZATION_SECONDS: positiveInt.max(AUTHORIZATION_WINDOW_MS / 1000).default(AUTHORIZATION_WINDOW_MS / 1000),
  /**
   * Sandbox payment links only: the UPI ID their page's QR code names as payee (the intent's `pa`), for
   * trying the page out. A live link's page never shows it (nor any VPA from configuration): a customer paying
   * it would pay whoever owns this UPI ID, not the business.
   */
  PAYMENT_LINK_PAYEE_VPA: z.string().regex(/^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$/, 'expected a UPI ID such as paygate@icici').default('paygate@upi'),
  /** Hosted payment page: pay attempts a minute per link (docs/api.md: 30), a third of them from one client address. */
  PAYMENT_LINK_ATTEMPTS_PER_MINUTE: positiveInt.default(30),
  /** Hosted payment page: requests a minute per client address (docs/api.md: 120). */
  PAYMENT_LINK_PAGE_REQUESTS_PER_MINUTE: positiveInt.default(120),
  /**
   * A workflow bundle built beforehand (bundleWorkflowCode's code, as a file) for the worker to load instead of
   * bundling the workflow code at start, which takes seconds of CPU; the tests build one per run for every worker.
   */
  WORKFLOW_BUNDLE_PATH: z.string().min(1).optional(),
  /**
   * Temporal worker slots and pollers (see docs/payout-write-path.md, "Worker settings"): workflow tasks run at once, workflow task
   * pollers, local and ordinary activities run at once, workflows kept in the worker's cache. Unset: the values
   * measured best on the embedded dev server.
   */
  WORKER_MAX_WORKFLOW_TASKS: positiveInt.optional(),
  WORKER_WORKFLOW_TASK_POLLS: positiveInt.min(2).optional(),
  WORKER_MAX_LOCAL_ACTIVITIES: positiveInt.optional(),
  WORKER_MAX_ACTIVITIES: positiveInt.optional(),
  WORKER_MAX_CACHED_WORKFLOWS: z.coerce.number().int().min(0).optional(),
  /** How long the pay page's POST waits for the payment's outcome before showing "being processed" (ms). */
  PAYMENT_LINK_PAY_WAIT_MS: positiveInt.max(9500).default(5000),
  /**
   * How long a pending pay attempt holds its payment link before another may start (docs/api.md: default 600 s live,
   * 60 s sandbox; set, it applies to both modes).
   */
  PAYMENT_LINK_ATTEMPT_HOLD_SECONDS: positiveInt.optional(),
  /** When the daily settlement runs, `HH:MM` in SETTLEMENT_TIMEZONE. */
  SETTLEMENT_TIME: z
    .string()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'expected HH:MM (24-hour)')
    .default('02:00'),
  SETTLEMENT_TIMEZONE: z
    .string()
    .min(1)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'expected an IANA time zone such as Asia/Kolkata')
    .default('Asia/Kolkata'),
  /** Webhook retries (exponential, backoff 2): first gap, longest gap, and how long a delivery keeps trying. */
  WEBHOOK_RETRY_INITIAL_MS: positiveInt.default(5_000),
  WEBHOOK_RETRY_MAX_MS: positiveInt.default(10 * 3600_000),
  /** Growth of the gap between attempts: 6 gives about 5 s, 30 s, 3 min, 18 min, 2 h, then 10 h (docs/api.md's schedule). */
  WEBHOOK_RETRY_BACKOFF: z.coerce.number().min(1).max(20).default(6),
  WEBHOOK_RETRY_WINDOW_MS: positiveInt.default(3 * 24 * 3600_000),
  /** How long a receiver has to answer one delivery attempt. */
  WEBHOOK_TIMEOUT_MS: positiveInt.default(10_000),
  /** How often the dispatcher looks for new events when no NOTIFY woke it. */
  WEBHOOK_DISPATCH_INTERVAL_MS: positiveInt.default(250),
  /**
   * How long the dispatcher gathers events that trickle in before handing them to one fan-out workflow: each
   * event waits at most this long more, and a busy outbox costs one workflow per this much time, not per event.
   */
  WEBHOOK_DISPATCH_GATHER_MS: z.coerce.number().int().min(0).max(5_000).default(1_000),
  /** Sandbox out_of_order_webhooks: the longest a resource's events wait for it to settle before going out, newest first. */
  WEBHOOK_OUT_OF_ORDER_HOLD_MS: positiveInt.default(30_000),
  /**
   * Retry workflows each worker starts per second for deliveries whose first attempt failed, while the outbox
   * is quiet (the rest wait in webhook_retry_queue, oldest first).
   */
  WEBHOOK_RETRY_STARTS_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(20),
  /**
   * The same while events are flowing (the dispatcher claimed some in the last 2 s): a dead receiver's burst of
   * failures during a payout batch reaches Temporal as a trickle, and catches up once the outbox is quiet.
   */
  WEBHOOK_RETRY_STARTS_PER_SECOND_BUSY: z.coerce.number().min(0.1).max(10_000).default(0.2),
  /** A retry queued this long starts at the full rate even while the outbox is busy (never starved). */
  WEBHOOK_RETRY_MAX_DEFER_MS: positiveInt.default(300_000),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface Config extends RawConfig {
  DATA_DIR: string; // absolute
  publicBaseUrl: string;
  tls: { cert: string; key: string } | undefined;
}

export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`Invalid configuration: ${variable}: ${message}`);
    this.variable = variable;
  }
}

/**
 * The key that seals secrets at rest: SECRETS_KEY, or, for the development entry only, one generated on its first
 * start under DATA_DIR (`secrets.key`, readable by its owner only) and read back on every later start.
 */
/** How long a pending pay attempt holds a payment link, in ms: PAYMENT_LINK_ATTEMPT_HOLD_SECONDS, else 600 s live, 60 s sandbox. */
export function linkAttemptHoldMs(config: Pick<RawConfig, 'PAYMENT_LINK_ATTEMPT_HOLD_SECONDS'>, mode: 'live' | 'sandbox'): number {
  return (config.PAYMENT_LINK_ATTEMPT_HOLD_SECONDS ?? (mode === 'live' ? 600 : 60)) * 1000;
}

export function secretsKeyOf(config: Config, developmentEntry: boolean): Buffer {
  if (config.SECRETS_KEY) return Buffer.from(config.SECRETS_KEY.trim(), 'base64');
  if (!developmentEntry) {
    throw new ConfigError('SECRETS_KEY', 'must be set for start:api and start:worker: 32 random bytes in base64 (openssl rand -base64 32), the same for every process');
  }
  const file = path.join(config.DATA_DIR, 'secrets.key');
  mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const stored = readFileSync(file, 'utf8').trim();
  if (!key32.safeParse(stored).success) throw new ConfigError('SECRETS_KEY', `${file} does not hold 32 bytes in base64; set SECRETS_KEY or restore the file`);
  return Buffer.from(stored, 'base64');
}

export const knownVariables: readonly string[] = Object.keys(configSchema.shape);

/** Loads `.env` (if present) into process.env without overriding what is already set. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Settings that exist only for test runs: outside one (PAYGATE_TEST_RUN=1) setting any of them stops the process. */
export const TEST_ONLY_SETTINGS = ['COLLECTION_INTERVAL_MS', 'PAYMENT_LINK_MIN_EXPIRY_SECONDS', 'MANDATE_AUTHORIZATION_SECONDS', 'PAYOUT_SCHEDULE_MIN_SECONDS'] as const;
/** The provider's own advice for a create whose answer was lost: wait at least this long before each send again. */
export const PROVIDER_RETRY_DELAY_FLOORS_SECONDS = [60, 120, 300] as const;
/** How long a payout the provider has no record of is looked up, at least, before it is failed. */
export const PROVIDER_LOOKUP_WINDOW_FLOOR_SECONDS = 3600;

const testRunOnly = (what: string) => `${what}; only a test run (PAYGATE_TEST_RUN=1) may`;

/**
 * Live rules are not test settings: outside a test run nothing may shorten them (the RBI notice, NPCI's debit hours,
 * the provider's retry advice and lookup window), and a test-only setting is refused rather than ignored, so a
 * deployment that copied a test's environment stops at start instead of debiting or failing money early.
 */
function checkLiveRules(raw: RawConfig, env: NodeJS.ProcessEnv): void {
  if (raw.PAYGATE_TEST_RUN) return;
  for (const name of TEST_ONLY_SETTINGS) {
    if (env[name] !== undefined && env[name] !== '') throw new ConfigError(name, `${testRunOnly('is a test-only setting')} set it`);
  }
  if (formatAutopayWindows(raw.UPI_AUTOPAY_WINDOWS) !== formatAutopayWindows(autopayWindows(DEFAULT_AUTOPAY_WINDOWS))) {
    throw new ConfigError('UPI_AUTOPAY_WINDOWS', testRunOnly(`NPCI fixes the debit hours at ${DEFAULT_AUTOPAY_WINDOWS}`) + ' change them');
  }
  if (raw.PAYOUT_QUEUE_SECONDS < 3600) throw new ConfigError('PAYOUT_QUEUE_SECONDS', testRunOnly('a payout waits in the low-balance queue at least 3600 s') + ' shorten it');
  if (raw.COLLECTION_NOTICE_SECONDS < REQUIRED_NOTICE_SECONDS) {
    throw new ConfigError('COLLECTION_NOTICE_SECONDS', testRunOnly(`the notice is at least ${REQUIRED_NOTICE_SECONDS} (24 hours)`) + ' shorten it');
  }
  raw.PROVIDER_RETRY_DELAYS_SECONDS.forEach((delay, i) => {
    const floor = PROVIDER_RETRY_DELAY_FLOORS_SECONDS[Math.min(i, PROVIDER_RETRY_DELAY_FLOORS_SECONDS.length - 1)];
    if (delay < floor) {
      throw new ConfigError('PROVIDER_RETRY_DELAYS_SECONDS', testRunOnly(`delay ${i + 1} is at least ${floor} s (at least ${PROVIDER_RETRY_DELAY_FLOORS_SECONDS.join(',')})`) + ' shorten it');
    }
  });
  if (raw.VERIFICATION_PENDING_SECONDS < 3600) {
    throw new ConfigError('VERIFICATION_PENDING_SECONDS', testRunOnly('a live verification waits for the bank at least 3600 s') + ' shorten it');
  }
  if (raw.PROVIDER_LOOKUP_WINDOW_SECONDS < PROVIDER_LOOKUP_WINDOW_FLOOR_SECONDS) {
    throw new ConfigError('PROVIDER_LOOKUP_WINDOW_SECONDS', testRunOnly(`it is at least ${PROVIDER_LOOKUP_WINDOW_FLOOR_SECONDS} s`) + ' shorten it');
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of knownVariables) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(variable, `${issue.message} (got ${JSON.stringify(input[variable] ?? '')})`);
  }
  const raw = parsed.data;
  if (Boolean(raw.TLS_CERT_FILE) !== Boolean(raw.TLS_KEY_FILE)) {
    throw new ConfigError(raw.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE', 'TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  }
  for (const name of ['TLS_CERT_FILE', 'TLS_KEY_FILE', 'TEMPORAL_CLI_PATH'] as const) {
    const file = raw[name];
    if (file && !existsSync(file)) throw new ConfigError(name, `file not found: ${file}`);
  }
  checkLiveRules(raw, env);
  const tls = raw.TLS_CERT_FILE && raw.TLS_KEY_FILE ? { cert: raw.TLS_CERT_FILE, key: raw.TLS_KEY_FILE } : undefined;
  const scheme = tls ? 'https' : 'http';
  const host = raw.HOST === '0.0.0.0' ? '127.0.0.1' : raw.HOST;
  return {
    ...raw,
    DATA_DIR: path.resolve(raw.DATA_DIR),
    publicBaseUrl: (raw.PUBLIC_BASE_URL ?? `${scheme}://${host}:${raw.PORT}`).replace(/\/$/, ''),
    tls,
  };
}
