// The append-only status history of payments, refunds, payouts, collections and mandates: one row per transition,
// written in the same transaction as the change (what events and reports are made of).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlStatement } from './events.ts';

const historyTables = {
  payment: { table: 'payment_status_history', column: 'payment_id' },
  refund: { table: 'refund_status_history', column: 'refund_id' },
  payout: { table: 'payout_status_history', column: 'payout_id' },
  collection: { table: 'collection_status_history', column: 'collection_id' },
  mandate: { table: 'mandate_status_history', column: 'mandate_id' },
} as const;

/** The insert of one history row, as SQL and its parameters (to run alone or inside a larger statement). */
export function statusChangeInsert(
  resource: keyof typeof historyTables,
  id: string,
  from: string | null,
  to: string,
  failureCode: string | null = null,
): SqlStatement {
  const { table, column } = historyTables[resource];
  return resource === 'collection' || resource === 'mandate'
    ? { sql: `insert into ${table} (${column}, from_status, to_status) values (?, ?, ?)`, params: [id, from, to] }
    : { sql: `insert into ${table} (${column}, from_status, to_status, failure_code) values (?, ?, ?, ?)`, params: [id, from, to, failureCode] };
}

/** Records `from` → `to` (`from` null: created). `failureCode` goes with failures of payments, refunds and payouts. */
export async function recordStatusChange(
  em: EntityManager,
  resource: keyof typeof historyTables,
  id: string,
  from: string | null,
  to: string,
  failureCode: string | null = null,
): Promise<void> {
  const { sql, params } = statusChangeInsert(resource, id, from, to, failureCode);
  await em.execute(sql, params);
}
