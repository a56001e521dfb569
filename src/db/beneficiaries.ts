// Beneficiary reads on the payout path. The routes of /v1/beneficiaries use the entity (src/db/entities.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BeneficiaryType } from '../domain/payouts.ts';
import type { Mode } from '../domain/modes.ts';
import { executePrepared } from './prepared.ts';

/**
 * The id and type of an active beneficiary of this account and mode, or null: what POST /v1/payouts checks before
 * it starts anything, as a plain read of two columns (it runs on every payout).
 */
export async function activeBeneficiary(em: EntityManager, scope: { id: string; accountId: string; mode: Mode }): Promise<{ id: string; type: BeneficiaryType } | null> {
  const [row] = await executePrepared<{ id: string; type: BeneficiaryType }>(
    em,
    `select id, type from beneficiaries where id = ? and account_id = ? and mode = ? and active`,
    [scope.id, scope.accountId, scope.mode],
  );
  return row ?? null;
}
