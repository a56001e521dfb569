// payctl accounts: an operator creates a merchant account, which comes with its first sandbox key.
import type { Command } from 'commander';
import { createAccount } from '../db/accounts.ts';
import { UsageError, type CliContext } from './context.ts';

const MAX_NAME_LENGTH = 200;

/** Adds `payctl accounts ...` (subcommands made with .command() inherit the program's output and exit settings). */
export function registerAccountsCommands(program: Command, ctx: CliContext): void {
  const accounts = program.command('accounts').description('manage merchant accounts');

  accounts
    .command('create')
    .description('create an account and its first sandbox key (the key is shown once)')
    .requiredOption('--name <name>', 'account (merchant) name')
    .option('--json', 'print {"account_id", "sandbox_key", ...} as JSON')
    .action(async (options: { name: string; json?: boolean }) => {
      const name = options.name.trim();
      if (!name) throw new UsageError('--name must not be empty');
      if (name.length > MAX_NAME_LENGTH) throw new UsageError(`--name is longer than ${MAX_NAME_LENGTH} characters`);
      const created = await ctx.withDatabase((db) => createAccount(db.orm.em.fork(), name));
      ctx.print(
        options.json,
        {
          account_id: created.account_id,
          name: created.name,
          sandbox_key: created.sandbox_key,
          sandbox_key_id: created.sandbox_key_id,
        },
        [
          `Created account ${created.account_id} (${created.name}).`,
          `Sandbox key ${created.sandbox_key_id}, shown only this once:`,
          `  ${created.sandbox_key}`,
        ],
      );
    });

}
