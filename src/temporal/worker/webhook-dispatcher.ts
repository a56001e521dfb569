// The outbox dispatcher: runs in every worker process and turns committed event rows into delivery
// workflows. Each round claims undispatched events with FOR UPDATE SKIP LOCKED (several workers never
// claim the same rows), starts one workflow per matching endpoint (webhook/{event}/{endpoint}: a second
// start is a no-op, so a crash between starting and marking only repeats no-ops), then marks the events
// dispatched in the same transaction. It wakes on NOTIFY from the events insert trigger, and polls too, so
// a lost notification or a broken listening connection only costs one interval.
//
// Sandbox-Simulate, carried on the event row:
// - duplicate_webhooks: a second workflow per endpoint (…/duplicate), same event, same webhook-id.
// - out_of_order_webhooks: the resource's flagged events are held back until the newest one shows a
//   settled status (anything but initiated/pending/processing/created) or the oldest has waited
//   WEBHOOK_OUT_OF_ORDER_HOLD_MS. Then they are released together, newest first: each older event's
//   delivery waits for the newer one's first attempt to that endpoint to be recorded (`after`), so the
//   receiver sees them in exactly reverse order. A payout with success@upi gives completed, then initiated.
//   A group is claimed with plain FOR UPDATE (not SKIP LOCKED), so two dispatchers never split one.
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../logger.ts';
import { wantsEvent } from '../../domain/webhooks.ts';
import {
  claimHeldGroup,
  claimOrdinaryEvents,
  endpointsFor,
  listenForNewEvents,
  markEventsDispatched,
  readyHeldGroups,
  type DispatchEndpoint,
  type OutboxEvent,
} from '../../db/event-dispatch.ts';
import type { DeliveryStart, TemporalGateway } from '../client/gateway.ts';

export interface WebhookDispatcherOptions {
  orm: MikroORM;
  /** Starts one delivery workflow (idempotent: the same pair twice reaches the same workflow). */
  startDelivery: TemporalGateway['startDelivery'];
  logger: Logger;
  /** Poll interval when no NOTIFY arrives (WEBHOOK_DISPATCH_INTERVAL_MS). */
  intervalMs: number;
  /** WEBHOOK_OUT_OF_ORDER_HOLD_MS. */
  outOfOrderHoldMs: number;
  /** Events claimed per transaction. */
  batchSize?: number;
  /** Workflow starts in flight at once. */
  startConcurrency?: number;
}

export interface WebhookDispatcher {
  /** Stops after the round in progress; resolves when stopped. */
  stop(): Promise<void>;
}

/** Statuses after which a resource may still change soon; out-of-order groups wait for anything else. */
const UNSETTLED_STATUSES = ['initiated', 'pending', 'processing', 'created'];

async function runLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** An endpoint gets the events of its account and mode, of the types it enabled, that happened after it was created. */
function matches(endpoint: DispatchEndpoint, event: OutboxEvent): boolean {
  return (
    endpoint.account_id === event.account_id &&
    endpoint.mode === event.mode &&
    BigInt(endpoint.created_us) <= BigInt(event.created_us) &&
    wantsEvent(endpoint.enabled_events, event.type)
  );
}

function startsFor(event: OutboxEvent, endpoint: DispatchEndpoint, after?: string): DeliveryStart[] {
  const base: DeliveryStart = { accountId: event.account_id, mode: event.mode, eventId: event.id, endpointId: endpoint.id, ...(after ? { after } : {}) };
  return event.sandbox_simulate.includes('duplicate_webhooks') ? [base, { ...base, variant: 'duplicate' }] : [base];
}

export function startWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { orm, startDelivery, logger } = options;
  const batchSize = options.batchSize ?? 100;
  const concurrency = options.startConcurrency ?? 16;
  const log = logger.child({ component: 'webhook-dispatcher' });

  /** Events without out_of_order_webhooks: claimed in id order, delivered independently. */
  async function dispatchOrdinary(): Promise<number> {
    return orm.em.fork().transactional(async (tx) => {
      const events = await claimOrdinaryEvents(tx, batchSize);
      if (events.length === 0) return 0;
      const endpoints = await endpointsFor(tx, events);
      const starts = events.flatMap((event) => endpoints.filter((ep) => matches(ep, event)).flatMap((ep) => startsFor(event, ep)));
      await runLimited(starts, concurrency, startDelivery);
      await markEventsDispatched(tx, events);
      return events.length;
    });
  }

  /** out_of_order_webhooks: the groups that are ready, each released newest first. */
  async function dispatchHeldGroups(): Promise<number> {
    const groups = await readyHeldGroups(orm.em.fork(), options.outOfOrderHoldMs, UNSETTLED_STATUSES);
    let released = 0;
    for (const group of groups) {
      released += await orm.em.fork().transactional(async (tx) => {
        const events = await claimHeldGroup(tx, group);
        if (events.length === 0) return 0; // another dispatcher released it meanwhile
        const endpoints = await endpointsFor(tx, events);
        const starts: DeliveryStart[] = [];
        for (const endpoint of endpoints) {
          let newer: string | undefined;
          for (const event of [...events].reverse()) {
            if (!matches(endpoint, event)) continue;
            starts.push(...startsFor(event, endpoint, newer));
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

  let stopped = false;
  let pending = true;
  let wake: (() => void) | undefined;
  const kick = () => {
    pending = true;
    const w = wake;
    wake = undefined;
    w?.();
  };

  // LISTEN on a connection of its own; on error, drop it and try again later (polling carries on).
  let listener: pg.Client | undefined;
  let relisten: NodeJS.Timeout | undefined;
  const listen = async () => {
    if (stopped) return;
    const url = orm.config.get('clientUrl');
    if (!url) return;
    const conn = new pg.Client({ connectionString: url });
    conn.on('notification', kick);
    conn.on('error', (err) => {
      log.warn({ err }, 'event notifications lost; polling until they are back');
      if (listener === conn) listener = undefined;
      conn.end().catch(() => {});
      if (!stopped) relisten = setTimeout(() => void listen(), 5_000);
    });
    try {
      await conn.connect();
      await listenForNewEvents(conn);
      if (stopped) {
        await conn.end();
        return;
      }
      listener = conn;
      kick(); // events may have come in while nobody listened
    } catch (err) {
      log.warn({ err }, 'could not listen for event notifications; polling');
      conn.end().catch(() => {});
      if (!stopped) relisten = setTimeout(() => void listen(), 5_000);
    }
  };
  void listen();

  let failed = false;
  const loop = (async () => {
    while (!stopped) {
      pending = false;
      let full = false;
      try {
        const claimed = await dispatchOrdinary();
        await dispatchHeldGroups();
        full = claimed === batchSize;
      } catch (err) {
        log.warn({ err }, 'dispatch round failed; retrying');
        failed = true;
      }
      if (stopped) break;
      if ((full || pending) && !failed) continue;
      const waitMs = failed ? Math.max(options.intervalMs, 1_000) : options.intervalMs;
      failed = false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          wake = undefined;
          resolve();
        }, waitMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();

  return {
    async stop() {
      stopped = true;
      if (relisten) clearTimeout(relisten);
      kick();
      await loop;
      await listener?.end().catch(() => {});
      listener = undefined;
    },
  };
}
