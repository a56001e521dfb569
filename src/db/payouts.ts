// Payout reads that need more than one table.
import { AFTER_REJECTION_SECONDS } from '../domain/approvals.ts';
import type { Mode } from '../domain/modes.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Payout } from './entities.ts';
import type { SqlStatement } from './events.ts';
import { executePrepared } from './prepared.ts';

/**
 * The payouts a batch's items joined by idempotency key (created earlier, outside the batch): with the
 * ones whose batch_id is the batch, they are the batch's payouts.
 */
export async function payoutIdsJoinedByBatch(em: EntityManager, batchId: string): Promise<string[]> {
  const rows = await em.execute<{ payout_id: string }[]>(
    `select i.payout_id from payout_batch_items i join payouts p on p.id = i.payout_id
     where i.batch_id = ? and p.batch_id is distinct from ?`,
    [batchId, batchId],
  );
  return rows.map((r) => r.payout_id);
}

/** What a rail is handed: the payout and its beneficiary as they are at the hand-over. */
export interface RailHandover {
  id: string;
  accountId: string;
  mode: Mode;
  amount: number;
  transferMode: string;
  /** Null when the beneficiary row is gone. */
  beneficiary: { type: 'bank_account' | 'vpa'; name: string; vpa: string | null; accountNumber: string | null; ifsc: string | null; email: string | null; phone: string | null } | null;
  /** Whether it had been handed over before this hand-over (a step run again: a retry, a lost workflow task). */
  handedOverBefore: boolean;
  /** The payout's row as this hand-over left it, its columns as read (for EntityManager.map). */
  row: Record<string, unknown>;
}

/**
 * Records that the payout is being handed to its rail, only while it is `initiated`, and reads what the rail
 * is handed (one statement); undefined when it is not initiated (then nothing may be sent). A give-up holding
 * the payout's row lock makes this wait for its decision.
 */
export async function markRailHandover(em: EntityManager, payoutId: string): Promise<RailHandover | undefined> {
  const [found] = await executePrepared<Record<string, unknown>>(
    em,
    `with before as (select id, rail_handover_at from payouts where id = ? for update),
     p as (update payouts u set rail_handover_at = now() from before
           where u.id = before.id and u.status = 'initiated'
           returning u.*, before.rail_handover_at is not null as handed_over_before)
     select p.*, p.amount::text as amount_text,
            b.type as b_type, b.name as b_name, b.vpa as b_vpa, b.account_number as b_account_number, b.ifsc as b_ifsc,
            b.email as b_email, b.phone as b_phone
     from p left join beneficiaries b on b.id = p.beneficiary_id`,
    [payoutId],
  );
  if (!found) return undefined;
  const { amount_text, handed_over_before, b_type, b_name, b_vpa, b_account_number, b_ifsc, b_email, b_phone, ...row } = found as Record<string, unknown> & {
    amount_text: string;
    handed_over_before: boolean;
    b_type: 'bank_account' | 'vpa' | null;
    b_name: string;
    b_vpa: string | null;
    b_account_number: string | null;
    b_ifsc: string | null;
    b_email: string | null;
    b_phone: string | null;
  };
  return {
    id: row.id as string,
    accountId: row.account_id as string,
    mode: row.mode as Mode,
    amount: Number(amount_text),
    transferMode: row.transfer_mode as string,
    beneficiary: b_type ? { type: b_type, name: b_name, vpa: b_vpa, accountNumber: b_account_number, ifsc: b_ifsc, email: b_email, phone: b_phone } : null,
    handedOverBefore: handed_over_before,
    row,
  };
}

/** How long ago the payout was last handed to its rail, or null if it never was. */
export async function msSinceRailHandover(em: EntityManager, payoutId: string): Promise<number | null> {
  const [row] = await em.execute<{ ms: string | null }[]>(
    `select floor(extract(epoch from now() - rail_handover_at) * 1000)::bigint as ms from payouts where id = ?`,
    [payoutId],
  );
  return row?.ms == null ? null : Number(row.ms);
}

/** The payout's status as written, or null when there is no such payout. */
export async function payoutStatusOf(em: EntityManager, payoutId: string): Promise<string | null> {
  const [row] = await em.execute<{ status: string }[]>(`select status from payouts where id = ?`, [payoutId]);
  return row?.status ?? null;
}

/** What a payout's creation decides by, read in one statement inside its transaction (see creationFacts). */
export interface CreationFacts {
  /** The payout this key already made, if any. */
  existingId: string | null;
  /** The type of the beneficiary when it is the account's, in this mode, and active; else null. */
  beneficiaryType: 'bank_account' | 'vpa' | null;
  /** `available`, locked until the transaction ends (null: the account has no such ledger account yet). */
  available: bigint | null;
}

/**
 * The payout the key made, the beneficiary, and the merchant's `available` row locked (FOR UPDATE, until the
 * transaction ends, before any posting: the ledger's lock order starts with it), in one round trip.
 */
export async function creationFacts(
  em: EntityManager,
  request: { accountId: string; mode: Mode; idempotencyKey: string; beneficiaryId: string },
): Promise<CreationFacts> {
  const { accountId, mode } = request;
  const [row] = await em.execute<{ existing_id: string | null; beneficiary_type: 'bank_account' | 'vpa' | null; available: string | null }[]>(
    `with available as (select balance from ledger_accounts
                        where account_id = ? and mode = ? and kind = 'available' and currency = 'INR' for update)
     select (select id from payouts where account_id = ? and mode = ? and idempotency_key = ?) as existing_id,
            (select type from beneficiaries where id = ? and account_id = ? and mode = ? and active) as beneficiary_type,
            (select balance::text from available) as available`,
    [accountId, mode, accountId, mode, request.idempotencyKey, request.beneficiaryId, accountId, mode],
  );
  // The balance as text, read into a bigint: past 2^53 paise a double would round it.
  return { existingId: row?.existing_id ?? null, beneficiaryType: row?.beneficiary_type ?? null, available: row?.available == null ? null : BigInt(row.available) };
}

/** The INSERT of a new payout row, to write in one statement with its posting, history row and event. */
export function payoutInsert(payout: Payout, options: { handingOver?: boolean } = {}): SqlStatement {
  // Handing over: the row is written with its hand-over recorded, as markRailHandover would record it next.
  const handover = options.handingOver ? [', rail_handover_at', ', now()'] : ['', ''];
  return {
    sql: `insert into payouts (id, account_id, mode, beneficiary_id, amount, currency, transfer_mode, status, failure_code, failure_message,
                               utr, batch_id, reference, narration, metadata, idempotency_key, created_at, completed_at, failed_at, reversed_at,
                               sandbox_simulate, approval, created_by_key_id, scheduled_at, queue_if_low_balance, queued_at, queue_expires_at${handover[0]})
          values (?, ?, ?, ?, ?::bigint, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, array(select jsonb_array_elements_text(?::jsonb)),
                  ?::jsonb, ?, ?, ?, ?, ?${handover[1]})`,
    params: [
      payout.id,
      payout.accountId,
      payout.mode,
      payout.beneficiaryId,
      String(payout.amount),
      payout.currency,
      payout.transferMode,
      payout.status,
      payout.failureCode ?? null,
      payout.failureMessage ?? null,
      payout.utr ?? null,
      payout.batchId ?? null,
      payout.reference ?? null,
      payout.narration ?? null,
      JSON.stringify(payout.metadata ?? {}),
      payout.idempotencyKey,
      payout.createdAt,
      payout.completedAt ?? null,
      payout.failedAt ?? null,
      payout.reversedAt ?? null,
      JSON.stringify(payout.sandboxSimulate ?? []),
      payout.approval ?? null,
      payout.createdByKeyId ?? null,
      payout.scheduledAt ?? null,
      Boolean(payout.queueIfLowBalance),
      payout.queuedAt ?? null,
      payout.queueExpiresAt ?? null,
    ],
  };
}

/**
 * The check a payout's one-statement creation is guarded by: its beneficiary is the account's, active, and of one
 * of `types` (those its transfer mode and amount can pay). Its row, read with the write, is what the rail is handed
 * (beneficiaryOfGuardRow).
 */
export function activeBeneficiaryGuard(
  request: { beneficiaryId: string; accountId: string; mode: Mode; amount: number; createdByKeyId: string | null },
  types: readonly string[],
  options: { mayWait: boolean },
): SqlStatement {
  const base = `select type, name, vpa, account_number, ifsc, email, phone from beneficiaries b
          where id = ? and account_id = ? and mode = ? and active and type in (${types.map(() => '?').join(', ')})`;
  const params = [request.beneficiaryId, request.accountId, request.mode, ...types];
  // A batch's item waits with its batch, judged as a whole when it was stored: only a verification rule of `refuse`
  // is its own (the item fails alone), judged under the locks when the account's policy has one.
  if (!options.mayWait) {
    return {
      sql: `${base}
            and not exists (select 1 from approval_policies ap where ap.account_id = b.account_id and ap.mode = b.mode
                            and 'refuse' in (ap.beneficiaries->>'unverified', ap.beneficiaries->>'mismatch'))`,
      params,
    };
  }
  // Also nothing this payout may have to wait for (then the locked way judges it: activities/payouts/create-payout.ts):
  // no rule of the account's approval policy reaches its amount, the beneficiary was not made by a maker key (the
  // policy's `beneficiaries[new]`), and no payout of this key to this beneficiary was rejected in the last 7 days.
  return {
    sql: `${base}
            and not exists (select 1 from approval_policies ap, jsonb_array_elements(ap.rules) r
                            where ap.account_id = b.account_id and ap.mode = b.mode and (r->>'min_amount')::bigint <= ?::bigint)
            and not exists (select 1 from approval_policies ap where ap.account_id = b.account_id and ap.mode = b.mode
                            and (coalesce(ap.beneficiaries->>'unverified', 'allow') <> 'allow' or coalesce(ap.beneficiaries->>'mismatch', 'allow') <> 'allow'))
            and (b.created_by_key_id is null or not exists (select 1 from api_keys k where k.id = b.created_by_key_id and k.role = 'maker'))
            and not exists (select 1 from payouts r where r.status = 'rejected' and r.created_by_key_id = ? and r.beneficiary_id = b.id
                            and r.failure_code = 'approval_rejected' and r.rejected_at > now() - interval '${AFTER_REJECTION_SECONDS} seconds')`,
    params: [...params, String(request.amount), request.createdByKeyId],
  };
}

/** The beneficiary activeBeneficiaryGuard read, as a rail is handed it. */
export function beneficiaryOfGuardRow(row: Record<string, unknown>): NonNullable<RailHandover['beneficiary']> {
  return {
    type: row.type as 'bank_account' | 'vpa',
    name: row.name as string,
    vpa: (row.vpa as string | null) ?? null,
    accountNumber: (row.account_number as string | null) ?? null,
    ifsc: (row.ifsc as string | null) ?? null,
    email: (row.email as string | null) ?? null,
    phone: (row.phone as string | null) ?? null,
  };
}
