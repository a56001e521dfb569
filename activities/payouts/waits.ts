// A payout that waits (docs/api.md, "Payouts that wait"): its approvals, rejection, cancel, and what happens when
// the time it waits for comes (an approval's expiry, a scheduled time). Each runs in one transaction under the
// payout's row lock, so an approval racing an expiry or a cancel ends in exactly one state, and the money is
// reserved only when the payout leaves its last wait, by the same lifecycle move as at creation.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { type ApprovalPolicy, type ApprovalReason, type ApprovalRecord, approvalRecordOf, policyApprovals, policyReadsVerification, verificationRule } from '../../src/domain/approvals.ts';
import type { KeyRole } from '../../src/domain/key-roles.ts';
import { type FailureReason, type PayoutStatus, type PayoutWaitStatus, failure, isPayoutWaiting } from '../../src/domain/payouts.ts';
import type { Payout } from '../../src/db/entities.ts';
import { readApprovalPolicy } from '../../src/db/approval-policies.ts';
import { recordEvent } from '../../src/db/events.ts';
import { keyRevoked, lockedAvailable, queueIsEmpty, recordApproval, standingApprovals, verificationFacts } from '../../src/db/payout-waits.ts';
import { payoutView } from '../../src/db/views.ts';
import { applyTransition, loadRow, refuse } from '../lifecycle.ts';
import { payoutStore } from './payout-store.ts';
import type { PayoutResponse } from '../../src/contract/payouts.ts';

/** The key acting on a waiting payout, as the API authenticated it (never its secret). */
export interface ActingKey {
  keyId: string;
  name: string | null;
  holder: string;
  role: KeyRole;
}

export type PayoutWaitAction =
  | { kind: 'approve'; by: ActingKey }
  | { kind: 'reject'; by: ActingKey; reason: string | null }
  | { kind: 'cancel'; by: ActingKey }
  /** The time the payout waited for in `status` has come (its workflow's timer, or the sandbox's advance). */
  | { kind: 'due'; status: PayoutWaitStatus }
  /** Only the payout as written now (its workflow looks again after a change). */
  | { kind: 'read' };

export interface PayoutWaitRequest {
  payoutId: string;
  action: PayoutWaitAction;
}

export async function actOnWaitingPayout(orm: MikroORM, { payoutId, action }: PayoutWaitRequest, queueSeconds: number): Promise<PayoutResponse> {
  return orm.em.fork().transactional(async (tx) => {
    const row = await loadRow(tx, payoutStore, payoutId, true);
    switch (action.kind) {
      case 'read':
        return payoutView(row);
      case 'approve':
        return approve(tx, row, action.by, queueSeconds);
      case 'reject': {
        approvable(row, action.by, 'rejected');
        const reason = action.reason ? failure('approval_rejected', `An approver rejected this payout: ${action.reason}`) : failure('approval_rejected');
        return move(tx, row, 'rejected', reason);
      }
      case 'cancel':
        if (!isPayoutWaiting(row.status)) throw refuse('InvalidState', `A ${row.status} payout cannot be cancelled; only a payout that waits (pending_approval, scheduled, queued) can.`);
        if (action.by.role === 'maker' && row.createdByKeyId !== action.by.keyId) throw refuse('PermissionDenied', 'A maker key cancels only the payouts it created.');
        return move(tx, row, 'cancelled');
      case 'due':
        // A timer set for a status the payout has left since (an approval came first) changes nothing.
        if (row.status !== action.status) return payoutView(row);
        if (row.status === 'pending_approval') return move(tx, row, 'rejected', failure('approval_expired'));
        // Queued for as long as a payout may: too little money came.
        if (row.status === 'queued') return move(tx, row, 'failed', failure('insufficient_funds'));
        return goOn(tx, row, true, queueSeconds);
      default:
        return action satisfies never;
    }
  });
}

/** The approval a waiting payout records; refuses when it waits for none or `by` may not give it. */
function approvable(row: Payout, by: ActingKey, verb: 'approved' | 'rejected'): ApprovalRecord {
  const record = approvalRecordOf(row.approval);
  if (row.status !== 'pending_approval' || !record) throw refuse('InvalidState', `A ${row.status} payout cannot be ${verb}; only a pending_approval one can.`);
  // Maker and checker are two people: compared by holder, so a second key of the creator's holder is no checker.
  if (by.holder === record.requested_by.holder) throw refuse('PermissionDenied', `The holder who created this payout cannot have it ${verb}; another approver must.`);
  return record;
}

async function approve(tx: EntityManager, row: Payout, by: ActingKey, queueSeconds: number): Promise<PayoutResponse> {
  const record = approvable(row, by, 'approved');
  const now = new Date();
  if (record.expires_at * 1000 <= now.getTime()) throw refuse('InvalidState', 'This payout can no longer be approved: its approval window has ended.');
  if (!(await recordApproval(tx, row.id, by, now))) throw refuse('InvalidState', `Holder '${by.holder}' has already approved this payout; one holder counts once.`);
  return approvalsChanged(tx, row, record, queueSeconds);
}

/**
 * After the approvals changed: the record updated with the approvals still standing and, when they are enough,
 * `payout.approved` and the payout going on (its scheduled time, then its money).
 */
async function approvalsChanged(tx: EntityManager, row: Payout, record: ApprovalRecord, queueSeconds: number): Promise<PayoutResponse> {
  const received = await standingApprovals(tx, row.id);
  const updated: ApprovalRecord = { ...record, received };
  await writeApproval(tx, row, updated);
  if (received.length < updated.required) return payoutView(row);
  await recordEvent(tx, { accountId: row.accountId, mode: row.mode, type: 'payout.approved', object: payoutView(row), simulate: row.sandboxSimulate });
  return goOn(tx, row, false, queueSeconds);
}

async function writeApproval(tx: EntityManager, row: Payout, record: ApprovalRecord): Promise<void> {
  row.approval = JSON.stringify(record);
  await tx.execute(`update payouts set approval = ?::jsonb where id = ?`, [row.approval, row.id]);
}

/**
 * The payout leaves the wait it is in, judged again as it does (docs/api.md, "Judged again at release"): a revoked
 * creating key cancels it, a beneficiary no longer active fails it, and a policy now stricter than at creation
 * sends it back to approval. Then its scheduled time (unless `timeCame`), then its money: reserved here, or
 * `failed` with insufficient_funds.
 */
async function goOn(tx: EntityManager, row: Payout, timeCame: boolean, queueSeconds: number): Promise<PayoutResponse> {
  if (row.createdByKeyId && (await keyRevoked(tx, row.createdByKeyId))) return move(tx, row, 'cancelled');
  const [bene] = await tx.execute<{ active: boolean }[]>(`select active from beneficiaries where id = ? and account_id = ? and mode = ?`, [row.beneficiaryId, row.accountId, row.mode]);
  if (!bene?.active) return move(tx, row, 'failed', failure('beneficiary_not_found'));
  const policy = await readApprovalPolicy(tx, row.accountId, row.mode);
  // The beneficiary's latest verification, as it stands now (a later mismatch, or a refusal set meanwhile, applies).
  const verification = policyReadsVerification(policy) ? await verificationFacts(tx, row.beneficiaryId) : undefined;
  const byVerification = verificationRule(policy, verification);
  if (byVerification.refused) return move(tx, row, 'failed', failure('beneficiary_not_verified'));
  const stricter = await stricterNow(tx, row, policy, byVerification.reasons, verification?.shown);
  if (stricter) {
    await writeApproval(tx, row, stricter);
    return row.status === 'pending_approval' ? payoutView(row) : move(tx, row, 'pending_approval');
  }
  if (!timeCame && row.scheduledAt && row.scheduledAt.getTime() > Date.now()) return row.status === 'scheduled' ? payoutView(row) : move(tx, row, 'scheduled');
  const available = await lockedAvailable(tx, row.accountId, row.mode);
  if (row.queueIfLowBalance && (available < BigInt(row.amount) || !(await queueIsEmpty(tx, row.accountId, row.mode)))) {
    // Its expiry is written first, so the move's own statement and event carry it.
    row.queueExpiresAt = new Date(Date.now() + queueSeconds * 1000);
    await tx.execute(`update payouts set queue_expires_at = ? where id = ?`, [row.queueExpiresAt, row.id]);
    return move(tx, row, 'queued');
  }
  if (available < BigInt(row.amount)) return move(tx, row, 'failed', failure('insufficient_funds'));
  return move(tx, row, 'initiated');
}

/**
 * The approval the account's policy asks of this payout now, when it asks more than the approvals standing (the
 * stricter of creation and now applies); undefined when what stands is enough.
 */
async function stricterNow(
  tx: EntityManager,
  row: Payout,
  policy: ApprovalPolicy,
  verificationReasons: readonly ApprovalReason[],
  verificationShown: ApprovalRecord['beneficiary']['verification'] | undefined,
): Promise<ApprovalRecord | undefined> {
  // The policy's rules and its verification rules are judged again here: a key's day was counted once, at creation.
  const rules = policyApprovals(policy, Number(row.amount));
  const need = { required: Math.max(rules.required, verificationReasons.length > 0 ? 1 : 0), reasons: [...rules.reasons, ...verificationReasons] };
  const record = approvalRecordOf(row.approval);
  const received = record ? await standingApprovals(tx, row.id) : [];
  const required = Math.max(need.required, record?.required ?? 0);
  if (received.length >= required) return undefined;
  const key = await requesterOf(tx, row, record);
  return {
    required,
    received,
    reasons: [...new Set([...(record?.reasons ?? []), ...need.reasons])],
    expires_at: Math.floor(Date.now() / 1000) + policy.expiresAfter,
    requested_by: key,
    beneficiary: { ...(record?.beneficiary ?? (await beneficiaryShown(tx, row))), ...(verificationShown !== undefined ? { verification: verificationShown } : {}) },
  };
}

async function requesterOf(tx: EntityManager, row: Payout, record: ApprovalRecord | null): Promise<ApprovalRecord['requested_by']> {
  if (record) return record.requested_by;
  const [key] = row.createdByKeyId ? await tx.execute<{ id: string; name: string | null; holder: string | null }[]>(`select id, name, holder from api_keys where id = ?`, [row.createdByKeyId]) : [];
  return { key_id: key?.id ?? '', name: key?.name ?? null, holder: key?.holder ?? key?.id ?? '' };
}

async function beneficiaryShown(tx: EntityManager, row: Payout): Promise<ApprovalRecord['beneficiary']> {
  const [b] = await tx.execute<{ type: 'bank_account' | 'vpa'; name: string; account_number: string | null; ifsc: string | null; vpa: string | null; paid: boolean }[]>(
    `select type, name, account_number, ifsc, vpa,
            exists (select 1 from payouts p where p.beneficiary_id = b.id and p.status in ('completed', 'reversed')) as paid
     from beneficiaries b where id = ?`,
    [row.beneficiaryId],
  );
  return { type: b.type, name: b.name, last4: b.account_number?.slice(-4) ?? null, ifsc: b.ifsc, vpa: b.vpa, paid_before: b.paid };
}

/** The lifecycle move with everything that goes with it (a reservation entering `initiated`, the event, history). */
function move(tx: EntityManager, row: Payout, to: PayoutStatus, reason?: FailureReason): Promise<PayoutResponse> {
  return applyTransition(tx, payoutStore, row, { to, ...(reason ? { failure: reason } : {}) });
}
