// payctl batches: follow a payout batch from the database (not the API), so an operator can watch a run
// whether or not the API is reachable, with the same live counts GET /v1/payout_batches/:id shows; and
// restart one whose workflow failed (docs/api.md, Payout batches).
import { setTimeout as delay } from 'node:timers/promises';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { PayoutBatchEntity } from '../db/entities.ts';
import { isPayoutBatchWaiting } from '../domain/payout-batches.ts';
import { payoutBatchViewOf } from '../db/payout-batches.ts';
import { connectTemporal, gatewaySettings } from '../temporal/client/gateway.ts';
import { CliError, UsageError, type CliContext } from './context.ts';
import { jsonIntegerText } from '../contract/common.ts';
import type { PayoutBatchResponse } from '../contract/payout-batches.ts';

const DEFAULT_INTERVAL_MS = 1000;

const settledOf = (view: PayoutBatchResponse) => view.counts.completed + view.counts.failed + view.counts.reversed;

function summary(view: PayoutBatchResponse): string[] {
  const { initiated, completed, failed, reversed } = view.counts;
  const took = view.completed_at !== null ? ` in ${view.completed_at - view.created_at} s` : '';
  return [
    `Batch ${view.id} ${view.status}${took}: ${settledOf(view)}/${view.total_count} payouts settled, total amount ${jsonIntegerText(view.total_amount)} paise.`,
    `  completed ${completed}, failed ${failed}, reversed ${reversed}, initiated ${initiated}`,
  ];
}

/** Adds `payctl batches ...` (subcommands made with .command() inherit the program's output and exit settings). */
export function registerBatchesCommands(program: Command, ctx: CliContext): void {
  const batches = program.command('batches').description('follow payout batches');

  batches
    .command('watch')
    .description('show a payout batch\'s progress until it is completed, then a summary')
    .argument('<batch_id>', 'payout batch id (pbat_...)')
    .option('--interval <ms>', 'how often to look again, in milliseconds', String(DEFAULT_INTERVAL_MS))
    .option('--json', 'print the completed batch as JSON (as GET /v1/payout_batches/:id shows it)')
    .action(async (batchId: string, options: { interval: string; json?: boolean }) => {
      const interval = /^[0-9]{1,7}$/.test(options.interval) ? Number(options.interval) : Number.NaN;
      if (!Number.isInteger(interval) || interval < 10) throw new UsageError(`--interval must be a whole number of milliseconds, at least 10 (got '${options.interval}')`);
      const final = await ctx.withDatabase(async (db) => {
        const load = async (): Promise<PayoutBatchResponse | undefined> => {
          const em = db.orm.em.fork();
          const row = await em.findOne(PayoutBatchEntity, { id: batchId });
          return row ? payoutBatchViewOf(em, row) : undefined;
        };
        let view = await load();
        if (!view) throw new CliError(`payout batch not found: ${batchId}`);
        const stream = ctx.io.stderr as NodeJS.WritableStream & { isTTY?: boolean };
        const bar = new cliProgress.SingleBar(
          {
            stream,
            format: `${batchId} [{bar}] {percentage}% | {value}/{total} settled | initiated {initiated} completed {completed} failed {failed} reversed {reversed}`,
            hideCursor: stream.isTTY ? true : null,
            // Piped to a file or a log: one line per look rather than nothing.
            noTTYOutput: true,
            notTTYSchedule: Math.max(interval, 1000),
            etaBuffer: 20,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(view.total_count, settledOf(view), view.counts);
        // Ctrl-C ends the watch through the normal path, so the cursor comes back and an embedded
        // PostgreSQL this process started is stopped again.
        const interrupted = new AbortController();
        const onSigint = () => interrupted.abort();
        process.once('SIGINT', onSigint);
        try {
          while (view.status !== 'completed') {
            try {
              await delay(interval, undefined, { signal: interrupted.signal });
            } catch {
              throw new CliError('interrupted; the batch goes on', 130);
            }
            const next = await load();
            if (!next) throw new CliError(`payout batch not found: ${batchId}`);
            view = next;
            bar.update(settledOf(view), view.counts);
          }
        } finally {
          process.off('SIGINT', onSigint);
          bar.stop();
        }
        return view;
      });
      ctx.print(options.json, final, summary(final));
    });

  batches
    .command('restart')
    .description('start again a payout batch whose workflow failed or was terminated: settled items are skipped, none is paid twice')
    .argument('<batch_id>', 'payout batch id (pbat_...)')
    .option('--json', 'print {"batch_id", "outcome"} as JSON')
    .action(async (batchId: string, options: { json?: boolean }) => {
      const config = ctx.config();
      const outcome = await ctx.withDatabase(async (db) => {
        const row = await db.orm.em.fork().findOne(PayoutBatchEntity, { id: batchId });
        if (!row) throw new CliError(`payout batch not found: ${batchId}`);
        if (row.status === 'completed') return 'completed' as const;
        // The service's Temporal: TEMPORAL_ADDRESS, or the dev server `npm start` runs on TEMPORAL_PORT.
        const address = config.TEMPORAL_ADDRESS ?? `127.0.0.1:${config.TEMPORAL_PORT}`;
        let temporal;
        try {
          temporal = await connectTemporal({ address, namespace: config.TEMPORAL_NAMESPACE, orm: db.orm, settings: gatewaySettings(config) });
        } catch (err) {
          throw new CliError(`cannot reach Temporal at ${address} (set TEMPORAL_ADDRESS): ${err instanceof Error ? err.message : String(err)}`);
        }
        try {
          return await temporal.gateway.restartPayoutBatch({ batchId: row.id, accountId: row.accountId, mode: row.mode, idempotencyKey: row.idempotencyKey, waits: isPayoutBatchWaiting(row.status) });
        } finally {
          await temporal.close();
        }
      });
      const said = { restarted: 'restarted: its settled items are skipped, the rest go on', running: 'still running; nothing to do', completed: 'already completed; nothing to do' }[outcome];
      ctx.print(options.json, { batch_id: batchId, outcome }, [`Batch ${batchId} ${said}.`]);
    });
}
