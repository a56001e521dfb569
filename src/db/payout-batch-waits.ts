// A payout batch that waits as a whole (docs/api.md, "Payouts that wait"): judged at creation by its total (the
// approval policy, the daily amount of its key) and its largest item (a maker's `max_amount`), inside the
// transaction that stores it; its items are created then as payouts in the batch's wait status, reserving nothing,
// so an approver can list what they approve; and, when the batch's waits end, they end with it (rejected,
// cancelled) or go on one by one through their payouts' workflows as any batch's items do.
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../domain/errors.ts';
import { type ApprovalPolicy, type ApprovalReason, type BatchApprovalRecord, type Requester, approvalNeed, keyIsLimited } from '../domain/approvals.ts';
import { newId } from '../domain/ids.ts';
import type { Mode } from '../domain/modes.ts';
import type { PayoutOrder } from '../domain/payouts.ts';
import { lockKeyDay } from './accounts.ts';
import { readApprovalPolicy } from './approval-policies.ts';

/** What a new batch waits for, and what of it counts toward its key's day. */
export interface BatchJudgement {
  status: 'pending_approval' | 'scheduled' | 'processing';
  approval: BatchApprovalRecord | null;
  /** Its items less those that join by reference (they count once, on their own creation). */
  keyAmount: number;
  /** Idempotency keys of items that already have a payout: they join by reference and keep their own status. */
  joined: ReadonlySet<string>;
}

interface BatchOrder {
  accountId: string;
  mode: Mode;
  items: readonly PayoutOrder[];
}

/** The keys of `items` that already made a payout in this account and mode. */
async function joinedKeys(tx: EntityManager, batch: BatchOrder): Promise<Set<string>> {
  const rows = await tx.execute<{ idempotency_key: string }[]>(
    `select idempotency_key from payouts where account_id = ? and mode = ? and idempotency_key in (select jsonb_array_elements_text(?::jsonb))`,
    [batch.accountId, batch.mode, JSON.stringify(batch.items.map((i) => i.idempotencyKey))],
  );
  return new Set(rows.map((r) => r.idempotency_key));
}

/** How many of `beneficiaryIds` a maker key created and nobody has paid yet (the policy's `beneficiaries[new]`). */
async function newBeneficiaries(tx: EntityManager, batch: BatchOrder, beneficiaryIds: readonly string[]): Promise<number> {
  const [row] = await tx.execute<{ n: string }[]>(
    `select count(*)::text as n from beneficiaries b
     where b.account_id = ? and b.mode = ? and b.id in (select jsonb_array_elements_text(?::jsonb))
       and exists (select 1 from api_keys k where k.id = b.created_by_key_id and k.role = 'maker')
       and not exists (select 1 from payouts p where p.beneficiary_id = b.id and p.status in ('completed', 'reversed'))`,
    [batch.accountId, batch.mode, JSON.stringify([...new Set(beneficiaryIds)])],
  );
  return Number(row?.n ?? 0);
}

/**
 * How many of `beneficiaryIds` are unverified (their latest verification did not end `verified`) and how many have a
 * name mismatch standing (the newest verification that decided a name found a mismatch), in one statement however
 * many there are: what the policy's verification rules read of a batch (src/domain/verifications.ts says the rules).
 */
async function flaggedBeneficiaries(tx: EntityManager, beneficiaryIds: readonly string[]): Promise<{ unverified: number; mismatch: number; either: number }> {
  const [row] = await tx.execute<{ unverified: string; mismatch: string; either: string }[]>(
    `with ids as (select distinct id from jsonb_array_elements_text(?::jsonb) as t(id)),
     standing as (
       select (select v.status from beneficiary_verifications v where v.beneficiary_id = ids.id order by v.created_at desc, v.id desc limit 1) as latest,
              (select v.name_match_result from beneficiary_verifications v
               where v.beneficiary_id = ids.id and v.status = 'verified' and v.name_match_result in ('match', 'mismatch')
               order by v.created_at desc, v.id desc limit 1) as deciding
       from ids)
     select (count(*) filter (where latest is distinct from 'verified'))::text as unverified,
            (count(*) filter (where deciding = 'mismatch'))::text as mismatch,
            (count(*) filter (where latest is distinct from 'verified' or deciding = 'mismatch'))::text as either
     from standing`,
    [JSON.stringify(beneficiaryIds)],
  );
  return { unverified: Number(row?.unverified ?? 0), mismatch: Number(row?.mismatch ?? 0), either: Number(row?.either ?? 0) };
}

/**
 * The approval the policy's verification rules of `approve` ask of a batch: the whole batch waits when any item's
 * beneficiary is flagged. Rules of `refuse` refuse no batch: each item so refused fails alone as it is created.
 */
export async function batchVerificationNeed(tx: EntityManager, policy: ApprovalPolicy, beneficiaryIds: readonly string[]): Promise<{ reasons: ApprovalReason[]; flagged: number }> {
  const { unverified: u, mismatch: m } = policy.beneficiaries;
  if (u !== 'approve' && m !== 'approve') return { reasons: [], flagged: 0 };
  const flagged = await flaggedBeneficiaries(tx, beneficiaryIds);
  const reasons: ApprovalReason[] = [];
  if (u === 'approve' && flagged.unverified > 0) reasons.push('beneficiary_unverified');
  if (m === 'approve' && flagged.mismatch > 0) reasons.push('name_mismatch');
  return { reasons, flagged: u === 'approve' && m === 'approve' ? flagged.either : u === 'approve' ? flagged.unverified : flagged.mismatch };
}

/**
 * Judges a new batch inside its storing transaction. A limited key's day is read under its lock (lockKeyDay), held
 * until the batch is stored, so two batches (or a batch and a payout) of one key that together cross its limit
 * cannot both pass it.
 */
export async function judgeNewBatch(tx: EntityManager, batch: BatchOrder, key: Requester, scheduledAt: number | null): Promise<BatchJudgement> {
  const joined = await joinedKeys(tx, batch);
  const own = batch.items.filter((i) => !joined.has(i.idempotencyKey));
  const total = own.reduce((sum, i) => sum + i.amount, 0);
  const largest = own.reduce((max, i) => Math.max(max, i.amount), 0);
  let keyDayTotal: number | null = null;
  if (keyIsLimited(key)) {
    const day = await lockKeyDay(tx, key.keyId);
    if (day.state !== 'locked') throw new ApiError('permission_denied', 'This API key was revoked while the batch was being created.');
    keyDayTotal = Number(day.total);
  }
  const policy = await readApprovalPolicy(tx, batch.accountId, batch.mode);
  const fresh = policy.beneficiaries.new === 'allow' ? 0 : await newBeneficiaries(tx, batch, own.map((i) => i.beneficiaryId));
  const need = approvalNeed(policy, key, { amount: total, largest, keyDayTotal, newBeneficiary: fresh > 0, afterRejection: false });
  const verification = await batchVerificationNeed(tx, policy, own.map((i) => i.beneficiaryId));
  for (const reason of verification.reasons) {
    need.reasons.push(reason);
    need.required = Math.max(need.required, 1) as 1 | 2;
  }
  if (need.refusal) {
    throw new ApiError('permission_denied', "The account's approval policy refuses payouts to beneficiaries a maker key created and nobody has paid yet (beneficiaries[new]: refuse).");
  }
  const waitsForTime = scheduledAt !== null && scheduledAt * 1000 > Date.now();
  const status = need.required > 0 ? 'pending_approval' : waitsForTime ? 'scheduled' : 'processing';
  const approval: BatchApprovalRecord | null =
    need.required > 0
      ? {
          required: need.required,
          received: [],
          reasons: need.reasons,
          expires_at: Math.floor(Date.now() / 1000) + policy.expiresAfter,
          requested_by: { key_id: key.keyId, name: key.name, holder: key.holder },
          summary: {
            new_beneficiaries: fresh,
            largest_items: [...own]
              .sort((a, b) => b.amount - a.amount)
              .slice(0, 3)
              .map((i) => ({ idempotency_key: i.idempotencyKey, beneficiary_id: i.beneficiaryId, amount: i.amount })),
            joined_by_reference: joined.size,
            unverified_beneficiaries: verification.flagged,
          },
        }
      : null;
  return { status, approval, keyAmount: total, joined };
}

/**
 * The items of a batch that waits, created as payouts in the batch's wait status (one statement for all of them,
 * with their history rows): no money is reserved and no item event is sent; the batch's own event says it waits.
 * Items that join by reference are left as they are.
 */
export async function insertWaitingItemPayouts(
  tx: EntityManager,
  batch: BatchOrder & { id: string; createdByKeyId: string; simulate: readonly string[] },
  judged: BatchJudgement,
): Promise<void> {
  const rows = batch.items
    .filter((i) => !judged.joined.has(i.idempotencyKey))
    .map((i) => ({
      id: newId('payout'),
      beneficiary_id: i.beneficiaryId,
      amount: i.amount,
      transfer_mode: i.transferMode,
      reference: i.reference,
      narration: i.narration,
      metadata: i.metadata,
      idempotency_key: i.idempotencyKey,
    }));
  if (rows.length === 0) return;
  await tx.execute(
    `with made as (
       insert into payouts (id, account_id, mode, beneficiary_id, amount, currency, transfer_mode, status, batch_id, reference, narration, metadata,
                            idempotency_key, created_at, sandbox_simulate, created_by_key_id)
       select i.id, ?, ?, i.beneficiary_id, i.amount, 'INR', i.transfer_mode, ?, ?, i.reference, i.narration, coalesce(i.metadata, '{}'::jsonb),
              i.idempotency_key, now(), array(select jsonb_array_elements_text(?::jsonb)), ?
       from jsonb_to_recordset(?::jsonb) as i(id text, beneficiary_id text, amount bigint, transfer_mode text, reference text, narration text,
                                               metadata jsonb, idempotency_key text)
       on conflict (account_id, mode, idempotency_key) do nothing
       returning id, idempotency_key),
     linked as (
       update payout_batch_items i set payout_id = made.id from made where i.batch_id = ? and i.idempotency_key = made.idempotency_key)
     insert into payout_status_history (payout_id, from_status, to_status, failure_code) select id, null, ?, null from made`,
    [batch.accountId, batch.mode, judged.status, batch.id, JSON.stringify(batch.simulate), batch.createdByKeyId, JSON.stringify(rows), batch.id, judged.status],
  );
}
