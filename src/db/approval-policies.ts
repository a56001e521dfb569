// The approval policy of an account and mode (docs/api.md, "Approval policy"), stored as one row of
// approval_policies: `rules` as [{min_amount, approvals}] (the payout guard of src/db/payouts.ts reads them there
// too), `beneficiaries` as {new, unverified, mismatch} with absent keys meaning `allow`. No row: the default policy.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type ApprovalPolicy, type ApprovalRule, type BeneficiaryRuleAction, beneficiaryRuleActions, defaultApprovalPolicy } from '../domain/approvals.ts';
import type { Mode } from '../domain/modes.ts';
import type { ApprovalPolicyResponse } from '../contract/approval-policy.ts';
import { recordEvent } from './events.ts';

interface PolicyRow {
  rules: { min_amount: number | string; approvals: number }[] | null;
  expires_after: number;
  beneficiaries: Record<string, unknown> | null;
  /** Unix seconds (a raw query answers timestamps as text). */
  updated_s: number;
}

export interface StoredApprovalPolicy {
  policy: ApprovalPolicy;
  /** Unix seconds of the last change; null while no policy was ever set (the default). */
  updatedAt: number | null;
}

const actionOf = (value: unknown): BeneficiaryRuleAction =>
  beneficiaryRuleActions.includes(value as BeneficiaryRuleAction) ? (value as BeneficiaryRuleAction) : 'allow';

function policyOf(row: PolicyRow): ApprovalPolicy {
  const rules: ApprovalRule[] = (row.rules ?? [])
    .map((r) => ({ minAmount: Number(r.min_amount), approvals: (r.approvals === 2 ? 2 : 1) as 1 | 2 }))
    .sort((a, b) => a.minAmount - b.minAmount);
  const b = row.beneficiaries ?? {};
  return { rules, expiresAfter: row.expires_after, beneficiaries: { new: actionOf(b.new), unverified: actionOf(b.unverified), mismatch: actionOf(b.mismatch) } };
}

async function readStored(em: EntityManager, accountId: string, mode: Mode, lock: boolean): Promise<StoredApprovalPolicy> {
  const [row] = await em.execute<PolicyRow[]>(
    `select rules, expires_after, beneficiaries, floor(extract(epoch from updated_at))::int as updated_s from approval_policies where account_id = ? and mode = ?${lock ? ' for update' : ''}`,
    [accountId, mode],
  );
  return row ? { policy: policyOf(row), updatedAt: row.updated_s } : { policy: { ...defaultApprovalPolicy, rules: [], beneficiaries: { ...defaultApprovalPolicy.beneficiaries } }, updatedAt: null };
}

/** The policy that judges this account's payouts in `mode`: defaultApprovalPolicy when none was set. */
export async function readApprovalPolicy(em: EntityManager, accountId: string, mode: Mode): Promise<ApprovalPolicy> {
  return (await readStored(em, accountId, mode, false)).policy;
}

/** The policy with its last change, for GET /v1/approval_policy. */
export function readStoredApprovalPolicy(em: EntityManager, accountId: string, mode: Mode): Promise<StoredApprovalPolicy> {
  return readStored(em, accountId, mode, false);
}

/** The policy as GET /v1/approval_policy and the `approval_policy.updated` event show it. */
export function approvalPolicyView(stored: StoredApprovalPolicy, mode: Mode): ApprovalPolicyResponse {
  const { policy, updatedAt } = stored;
  return {
    object: 'approval_policy',
    mode,
    rules: policy.rules.map((r) => ({ min_amount: r.minAmount, approvals: r.approvals })),
    expires_after: policy.expiresAfter,
    beneficiaries: { ...policy.beneficiaries },
    updated_at: updatedAt,
  };
}

/**
 * Changes the policy in one transaction: `change` gets the current policy under the row's lock (it may throw to
 * change nothing) and returns the new one, which is written with its `approval_policy.updated` event. The row is
 * made first when there is none, so that two first changes also take turns and neither merges into a stale copy.
 */
export async function writeApprovalPolicy(
  em: EntityManager,
  accountId: string,
  mode: Mode,
  change: (current: ApprovalPolicy) => ApprovalPolicy,
): Promise<ApprovalPolicyResponse> {
  return em.transactional(async (tx) => {
    await tx.execute(`insert into approval_policies (account_id, mode) values (?, ?) on conflict do nothing`, [accountId, mode]);
    const changed = change((await readStored(tx, accountId, mode, true)).policy);
    const next = { ...changed, rules: [...changed.rules].sort((a, b) => a.minAmount - b.minAmount) };
    const rules = next.rules.map((r) => ({ min_amount: r.minAmount, approvals: r.approvals }));
    const [row] = await tx.execute<{ updated_s: number }[]>(
      `update approval_policies set rules = ?::jsonb, expires_after = ?, beneficiaries = ?::jsonb, updated_at = now()
       where account_id = ? and mode = ? returning floor(extract(epoch from updated_at))::int as updated_s`,
      [JSON.stringify(rules), next.expiresAfter, JSON.stringify(next.beneficiaries), accountId, mode],
    );
    const view = approvalPolicyView({ policy: next, updatedAt: row.updated_s }, mode);
    await recordEvent(tx, { accountId, mode, type: 'approval_policy.updated', object: view });
    return view;
  });
}
