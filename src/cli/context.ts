// What every payctl command shares: configuration, the database, output, and its two kinds of failure.
import type { Writable } from 'node:stream';
import { loadConfig, loadDotEnv, type Config } from '../config.ts';
import { withCliDatabase, type CliDatabase } from './data-source.ts';

/** A failure the operator can act on; printed as `payctl: <message>`, exit code 1. */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** Bad input that the option parser could not catch (an empty name); exit code 2 like commander's own. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
  }
}

export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
}

export interface CliContext {
  io: CliIo;
  /** Loaded on first use, so `--help` works even with a broken configuration. */
  config(): Config;
  withDatabase<T>(work: (db: CliDatabase) => Promise<T>): Promise<T>;
  /** `--json`: one JSON document on stdout; otherwise the human lines. */
  print(json: boolean | undefined, data: unknown, human: string[]): void;
}

export function createContext(io: CliIo): CliContext {
  let config: Config | undefined;
  const getConfig = () => {
    if (!config) {
      if (io.env === process.env) loadDotEnv();
      config = loadConfig(io.env);
    }
    return config;
  };
  return {
    io,
    config: getConfig,
    withDatabase: (work) => {
      const cfg = getConfig();
      const verbose = cfg.LOG_LEVEL === 'debug' || cfg.LOG_LEVEL === 'trace';
      return withCliDatabase(cfg, work, {
        log: verbose ? (line) => io.stderr.write(`postgres: ${line}\n`) : undefined,
        ormLog: (line) => io.stderr.write(`${line}\n`),
      });
    },
    print: (json, data, human) => {
      io.stdout.write(json ? `${JSON.stringify(data)}\n` : `${human.join('\n')}\n`);
    },
  };
}

/** Unix seconds, as the API shows times. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
