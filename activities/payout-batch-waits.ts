// A payout batch that waits as a whole (docs/api.md, "Payouts that wait"): its approvals, rejection, cancel, and
// the time it waits for (its approval's expiry, its scheduled time). Each runs in one transaction under the batch's
// row lock, so an approval racing the expiry or a cancel ends in one state. The batch's waiting items move with it
// in one statement each (they reserved nothing); when the batch goes on (`processing`) its workflow hands its items
// to their payouts' workflows as for any batch, and each item's money is reserved there (create-payout.ts).
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { type BatchApprovalRecord, batchApprovalRecordOf, policyApprovals, policyReadsVerification } from '../src/domain/approvals.ts';
import { type FailureReason, failure } from '../src/domain/payouts.ts';
import { MAX_PROCESSING_BATCHES, type PayoutBatchStatus, isPayoutBatchWaiting } from '../src/domain/payout-batches.ts';
import { PayoutBatchEntity, type PayoutBatch } from '../src/db/entities.ts';
import { readApprovalPolicy } from '../src/db/approval-policies.ts';
import { batchVerificationNeed } from '../src/db/payout-batch-waits.ts';
import { recordEvent, storedSimulations } from '../src/db/events.ts';
import { payoutBatchViewOf, placesTaken } from '../src/db/payout-batches.ts';
import { keyRevoked, recordApproval, standingApprovals } from '../src/db/payout-waits.ts';
import { refuse } from './lifecycle.ts';
import type { ActingKey, PayoutWaitAction } from './payouts/waits.ts';
import type { PayoutBatchResponse } from '../src/contract/payout-batches.ts';

/** A payout's wait actions, and a batch's try for a place after its waits are over (a no-op unless it waits for one). */
export type PayoutBatchWaitAction = PayoutWaitAction | { kind: 'place' };

export interface PayoutBatchWaitRequest {
  batchId: string;
  action: PayoutBatchWaitAction;
}

/**
 * The batch as an action left it, and, for its own workflow only, whether its waits are over and it waits for a place
 * (`place_wanted`: never in an API answer; absent in the results of runs recorded before it existed, which had no such wait).
 */
export type PayoutBatchWaitResult = PayoutBatchResponse & { place_wanted?: true };

export async function actOnWaitingBatch(orm: MikroORM, { batchId, action }: PayoutBatchWaitRequest): Promise<PayoutBatchWaitResult> {
  return orm.em.fork().transactional(async (tx) => {
    const row = await tx.findOne(PayoutBatchEntity, { id: batchId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!row) throw refuse('NotFound', `payout batch ${batchId} not found`);
    const view = await act(tx, row, action);
    return row.placeWantedAt ? { ...view, place_wanted: true } : view;
  });
}

async function act(tx: EntityManager, row: PayoutBatch, action: PayoutBatchWaitAction): Promise<PayoutBatchResponse> {
  switch (action.kind) {
    case 'read':
      return payoutBatchViewOf(tx, row);
    case 'approve':
      return approve(tx, row, action.by);
    case 'reject':
      await approvable(tx, row, action.by, 'rejected');
      return end(tx, row, 'rejected', action.reason ? failure('approval_rejected', `An approver rejected this payout's batch: ${action.reason}`) : failure('approval_rejected'));
    case 'cancel':
      if (!isPayoutBatchWaiting(row.status)) throw refuse('InvalidState', `A ${row.status} payout batch cannot be cancelled; only one that waits (pending_approval, scheduled) can.`);
      if (action.by.role === 'maker' && row.createdByKeyId !== action.by.keyId) throw refuse('PermissionDenied', 'A maker key cancels only the batches it created.');
      return end(tx, row, 'cancelled');
    case 'place':
      return row.placeWantedAt ? goOn(tx, row, true) : payoutBatchViewOf(tx, row);
    case 'due':
      if (row.status !== action.status) return payoutBatchViewOf(tx, row);
      // Its waits are over and it waits for a place: its approval no longer expires, it tries for a place again.
      if (row.placeWantedAt) return goOn(tx, row, true);
      if (row.status === 'pending_approval') return end(tx, row, 'rejected', failure('approval_expired'));
      return goOn(tx, row, true);
    default:
      return action satisfies never;
  }
}

/**
 * The approval of a waiting batch; refuses when it waits for none, or when `by`'s holder created the batch or any of
 * its items (an item joined by reference may be another key's).
 */
async function approvable(tx: EntityManager, row: PayoutBatch, by: ActingKey, verb: 'approved' | 'rejected'): Promise<BatchApprovalRecord> {
  const record = batchApprovalRecordOf(row.approval);
  if (row.status !== 'pending_approval' || !record) throw refuse('InvalidState', `A ${row.status} payout batch cannot be ${verb}; only a pending_approval one can.`);
  if (row.placeWantedAt) throw refuse('InvalidState', `This batch has its approvals and waits for a place among the batches processing; it can no longer be ${verb} (it can still be cancelled).`);
  if (by.holder === record.requested_by.holder) throw refuse('PermissionDenied', `The holder who created this batch cannot have it ${verb}; another approver must.`);
  const [own] = await tx.execute<{ made: boolean }[]>(
    `select exists (select 1 from payouts p join api_keys k on k.id = p.created_by_key_id
                    where coalesce(k.holder, k.id) = ?
                      and (p.batch_id = ? or p.id in (select payout_id from payout_batch_items where batch_id = ? and payout_id is not null))) as made`,
    [by.holder, row.id, row.id],
  );
  if (own?.made) throw refuse('PermissionDenied', `The holder '${by.holder}' created an item of this batch and cannot have it ${verb}.`);
  return record;
}

async function approve(tx: EntityManager, row: PayoutBatch, by: ActingKey): Promise<PayoutBatchResponse> {
  const record = await approvable(tx, row, by, 'approved');
  const now = new Date();
  if (record.expires_at * 1000 <= now.getTime()) throw refuse('InvalidState', 'This batch can no longer be approved: its approval window has ended.');
  if (!(await recordApproval(tx, row.id, by, now))) throw refuse('InvalidState', `Holder '${by.holder}' has already approved this batch; one holder counts once.`);
  const received = await standingApprovals(tx, row.id);
  await writeApproval(tx, row, { ...record, received });
  if (received.length < record.required) return payoutBatchViewOf(tx, row);
  await batchEvent(tx, row, 'payout_batch.approved');
  return goOn(tx, row, false);
}

async function writeApproval(tx: EntityManager, row: PayoutBatch, record: BatchApprovalRecord): Promise<void> {
  row.approval = JSON.stringify(record);
  await tx.execute(`update payout_batches set approval = ?::jsonb where id = ?`, [row.approval, row.id]);
}

/**
 * The batch leaves the wait it is in, judged again: a revoked creating key cancels it, a policy now asking more
 * approvals than stand sends it back to approval; then its scheduled time (unless `timeCame`); then it goes on.
 */
async function goOn(tx: EntityManager, row: PayoutBatch, timeCame: boolean): Promise<PayoutBatchResponse> {
  if (row.createdByKeyId && (await keyRevoked(tx, row.createdByKeyId))) return end(tx, row, 'cancelled');
  const policy = await readApprovalPolicy(tx, row.accountId, row.mode);
  const rules = policyApprovals(policy, Number(row.keyAmount ?? row.totalAmount));
  // Its own items' beneficiaries as they stand now: a rule of `approve` that applies sends the whole batch back.
  // Read only when the policy has a verification rule (a batch of 10,000 items has as many rows to scan).
  const own = policyReadsVerification(policy)
    ? await tx.execute<{ beneficiary_id: string }[]>(`select distinct beneficiary_id from payouts where batch_id = ? and status in ('pending_approval', 'scheduled')`, [row.id])
    : [];
  const verification = await batchVerificationNeed(tx, policy, own.map((r) => r.beneficiary_id));
  const need = { required: Math.max(rules.required, verification.reasons.length > 0 ? 1 : 0), reasons: [...rules.reasons, ...verification.reasons] };
  const record = batchApprovalRecordOf(row.approval);
  const received = record ? await standingApprovals(tx, row.id) : [];
  if (received.length < Math.max(need.required, record?.required ?? 0)) {
    const requested = record?.requested_by ?? { key_id: row.createdByKeyId ?? '', name: null, holder: row.createdByKeyId ?? '' };
    const summary = { ...(record?.summary ?? { new_beneficiaries: 0, largest_items: [], joined_by_reference: 0 }), unverified_beneficiaries: verification.flagged };
    const again: BatchApprovalRecord = {
      required: Math.max(need.required, record?.required ?? 0),
      received,
      reasons: [...new Set([...(record?.reasons ?? []), ...need.reasons])],
      expires_at: Math.floor(Date.now() / 1000) + policy.expiresAfter,
      requested_by: requested,
      summary,
    };
    await writeApproval(tx, row, again);
    return row.status === 'pending_approval' && !row.placeWantedAt ? payoutBatchViewOf(tx, row) : move(tx, row, 'pending_approval');
  }
  if (!timeCame && row.scheduledAt && row.scheduledAt.getTime() > Date.now()) return row.status === 'scheduled' ? payoutBatchViewOf(tx, row) : move(tx, row, 'scheduled');
  if ((await placesTaken(tx, row)) >= MAX_PROCESSING_BATCHES) {
    // Every place is taken: it keeps the status it waited in, and its workflow tries again (waitOutBatch).
    if (!row.placeWantedAt) {
      await tx.execute(`update payout_batches set place_wanted_at = now() where id = ?`, [row.id]);
      row.placeWantedAt = new Date();
    }
    return payoutBatchViewOf(tx, row);
  }
  return move(tx, row, 'processing');
}

/** The batch enters `to`, its waiting items with it when `to` is a wait (they go on one by one when it processes). */
async function move(tx: EntityManager, row: PayoutBatch, to: 'pending_approval' | 'scheduled' | 'processing'): Promise<PayoutBatchResponse> {
  await tx.execute(
    `update payout_batches set status = ?, place_wanted_at = null, approved_at = case when ? = 'processing' and approval is not null then now() else approved_at end where id = ?`,
    [to, to, row.id],
  );
  row.status = to;
  row.placeWantedAt = null;
  if (to !== 'processing') await moveItems(tx, row.id, to);
  return payoutBatchViewOf(tx, row);
}

/** Ends the batch and its waiting items `rejected` (with `reason`) or `cancelled`: nothing was reserved, nothing is posted. */
async function end(tx: EntityManager, row: PayoutBatch, to: 'rejected' | 'cancelled', reason?: FailureReason): Promise<PayoutBatchResponse> {
  const at = to === 'rejected' ? 'rejected_at' : 'cancelled_at';
  await tx.execute(`update payout_batches set status = ?, place_wanted_at = null, ${at} = now() where id = ?`, [to, row.id]);
  row.status = to;
  row.placeWantedAt = null;
  await moveItems(tx, row.id, to, reason);
  await batchEvent(tx, row, to === 'rejected' ? 'payout_batch.rejected' : 'payout_batch.cancelled');
  return payoutBatchViewOf(tx, row);
}

/** The batch's own items that still wait move to `to` in one statement, with their history rows. */
async function moveItems(tx: EntityManager, batchId: string, to: PayoutBatchStatus | 'rejected' | 'cancelled', reason?: FailureReason): Promise<void> {
  const at = to === 'rejected' ? ', rejected_at = now()' : to === 'cancelled' ? ', cancelled_at = now()' : '';
  await tx.execute(
    `with moved as (
       update payouts p set status = ?, failure_code = ?, failure_message = ?${at}
       where p.batch_id = ? and p.status in ('pending_approval', 'scheduled') and p.status <> ?
       returning p.id, (select q.status from payouts q where q.id = p.id) as from_status)
     insert into payout_status_history (payout_id, from_status, to_status, failure_code) select id, from_status, ?, ? from moved`,
    [to, reason?.code ?? null, reason?.message ?? null, batchId, to, to, reason?.code ?? null],
  );
}

async function batchEvent(tx: EntityManager, row: PayoutBatch, type: string): Promise<void> {
  const view = await payoutBatchViewOf(tx, row);
  await recordEvent(tx, { accountId: row.accountId, mode: row.mode, type, object: view, simulate: await storedSimulations(tx, 'payout_batches', row.id) });
}
