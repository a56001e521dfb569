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
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../logger.ts';
import type { Mode } from '../../domain/modes.ts';
import { wantsEvent, type WebhookSimulation } from '../../domain/webhooks.ts';
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

interface EventRow {
  id: string;
  account_id: string;
  mode: Mode;
  type: string;
  sandbox_simulate: WebhookSimulation[];
  /** created_at in microseconds since the epoch (as text: pg returns bigints so). */
  created_us: string;
}

interface EndpointRow {
  id: string;
  account_id: string;
  mode: Mode;
  enabled_events: string[];
  created_us: string;
}

const NOTIFY_CHANNEL = 'paygate_events';
/** Statuses after which a resource may still change soon; out-of-order groups wait for anything else. */
const UNSETTLED_STATUSES = ['initiated', 'pending', 'processing', 'created'];

async function runLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Enabled endpoints of the accounts and modes of these events. */
async function endpointsOf(em: EntityManager, events: readonly EventRow[]): Promise<EndpointRow[]> {
  const scopes = [...new Map(events.map((e) => [`${e.account_id}/${e.mode}`, { a: e.account_id, m: e.mode }])).values()];
  return em.execute<EndpointRow[]>(
    `select w.id, w.account_id, w.mode, w.enabled_events, floor(extract(epoch from w.created_at) * 1000000)::bigint as created_us
     from webhook_endpoints w join jsonb_to_recordset(?::jsonb) as s(a text, m text) on w.account_id = s.a and w.mode = s.m
     where w.deleted_at is null order by w.id`,
    [JSON.stringify(scopes)],
  );
}

/** An endpoint gets the events of its account and mode, of the types it enabled, that happened after it was created. */
function matches(endpoint: EndpointRow, event: EventRow): boolean {
  return (
    endpoint.account_id === event.account_id &&
    endpoint.mode === event.mode &&
    BigInt(endpoint.created_us) <= BigInt(event.created_us) &&
    wantsEvent(endpoint.enabled_events, event.type)
  );
}

function startsFor(event: EventRow, endpoint: EndpointRow, after?: string): DeliveryStart[] {
  const base: DeliveryStart = { accountId: event.account_id, mode: event.mode, eventId: event.id, endpointId: endpoint.id, ...(after ? { after } : {}) };
  return event.sandbox_simulate.includes('duplicate_webhooks') ? [base, { ...base, variant: 'duplicate' }] : [base];
}

export function startWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { orm, startDelivery, logger } = options;
  const batchSize = options.batchSize ?? 100;
  const concurrency = options.startConcurrency ?? 16;
  const log = logger.child({ component: 'webhook-dispatcher' });

  async function markDispatched(em: EntityManager, events: readonly EventRow[]): Promise<void> {
    await em.execute(`update events set dispatched_at = now() where id in (select jsonb_array_elements_text(?::jsonb))`, [JSON.stringify(events.map((e) => e.id))]);
  }

  /** Events without out_of_order_webhooks: claimed in id order, delivered independently. */
  async function dispatchOrdinary(): Promise<number> {
    return orm.em.fork().transactional(async (tx) => {
      const events = await tx.execute<EventRow[]>(
        `select id, account_id, mode, type, sandbox_simulate, floor(extract(epoch from created_at) * 1000000)::bigint as created_us from events
         where dispatched_at is null and not ('out_of_order_webhooks' = any(sandbox_simulate))
         order by id limit ? for update skip locked`,
        [batchSize],
      );
      if (events.length === 0) return 0;
      const endpoints = await endpointsOf(tx, events);
      const starts = events.flatMap((event) => endpoints.filter((ep) => matches(ep, event)).flatMap((ep) => startsFor(event, ep)));
      await runLimited(starts, concurrency, startDelivery);
      await markDispatched(tx, events);
      return events.length;
    });
  }

  /** out_of_order_webhooks: the groups that are ready, each released newest first. */
  async function dispatchHeldGroups(): Promise<number> {
    const groups = await orm.em.fork().execute<{ account_id: string; mode: Mode; resource_id: string | null }[]>(
      `select account_id, mode, resource_id from events
       where dispatched_at is null and 'out_of_order_webhooks' = any(sandbox_simulate)
       group by account_id, mode, resource_id
       having min(created_at) <= now() - make_interval(secs => ?)
           or coalesce((array_agg(data->'object'->>'status' order by id desc))[1], '') <> all(array(select jsonb_array_elements_text(?::jsonb)))
       limit 20`,
      [options.outOfOrderHoldMs / 1000, JSON.stringify(UNSETTLED_STATUSES)],
    );
    let released = 0;
    for (const group of groups) {
      released += await orm.em.fork().transactional(async (tx) => {
        const events = await tx.execute<EventRow[]>(
          `select id, account_id, mode, type, sandbox_simulate, floor(extract(epoch from created_at) * 1000000)::bigint as created_us from events
           where account_id = ? and mode = ? and resource_id is not distinct from ? and dispatched_at is null
             and 'out_of_order_webhooks' = any(sandbox_simulate)
           order by id for update`,
          [group.account_id, group.mode, group.resource_id],
        );
        if (events.length === 0) return 0; // another dispatcher released it meanwhile
        const endpoints = await endpointsOf(tx, events);
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
        await markDispatched(tx, events);
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
      await conn.query(`listen ${NOTIFY_CHANNEL}`);
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
