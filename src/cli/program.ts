// payctl: the operator's command line. It reads the same variables as the service and reaches the same data.
// Exit codes: 0 done, 1 the command failed (not found, database unreachable, bad configuration), 2 usage error.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.ts';
import { registerAccountsCommands } from './accounts.ts';
import { registerBatchesCommands } from './batches.ts';
import { registerConnectionsCommands } from './connections.ts';
import { createContext, CliError, type CliIo } from './context.ts';
import { DatabaseUnavailableError } from './data-source.ts';
import { registerDbCommands } from './db-commands.ts';
import { registerKeysCommands } from './keys.ts';
import { registerMcpCommand } from './mcp.ts';

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export function buildProgram(io: CliIo): Command {
  const ctx = createContext(io);
  const program = new Command('payctl')
    .description('Operator tool of the payments service: accounts, API keys, database, payout batches; `mcp` serves the API to agents over stdio.')
    .version(packageVersion())
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .showHelpAfterError('(run with --help for usage)')
    // Throw instead of process.exit so that an embedded PostgreSQL we started is always stopped.
    .exitOverride();
  registerAccountsCommands(program, ctx);
  registerKeysCommands(program, ctx);
  registerDbCommands(program, ctx);
  registerBatchesCommands(program, ctx);
  registerConnectionsCommands(program, ctx);
  registerMcpCommand(program, ctx);
  return program;
}

/** Runs payctl with `argv` (as process.argv: node, script, args...) and answers the exit code. */
export async function runPayctl(
  argv: string[],
  io: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env },
): Promise<number> {
  try {
    await buildProgram(io).parseAsync(argv);
    return 0;
  } catch (err) {
    // commander has already printed its message (unknown option, invalid choice, missing option, help).
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    if (err instanceof CliError) {
      io.stderr.write(`payctl: ${err.message}\n`);
      return err.exitCode;
    }
    if (err instanceof ConfigError || err instanceof DatabaseUnavailableError) {
      io.stderr.write(`payctl: ${err.message}\n`);
      return 1;
    }
    const verbose = /^(debug|trace)$/.test(io.env.LOG_LEVEL ?? '');
    const detail = err instanceof Error ? (verbose ? (err.stack ?? err.message) : err.message) : String(err);
    io.stderr.write(`payctl: unexpected error: ${detail}\n`);
    return 1;
  }
}
