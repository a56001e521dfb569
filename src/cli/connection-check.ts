// `payctl connections check ID [--json]`: a read-only probe of the connection's provider account (docs/live-money.md,
// "Set-up errors are not declines"): one line per probe, `ok`, `failed: reason`, or `not probed: ask the provider to
// enable …` for what no read can show. Nothing is created at the provider and nothing changes here; the exit status
// is 1 when a probe failed.
import type { Command } from 'commander';
import { connectorOf } from '../connectors/index.ts';
import type { ConnectionProbe } from '../rails/provider.ts';
import { connectionCredentials } from '../db/connections.ts';
import type { SecretBox } from '../db/sealed.ts';
import { CliError, type CliContext } from './context.ts';

export function probeLine(p: ConnectionProbe): string {
  if (p.result === 'ok') return `${p.name}: ok${p.detail ? ` (${p.detail})` : ''}`;
  if (p.result === 'failed') return `${p.name}: failed: ${p.detail ?? 'no reason given'}`;
  return `${p.name}: not probed: ${p.detail ?? ''}`;
}

export function registerCheckCommand(connections: Command, ctx: CliContext, secretBoxOf: (ctx: CliContext) => SecretBox): void {
  connections
    .command('check')
    .description("probe the connection's provider account read-only: the key, the payout account and its balance, the IP allow-list; and what to ask the provider to enable")
    .argument('<connection_id>', 'conn_...')
    .option('--json', 'print {"connection_id", "probes": [{name, result, detail}]} as JSON')
    .action(async (id: string, options: { json?: boolean }) => {
      const secrets = secretBoxOf(ctx);
      const credentials = await ctx.withDatabase((db) => connectionCredentials(db.orm.em.fork(), secrets, id));
      if (!credentials) throw new CliError(`connection not found: ${id}`);
      const connector = connectorOf(credentials.provider);
      if (!connector?.probe) throw new CliError(`the ${credentials.provider} connector has no probe`);
      const probes = await connector.probe({
        baseUrl: credentials.baseUrl,
        keyId: credentials.keyId,
        keySecret: credentials.keySecret,
        accountNumber: credentials.payoutAccountNumber,
      });
      ctx.print(options.json, { connection_id: id, probes }, probes.map(probeLine));
      // Exit 1 through the CLI's own error path: a process.exitCode would be lost (payctl.ts exits with the code run answers).
      const failed = probes.filter((p) => p.result === 'failed');
      if (failed.length > 0) throw new CliError(`${failed.length} probe${failed.length === 1 ? '' : 's'} failed: ${failed.map((p) => p.name).join(', ')}`);
    });
}
