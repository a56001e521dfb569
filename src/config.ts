// The only module that reads environment variables. Everything else receives a Config.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().min(1);

/** Every variable the service knows, with its default. docker-compose.yml may only set these. */
export const configSchema = z.object({
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(15000),
  /** Sandbox bank: how long a payout takes, how long `slow` ones take, when `reversal` ones come back. */
  SANDBOX_PAYOUT_DELAY_MS: positiveInt.default(1000),
  SANDBOX_SLOW_DELAY_MS: positiveInt.default(30000),
  SANDBOX_REVERSAL_DELAY_MS: positiveInt.default(5000),
  /** How many payouts of one batch run at once (child workflows in the sliding window). */
  PAYOUT_BATCH_WINDOW: positiveInt.default(200),
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

export const knownVariables: readonly string[] = Object.keys(configSchema.shape);

/** Loads `.env` (if present) into process.env without overriding what is already set. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
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
