// The outbox dispatcher: runs in every worker process and hands committed event rows to Temporal. Each
// round claims undispatched events with FOR UPDATE SKIP LOCKED (several workers never claim the same rows),
// starts one fan-out workflow per account and mode among them (webhook-batch/{first}/{last}: its activity
// attempts every (event, endpoint) pair at once, and only failed pairs become retry workflows of their
// own; a second start is a no-op, so a crash between starting and marking only repeats a no-op), then marks
// the events dispatched in the same transaction. Events no endpoint wants are only marked. It wakes on
// NOTIFY from the events insert trigger, and polls too, so a lost notification or a broken listening
// connection only costs one interval.
//
// Sandbox-Simulate, carried on the event row:
// - duplicate_webhooks: a second delivery per endpoint (…/duplicate), same event, same webhook-id.
// - out_of_order_webhooks: the resource's flagged events are held back until the newest one shows a
//   settled status (anything but initiated/pending/processing/created) or the oldest has waited
//   WEBHOOK_OUT_OF_ORDER_HOLD_MS. Then they are released together, newest first: each older event's
//   delivery waits for the newer one's first attempt to that endpoint to be recorded (`after`), so the
//   receiver sees them in exactly reverse order. A payout with success@upi gives completed, then initiated.
//   A group is claimed with plain FOR UPDATE (not SKIP LOCKED), so two dispatchers never split one.
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../logger.ts';
import { runLimited, wakeableSleep } from '../../domain/concurrency.ts';
import { deliveryPairs, endpointWants, pairsOf } from '../../domain/webhooks.ts';
import {
  claimHeldGroup,
  claimOrdinaryEvents,
  endpointsFor,
  listenForNewEvents,
  markEventsDispatched,
  readyHeldGroups,
  type OutboxEvent,
} from '../../db/event-dispatch.ts';
import type { DeliveryStart, TemporalGateway } from '../client/gateway.ts';

export interface WebhookDispatcherOptions {
  orm: MikroORM;
  /** Starts one delivery workflow (idempotent: the same pair twice reaches the same workflow). */
  startDelivery: TemporalGateway['startDelivery'];
  /** Starts the first attempts of one account's batch of events (idempotent by its first and last event). */
  startWebhookFanOut: TemporalGateway['startWebhookFanOut'];
  logger: Logger;
  /** Poll interval when no NOTIFY arrives (WEBHOOK_DISPATCH_INTERVAL_MS). */
  intervalMs: number;
  /** WEBHOOK_OUT_OF_ORDER_HOLD_MS. */
  outOfOrderHoldMs: number;
  /**
   * WEBHOOK_DISPATCH_GATHER_MS (the setting defaults to 1,000): shortest time from a round that claimed events to the
   * next, unless it was full. 100 when not given.
   */
  gatherMs?: number;
  /** Events claimed per transaction. */
  batchSize?: number;
  /** Workflow starts in flight at once. */
  startConcurrency?: number;
}

export interface WebhookDispatcher {
  /** Stops after the round in progress; resolves when stopped. */
  stop(): Promise<void>;
  /** When (performance.now()) a round last claimed events; null before the first. */
  lastClaimAt(): number | null;
}

/** Claiming rounds run at once by one dispatcher while the outbox is backed up. */
const PARALLEL_ROUNDS = 2;

/** Statuses after which a resource may still change soon; out-of-order groups wait for anything else. */
const UNSETTLED_STATUSES = ['initiated', 'pending', 'processing', 'created'];

export function startWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const round: RoundSettings = {
    orm: options.orm,
    startDelivery: options.startDelivery,
    startWebhookFanOut: options.startWebhookFanOut,
    batchSize: options.batchSize ?? 2000,
    concurrency: options.startConcurrency ?? 16,
    outOfOrderHoldMs: options.outOfOrderHoldMs,
  };
  const { batchSize } = round;
  const gatherMs = options.gatherMs ?? 100;
  const log = options.logger.child({ component: 'webhook-dispatcher' });

  let stopped = false;
  let pending = true;
  const idle = wakeableSleep();
  const kick = () => {
    pending = true;
    idle.wake();
  };
  const notifications = listenForEvents(options.orm, log, kick, () => stopped);

  let failed = false;
  let full = false;
  let lastClaimAt: number | null = null;
  /** When (performance.now()) the last round that claimed events began. */
  let lastClaimingRoundAt = Number.NEGATIVE_INFINITY;
  /** The gathering pause: ended by stop(), not by new events. */
  const gathering = wakeableSleep();
  const sleepUnlessStopped = (ms: number) => (stopped ? Promise.resolve() : gathering.sleep(ms));
  const loop = (async () => {
    while (!stopped) {
      pending = false;
      const roundStarted = performance.now();
      try {
        // While the outbox is backed up, rounds run side by side (their claims never overlap): one's
        // database and Temporal round trips overlap the other's, so it drains at the receivers' pace.
        const claimed: number[] = await Promise.all(Array.from({ length: full ? PARALLEL_ROUNDS : 1 }, () => dispatchOrdinary(round)));
        await dispatchHeldGroups(round);
        full = claimed.some((n) => n === batchSize);
        if (claimed.some((n) => n > 0)) {
          lastClaimAt = performance.now();
          lastClaimingRoundAt = roundStarted;
        }
      } catch (err) {
        log.warn({ err }, 'dispatch round failed; retrying');
        failed = true;
        full = false;
      }
      if (stopped) break;
      if (full && !failed) continue;
      if (failed || !pending) {
        const waitMs = failed ? Math.max(options.intervalMs, 1_000) : options.intervalMs;
        failed = false;
        await idle.sleep(waitMs);
      }
      // Events trickling in (each commit notifies, often after a round has ended): the next round begins no
      // sooner than gatherMs after the last one that claimed events, so a round carries what came meanwhile to one
      // fan-out workflow, not one workflow per event. Costs each event <= gatherMs; the first event after a
      // quiet spell goes at once.
      const gatherLeft = gatherMs - (performance.now() - lastClaimingRoundAt);
      if (gatherLeft > 0) await sleepUnlessStopped(gatherLeft);
    }
  })();

  return {
    async stop() {
      stopped = true;
      kick();
      gathering.wake();
      await loop;
      await notifications.stop();
    },
    lastClaimAt: () => lastClaimAt,
  };
}

/** What one claiming round works with. */
interface RoundSettings {
  orm: MikroORM;
  startDelivery: TemporalGateway['startDelivery'];
  startWebhookFanOut: TemporalGateway['startWebhookFanOut'];
  batchSize: number;
  /** Workflow starts in flight at once. */
  concurrency: number;
  outOfOrderHoldMs: number;
}

/**
 * Events without out_of_order_webhooks: claimed (and marked) in id order, first attempts in one batch per
 * account and mode; the claim commits once the batches are handed to Temporal.
 */
async function dispatchOrdinary({ orm, batchSize, concurrency, startWebhookFanOut }: RoundSettings): Promise<number> {
  return orm.em.fork().transactional(async (tx) => {
    const events = await claimOrdinaryEvents(tx, batchSize);
    if (events.length === 0) return 0;
    const endpoints = await endpointsFor(tx, events);
    const wanted = new Set(deliveryPairs(events, endpoints).map((pair) => pair.eventId));
    const batches = new Map<string, { accountId: string; mode: OutboxEvent['mode']; eventIds: string[] }>();
    for (const event of events) {
      if (!wanted.has(event.id)) continue;
      const scope = `${event.account_id}/${event.mode}`;
      let batch = batches.get(scope);
      if (!batch) batches.set(scope, (batch = { accountId: event.account_id, mode: event.mode, eventIds: [] }));
      batch.eventIds.push(event.id);
    }
    await runLimited([...batches.values()], concurrency, startWebhookFanOut);
    return events.length;
  });
}

/** out_of_order_webhooks: the groups that are ready, each released newest first. */
async function dispatchHeldGroups({ orm, outOfOrderHoldMs, concurrency, startDelivery }: RoundSettings): Promise<number> {
  const groups = await readyHeldGroups(orm.em.fork(), outOfOrderHoldMs, UNSETTLED_STATUSES);
  let released = 0;
  for (const group of groups) {
    released += await orm.em.fork().transactional(async (tx) => {
      const events = await claimHeldGroup(tx, group);
      if (events.length === 0) return 0; // another dispatcher released it meanwhile
      const endpoints = await endpointsFor(tx, events);
      // Held groups keep a workflow per delivery: each waits for the newer event's first attempt.
      const starts: DeliveryStart[] = [];
      for (const endpoint of endpoints) {
        let newer: string | undefined;
        for (const event of [...events].reverse()) {
          if (!endpointWants(endpoint, event)) continue;
          starts.push(...pairsOf(event, endpoint).map((pair) => ({ ...pair, mode: event.mode, ...(pair.variant ? { variant: pair.variant } : {}), ...(newer ? { after: newer } : {}) })));
          newer = event.id;
        }
      }
      await runLimited(starts, concurrency, startDelivery);
      await markEventsDispatched(tx, events);
      return events.length;
    });
  }
  return released;
}

/**
 * LISTEN for new events on a connection of its own, calling `onNotify` on each; on error, drop it and try again
 * later (polling carries on). `stop` ends it once the dispatcher has stopped.
 */
function listenForEvents(orm: MikroORM, log: Logger, onNotify: () => void, isStopped: () => boolean): { stop(): Promise<void> } {
  let listener: pg.Client | undefined;
  let relisten: NodeJS.Timeout | undefined;
  const listen = async () => {
    if (isStopped()) return;
    const url = orm.config.get('clientUrl');
    if (!url) return;
    const conn = new pg.Client({ connectionString: url });
    conn.on('notification', onNotify);
    conn.on('error', (err) => {
      log.warn({ err }, 'event notifications lost; polling until they are back');
      if (listener === conn) listener = undefined;
      conn.end().catch(() => {});
      if (!isStopped()) relisten = setTimeout(() => void listen(), 5_000);
    });
    try {
      await conn.connect();
      await listenForNewEvents(conn);
      if (isStopped()) {
        await conn.end();
        return;
      }
      listener = conn;
      onNotify(); // events may have come in while nobody listened
    } catch (err) {
      log.warn({ err }, 'could not listen for event notifications; polling');
      conn.end().catch(() => {});
      if (!isStopped()) relisten = setTimeout(() => void listen(), 5_000);
    }
  };
  void listen();
  return {
    async stop() {
      if (relisten) clearTimeout(relisten);
      await listener?.end().catch(() => {});
      listener = undefined;
    },
  };
}
