// What the judgement of a payout's waits reads (src/domain/approvals.ts decides from it), inside the payout's
// creating or releasing transaction, and the approvals given to a waiting payout or batch.
import type { EntityManager } from '@mikro-orm/postgresql';
import { AFTER_REJECTION_SECONDS, type ApprovalRecord, type VerificationFacts } from '../domain/approvals.ts';
import type { Mode } from '../domain/modes.ts';
import { verificationStanding } from './beneficiary-verifications.ts';

/** The beneficiary as an approver sees it, and what the policy's beneficiary rules and `after_rejection` read. */
export interface BeneficiaryFacts {
  beneficiary: ApprovalRecord['beneficiary'];
  /** Made by a maker key. */
  byMaker: boolean;
  /** A payout to it ever completed (or was reversed after completing). */
  paidBefore: boolean;
  /** A payout of `keyId` to it was rejected in the last 7 days. */
  rejectedLately: boolean;
}

export async function beneficiaryFacts(tx: EntityManager, request: { accountId: string; mode: Mode; beneficiaryId: string }, keyId: string | null): Promise<BeneficiaryFacts | undefined> {
  const [row] = await tx.execute<
    { type: 'bank_account' | 'vpa'; name: string; account_number: string | null; ifsc: string | null; vpa: string | null; by_maker: boolean; paid_before: boolean; rejected_lately: boolean }[]
  >(
    `select b.type, b.name, b.account_number, b.ifsc, b.vpa,
            exists (select 1 from api_keys k where k.id = b.created_by_key_id and k.role = 'maker') as by_maker,
            exists (select 1 from payouts p where p.account_id = b.account_id and p.mode = b.mode and p.beneficiary_id = b.id
                    and p.status in ('completed', 'reversed')) as paid_before,
            exists (select 1 from payouts r where r.status = 'rejected' and r.created_by_key_id = ? and r.beneficiary_id = b.id
                    and r.failure_code = 'approval_rejected' and r.rejected_at > now() - interval '${AFTER_REJECTION_SECONDS} seconds') as rejected_lately
     from beneficiaries b where b.id = ? and b.account_id = ? and b.mode = ?`,
    [keyId, request.beneficiaryId, request.accountId, request.mode],
  );
  if (!row) return undefined;
  return {
    beneficiary: {
      type: row.type,
      name: row.name,
      last4: row.account_number ? row.account_number.slice(-4) : null,
      ifsc: row.ifsc,
      vpa: row.vpa,
      paid_before: row.paid_before,
    },
    byMaker: row.by_maker,
    paidBefore: row.paid_before,
    rejectedLately: row.rejected_lately,
  };
}

/**
 * A beneficiary as the policy's verification rules read it, now (the latest verification, whatever ended before), and
 * as an approver is shown it. Read only when the policy asks (policyReadsVerification).
 */
export async function verificationFacts(tx: EntityManager, beneficiaryId: string): Promise<VerificationFacts & { shown: ApprovalRecord['beneficiary']['verification'] }> {
  const standing = await verificationStanding(tx, beneficiaryId);
  const latest = standing.latest;
  return {
    unverified: !standing.verified,
    mismatch: standing.mismatch,
    shown: latest ? { status: latest.status, name_match: latest.nameMatch?.result ?? null } : null,
  };
}

/** Whether the key that made a payout is revoked now (a revoked key's waiting payouts do not go on). */
export async function keyRevoked(tx: EntityManager, keyId: string): Promise<boolean> {
  const [row] = await tx.execute<{ revoked: boolean }[]>(`select revoked_at is not null as revoked from api_keys where id = ?`, [keyId]);
  return row?.revoked ?? false;
}

/**
 * Records an approval of `objectId` by a holder; false when that holder already approved it (one holder counts
 * once: the primary key decides, so two approvals at once by one holder cannot both count).
 */
export async function recordApproval(tx: EntityManager, objectId: string, by: { keyId: string; name: string | null; holder: string }, at: Date): Promise<boolean> {
  const rows = await tx.execute<{ holder: string }[]>(
    `insert into object_approvals (object_id, key_id, name, holder, approved_at) values (?, ?, ?, ?, ?)
     on conflict (object_id, holder) do nothing returning holder`,
    [objectId, by.keyId, by.name, by.holder, at],
  );
  return rows.length === 1;
}

/** The approvals still standing for `objectId` (a revoked key's approvals are withdrawn). */
export async function standingApprovals(tx: EntityManager, objectId: string): Promise<ApprovalRecord['received']> {
  const rows = await tx.execute<{ key_id: string; name: string | null; holder: string; approved_at: Date }[]>(
    `select a.key_id, a.name, a.holder, a.approved_at from object_approvals a join api_keys k on k.id = a.key_id
     where a.object_id = ? and k.revoked_at is null order by a.approved_at, a.holder`,
    [objectId],
  );
  return rows.map((r) => ({ key_id: r.key_id, name: r.name, holder: r.holder, approved_at: Math.floor(new Date(r.approved_at).getTime() / 1000) }));
}

/** The `available` balance, locked until the transaction ends (the ledger's lock order starts with it). */
export async function lockedAvailable(tx: EntityManager, accountId: string, mode: Mode): Promise<bigint> {
  const [row] = await tx.execute<{ balance: string }[]>(
    `select balance::text as balance from ledger_accounts where account_id = ? and mode = ? and kind = 'available' and currency = 'INR' for update`,
    [accountId, mode],
  );
  return row ? BigInt(row.balance) : 0n;
}

/** Whether no payout of the account and mode waits `queued` (read under the `available` lock, so it holds until commit). */
export async function queueIsEmpty(tx: EntityManager, accountId: string, mode: Mode): Promise<boolean> {
  const [row] = await tx.execute<{ queued: boolean }[]>(`select exists (select 1 from payouts where account_id = ? and mode = ? and status = 'queued') as queued`, [accountId, mode]);
  return !row?.queued;
}

/** What the payouts queued before this one add up to (what must be covered before it goes), in paise. */
export async function queuedAhead(em: EntityManager, payoutId: string): Promise<number> {
  const [row] = await em.execute<{ ahead: string }[]>(
    `select coalesce(sum(o.amount), 0)::text as ahead from payouts p join payouts o
       on o.account_id = p.account_id and o.mode = p.mode and o.status = 'queued' and (o.queued_at, o.id) < (p.queued_at, p.id)
     where p.id = ? and p.status = 'queued'`,
    [payoutId],
  );
  return Number(row?.ahead ?? 0);
}
