// Reading the event outbox for webhook delivery (src/temporal/worker/webhook-dispatcher.ts decides what
// to start): claiming undispatched events, finding the endpoints that may want them, marking them
// dispatched, and listening for the NOTIFY the events insert trigger sends. Every claim runs in the
// caller's transaction, so the rows stay locked until the caller has started their deliveries and marked
// them dispatched in that same transaction.
import type pg from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mode } from '../domain/modes.ts';
import type { WebhookSimulation } from '../domain/webhooks.ts';

/** An undispatched event row, as the dispatcher needs it. */
export interface OutboxEvent {
  id: string;
  account_id: string;
  mode: Mode;
  type: string;
  sandbox_simulate: WebhookSimulation[];
  /** created_at in microseconds since the epoch (as text: pg returns bigints so). */
  created_us: string;
}

/** An enabled (not deleted) webhook endpoint, as the dispatcher matches it and a delivery sends to it. */
export interface DispatchEndpoint {
  id: string;
  account_id: string;
  mode: Mode;
  enabled_events: string[];
  created_us: string;
  url: string;
  /** As stored: sealed (the sender opens it only to sign). */
  secret: string;
}

/** The sandbox out_of_order_webhooks events of one resource (resource_id null: events of no resource). */
export interface HeldEventGroup {
  account_id: string;
  mode: Mode;
  resource_id: string | null;
}

/** The channel the events insert trigger notifies (Migration20261123000000_webhooks: pg_notify('paygate_events')). */
const EVENTS_NOTIFY_CHANNEL = 'paygate_events';

/** The columns of an OutboxEvent. */
const outboxEventColumns = `id, account_id, mode, type, sandbox_simulate, floor(extract(epoch from created_at) * 1000000)::bigint as created_us`;

/** Subscribes `conn` (a connection of its own, not from the pool) to a notification per committed event. */
export async function listenForNewEvents(conn: pg.Client): Promise<void> {
  await conn.query(`listen ${EVENTS_NOTIFY_CHANNEL}`);
}

/**
 * Claims up to `limit` undispatched events without out_of_order_webhooks, in id order, and marks them
 * dispatched, in one statement of the caller's transaction: FOR UPDATE SKIP LOCKED, so several dispatchers
 * (and several rounds of one) never claim the same rows and none waits for another. The mark only holds
 * if the caller commits, which it does once their deliveries are handed to Temporal.
 */
export async function claimOrdinaryEvents(tx: EntityManager, limit: number): Promise<OutboxEvent[]> {
  return tx.execute<OutboxEvent[]>(
    `with claimed as (
       select id from events
       where dispatched_at is null and not ('out_of_order_webhooks' = any(sandbox_simulate))
       order by id limit ? for update skip locked
     )
     update events e set dispatched_at = now() from claimed where e.id = claimed.id
     returning e.id, e.account_id, e.mode, e.type, e.sandbox_simulate, floor(extract(epoch from e.created_at) * 1000000)::bigint as created_us`,
    [limit],
  ).then((rows) => rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))); // RETURNING keeps no order
}

/**
 * Up to 20 held (out_of_order_webhooks) groups that are ready to go: the oldest event has waited `holdMs`,
 * or the newest event's object has a status outside `unsettledStatuses`. Reads only; claim each with
 * claimHeldGroup.
 */
export async function readyHeldGroups(em: EntityManager, holdMs: number, unsettledStatuses: readonly string[]): Promise<HeldEventGroup[]> {
  return em.execute<HeldEventGroup[]>(
    `select account_id, mode, resource_id from events
     where dispatched_at is null and 'out_of_order_webhooks' = any(sandbox_simulate)
     group by account_id, mode, resource_id
     having min(created_at) <= now() - make_interval(secs => ?)
         or coalesce((array_agg(data->'object'->>'status' order by id desc))[1], '') <> all(array(select jsonb_array_elements_text(?::jsonb)))
     limit 20`,
    [holdMs / 1000, JSON.stringify(unsettledStatuses)],
  );
}

/**
 * Claims every undispatched event of one held group, in id order, with plain FOR UPDATE (not SKIP
 * LOCKED), so two dispatchers never split a group. Empty when another dispatcher released it meanwhile.
 */
export async function claimHeldGroup(tx: EntityManager, group: HeldEventGroup): Promise<OutboxEvent[]> {
  return tx.execute<OutboxEvent[]>(
    `select ${outboxEventColumns} from events
     where account_id = ? and mode = ? and resource_id is not distinct from ? and dispatched_at is null
       and 'out_of_order_webhooks' = any(sandbox_simulate)
     order by id for update`,
    [group.account_id, group.mode, group.resource_id],
  );
}

/** Enabled endpoints of the accounts and modes of these events, in id order. */
export async function endpointsFor(em: EntityManager, events: readonly OutboxEvent[]): Promise<DispatchEndpoint[]> {
  const scopes = [...new Map(events.map((e) => [`${e.account_id}/${e.mode}`, { a: e.account_id, m: e.mode }])).values()];
  return em.execute<DispatchEndpoint[]>(
    `select w.id, w.account_id, w.mode, w.enabled_events, floor(extract(epoch from w.created_at) * 1000000)::bigint as created_us, w.url, w.secret
     from webhook_endpoints w join jsonb_to_recordset(?::jsonb) as s(a text, m text) on w.account_id = s.a and w.mode = s.m
     where w.deleted_at is null order by w.id`,
    [JSON.stringify(scopes)],
  );
}

/** An event to deliver: what delivery matches against endpoints, and what its body is made of (eventView). */
export interface EventToDeliver extends OutboxEvent {
  createdAt: Date;
  data: Record<string, unknown>;
}

/**
 * These events (dispatched or not), in id order, as delivery matches them against endpoints and sends them. Plain
 * rows, not entities: a batch reads thousands, and hydrating them cost more than sending them.
 */
export async function deliverableEvents(em: EntityManager, ids: readonly string[]): Promise<EventToDeliver[]> {
  const rows = await em.execute<(OutboxEvent & { data: Record<string, unknown> })[]>(
    `select ${outboxEventColumns}, data from events where id in (select jsonb_array_elements_text(?::jsonb)) order by id`,
    [JSON.stringify(ids)],
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(Math.floor(Number(row.created_us) / 1000)) }));
}

/** Marks the events dispatched (in the transaction that claimed them). */
export async function markEventsDispatched(tx: EntityManager, events: readonly OutboxEvent[]): Promise<void> {
  await tx.execute(`update events set dispatched_at = now() where id in (select jsonb_array_elements_text(?::jsonb))`, [JSON.stringify(events.map((e) => e.id))]);
}
