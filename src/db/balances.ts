// Balances as GET /v1/balance shows them: the internal ledger accounts' balances, which a trigger moves
// with every ledger entry (see the foundation migration).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InternalLedgerKind } from '../domain/ledger.ts';
import type { Mode } from '../domain/modes.ts';

/** Bigints: a balance is a sum of movements and may pass 2^53 paise, where a double loses paise silently. */
export type Balances = Record<InternalLedgerKind, bigint>;

export async function readBalances(em: EntityManager, accountId: string, mode: Mode, currency = 'INR'): Promise<Balances> {
  const rows = await em.execute<{ kind: string; balance: string }[]>(
    `select kind, balance::text as balance from ledger_accounts where account_id = ? and mode = ? and currency = ? and internal`,
    [accountId, mode, currency],
  );
  const out: Balances = { available: 0n, pending: 0n, reserved: 0n };
  for (const row of rows) out[row.kind as InternalLedgerKind] = BigInt(row.balance);
  return out;
}
