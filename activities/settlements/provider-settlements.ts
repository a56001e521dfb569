// Live settlements (docs/api.md, Live payments, refunds, settlements): each settlement the provider reports becomes ours
// once, keyed by its id (provider_reference) per account, whether its webhook or the settlements sync saw it first.
// It takes the live payments it settled (by the provider's payment id, or our id as the order's receipt) and moves
// what the provider paid out from `pending` to the business's bank account: one `settlement` balance transaction.
// No fee is recorded here (docs/decisions.md, Fees, once): the payments' fees were at capture, and a difference between
// the settlement's `fees` and those is a reconciliation difference, logged, never "fixed".
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { ProviderGateways, ProviderSettlementLine, ProviderSettlementReport } from '../../src/rails/provider.ts';
import { InsufficientFundsError } from '../../src/domain/failures.ts';
import { newId } from '../../src/domain/ids.ts';
import { liveSettlementPosting } from '../../src/domain/ledger.ts';
import { SettlementEntity } from '../../src/db/entities.ts';
import { recordEvent } from '../../src/db/events.ts';
import { settlementView } from '../../src/db/views.ts';
import { post } from '../../src/ledger/ledger.ts';

/** A provider settlement as it travels through workflow history (dates as epoch ms). */
export interface SettlementFacts {
  providerReference: string;
  amount: number;
  fees: number;
  utr: string | null;
  createdAt: number;
}

export const settlementFactsOf = (r: ProviderSettlementReport): SettlementFacts => ({
  providerReference: r.providerReference,
  amount: r.amount,
  fees: r.fees,
  utr: r.utr,
  createdAt: r.createdAt.getTime(),
});

const log = () => {
  try {
    return Context.current().log;
  } catch {
    return { info: (..._: unknown[]) => {}, warn: (..._: unknown[]) => {} };
  }
};

/**
 * Writes the settlement once: its payments claimed, `pending` drawn by what the provider paid out, its event.
 * Returns its id (an existing one when the settlement was recorded before).
 */
export async function writeProviderSettlement(orm: MikroORM, accountId: string, facts: SettlementFacts, lines: ProviderSettlementLine[]): Promise<string> {
  return orm.em.fork().transactional(async (tx) => {
    // One writer per provider settlement at a time; the unique index stands behind it.
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`settlement:${accountId}:${facts.providerReference}`]);
    const known = await tx.findOne(SettlementEntity, { accountId, mode: 'live', providerReference: facts.providerReference });
    if (known) return known.id;
    const settlementId = newId('settlement');
    const paymentLines = lines.filter((l) => l.type === 'payment');
    const refs = paymentLines.map((l) => l.paymentProviderReference ?? l.providerReference);
    const ids = paymentLines.map((l) => l.paymentId).filter((id): id is string => id !== null);
    const claimed = await tx.execute<{ id: string }[]>(
      `update payments set settlement_id = ?
       where account_id = ? and mode = 'live' and settlement_id is null and status = 'captured'
         and (provider_reference in (select jsonb_array_elements_text(?::jsonb)) or id in (select jsonb_array_elements_text(?::jsonb)))
       returning id`,
      [settlementId, accountId, JSON.stringify(refs), JSON.stringify(ids)],
    );
    const settlement = tx.create(SettlementEntity, {
      id: settlementId,
      accountId,
      mode: 'live',
      amount: BigInt(facts.amount),
      currency: 'INR',
      paymentCount: claimed.length,
      status: 'processed',
      utr: facts.utr ?? '',
      providerReference: facts.providerReference,
      fees: BigInt(facts.fees),
      createdAt: new Date(),
    });
    await tx.flush();
    if (facts.amount > 0) {
      await post(tx, { accountId, mode: 'live', posting: liveSettlementPosting(facts.amount), sourceId: settlementId, description: 'Settlement to the bank account' });
    }
    await reportFeeDifference(tx, accountId, facts, claimed.map((c) => c.id));
    await recordEvent(tx, { accountId, mode: 'live', type: 'settlement.processed', object: settlementView(settlement) });
    return settlementId;
  });
}

/** The settlement's fees against the fees recorded at capture of its payments: a difference is logged, not posted. */
async function reportFeeDifference(tx: Parameters<Parameters<MikroORM['em']['transactional']>[0]>[0], accountId: string, facts: SettlementFacts, paymentIds: string[]) {
  const [row] = await tx.execute<{ fees: string }[]>(
    `select coalesce(-sum(amount), 0)::text as fees from balance_transactions
     where account_id = ? and mode = 'live' and type = 'fee' and source_id in (select jsonb_array_elements_text(?::jsonb))`,
    [accountId, JSON.stringify(paymentIds)],
  );
  const recorded = Number(row?.fees ?? 0);
  if (recorded !== facts.fees) {
    log().warn('reconciliation difference: a settlement\'s fees differ from the fees recorded at capture', {
      accountId, settlement: facts.providerReference, providerFees: facts.fees, recordedFees: recorded,
    });
  }
}

export function createProviderSettlementActivities(deps: { orm: MikroORM; gateways?: ProviderGateways }) {
  const gatewayOf = async (connectionId: string) => {
    const gateway = await deps.gateways?.ofConnection(connectionId);
    if (!gateway) throw ApplicationFailure.nonRetryable(`connection ${connectionId} has no payment gateway`, 'NoGateway');
    return gateway;
  };
  const accountOf = async (connectionId: string) => {
    const [row] = await deps.orm.em.fork().execute<{ account_id: string }[]>('select account_id from connections where id = ?', [connectionId]);
    if (!row) throw ApplicationFailure.nonRetryable(`no connection ${connectionId}`, 'NotFound');
    return row.account_id;
  };
  /** Records one provider settlement (its lines read from the provider); a settlement `pending` cannot cover stops. */
  async function record(connectionId: string, accountId: string, facts: SettlementFacts): Promise<string> {
    const gateway = await gatewayOf(connectionId);
    const lines = await gateway.settlementLines({ providerReference: facts.providerReference, createdAt: new Date(facts.createdAt) });
    try {
      return await writeProviderSettlement(deps.orm, accountId, facts, lines);
    } catch (err) {
      if (!(err instanceof InsufficientFundsError)) throw err;
      // Live `pending` does not hold what the provider paid out: a capture we have not recorded yet. Not retried here;
      // the settlements sync tries again on its next run, after reconciliation has caught up.
      throw ApplicationFailure.nonRetryable(`settlement ${facts.providerReference} exceeds live pending`, 'SettlementExceedsPending');
    }
  }
  return {
    /** A provider settlement (from its webhook) recorded once. An ordinary activity: it reads the settlement's lines. */
    async recordProviderSettlement(input: { connectionId: string; settlement: SettlementFacts }): Promise<string> {
      return record(input.connectionId, await accountOf(input.connectionId), input.settlement);
    },

    /**
     * The settlements sync (reconciliation's step for settlements, and the backstop of a lost webhook): every
     * settlement the provider made since the connection's settlements cursor becomes ours once; the cursor moves past
     * each recorded one. Answers how many it read and the ids it recorded (new or found).
     */
    async syncProviderSettlements(connectionId: string): Promise<{ read: number; settlementIds: string[] }> {
      const accountId = await accountOf(connectionId);
      const gateway = await gatewayOf(connectionId);
      const em = deps.orm.em.fork();
      const [row] = await em.execute<{ cursor: string | null }[]>('select settlements_cursor as cursor from connections where id = ?', [connectionId]);
      const page = await gateway.settlementsSince(row?.cursor ?? null);
      const settlementIds: string[] = [];
      let unfinished = false;
      for (const report of page.settlements) {
        // A settlement not processed yet is read again next time (the cursor stays where it was).
        if (report.providerStatus !== 'processed') unfinished = true;
        else settlementIds.push(await record(connectionId, accountId, settlementFactsOf(report)));
      }
      // Every processed settlement of the page is recorded (once: a later read finds them): the cursor moves past them.
      if (!unfinished && page.cursor !== (row?.cursor ?? null)) await em.execute('update connections set settlements_cursor = ? where id = ?', [page.cursor, connectionId]);
      return { read: page.settlements.length, settlementIds };
    },
  };
}

export type ProviderSettlementActivities = ReturnType<typeof createProviderSettlementActivities>;
