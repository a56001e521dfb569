// payctl keys: create a live or sandbox key for an account (shown once), revoke one by its id.
import { Option, type Command } from 'commander';
import { createApiKey, revokeApiKey } from '../db/accounts.ts';
import { AccountEntity, ApiKeyEntity, PayoutBatchEntity, PayoutEntity } from '../db/entities.ts';
import { payoutBatchWaitStatuses } from '../domain/payout-batches.ts';
import { ApiError } from '../domain/errors.ts';
import { payoutWaitStatuses } from '../domain/payouts.ts';
import { connectTemporal, gatewaySettings } from '../temporal/client/gateway.ts';
import { type KeyLimits, noKeyLimits } from '../domain/approvals.ts';
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

/**
 * An amount of paise as given: a positive whole number. At most Number.MAX_SAFE_INTEGER (well within the bigint
 * column), so that the API shows it, and the limits compare it, exactly.
 */
function paise(option: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  const amount = /^[1-9][0-9]*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(amount)) throw new UsageError(`${option} takes a whole number of paise from 1 to ${Number.MAX_SAFE_INTEGER}`);
  return amount;
}

interface LimitOptions {
  maxAmount?: string;
  dailyAmount?: string;
  approval?: 'always';
  refunds?: 'allow';
}

/**
 * A maker's limits, refused on other roles (docs/api.md, "Spending limits of a maker key"). A maker must have a
 * daily amount or `--approval always`: with neither, nothing would stop it paying out the whole balance alone.
 */
function limitsOf(role: KeyRole, options: LimitOptions): KeyLimits {
  const limits: KeyLimits = {
    maxAmount: paise('--max-amount', options.maxAmount),
    dailyAmount: paise('--daily-amount', options.dailyAmount),
    approval: options.approval ?? null,
    refunds: options.refunds ?? null,
  };
  if (role !== 'maker') {
    if (Object.values(limits).some((v) => v !== null)) {
      throw new UsageError(`--max-amount, --daily-amount, --approval and --refunds are for --role maker only, not ${role}`);
    }
    return noKeyLimits;
  }
  if (limits.dailyAmount === null && limits.approval === null) throw new UsageError('a maker key needs --daily-amount PAISE or --approval always (or both)');
  return limits;
}

/** A maker's limits in one line, as the operator gave them. */
function makerLimitsText(limits: KeyLimits): string {
  return [
    limits.maxAmount !== null ? `a payout above ${limits.maxAmount} paise waits for approval` : undefined,
    limits.dailyAmount !== null ? `${limits.dailyAmount} paise a day before approval` : undefined,
    limits.approval === 'always' ? 'every payout waits for approval' : undefined,
    limits.refunds === 'allow' ? 'may refund' : 'may not refund',
  ]
    .filter(Boolean)
    .join('; ');
}

/** Adds `payctl keys ...` (subcommands made with .command() inherit the program's output and exit settings). */
export function registerKeysCommands(program: Command, ctx: CliContext): void {
  const keys = program.command('keys').description('manage API keys');

  keys
    .command('create')
    .description('create an API key for an account (the key is shown once)')
    .requiredOption('--account <id>', 'account id (acct_...)')
    .addOption(new Option('--mode <mode>', 'which world the key acts in').choices(modes).makeOptionMandatory())
    .addOption(
      new Option('--role <role>', 'what the key may do: full (everything), maker (servers and agents: pays within its limits, never approves) or approver (reads, reports, approves)')
        .choices(creatableKeyRoles)
        .default('full'),
    )
    .option('--name <text>', 'what the key is for (1 to 100 characters)')
    .option('--holder <text>', 'the person or system that holds the key (default: the key itself); maker and checker are compared by holder')
    .option('--max-amount <paise>', 'maker: a payout above this waits for an approval')
    .option('--daily-amount <paise>', "maker: payouts beyond what the key's payouts and refunds add up to over 24 hours wait for an approval; refunds beyond it are refused")
    .addOption(new Option('--approval <when>', 'maker: every payout of the key waits for an approval').choices(['always'] as const))
    .addOption(new Option('--refunds <what>', 'maker: the key may make refunds (counted in its daily amount)').choices(['allow'] as const))
    .option('--json', 'print {"id", "account_id", "mode", "role", "name", "holder", "limits", "key"} as JSON')
    .action(async (options: { account: string; mode: Mode; role: KeyRole; name?: string; holder?: string; json?: boolean } & LimitOptions) => {
      const notFound = new CliError(`account not found: ${options.account}`);
      if (!isIdOf('account', options.account)) throw notFound;
      const name = label('--name', options.name);
      const holder = label('--holder', options.holder);
      const limits = limitsOf(options.role, options);
      const created = await ctx.withDatabase(async (db) => {
        const em = db.orm.em.fork();
        const account = await em.findOne(AccountEntity, { id: options.account });
        if (!account) throw notFound;
        return createApiKey(em, account.id, options.mode, { role: options.role, name, holder, limits, announce: true });
      });
      const { maxAmount, dailyAmount, approval, refunds } = created.limits;
      ctx.print(
        options.json,
        {
          id: created.id,
          account_id: created.account_id,
          mode: created.mode,
          role: created.role,
          name: created.name,
          holder: created.holder ?? created.id,
          limits: { max_amount: maxAmount, daily_amount: dailyAmount, approval, refunds },
          key: created.secret,
        },
        [
          `Created ${created.mode} ${created.role} key ${created.id} for account ${created.account_id}${created.name ? ` (${created.name})` : ''}, shown only this once:`,
          `  ${created.secret}`,
          ...(created.role === 'maker' ? [`Limits: ${makerLimitsText(created.limits)}.`] : []),
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
      const cancelled = await cancelWaitingPayoutsOf(ctx, keyId);
      ctx.print(
        options.json,
        { id: key.id, account_id: key.accountId, mode: key.mode, revoked_at: unixSeconds(key.revokedAt), cancelled_payouts: cancelled.payouts, cancelled_batches: cancelled.batches },
        [
          `${alreadyRevoked ? 'Already revoked' : 'Revoked'}: ${key.mode} key ${key.id} (…${key.last4}) of account ` +
            `${key.accountId}, at ${key.revokedAt.toISOString()}.`,
          ...(cancelled.payouts.length ? [`Cancelled ${cancelled.payouts.length} waiting payout(s) it created: ${cancelled.payouts.join(', ')}.`] : []),
          ...(cancelled.batches.length ? [`Cancelled ${cancelled.batches.length} waiting batch(es) it created: ${cancelled.batches.join(', ')}.`] : []),
        ],
      );
    });

}

/**
 * A revoked key's waiting payouts and batches end `cancelled` now (docs/api.md, "Payouts that wait"), each through its own
 * workflow as any cancel is. Should Temporal be out of reach the key stays revoked, and each of them is cancelled
 * when it would leave its wait (judged again there); running the revoke again cancels them now.
 */
async function cancelWaitingPayoutsOf(ctx: CliContext, keyId: string): Promise<{ payouts: string[]; batches: string[] }> {
  const config = ctx.config();
  return ctx.withDatabase(async (db) => {
    const em = db.orm.em.fork();
    // Its own payouts that wait (a batch's items wait with their batch, which is cancelled as a whole).
    const waiting = await em.find(PayoutEntity, { createdByKeyId: keyId, batchId: null, status: { $in: [...payoutWaitStatuses] } }, { orderBy: { id: 'asc' } });
    const batches = await em.find(PayoutBatchEntity, { createdByKeyId: keyId, status: { $in: [...payoutBatchWaitStatuses] } }, { orderBy: { id: 'asc' } });
    if (waiting.length + batches.length === 0) return { payouts: [], batches: [] };
    const address = config.TEMPORAL_ADDRESS ?? `127.0.0.1:${config.TEMPORAL_PORT}`;
    let temporal;
    try {
      temporal = await connectTemporal({ address, namespace: config.TEMPORAL_NAMESPACE, orm: db.orm, settings: gatewaySettings(config) });
    } catch (err) {
      throw new CliError(
        `the key is revoked, but its ${waiting.length + batches.length} waiting payout(s) and batch(es) could not be cancelled now: cannot reach Temporal at ${address} (set TEMPORAL_ADDRESS): ` +
          `${err instanceof Error ? err.message : String(err)}. They are cancelled when they would leave their wait; run the revoke again to cancel them now.`,
      );
    }
    const by = { keyId: 'payctl', name: 'payctl keys revoke', holder: `payctl:${keyId}`, role: 'full' as const };
    const cancelled: string[] = [];
    const cancelledBatches: string[] = [];
    try {
      for (const row of waiting) {
        const moved = { id: row.id, accountId: row.accountId, mode: row.mode, idempotencyKey: row.idempotencyKey, status: row.status };
        try {
          if ((await temporal.gateway.payoutWaitAction(moved, { kind: 'cancel', by })).status === 'cancelled') cancelled.push(row.id);
        } catch (err) {
          // It left its wait meanwhile (409): nothing to cancel any more.
          if (!(err instanceof ApiError && err.code === 'invalid_state')) throw err;
        }
      }
      for (const row of batches) {
        try {
          const ref = { batchId: row.id, accountId: row.accountId, mode: row.mode, idempotencyKey: row.idempotencyKey };
          if ((await temporal.gateway.payoutBatchWaitAction(ref, { kind: 'cancel', by })).status === 'cancelled') cancelledBatches.push(row.id);
        } catch (err) {
          if (!(err instanceof ApiError && err.code === 'invalid_state')) throw err;
        }
      }
    } finally {
      await temporal.close();
    }
    return { payouts: cancelled, batches: cancelledBatches };
  });
}
