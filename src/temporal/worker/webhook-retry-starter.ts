// The webhook retry starter: runs in every worker process beside the outbox dispatcher. Deliveries whose first
// attempt failed wait in webhook_retry_queue (written by the fan-out activity with the attempts); this loop takes
// them oldest first, at most `startsPerSecond` a second (a token bucket, `burst` at once), and starts each one's
// retry workflow webhook/{event}/{endpoint}[/variant], held by Temporal until its first retry is due. The rows
// leave the queue in the transaction that starts them: a crash in between puts them back, and starting one twice
// reaches the same workflow. Several workers share the queue (FOR UPDATE SKIP LOCKED) and each keeps its own rate.
//
// Why a queue and a rate: a receiver that is down turns every event of a busy moment into a failed delivery at
// once (a 300-item payout batch to a dead endpoint: 600 of them within seconds), and each retry workflow is a
// start on the same Temporal server that moves the money. Started at a steady pace, they cost the payouts little;
// a retry may then begin later than its backoff says, never earlier, and an operator sees it in the Temporal UI
// once it is started.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../logger.ts';
import { takeQueuedRetries } from '../../db/webhooks.ts';
import { wakeableSleep } from '../../domain/concurrency.ts';
import type { TemporalGateway } from '../client/gateway.ts';

export interface WebhookRetryStarterOptions {
  orm: MikroORM;
  startDeliveryRetries: TemporalGateway['startDeliveryRetries'];
  logger: Logger;
  /** WEBHOOK_RETRY_STARTS_PER_SECOND. */
  startsPerSecond: number;
  /** Starts taken at once when tokens have piled up (default: one second's worth). */
  burst?: number;
  /** How often an empty queue is looked at again (ms). */
  idleIntervalMs?: number;
}

export interface WebhookRetryStarter {
  /** Stops after the round in progress; resolves when stopped. */
  stop(): Promise<void>;
}

export function startWebhookRetryStarter(options: WebhookRetryStarterOptions): WebhookRetryStarter {
  const { orm, startDeliveryRetries, startsPerSecond } = options;
  const burst = Math.max(1, options.burst ?? Math.ceil(startsPerSecond));
  const idleMs = options.idleIntervalMs ?? 500;
  const log = options.logger.child({ component: 'webhook-retry-starter' });
  let stopped = false;
  let tokens = burst;
  let refilledAt = performance.now();
  const { sleep, wake } = wakeableSleep();

  const loop = (async () => {
    while (!stopped) {
      const now = performance.now();
      tokens = Math.min(burst, tokens + ((now - refilledAt) / 1000) * startsPerSecond);
      refilledAt = now;
      const take = Math.floor(tokens);
      if (take < 1) {
        await sleep(((1 - tokens) / startsPerSecond) * 1000);
        continue;
      }
      let started = 0;
      try {
        started = await orm.em.fork().transactional(async (tx) => {
          const due = await takeQueuedRetries(tx, take);
          await startDeliveryRetries(due);
          return due.length;
        });
      } catch (err) {
        log.warn({ err }, 'could not start queued webhook retries; trying again');
        await sleep(Math.max(idleMs, 1000));
        continue;
      }
      tokens -= started;
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
