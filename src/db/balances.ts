// Balances as GET /v1/balance shows them: the internal ledger accounts' balances, which a trigger moves
// with every ledger entry (see the foundation migration).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InternalLedgerKind } from '../domain/ledger.ts';
import type { Mode } from '../domain/modes.ts';

export type Balances = Record<InternalLedgerKind, number>;

export async function readBalances(em: EntityManager, accountId: string, mode: Mode, currency = 'INR'): Promise<Balances> {
  const rows = await em.execute<{ kind: string; balance: string }[]>(
    `select kind, balance from ledger_accounts where account_id = ? and mode = ? and currency = ? and internal`,
    [accountId, mode, currency],
  );
  const out: Balances = { available: 0, pending: 0, reserved: 0 };
  for (const row of rows) out[row.kind as InternalLedgerKind] = Number(row.balance);
  return out;
}
