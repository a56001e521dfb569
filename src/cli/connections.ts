// payctl connections: an operator connects an account to a payment provider (docs/api.md, Live mode). Secrets come from
// the environment or from files, never from the command line (where ps and shell history would show them); they are
// sealed with SECRETS_KEY before they reach the database, and no command prints them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Option, type Command } from 'commander';
import { secretsKeyOf } from '../config.ts';
import { connectorOf, connectorProviders, webhookUrlOf, type Connector } from '../connectors/index.ts';
import {
  activeConnection,
  disableConnection,
  findConnection,
  insertConnection,
  listConnections,
  rotateWebhookSecret,
  type ConnectionSummary,
} from '../db/connections.ts';
import { registerKeepConnectionCommands, refuseSecondConnection } from './connection-changes.ts';
import { registerCheckCommand } from './connection-check.ts';
import { AccountEntity } from '../db/entities.ts';
import { createSecretBox, type SecretBox } from '../db/sealed.ts';
import { isIdOf } from '../domain/ids.ts';
import type { ReconciliationResult } from '../domain/reconciliation.ts';
import { connectTemporal, gatewaySettings, type TemporalClientHandle } from '../temporal/client/gateway.ts';
import { ensureReconcileSchedule, reconcileNow } from '../temporal/client/reconciliation.ts';
import type { CliDatabase } from './data-source.ts';
import { CliError, UsageError, unixSeconds, type CliContext } from './context.ts';
import { providerBaseUrlProblem } from '../domain/provider-base-url.ts';

interface AddOptions {
  account: string;
  provider: string;
  keyId: string;
  payoutAccountNumber: string;
  baseUrl?: string;
  keySecretFile?: string;
  webhookSecretFile?: string;
  json?: boolean;
}

/**
 * SECRETS_KEY, or the development key file the all-in-one service keeps under DATA_DIR when it already exists. A
 * new key is never made here: the service would not open what it sealed.
 */
function secretBoxOf(ctx: CliContext): SecretBox {
  const config = ctx.config();
  if (!config.SECRETS_KEY && !existsSync(path.join(config.DATA_DIR, 'secrets.key'))) {
    throw new CliError('SECRETS_KEY is not set: connections keep their secrets sealed with the key the service uses; set SECRETS_KEY as the service has it');
  }
  return createSecretBox(secretsKeyOf(config, true));
}

/** A secret from its file (first line, trailing newline removed) or else its environment variable. */
function readSecret(ctx: CliContext, what: string, file: string | undefined, variable: string, fileOption: string): string {
  let value: string | undefined;
  if (file) {
    try {
      value = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      throw new CliError(`cannot read ${fileOption} ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  } else {
    value = ctx.io.env[variable];
  }
  if (!value || !value.trim()) throw new UsageError(`the ${what} is missing: set ${variable} or pass ${fileOption} (never the secret itself on the command line)`);
  if (value !== value.trim() || /[\r\n]/.test(value)) throw new UsageError(`the ${what} has surrounding spaces or several lines`);
  return value;
}

function connectorFor(provider: string): Connector {
  const connector = connectorOf(provider);
  if (!connector) throw new UsageError(`unknown provider ${provider}; known: ${connectorProviders.join(', ')}`);
  return connector;
}

function checkBaseUrl(baseUrl: string, testRun: boolean): string {
  const problem = providerBaseUrlProblem(baseUrl, testRun);
  if (problem) throw new UsageError(`--base-url ${problem}`);
  const url = new URL(baseUrl);
  if (url.username || url.password || url.search || url.hash) throw new UsageError('--base-url takes no credentials, query or fragment');
  return url.toString().replace(/\/+$/, '');
}

async function addConnection(ctx: CliContext, options: AddOptions): Promise<void> {
  const connector = connectorFor(options.provider);
  const keyIdProblem = connector.checkKeyId(options.keyId);
  if (keyIdProblem) throw new UsageError(`--key-id: ${keyIdProblem}`);
  const accountProblem = connector.checkPayoutAccountNumber(options.payoutAccountNumber);
  if (accountProblem) throw new UsageError(`--payout-account-number: ${accountProblem}`);
  const baseUrl = checkBaseUrl(options.baseUrl ?? connector.defaultBaseUrl, ctx.config().PAYGATE_TEST_RUN);
  const keySecret = readSecret(ctx, 'key secret', options.keySecretFile, connector.secretVariables.keySecret, '--key-secret-file');
  const webhookSecret = readSecret(ctx, 'webhook secret', options.webhookSecretFile, connector.secretVariables.webhookSecret, '--webhook-secret-file');
  const notFound = new CliError(`account not found: ${options.account}`);
  if (!isIdOf('account', options.account)) throw notFound;
  const secrets = secretBoxOf(ctx);
  const { id, scheduled } = await ctx.withDatabase(async (db) => {
    const em = db.orm.em.fork();
    if (!(await em.findOne(AccountEntity, { id: options.account }, { fields: ['id'] }))) throw notFound;
    const refused = (existing: string | undefined) =>
      new CliError(`account ${options.account} already has an active connection${existing ? ` (${existing})` : ''}; disable it first (payctl connections disable ID)`);
    // One add at a time: two adds of one provider account must not both pass the check.
    const id = await em.transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', ['payctl/connections-add']);
      await refuseSecondConnection(tx, connector.provider, options.keyId, options.payoutAccountNumber);
      const existing = await activeConnection(tx, options.account);
      if (existing) throw refused(existing.id);
      try {
        return await insertConnection(tx, secrets, {
          accountId: options.account,
          provider: connector.provider,
          keyId: options.keyId,
          keySecret,
          webhookSecret,
          payoutAccountNumber: options.payoutAccountNumber,
          baseUrl,
        });
      } catch (err) {
        // Another add won the race for the one active connection (the partial unique index).
        if (err instanceof UniqueConstraintViolationException) throw refused(undefined);
        throw err;
      }
    });
    return { id, scheduled: await scheduleReconciliation(ctx, db, id, options.account) };
  });
  const webhookUrl = webhookUrlOf(ctx.config().publicBaseUrl, connector.provider, id);
  ctx.print(options.json, { connection_id: id, webhook_url: webhookUrl }, [
    `Connected account ${options.account} to ${connector.provider}: ${id}.`,
    `Register this webhook URL at the provider, with the webhook secret you gave:`,
    `  ${webhookUrl}`,
    scheduled
      ? `Reconciliation runs every ${ctx.config().RECONCILE_INTERVAL_SECONDS} s (payctl connections reconcile ${id} runs it now).`
      : `Reconciliation is scheduled when the service's worker next starts (Temporal is not reachable now).`,
  ]);
}

/** The service's Temporal: TEMPORAL_ADDRESS, or the dev server `npm start` runs on TEMPORAL_PORT. */
async function withTemporal<T>(ctx: CliContext, db: CliDatabase, work: (temporal: TemporalClientHandle) => Promise<T>): Promise<T> {
  const config = ctx.config();
  const address = config.TEMPORAL_ADDRESS ?? `127.0.0.1:${config.TEMPORAL_PORT}`;
  let temporal: TemporalClientHandle;
  try {
    temporal = await connectTemporal({ address, namespace: config.TEMPORAL_NAMESPACE, orm: db.orm, settings: gatewaySettings(config) });
  } catch (err) {
    throw new CliError(`cannot reach Temporal at ${address} (set TEMPORAL_ADDRESS): ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    return await work(temporal);
  } finally {
    await temporal.close();
  }
}

/**
 * Best effort: the new connection's reconciliation Schedule, when Temporal answers now. The worker makes every
 * connection's Schedule at start-up, so a connection added while the service is down gets its own then.
 */
async function scheduleReconciliation(ctx: CliContext, db: CliDatabase, connectionId: string, accountId: string): Promise<boolean> {
  const config = ctx.config();
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), SCHEDULE_ATTEMPT_MS);
  });
  const attempt = withTemporal(ctx, db, (t) =>
    ensureReconcileSchedule(t.client, { connectionId, accountId, taskQueue: config.TEMPORAL_TASK_QUEUE, intervalSeconds: config.RECONCILE_INTERVAL_SECONDS }),
  ).then(() => true as const, () => false as const);
  try {
    return await Promise.race([attempt, giveUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long `connections add` tries to reach Temporal before leaving the Schedule to the worker's start-up. */
const SCHEDULE_ATTEMPT_MS = 5_000;

const paiseText = (paise: number | null) => (paise === null ? '(not reconciled yet)' : `${paise} paise`);

function reconciliationLines(r: ReconciliationResult): string[] {
  return [
    `Reconciled ${r.connection_id} at ${new Date(r.reconciled_at * 1000).toISOString()}: ${r.lines_read} statement lines read, ` +
      `${r.deposits_read} deposits, ${r.payout_reports} payout reports, ${r.unexplained_lines} lines nothing explains.`,
    `  provider balance ${r.provider_balance} paise, ours ${r.our_balance} paise (available + reserved of payouts the provider has not debited)`,
    r.difference === 0 ? '  no difference' : `  DIFFERENCE ${r.difference} paise (reported, not corrected: find the line that explains it)`,
  ];
}

function summaryJson(c: ConnectionSummary): Record<string, unknown> {
  return {
    id: c.id,
    account_id: c.account_id,
    provider: c.provider,
    status: c.status,
    key_id: c.key_id,
    payout_account_number_last4: c.payout_account_number_last4,
    base_url: c.base_url,
    created_at: unixSeconds(c.created_at),
    reconciliation_cursor: c.reconciliation_cursor,
    reconciled_at: c.reconciled_at ? unixSeconds(c.reconciled_at) : null,
    reconciliation_provider_balance: c.reconciliation_provider_balance,
    reconciliation_difference: c.reconciliation_difference,
    reconciliation_differences_found: c.reconciliation_differences_found,
    previous_webhook_secret_expires_at: c.previous_webhook_secret_expires_at ? unixSeconds(c.previous_webhook_secret_expires_at) : null,
    attention: Object.fromEntries(Object.entries(c.attention).map(([capability, e]) => [capability, { reason: e!.reason, description: e!.description, since: unixSeconds(new Date(e!.since)) }])),
    last_reconciliation: c.last_reconciliation ? { at: unixSeconds(c.last_reconciliation.at), error: c.last_reconciliation.error } : null,
  };
}

/** One line per capability the provider account is not set up for (docs/live-money.md, Set-up errors). */
function attentionLines(c: ConnectionSummary): string[] {
  return Object.entries(c.attention).map(([capability, e]) =>
    `  attention required      ${capability}: ${e!.reason}${e!.description ? ` (${e!.description})` : ''} since ${e!.since}`);
}

function summaryLines(c: ConnectionSummary, publicBaseUrl: string): string[] {
  return [
    `${c.id}  ${c.provider}  ${c.status}`,
    ...attentionLines(c),
    `  account                 ${c.account_id}`,
    `  key id                  ${c.key_id}`,
    `  payout account number   ${c.payout_account_number_last4 ? `…${c.payout_account_number_last4}` : '(none)'}`,
    `  base URL                ${c.base_url}`,
    `  created                 ${c.created_at.toISOString()}`,
    `  webhook URL             ${webhookUrlOf(publicBaseUrl, c.provider, c.id)}`,
    `  reconciliation cursor   ${c.reconciliation_cursor ?? '(not reconciled yet)'}`,
    `  last reconciled         ${c.reconciled_at ? c.reconciled_at.toISOString() : '(not reconciled yet)'}`,
    ...(c.last_reconciliation?.error ? [`  last reconciliation     ${c.last_reconciliation.at.toISOString()} could not read: ${c.last_reconciliation.error}`] : []),
    `  provider balance        ${paiseText(c.reconciliation_provider_balance)}`,
    `  difference              ${paiseText(c.reconciliation_difference)}${c.reconciliation_differences_found ? ` (${c.reconciliation_differences_found} runs found one)` : ''}`,
    ...(c.previous_webhook_secret_expires_at ? [`  previous webhook secret valid until ${c.previous_webhook_secret_expires_at.toISOString()}`] : []),
  ];
}

async function connectionOrFail(ctx: CliContext, id: string, work: (em: EntityManager) => Promise<ConnectionSummary | null>): Promise<ConnectionSummary> {
  const notFound = new CliError(`connection not found: ${id}`);
  if (!isIdOf('connection', id)) throw notFound;
  const found = await ctx.withDatabase((db) => work(db.orm.em.fork()));
  if (!found) throw notFound;
  return found;
}

function secretVariablesHelp(): string {
  return connectorProviders
    .map((p) => connectorFor(p))
    .map((c) => `${c.secretVariables.keySecret} and ${c.secretVariables.webhookSecret} (${c.provider})`)
    .join('; ');
}

function registerAdd(connections: Command, ctx: CliContext): void {
  connections
    .command('add')
    .description('connect an account to a payment provider (secrets from the environment or files, sealed at rest)')
    .requiredOption('--account <id>', 'account id (acct_...)')
    .addOption(new Option('--provider <provider>', 'the provider').choices([...connectorProviders]).makeOptionMandatory())
    .requiredOption('--key-id <key_id>', "the provider's API key id")
    .requiredOption('--payout-account-number <number>', 'the provider account payouts are paid from')
    .option('--base-url <url>', "where the provider's API answers (default: the provider's own)")
    .option('--key-secret-file <file>', 'read the key secret from this file instead of the environment')
    .option('--webhook-secret-file <file>', 'read the webhook secret from this file instead of the environment')
    .option('--json', 'print {"connection_id", "webhook_url"} as JSON')
    .addHelpText('after', `\nSecrets come from ${secretVariablesHelp()}, or from the files named by the options.`)
    .action((options: AddOptions) => addConnection(ctx, options));
}

/** Adds `payctl connections ...`. */
export function registerConnectionsCommands(program: Command, ctx: CliContext): void {
  const connections = program.command('connections').description('manage accounts\' connections to payment providers (live money)');
  registerAdd(connections, ctx);
  registerKeepConnectionCommands(connections, ctx, { secretBoxOf, readSecret, connectorFor, summaryJson });
  registerCheckCommand(connections, ctx, secretBoxOf);

  connections
    .command('list')
    .description('list connections, newest first (never a secret)')
    .option('--account <id>', 'only this account\'s')
    .option('--json', 'print {"data": [...]} as JSON')
    .action(async (options: { account?: string; json?: boolean }) => {
      const list = await ctx.withDatabase((db) => listConnections(db.orm.em.fork(), { accountId: options.account }));
      const human = list.length === 0 ? ['No connections.'] : list.map((c) => `${c.id}  ${c.account_id}  ${c.provider}  ${c.status}${Object.keys(c.attention).length ? ` (${Object.entries(c.attention).map(([k, e]) => `${k}: ${e!.reason}`).join(', ')})` : ''}  key ${c.key_id}  account …${c.payout_account_number_last4 ?? ''}`);
      ctx.print(options.json, { data: list.map(summaryJson) }, human);
    });

  connections
    .command('show')
    .description('show one connection (never a secret)')
    .argument('<connection_id>', 'conn_...')
    .option('--json', 'print the connection as JSON')
    .action(async (id: string, options: { json?: boolean }) => {
      const found = await connectionOrFail(ctx, id, (em) => findConnection(em, id));
      ctx.print(options.json, summaryJson(found), summaryLines(found, ctx.config().publicBaseUrl));
    });

  connections
    .command('disable')
    .description('disable a connection: no new live money through it; webhooks and reconciliation go on')
    .argument('<connection_id>', 'conn_...')
    .option('--json', 'print the connection as JSON')
    .action(async (id: string, options: { json?: boolean }) => {
      let changed = false;
      const found = await connectionOrFail(ctx, id, async (em) => {
        changed = await disableConnection(em, id);
        return findConnection(em, id);
      });
      ctx.print(options.json, summaryJson(found), [`${changed ? 'Disabled' : 'Already disabled'}: ${found.id} (${found.provider}) of account ${found.account_id}.`]);
    });

  connections
    .command('reconcile')
    .description("reconcile a connection now: record what the provider reports that no webhook brought, and show the difference of balances")
    .argument('<connection_id>', 'conn_...')
    .option('--json', 'print the result as JSON')
    .action(async (id: string, options: { json?: boolean }) => {
      const config = ctx.config();
      const result = await ctx.withDatabase(async (db) => {
        const found = isIdOf('connection', id) ? await findConnection(db.orm.em.fork(), id) : null;
        if (!found) throw new CliError(`connection not found: ${id}`);
        return withTemporal(ctx, db, (t) => reconcileNow(t.client, { connectionId: id, accountId: found.account_id, taskQueue: config.TEMPORAL_TASK_QUEUE }));
      });
      ctx.print(options.json, result, reconciliationLines(result));
    });

  connections
    .command('rotate-webhook-secret')
    .description('replace the webhook secret (new one from the environment or a file); the old one stays valid for 24 hours')
    .argument('<connection_id>', 'conn_...')
    .option('--webhook-secret-file <file>', 'read the new webhook secret from this file instead of the environment')
    .option('--json', 'print {"connection_id", "previous_secret_valid_until"} as JSON')
    .action(async (id: string, options: { webhookSecretFile?: string; json?: boolean }) => {
      const notFound = new CliError(`connection not found: ${id}`);
      if (!isIdOf('connection', id)) throw notFound;
      const secrets = secretBoxOf(ctx);
      const until = await ctx.withDatabase(async (db) => {
        const em = db.orm.em.fork();
        const found = await findConnection(em, id);
        if (!found) throw notFound;
        const connector = connectorFor(found.provider);
        const secret = readSecret(ctx, 'webhook secret', options.webhookSecretFile, connector.secretVariables.webhookSecret, '--webhook-secret-file');
        return rotateWebhookSecret(em, secrets, id, secret);
      });
      if (!until) throw notFound;
      ctx.print(options.json, { connection_id: id, previous_secret_valid_until: unixSeconds(until) }, [
        `Rotated the webhook secret of ${id}; the previous one stays valid until ${until.toISOString()}.`,
      ]);
    });
}
