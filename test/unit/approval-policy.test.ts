// The approval policy's rules that need no service (docs/api.md, "Approval policy"): the floor of `expires_after`
// outside test runs, how a change merges into the policy, and the mismatch/unverified order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertCoherent, mergeApprovalPolicy } from '../../src/api/routes/approval-policy.ts';
import { minExpiresAfter, updateApprovalPolicyParams } from '../../src/contract/approval-policy.ts';
import { parseParams } from '../../src/contract/validation.ts';
import { type ApprovalPolicy, defaultApprovalPolicy } from '../../src/domain/approvals.ts';

test('expires_after is at least an hour outside a test run, and at least a second in one', () => {
  assert.equal(minExpiresAfter(false), 3600);
  assert.equal(minExpiresAfter(true), 1);
});

test('a form change: values as strings, rules= clears the list, beneficiaries merge key by key', () => {
  const current: ApprovalPolicy = { rules: [{ minAmount: 100, approvals: 2 }], expiresAfter: 7200, beneficiaries: { new: 'approve', unverified: 'allow', mismatch: 'allow' } };
  const form = parseParams(updateApprovalPolicyParams, { rules: [{ min_amount: '500', approvals: '1' }], beneficiaries: { unverified: 'refuse' } });
  assert.deepEqual(mergeApprovalPolicy(current, form), { rules: [{ minAmount: 500, approvals: 1 }], expiresAfter: 7200, beneficiaries: { new: 'approve', unverified: 'refuse', mismatch: 'allow' } });
  assert.deepEqual(mergeApprovalPolicy(current, parseParams(updateApprovalPolicyParams, { rules: '' })).rules, []);
  assert.deepEqual(mergeApprovalPolicy(current, parseParams(updateApprovalPolicyParams, { expires_after: '3600' })), { ...current, expiresAfter: 3600 });
  assert.deepEqual(mergeApprovalPolicy(defaultApprovalPolicy, parseParams(updateApprovalPolicyParams, {})), defaultApprovalPolicy);
});

test('mismatch may not be stricter than unverified (allow < approve < refuse)', () => {
  const policyWith = (unverified: 'allow' | 'approve' | 'refuse', mismatch: 'allow' | 'approve' | 'refuse'): ApprovalPolicy => ({ ...defaultApprovalPolicy, beneficiaries: { new: 'allow', unverified, mismatch } });
  for (const [u, m] of [['allow', 'allow'], ['approve', 'approve'], ['refuse', 'approve'], ['refuse', 'allow']] as const) assert.doesNotThrow(() => assertCoherent(policyWith(u, m)));
  for (const [u, m] of [['allow', 'approve'], ['allow', 'refuse'], ['approve', 'refuse']] as const) {
    assert.throws(() => assertCoherent(policyWith(u, m)), (err: { param?: string }) => err.param === 'beneficiaries[unverified]');
  }
});
