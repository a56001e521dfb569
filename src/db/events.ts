// The event outbox: an event row is written in the same database transaction as the change it
// describes, with the resource as GET shows it at that moment. Webhook delivery reads these rows: the
// dispatcher (src/temporal/worker/webhook-dispatcher.ts, through src/db/event-dispatch.ts) starts their deliveries
// once they are committed.
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../domain/ids.ts';
import type { Mode } from '../domain/modes.ts';
import { webhookSimulationsOf } from '../domain/webhooks.ts';

/** One SQL statement and its `?` parameters, to run alone or inside a larger one. */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

export interface EventInput {
  accountId: string;
  mode: Mode;
  type: string;
  object: object;
  /**
   * Sandbox-Simulate values of the request that caused the change (duplicate_webhooks,
   * out_of_order_webhooks); other values and live events are ignored.
   */
  simulate?: readonly string[];
  /** More of `data` beside `object` (collection.upcoming: debit_at, amount). */
  data?: Record<string, unknown>;
}

function eventInsert(event: EventInput): SqlStatement & { id: string } {
  const id = newId('event');
  const simulate = event.mode === 'sandbox' ? webhookSimulationsOf(event.simulate ?? []) : [];
  return {
    id,
    sql: `insert into events (id, account_id, mode, type, data, sandbox_simulate)
          values (?, ?, ?, ?, ?::jsonb, array(select jsonb_array_elements_text(?::jsonb)))`,
    params: [id, event.accountId, event.mode, event.type, JSON.stringify({ object: event.object, ...event.data }), JSON.stringify(simulate)],
  };
}

export async function recordEvent(em: EntityManager, event: EventInput): Promise<string> {
  const { id, sql, params } = eventInsert(event);
  await em.execute(sql, params);
  return id;
}

/** The same writes as statements to run inside a larger one (src/ledger's post takes them alongside a posting). */
export function withEvent(row: SqlStatement, event: EventInput | undefined): SqlStatement[] {
  return event ? [row, eventInsert(event)] : [row];
}

/**
 * INSERTs (each without RETURNING or a `with` of its own) written by one statement, a data-modifying WITH: all of
 * them or none, in one round trip. Foreign keys between them hold, as they are checked at the statement's end.
 */
export async function insertTogether(em: EntityManager, inserts: readonly SqlStatement[]): Promise<void> {
  const firsts = inserts.slice(0, -1);
  const last = inserts[inserts.length - 1];
  if (!last) return;
  const head = firsts.length ? `with ${firsts.map((s, i) => `written_${i} as (${s.sql})`).join(', ')} ` : '';
  await em.execute(`${head}${last.sql}`, [...firsts.flatMap((s) => s.params), ...last.params]);
}

/** The tables whose rows keep the webhook simulations of the request that created them. */
export type SimulationTable = 'payouts' | 'payout_batches' | 'payments' | 'refunds' | 'collections' | 'payment_links' | 'mandates';

/** The webhook simulations stored on a resource row (`sandbox_simulate text[]`), for the events it emits later. */
export async function storedSimulations(em: EntityManager, table: SimulationTable, id: string): Promise<string[]> {
  const rows = await em.execute<{ sandbox_simulate: string[] | null }[]>(`select sandbox_simulate from ${table} where id = ?`, [id]);
  return rows[0]?.sandbox_simulate ?? [];
}

/** Stores a request's webhook simulations on the resource row it created. */
export async function storeSimulations(em: EntityManager, table: SimulationTable, id: string, simulate: readonly string[]): Promise<void> {
  const values = webhookSimulationsOf(simulate);
  if (values.length === 0) return;
  await em.execute(`update ${table} set sandbox_simulate = array(select jsonb_array_elements_text(?::jsonb)) where id = ?`, [JSON.stringify(values), id]);
}
