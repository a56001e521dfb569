// payctl connections rotate-key | update | enable: changing a connection's keys or settings keeps the connection, so
// everything it carried (payouts in flight, payments to refund, QR codes, mandates, its reconciliation cursor) stays
// with it; and `add` refuses a second connection to a provider account, since a second one would read the account's
// statement and take its webhooks again, recording its balance as a new opening top-up and its QR payments twice.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Command } from 'commander';
import type { Connector } from '../rails/provider.ts';
import {
  activeConnection,
  enableConnection,
  findConnection,
  providerAccountHolder,
  rotateConnectionKey,
  updatePayoutAccountNumber,
  type ConnectionSummary,
} from '../db/connections.ts';
import type { SecretBox } from '../db/sealed.ts';
import { isIdOf } from '../domain/ids.ts';
import { CliError, UsageError, type CliContext } from './context.ts';

/** What these commands share with the rest of `payctl connections` (src/cli/connections.ts). */
export interface ConnectionCommandHelpers {
  secretBoxOf(ctx: CliContext): SecretBox;
  readSecret(ctx: CliContext, what: string, file: string | undefined, variable: string, fileOption: string): string;
  connectorFor(provider: string): Connector;
  summaryJson(c: ConnectionSummary): Record<string, unknown>;
}

const keepIt = (id: string) =>
  `keep it: payctl connections rotate-key ${id} for new keys, payctl connections update ${id} for its settings, payctl connections enable ${id} to bring it back`;

/**
 * Refuses a second connection, enabled or disabled, to a provider account that has one (same key id, or same
 * payout account number), naming the one it has and how to keep it.
 */
export async function refuseSecondConnection(em: EntityManager, provider: string, keyId: string, payoutAccountNumber: string | null, except?: string): Promise<void> {
  const holder = await providerAccountHolder(em, provider, keyId, payoutAccountNumber);
  if (!holder || holder.id === except) return;
  const same = holder.sameKeyId ? 'same key id' : 'same payout account number';
  throw new CliError(`the provider account already has a connection: ${holder.id} (${holder.status}) of account ${holder.accountId} (${same}); ${keepIt(holder.id)}`);
}

async function existingConnection(em: EntityManager, id: string): Promise<ConnectionSummary> {
  const found = isIdOf('connection', id) ? await findConnection(em, id) : null;
  if (!found) throw new CliError(`connection not found: ${id}`);
  return found;
}

function registerRotateKey(connections: Command, ctx: CliContext, h: ConnectionCommandHelpers): void {
  connections
    .command('rotate-key')
    .description('give a connection the new key pair the provider regenerated (secret from the environment or a file); the connection and all it carries stay')
    .argument('<connection_id>', 'conn_...')
    .requiredOption('--key-id <key_id>', "the provider's new API key id")
    .option('--key-secret-file <file>', 'read the new key secret from this file instead of the environment')
    .option('--json', 'print the connection as JSON')
    .action(async (id: string, options: { keyId: string; keySecretFile?: string; json?: boolean }) => {
      const secrets = h.secretBoxOf(ctx);
      const found = await ctx.withDatabase(async (db) => {
        const em = db.orm.em.fork();
        const current = await existingConnection(em, id);
        const connector = h.connectorFor(current.provider);
        const problem = connector.checkKeyId(options.keyId);
        if (problem) throw new UsageError(`--key-id: ${problem}`);
        const keySecret = h.readSecret(ctx, 'key secret', options.keySecretFile, connector.secretVariables.keySecret, '--key-secret-file');
        await refuseSecondConnection(em, current.provider, options.keyId, null, id);
        await rotateConnectionKey(em, secrets, id, options.keyId, keySecret);
        // A fresh read: the identity map still holds the row as it was.
        return existingConnection(db.orm.em.fork(), id);
      });
      ctx.print(options.json, h.summaryJson(found), [`Rotated the key of ${id}: key id ${found.key_id}. Payouts, payments and mandates it carries stay with it.`]);
    });
}

function registerUpdate(connections: Command, ctx: CliContext, h: ConnectionCommandHelpers): void {
  connections
    .command('update')
    .description("change a connection's settings, keeping the connection (refused while a payout sent from the old payout account number is in flight)")
    .argument('<connection_id>', 'conn_...')
    .option('--payout-account-number <number>', 'the provider account payouts are paid from from now on')
    .option('--json', 'print the connection as JSON')
    .action(async (id: string, options: { payoutAccountNumber?: string; json?: boolean }) => {
      if (options.payoutAccountNumber === undefined) throw new UsageError('nothing to update: pass --payout-account-number');
      const number = options.payoutAccountNumber;
      const found = await ctx.withDatabase(async (db) => {
        const em = db.orm.em.fork();
        const current = await existingConnection(em, id);
        const problem = h.connectorFor(current.provider).checkPayoutAccountNumber(number);
        if (problem) throw new UsageError(`--payout-account-number: ${problem}`);
        await refuseSecondConnection(em, current.provider, current.key_id, number, id);
        const refusal = await updatePayoutAccountNumber(em, id, number);
        if (refusal?.kind === 'not_found') throw new CliError(`connection not found: ${id}`);
        if (refusal?.kind === 'in_flight') {
          throw new CliError(`payouts sent from the current payout account number are still initiated (${refusal.payoutIds.join(', ')}); they are looked up there: update once they have ended`);
        }
        return existingConnection(db.orm.em.fork(), id);
      });
      ctx.print(options.json, h.summaryJson(found), [`Updated ${id}: payout account number …${found.payout_account_number_last4 ?? ''}.`]);
    });
}

function registerEnable(connections: Command, ctx: CliContext, h: ConnectionCommandHelpers): void {
  connections
    .command('enable')
    .description('bring a disabled connection back (one active connection per account)')
    .argument('<connection_id>', 'conn_...')
    .option('--json', 'print the connection as JSON')
    .action(async (id: string, options: { json?: boolean }) => {
      const { found, changed } = await ctx.withDatabase(async (db) => {
        const em = db.orm.em.fork();
        const current = await existingConnection(em, id);
        const [row] = await em.execute<{ superseded_by: string | null }[]>('select superseded_by from connections where id = ?', [id]);
        if (row?.superseded_by) throw new CliError(`${id} was an older duplicate of ${row.superseded_by}, which holds its provider account: enable that one`);
        const other = await activeConnection(em, current.account_id);
        if (other && other.id !== id) throw new CliError(`account ${current.account_id} already has an active connection (${other.id}); disable it first (payctl connections disable ID)`);
        try {
          const changed = await enableConnection(em, id);
          return { changed, found: await existingConnection(db.orm.em.fork(), id) };
        } catch (err) {
          if (err instanceof UniqueConstraintViolationException) throw new CliError(`account ${current.account_id} already has an active connection`);
          throw err;
        }
      });
      ctx.print(options.json, h.summaryJson(found), [`${changed ? 'Enabled' : 'Already active'}: ${found.id} (${found.provider}) of account ${found.account_id}.`]);
    });
}

/** Adds `payctl connections rotate-key`, `update` and `enable`. */
export function registerKeepConnectionCommands(connections: Command, ctx: CliContext, helpers: ConnectionCommandHelpers): void {
  registerRotateKey(connections, ctx, helpers);
  registerUpdate(connections, ctx, helpers);
  registerEnable(connections, ctx, helpers);
}
