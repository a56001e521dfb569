// payctl keys: create a live or sandbox key for an account (shown once), revoke one by its id.
import { Option, type Command } from 'commander';
import { createApiKey, revokeApiKey } from '../db/accounts.ts';
import { AccountEntity, ApiKeyEntity } from '../db/entities.ts';
import { isIdOf } from '../domain/ids.ts';
import { creatableKeyRoles, type KeyRole } from '../domain/key-roles.ts';
import { modes, type Mode } from '../domain/modes.ts';
import { CliError, UsageError, unixSeconds, type CliContext } from './context.ts';

/** A key's name or holder as given: 1 to 100 characters, no control characters; null when not given. */
function label(option: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (text.length < 1 || text.length > 100 || /[\u0000-\u001f\u007f]/.test(text)) throw new UsageError(`${option} takes 1 to 100 characters, none of them control characters`);
  return text;
}

/** Adds `payctl keys ...` (subcommands made with .command() inherit the program's output and exit settings). */
export function registerKeysCommands(program: Command, ctx: CliContext): void {
  const keys = program.command('keys').description('manage API keys');

  keys
    .command('create')
    .description('create an API key for an account (the key is shown once)')
    .requiredOption('--account <id>', 'account id (acct_...)')
    .addOption(new Option('--mode <mode>', 'which world the key acts in').choices(modes).makeOptionMandatory())
    .addOption(new Option('--role <role>', 'what the key may do: full (everything) or approver (read and create reports)').choices(creatableKeyRoles).default('full'))
    .option('--name <text>', 'what the key is for (1 to 100 characters)')
    .option('--holder <text>', 'the person or system that holds the key (default: the key itself); maker and checker are compared by holder')
    .option('--json', 'print {"id", "account_id", "mode", "role", "name", "holder", "key"} as JSON')
    .action(async (options: { account: string; mode: Mode; role: KeyRole; name?: string; holder?: string; json?: boolean }) => {
      const notFound = new CliError(`account not found: ${options.account}`);
      if (!isIdOf('account', options.account)) throw notFound;
      const name = label('--name', options.name);
      const holder = label('--holder', options.holder);
      const created = await ctx.withDatabase(async (db) => {
        const em = db.orm.em.fork();
        const account = await em.findOne(AccountEntity, { id: options.account });
        if (!account) throw notFound;
        return createApiKey(em, account.id, options.mode, { role: options.role, name, holder });
      });
      ctx.print(
        options.json,
        { id: created.id, account_id: created.account_id, mode: created.mode, role: created.role, name: created.name, holder: created.holder ?? created.id, key: created.secret },
        [
          `Created ${created.mode} ${created.role} key ${created.id} for account ${created.account_id}${created.name ? ` (${created.name})` : ''}, shown only this once:`,
          `  ${created.secret}`,
        ],
      );
    });

  keys
    .command('revoke')
    .description('revoke an API key: requests with it fail with 401 from now on')
    .argument('<key_id>', 'key id (key_...), as printed when the key was created')
    .option('--json', 'print {"id", "account_id", "mode", "revoked_at"} as JSON')
    .action(async (keyId: string, options: { json?: boolean }) => {
      const notFound = new CliError(`key not found: ${keyId}`);
      if (!isIdOf('apiKey', keyId)) throw notFound;
      const { key, alreadyRevoked } = await ctx.withDatabase(async (db) => {
        const em = db.orm.em.fork();
        const before = await em.findOne(ApiKeyEntity, { id: keyId });
        if (!before) throw notFound;
        const alreadyRevoked = Boolean(before.revokedAt);
        return { key: await revokeApiKey(em, keyId), alreadyRevoked };
      });
      if (!key?.revokedAt) throw notFound;
      ctx.print(
        options.json,
        { id: key.id, account_id: key.accountId, mode: key.mode, revoked_at: unixSeconds(key.revokedAt) },
        [
          `${alreadyRevoked ? 'Already revoked' : 'Revoked'}: ${key.mode} key ${key.id} (…${key.last4}) of account ` +
            `${key.accountId}, at ${key.revokedAt.toISOString()}.`,
        ],
      );
    });

}
