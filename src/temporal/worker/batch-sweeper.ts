// A stored payout batch is never left without its workflow. POST /v1/payout_batches stores the batch, then
// starts its workflow; when the start fails (Temporal unreachable) the caller gets a 503 and may retry with
// the same key, which starts it. If nobody retries, this sweeper, running beside every worker, starts it:
// every interval it asks for the workflow of each batch still `processing` and at least an interval old.
// Starting is idempotent (a running workflow is joined, a finished one never runs again), so sweeping a
// healthy batch, or two workers sweeping at once, changes nothing.
import type { MikroORM } from '@mikro-orm/postgresql';
import { processingPayoutBatches } from '../../db/payout-batches.ts';
import type { Logger } from '../../logger.ts';
import type { TemporalGateway } from '../client/gateway.ts';

export interface BatchSweeper {
  stop(): Promise<void>;
}

export function startBatchSweeper(options: { orm: MikroORM; gateway: Pick<TemporalGateway, 'startPayoutBatch'>; intervalMs: number; logger: Logger }): BatchSweeper {
  const { orm, gateway, intervalMs, logger } = options;
  let round: Promise<void> = Promise.resolve();
  const sweep = async () => {
    try {
      for (const batch of await processingPayoutBatches(orm.em.fork(), intervalMs)) {
        await gateway.startPayoutBatch({ batchId: batch.id, accountId: batch.accountId, mode: batch.mode, idempotencyKey: batch.idempotencyKey });
      }
    } catch (err) {
      logger.warn({ err }, 'payout batch sweep failed; trying again next interval');
    }
  };
  const timer = setInterval(() => {
    round = round.then(sweep);
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await round;
    },
  };
}
