// Writes a top-up: the row, its ledger posting and its balance transaction, in one database transaction.
import type { MikroORM } from '@mikro-orm/postgresql';
import { topUpPosting } from '../src/domain/ledger.ts';
import type { Mode } from '../src/domain/modes.ts';
import { TopUpEntity } from '../src/db/entities.ts';
import { topUpView } from '../src/db/views.ts';
import { post } from '../src/ledger/ledger.ts';
import type { TopUpResponse } from '../src/contract/top-ups.ts';

export interface TopUpRecordInput {
  topUpId: string;
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
  amount: number;
  currency: string;
  description: string | null;
  metadata: Record<string, string>;
  /** The provider's transaction id of a live deposit (source `provider`); absent for a sandbox top-up. */
  providerReference?: string | null;
}

export function createTopUpActivities(deps: { orm: MikroORM }) {
  return {
    /** Idempotent: a retry after a lost answer finds the row written by the first attempt. */
    async recordTopUp(input: TopUpRecordInput): Promise<TopUpResponse> {
      const em = deps.orm.em.fork();
      return em.transactional(async (tx) => {
        const existing = await tx.findOne(TopUpEntity, {
          accountId: input.accountId,
          mode: input.mode,
          idempotencyKey: input.idempotencyKey,
        });
        if (existing) return topUpView(existing);
        if (input.providerReference) {
          // A provider deposit once per provider account, whichever of its connections (an older duplicate's webhook
          // URL still verifies) or reconciliations brought it: the provider's transaction id is what they share.
          await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`provider-top-up:${input.providerReference}`]);
          const same = await tx.findOne(TopUpEntity, { accountId: input.accountId, mode: input.mode, providerReference: input.providerReference });
          if (same) return topUpView(same);
        }
        const row = tx.create(TopUpEntity, {
          id: input.topUpId,
          accountId: input.accountId,
          mode: input.mode,
          amount: input.amount,
          currency: input.currency,
          status: 'succeeded',
          description: input.description,
          metadata: input.metadata,
          idempotencyKey: input.idempotencyKey,
          balanceTransactionId: null,
          source: input.providerReference ? 'provider' : 'test_helper',
          providerReference: input.providerReference ?? null,
          createdAt: new Date(),
        });
        await tx.flush();
        row.balanceTransactionId = await post(tx, {
          accountId: input.accountId,
          mode: input.mode,
          posting: topUpPosting(input.amount),
          sourceId: row.id,
          description: input.description ?? (input.providerReference ? 'Provider deposit' : 'Sandbox top-up'),
        });
        await tx.flush();
        return topUpView(row);
      });
    },
  };
}

export type TopUpActivities = ReturnType<typeof createTopUpActivities>;
