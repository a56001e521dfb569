// Reconciliation of a live connection (docs/api.md, Live mode): each step reads what the provider reports (an ordinary
// activity, paced by the connection's shared rate, on its own retry profile) and answers the work it calls for in
// the webhooks' own terms (ProviderEventWork): a deposit's top-up keyed as the webhook keys it, a payout's report
// for the one transition writer. The workflow applies that work, saves the step's cursor, then measures the
// difference between the provider's balance and ours, which is logged and stored, never corrected.
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ProviderAccountReader, ProviderPayoutReport, ProviderStatementLine } from '../src/rails/provider.ts';
import { readBalances } from '../src/db/balances.ts';
import { ConnectionEntity } from '../src/db/entities.ts';
import { recordReconciliation } from '../src/db/connection-attention.ts';
import { type ReconcileStep, type ReconciliationResult, reconciliationDifference } from '../src/domain/reconciliation.ts';
import { recordProviderPayoutFacts } from './payouts/provider-fees.ts';
import { type ProviderEventWork, providerTopUp, railStateOf } from './provider-events.ts';

/** The reader of a connection's provider account (the worker's composition root unseals its key); null when none. */
export type AccountReaderOf = (connectionId: string) => Promise<ProviderAccountReader | null>;

export interface ReconcileStepRead {
  /** What to apply, each once, through the webhooks' writers. */
  works: NonNullable<ProviderEventWork>[];
  /** What the step saves once its work is applied (the statement's cursor and the balance after its last line). */
  state: { cursor: string | null; providerBalance: number | null; linesRead: number; unexplained: number };
}

interface KnownPayout {
  id: string;
  status: string;
  fees: number;
}

interface StatementContext {
  orm: MikroORM;
  reader: ProviderAccountReader;
  accountId: string;
  connectionId: string;
  /** Payouts looked up at the provider during this read, so each is asked once. */
  fetched: Map<string, ProviderPayoutReport>;
}

async function findPayout(c: StatementContext, by: { providerReference: string; payoutId?: string | null }): Promise<KnownPayout | null> {
  const em = c.orm.em.fork();
  const select = `select id, status, fees::int as fees from payouts where account_id = ? and mode = 'live'`;
  const [byReference] = await em.execute<KnownPayout[]>(`${select} and provider_reference = ?`, [c.accountId, by.providerReference]);
  if (byReference) return byReference;
  // A payout whose create answer was lost has no provider id of ours yet: the provider's payout names our id.
  const payoutId = by.payoutId ?? (await fetchPayout(c, by.providerReference)).payoutId;
  if (!payoutId) return null;
  const [byId] = await em.execute<KnownPayout[]>(`${select} and id = ?`, [c.accountId, payoutId]);
  return byId ?? null;
}

async function fetchPayout(c: StatementContext, providerReference: string): Promise<ProviderPayoutReport> {
  let report = c.fetched.get(providerReference);
  if (!report) {
    report = await c.reader.payout(providerReference);
    c.fetched.set(providerReference, report);
    Context.current().heartbeat();
  }
  return report;
}

/** The report of a payout whose final state the statement shows (debited, or money back), when ours may be behind. */
async function payoutWork(c: StatementContext, payout: KnownPayout, providerReference: string): Promise<NonNullable<ProviderEventWork> | null> {
  const state = railStateOf((await fetchPayout(c, providerReference)).outcome);
  return state ? { kind: 'payout', report: { id: payout.id, outcome: state } } : null;
}

/** One statement line's work: a deposit's top-up, a payout's fees (written here, once) and final state, or nothing. */
async function lineWork(c: StatementContext, line: ProviderStatementLine): Promise<NonNullable<ProviderEventWork> | 'unexplained' | null> {
  const log = Context.current().log;
  const source = line.source;
  switch (source.kind) {
    case 'deposit':
      // Keyed by the provider's transaction id, as the deposit's webhook keys it: whichever comes first records it.
      return line.credit > 0 ? { kind: 'top_up', topUp: providerTopUp(c.accountId, c.connectionId, { providerReference: line.id, amount: line.credit }) } : 'unexplained';
    case 'payout': {
      const payout = await findPayout(c, { providerReference: source.providerReference, payoutId: source.payoutId });
      if (!payout) return 'unexplained';
      // The fees the provider debited with the payout, recorded once whichever answer or line brings them first.
      if (payout.fees === 0 && source.fees) {
        await recordProviderPayoutFacts(c.orm, { payoutId: payout.id, providerReference: source.providerReference, fees: source.fees, returned: false });
      }
      return payout.status === 'initiated' ? payoutWork(c, payout, source.providerReference) : null;
    }
    case 'reversal': {
      const payout = await findPayout(c, { providerReference: source.payoutProviderReference });
      if (!payout) return 'unexplained';
      return payout.status === 'initiated' || payout.status === 'completed' ? payoutWork(c, payout, source.payoutProviderReference) : null;
    }
    case 'verification': {
      // A verification's charge (or its credit back): its fee is written by the verification's end, from these lines.
      const [known] = await c.orm.em.fork().execute<{ id: string }[]>(
        `select id from beneficiary_verifications where account_id = ? and mode = 'live' and provider_validation_id = ?`,
        [c.accountId, source.validationReference],
      );
      return known ? null : 'unexplained';
    }
    case 'other':
      log.warn('reconciliation: a statement line nothing of ours explains', { connectionId: c.connectionId, transaction: line.id, entity: source.entity, credit: line.credit, debit: line.debit });
      return 'unexplained';
    default:
      return source satisfies never;
  }
}

/**
 * The statement's lines from the second the connection was made on, and the last line before it. Money the account
 * held before (its deposits, and payouts this service never made) is not ours to explain line by line; the balance
 * after that last line becomes one top-up, so that live `available` starts equal to the provider's balance.
 */
function splitAtConnection(lines: ProviderStatementLine[], connectedAt: Date): { opening: ProviderStatementLine | null; lines: ProviderStatementLine[] } {
  // Whole seconds: the statement's times have no finer grain, and a line of the connection's own second is after it.
  const from = Math.floor(connectedAt.getTime() / 1000) * 1000;
  const before = lines.filter((l) => l.createdAt.getTime() < from);
  return { opening: before.at(-1) ?? null, lines: lines.filter((l) => l.createdAt.getTime() >= from) };
}

/**
 * The balance brought forward, keyed like a deposit by the last line before the connection (so that line, were it
 * also a deposit a webhook brought, is recorded once).
 */
function openingTopUp(c: StatementContext, last: ProviderStatementLine) {
  const topUp = providerTopUp(c.accountId, c.connectionId, { providerReference: last.id, amount: last.balance });
  return { ...topUp, description: 'Balance at the provider when the connection was made', metadata: { ...topUp.metadata, opening_balance: 'true' } };
}

async function connectionOf(orm: MikroORM, connectionId: string) {
  const connection = await orm.em.fork().findOne(ConnectionEntity, { id: connectionId }, {
    fields: ['accountId', 'reconciliationCursor', 'reconciliationProviderBalance', 'createdAt', 'supersededBy'],
  });
  if (!connection) throw ApplicationFailure.nonRetryable(`no connection ${connectionId}`, 'NotFound');
  return connection;
}

export function createReconciliationActivities(deps: { orm: MikroORM; readerOf: AccountReaderOf }) {
  const readers: Record<ReconcileStep, (connectionId: string) => Promise<ReconcileStepRead>> = {
    async payout_account_statement(connectionId) {
      const connection = await connectionOf(deps.orm, connectionId);
      // An older duplicate of a provider account leaves its statement to the newest connection, which reads the same
      // lines: two readers would each record them.
      if (connection.supersededBy) return { works: [], state: { cursor: connection.reconciliationCursor ?? null, providerBalance: null, linesRead: 0, unexplained: 0 } };
      const reader = await deps.readerOf(connectionId);
      if (!reader) throw ApplicationFailure.nonRetryable(`connection ${connectionId} has no provider account to read`, 'NoProviderAccount');
      const read = await reader.listTransactions(connection.reconciliationCursor ?? null);
      const c: StatementContext = { orm: deps.orm, reader, accountId: connection.accountId, connectionId, fetched: new Map() };
      const works: NonNullable<ProviderEventWork>[] = [];
      let unexplained = 0;
      // The first read covers the account's whole history: what was there before the connection is one top-up.
      const { opening, lines } = connection.reconciliationCursor ? { opening: null, lines: read.lines } : splitAtConnection(read.lines, connection.createdAt);
      if (opening && opening.balance > 0) works.push({ kind: 'top_up', topUp: openingTopUp(c, opening) });
      for (const line of lines) {
        const work = await lineWork(c, line);
        if (work === 'unexplained') unexplained++;
        else if (work) works.push(work);
      }
      const last = read.lines.at(-1);
      return { works, state: { cursor: read.cursor, providerBalance: last ? last.balance : null, linesRead: read.lines.length, unexplained } };
    },
  };

  return {
    /** Reads one step at the provider (an ordinary activity: it leaves the machine). */
    async readReconcileStep(input: { connectionId: string; step: ReconcileStep }): Promise<ReconcileStepRead> {
      const context = Context.current();
      // A long statement is many paced pages: the heartbeat says the reading goes on.
      const beat = setInterval(() => context.heartbeat(), 5_000);
      try {
        return await readers[input.step](input.connectionId);
      } catch (err) {
        // A reading that fails is the reconciliation's own news, not a set-up mark: the connection's status stays.
        await recordReconciliation(deps.orm.em.fork(), input.connectionId, `${input.step}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500)).catch(() => {});
        throw err;
      } finally {
        clearInterval(beat);
      }
    },

    /** Saves where the step got to, once its work is applied (a run cut off before reads the same lines again). */
    async saveReconcileStep(input: { connectionId: string; step: ReconcileStep; state: ReconcileStepRead['state'] }): Promise<void> {
      const { cursor, providerBalance } = input.state;
      if (providerBalance === null) return;
      await deps.orm.em.fork().nativeUpdate(ConnectionEntity, { id: input.connectionId }, { reconciliationCursor: cursor, reconciliationProviderBalance: providerBalance });
    },

    /**
     * The difference (docs/decisions.md): the provider's balance after the last line read, minus live `available` and the
     * reserved amounts of payouts the provider has not debited yet (initiated, no fees reported). Stored on the
     * connection and logged; nothing is changed to make it disappear. Ours is read right after the statement's
     * work was applied, not in one instant with the provider's: a payout debited or a deposit arriving in between
     * shows as a difference for this run only (the next run reads its line). A payout the provider charges no fee
     * for reads as not debited until it settles.
     */
    async measureReconciliation(input: { connectionId: string; totals: { linesRead: number; deposits: number; payoutReports: number; unexplained: number } }): Promise<ReconciliationResult> {
      const em = deps.orm.em.fork();
      const connection = await connectionOf(deps.orm, input.connectionId);
      const balances = await readBalances(em, connection.accountId, 'live');
      const [row] = await em.execute<{ unaccepted: string }[]>(
        `select coalesce(sum(amount), 0)::text as unaccepted from payouts where account_id = ? and mode = 'live' and status = 'initiated' and fees = 0`,
        [connection.accountId],
      );
      const providerBalance = Number(connection.reconciliationProviderBalance ?? 0);
      const available = Number(balances.available);
      const unaccepted = Number(row.unaccepted);
      const difference = reconciliationDifference(providerBalance, available, unaccepted);
      await recordReconciliation(deps.orm.em.fork(), input.connectionId, null);
      const reconciledAt = new Date();
      await em.execute(
        `update connections set reconciled_at = ?, reconciliation_difference = ?,
           reconciliation_differences_found = reconciliation_differences_found + ? where id = ?`,
        [reconciledAt, difference, difference === 0 ? 0 : 1, input.connectionId],
      );
      const result: ReconciliationResult = {
        connection_id: input.connectionId,
        reconciled_at: Math.floor(reconciledAt.getTime() / 1000),
        cursor: connection.reconciliationCursor ?? null,
        lines_read: input.totals.linesRead,
        deposits_read: input.totals.deposits,
        payout_reports: input.totals.payoutReports,
        unexplained_lines: input.totals.unexplained,
        provider_balance: providerBalance,
        our_balance: available + unaccepted,
        difference,
      };
      const log = Context.current().log;
      if (difference !== 0) log.warn('reconciliation difference: the provider balance and ours differ (reported, not corrected)', { ...result });
      else log.info('reconciliation: the provider balance and ours agree', { ...result });
      return result;
    },
  };
}

export type ReconciliationActivities = ReturnType<typeof createReconciliationActivities>;
