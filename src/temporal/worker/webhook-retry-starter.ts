// The webhook retry starter: runs in every worker process beside the outbox dispatcher. Deliveries whose first
// attempt failed wait in webhook_retry_queue (written by the fan-out activity with the attempts); this loop takes
// them oldest first at a bounded rate (a token bucket) and starts each one's retry workflow
// webhook/{event}/{endpoint}[/variant], held by Temporal until its first retry is due. The rows leave the queue in
// the transaction that starts them: a crash in between puts them back, and starting one twice reaches the same
// workflow. Several workers share the queue (FOR UPDATE SKIP LOCKED) and each keeps its own rate.
//
// Why a queue and a rate: a receiver that is down turns every event of a busy moment into a failed delivery at
// once (a 300-item payout batch to a dead endpoint: 600 of them within seconds), and each retry workflow is a
// start on the same Temporal server that moves the money. So while the outbox is busy (the dispatcher claimed
// events within the last BUSY_WINDOW_MS) retries start at the busy rate, and once it is quiet at the full rate,
// which catches up; a retry that has waited maxDeferMs starts at the full rate whatever the outbox does, so a
// steady stream of events never starves them. A retry may begin later than its backoff says, never earlier (its
// window still counts from the first attempt), and an operator sees it in the Temporal UI once it is started.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../logger.ts';
import { hasOverdueRetries, takeQueuedRetries } from '../../db/webhooks.ts';
import { wakeableSleep } from '../../domain/concurrency.ts';
import type { TemporalGateway } from '../client/gateway.ts';

export interface WebhookRetryStarterOptions {
  orm: MikroORM;
  /** The worker's task queue: the starter takes the retries its fan-outs queued, and starts them there. */
  taskQueue: string;
  startDeliveryRetries: TemporalGateway['startDeliveryRetries'];
  logger: Logger;
  /** WEBHOOK_RETRY_STARTS_PER_SECOND: the rate while the outbox is quiet. */
  startsPerSecond: number;
  /** WEBHOOK_RETRY_STARTS_PER_SECOND_BUSY: the rate while events are flowing (at most startsPerSecond). */
  busyStartsPerSecond: number;
  /** WEBHOOK_RETRY_MAX_DEFER_MS: a retry queued this long starts at the full rate, busy or not. */
  maxDeferMs: number;
  /** When the dispatcher last claimed events (performance.now()), null if never: the outbox's pulse. */
  lastClaimAt: () => number | null;
  /** Starts taken at once when tokens have piled up (default: one second's worth at the rate of the moment). */
  burst?: number;
  /** How often an empty queue is looked at again (ms). */
  idleIntervalMs?: number;
}

export interface WebhookRetryStarter {
  /** Stops after the round in progress; resolves when stopped. */
  stop(): Promise<void>;
}

/** The outbox counts as busy this long after the dispatcher last claimed events. */
export const BUSY_WINDOW_MS = 2_000;

export function startWebhookRetryStarter(options: WebhookRetryStarterOptions): WebhookRetryStarter {
  const { orm, taskQueue, startDeliveryRetries, startsPerSecond, maxDeferMs, lastClaimAt } = options;
  const busyStartsPerSecond = Math.min(options.busyStartsPerSecond, startsPerSecond);
  /** Tokens that may pile up at `rate`: one second's worth, so a busy spell begins with at most that many starts. */
  const burstAt = (rate: number) => Math.max(1, options.burst ?? Math.ceil(rate));
  const idleMs = options.idleIntervalMs ?? 500;
  const log = options.logger.child({ component: 'webhook-retry-starter' });
  let stopped = false;
  let tokens = burstAt(startsPerSecond);
  let refilledAt = performance.now();
  const { sleep, wake } = wakeableSleep();

  /** The rate now: the busy one while events flow, unless a queued retry has waited maxDeferMs. */
  const currentRate = async (): Promise<number> => {
    const claimedAt = lastClaimAt();
    const busy = claimedAt !== null && performance.now() - claimedAt < BUSY_WINDOW_MS;
    if (!busy || busyStartsPerSecond === startsPerSecond) return startsPerSecond;
    return (await hasOverdueRetries(orm.em.fork(), maxDeferMs, taskQueue)) ? startsPerSecond : busyStartsPerSecond;
  };

  const loop = (async () => {
    while (!stopped) {
      let started = 0;
      try {
        const rate = await currentRate();
        const now = performance.now();
        tokens = Math.min(burstAt(rate), tokens + ((now - refilledAt) / 1000) * rate);
        refilledAt = now;
        const take = Math.floor(tokens);
        if (take < 1) {
          // Never sleep past the busy window's end: the rate may rise then.
          await sleep(Math.min(((1 - tokens) / rate) * 1000, BUSY_WINDOW_MS));
          continue;
        }
        started = await orm.em.fork().transactional(async (tx) => {
          const { due, taken } = await takeQueuedRetries(tx, take, taskQueue);
          await startDeliveryRetries(due);
          return taken;
        });
        tokens -= started;
      } catch (err) {
        log.warn({ err }, 'could not start queued webhook retries; trying again');
        await sleep(Math.max(idleMs, 1000));
        continue;
      }
      if (started === 0 && !stopped) await sleep(idleMs);
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake();
      await loop;
    },
  };
}
