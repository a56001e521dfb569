// A live payout's provider fees in the ledger (docs/api.md, Live mode; docs/decisions.md, "Fees, once"): the fee the provider
// reports becomes one `fee` balance transaction drawn on `available` (source: the payout), recorded once however
// many answers carry it; a payout that fails after the provider debited it, or is reversed, gets it back as one
// positive `fee` transaction. So live `available` moves as the provider's balance does, to the paisa.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PayoutRailState } from '../../src/domain/payouts.ts';
import type { RailAnswer } from '../../src/rails/rail.ts';
import { payoutFeePosting, payoutFeeRefundPosting } from '../../src/domain/ledger.ts';
import type { Mode } from '../../src/domain/modes.ts';
import { post } from '../../src/ledger/ledger.ts';

export interface ProviderPayoutFacts {
  payoutId: string;
  providerReference: string;
  /** Paise, GST included; 0 until the provider reports them. */
  fees: number;
  /** The provider gave the money (and its fees) back: the payout failed after its debit, or was reversed. */
  returned: boolean;
}

/**
 * What a rail answer says of a live payout (its provider id, its fees, whether they came back), kept by the step that
 * received the answer. `em` may be a transaction that already holds the payout's row lock (a batch item's give-up).
 */
export async function recordPayoutAnswer(em: EntityManager, payoutId: string, answer: RailAnswer<PayoutRailState>): Promise<void> {
  if (!answer.providerReference) return;
  const returned = answer.outcome.state === 'reversed' || (answer.outcome.state === 'failed' && answer.fees > 0);
  await recordProviderPayoutFacts(em, { payoutId, providerReference: answer.providerReference, fees: answer.fees, returned });
}

/** Keeps the provider's id and fees on the payout and writes its fee (and a fee's return) once each. */
export async function recordProviderPayoutFacts(db: MikroORM | EntityManager, facts: ProviderPayoutFacts): Promise<void> {
  const em = 'em' in db ? db.em.fork() : db;
  await em.transactional(async (tx) => {
    // The row lock orders two answers about the same payout: the first records the fee, the second finds it.
    const [row] = await tx.execute<{ account_id: string; mode: Mode; fees: string }[]>(
      `update payouts set provider_reference = coalesce(provider_reference, ?) where id = ? returning account_id, mode, fees::text as fees`,
      [facts.providerReference, facts.payoutId],
    );
    if (!row) return;
    let recorded = Number(row.fees);
    if (recorded === 0 && facts.fees > 0) {
      await tx.execute('update payouts set fees = ? where id = ?', [facts.fees, facts.payoutId]);
      await post(tx, { accountId: row.account_id, mode: row.mode, posting: payoutFeePosting(facts.fees), sourceId: facts.payoutId, description: 'Provider fees' });
      recorded = facts.fees;
    }
    if (!facts.returned || recorded === 0) return;
    const [given] = await tx.execute<{ n: number }[]>(
      `select count(*)::int as n from balance_transactions where account_id = ? and mode = ? and source_id = ? and type = 'fee' and amount > 0`,
      [row.account_id, row.mode, facts.payoutId],
    );
    if (given.n > 0) return;
    await post(tx, { accountId: row.account_id, mode: row.mode, posting: payoutFeeRefundPosting(recorded), sourceId: facts.payoutId, description: 'Provider fees returned' });
  });
}
