// Refund reads that the refund activities make under the payment's row lock.
import type { EntityManager } from '@mikro-orm/postgresql';
import { countsAgainstPayment, refundStatuses } from '../domain/refunds.ts';

const heldStatuses = refundStatuses.filter(countsAgainstPayment);

/** How much of the payment its refunds hold now (pending and processed ones; a failed one gave its share back), summed exactly. */
export async function heldByRefunds(em: EntityManager, paymentId: string): Promise<bigint> {
  const [{ held }] = await em.execute<{ held: string }[]>(
    `select coalesce(sum(amount), 0)::text as held from refunds where payment_id = ? and status in (select jsonb_array_elements_text(?::jsonb))`,
    [paymentId, JSON.stringify(heldStatuses)],
  );
  return BigInt(held);
}

/** A processed refund's amount joins its payment's `amount_refunded` (a CHECK keeps it within the amount). */
export async function addRefunded(em: EntityManager, paymentId: string, amount: number): Promise<void> {
  await em.execute(`update payments set amount_refunded = amount_refunded + ? where id = ?`, [amount, paymentId]);
}
