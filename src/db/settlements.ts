// Settlement queries: which account + mode pairs have captured payments to settle, and claiming those
// payments for one settlement. A payment is claimed by an UPDATE that only matches `settlement_id is null`
// under row locks, so two overlapping runs, or a retried one, can never settle it twice.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mode } from '../domain/modes.ts';

/**
 * Account + mode pairs with captured, unsettled payments, after `after` in key order, at most `limit`. Sandbox only:
 * live settlements are the provider's (docs/decisions.md, "The sandbox settlement Schedule settles sandbox payments only"),
 * and live `pending` is what the provider holds, net of fees and refunds (docs/live-money.md).
 */
export async function unsettledScopes(
  em: EntityManager,
  after: { accountId: string; mode: Mode } | undefined,
  limit: number,
): Promise<{ accountId: string; mode: Mode }[]> {
  const rows = await em.execute<{ account_id: string; mode: Mode }[]>(
    `select distinct account_id, mode from payments
     where mode = 'sandbox' and status = 'captured' and settlement_id is null and (account_id, mode) > (?, ?)
     order by account_id, mode limit ?`,
    [after?.accountId ?? '', after?.mode ?? '', limit],
  );
  return rows.map((r) => ({ accountId: r.account_id, mode: r.mode }));
}

/**
 * Sets `settlementId` on every captured, unsettled payment of the account + mode and answers their amounts
 * (empty when there was nothing to settle), as bigints so that their sum is exact. Run it in the transaction
 * that writes the settlement.
 */
export async function claimUnsettledPayments(em: EntityManager, scope: { settlementId: string; accountId: string; mode: Mode }): Promise<bigint[]> {
  // The sandbox's own settlement never takes a live payment (the test helper is sandbox-only too).
  if (scope.mode !== 'sandbox') return [];
  // Rows are locked in id order (no deadlock between overlapping runs); after waiting for a lock,
  // PostgreSQL re-checks `settlement_id is null` on the row's newest version and skips claimed ones.
  const claimed = await em.execute<{ amount: string }[]>(
    `update payments set settlement_id = ?
     where settlement_id is null and id in (
       select id from payments
       where account_id = ? and mode = ? and status = 'captured' and settlement_id is null
       order by id for update)
     returning amount::text as amount`,
    [scope.settlementId, scope.accountId, scope.mode],
  );
  return claimed.map((row) => BigInt(row.amount));
}
