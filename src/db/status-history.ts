// The append-only status history of payments, refunds, payouts and collections: one row per transition,
// written in the same transaction as the change (what events and reports are made of).
import type { EntityManager } from '@mikro-orm/postgresql';

const historyTables = {
  payment: { table: 'payment_status_history', column: 'payment_id' },
  refund: { table: 'refund_status_history', column: 'refund_id' },
  payout: { table: 'payout_status_history', column: 'payout_id' },
  collection: { table: 'collection_status_history', column: 'collection_id' },
} as const;

/** Records `from` → `to` (`from` null: created). `failureCode` goes with failures of payments, refunds and payouts. */
export async function recordStatusChange(
  em: EntityManager,
  resource: keyof typeof historyTables,
  id: string,
  from: string | null,
  to: string,
  failureCode: string | null = null,
): Promise<void> {
  const { table, column } = historyTables[resource];
  if (resource === 'collection') {
    await em.execute(`insert into ${table} (${column}, from_status, to_status) values (?, ?, ?)`, [id, from, to]);
  } else {
    await em.execute(`insert into ${table} (${column}, from_status, to_status, failure_code) values (?, ?, ?, ?)`, [id, from, to, failureCode]);
  }
}
