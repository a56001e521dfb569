// Settlement writes: in one transaction per account and mode, claim every captured, unsettled payment,
// write the settlement, move the sum from `pending` to `available` and record `settlement.processed`.
// A payment is claimed by an UPDATE that only matches `settlement_id is null` under row locks, so two
// overlapping runs, or a retried one, can never settle it twice: the database decides, not timing.
import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { newId } from '../src/domain/ids.ts';
import { settlementPosting } from '../src/domain/ledger.ts';
import type { Mode } from '../src/domain/modes.ts';
import { SettlementEntity } from '../src/db/entities.ts';
import { recordEvent } from '../src/db/events.ts';
import { claimUnsettledPayments, unsettledScopes } from '../src/db/settlements.ts';
import { settlementView } from '../src/db/views.ts';
import { post } from '../src/ledger/ledger.ts';

export interface SettlementScope {
  accountId: string;
  mode: Mode;
  /** Chosen before the run, so a retried activity finds the settlement its first attempt wrote. */
  settlementId: string;
  /** Sandbox-Simulate webhook values of the request that asked for the run (test helper). */
  simulate?: readonly string[];
}

function utrFor(settlementId: string): string {
  return `SETL${createHash('sha256').update(settlementId).digest('hex').slice(0, 12).toUpperCase()}`;
}

export function createSettlementActivities(deps: { orm: MikroORM }) {
  return {
    /** Account + mode pairs with captured, unsettled payments, after `after` in key order, each with a fresh settlement id. */
    async listSettlementScopes(input: { after?: { accountId: string; mode: Mode }; limit: number }): Promise<SettlementScope[]> {
      const scopes = await unsettledScopes(deps.orm.em.fork(), input.after, input.limit);
      return scopes.map((scope) => ({ ...scope, settlementId: newId('settlement') }));
    },

    /**
     * Settles one account + mode now. Returns the settlement's id, or null when there was nothing to settle.
     * Only the id goes into workflow history: the amount is a sum that may pass 2^53 paise, which a JSON
     * payload would round; callers read the settlement from the database.
     */
    async settleScope(scope: SettlementScope): Promise<string | null> {
      const em = deps.orm.em.fork();
      return em.transactional(async (tx) => {
        const done = await tx.findOne(SettlementEntity, { id: scope.settlementId });
        if (done) return done.id;
        const claimed = await claimUnsettledPayments(tx, scope);
        if (claimed.length === 0) return null;
        const amount = claimed.reduce((sum, paymentAmount) => sum + paymentAmount, 0n);
        const settlement = tx.create(SettlementEntity, {
          id: scope.settlementId,
          accountId: scope.accountId,
          mode: scope.mode,
          amount,
          currency: 'INR',
          paymentCount: claimed.length,
          status: 'processed',
          utr: utrFor(scope.settlementId),
          createdAt: new Date(),
        });
        await tx.flush();
        await post(tx, { accountId: scope.accountId, mode: scope.mode, posting: settlementPosting(amount), sourceId: settlement.id, description: 'Settlement' });
        const view = settlementView(settlement);
        await recordEvent(tx, { accountId: scope.accountId, mode: scope.mode, type: 'settlement.processed', object: view, simulate: scope.simulate });
        return settlement.id;
      });
    },
  };
}

export type SettlementActivities = ReturnType<typeof createSettlementActivities>;
