// The approval policy (docs/api.md, "Approval policy"): GET reads it (every role), POST changes the fields given
// (a `full` key: src/domain/key-roles.ts), judged on the policy it leaves behind, in one transaction with its event.
import type Router from '@koa/router';
import { z } from 'zod';
import { type ApprovalPolicy, type BeneficiaryRuleAction } from '../../domain/approvals.ts';
import { ApiError } from '../../domain/errors.ts';
import { approvalPolicyView, readStoredApprovalPolicy, writeApprovalPolicy } from '../../db/approval-policies.ts';
import { minExpiresAfter, updateApprovalPolicyParams, type ApprovalPolicyResponse, type UpdateApprovalPolicyParams } from '../../contract/approval-policy.ts';
import { parseParams } from '../../contract/validation.ts';
import { type AppDeps, type ApiState, authOf } from '../context.ts';

const URL = '/v1/approval_policy';
const noParams = z.strictObject({});

const strictness: Record<BeneficiaryRuleAction, number> = { allow: 0, approve: 1, refuse: 2 };

/** The policy after `params`: top-level fields given replace theirs, `rules` as a whole list, `beneficiaries` key by key. */
export function mergeApprovalPolicy(current: ApprovalPolicy, params: UpdateApprovalPolicyParams): ApprovalPolicy {
  return {
    rules: params.rules ? params.rules.map((r) => ({ minAmount: r.min_amount, approvals: r.approvals })) : current.rules,
    expiresAfter: params.expires_after ?? current.expiresAfter,
    beneficiaries: { ...current.beneficiaries, ...Object.fromEntries(Object.entries(params.beneficiaries ?? {}).filter(([, v]) => v !== undefined)) },
  };
}

/**
 * A payout to a beneficiary whose verification is still pending counts as unverified: were `mismatch` stricter than
 * `unverified`, paying before the verification ends would pass what a mismatch stops.
 */
export function assertCoherent(policy: ApprovalPolicy): ApprovalPolicy {
  const { unverified, mismatch } = policy.beneficiaries;
  if (strictness[mismatch] > strictness[unverified]) {
    throw new ApiError(
      'invalid_request',
      `Invalid beneficiaries[unverified]: must be at least as strict as beneficiaries[mismatch] (${mismatch}), or a payout sent before a verification ends would pass what a mismatch stops; got ${unverified}.`,
      'beneficiaries[unverified]',
    );
  }
  return policy;
}

export function approvalPolicyRoutes(router: Router<ApiState>, deps: AppDeps): void {
  router.get(URL, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    parseParams(noParams, ctx.state.query);
    ctx.body = approvalPolicyView(await readStoredApprovalPolicy(ctx.state.em, accountId, mode), mode) satisfies ApprovalPolicyResponse;
  });

  router.post(URL, async (ctx) => {
    const { accountId, mode } = authOf(ctx);
    const params = parseParams(updateApprovalPolicyParams, ctx.state.body);
    const floor = minExpiresAfter(deps.config.PAYGATE_TEST_RUN);
    if (params.expires_after !== undefined && params.expires_after < floor) {
      throw new ApiError('invalid_request', `Invalid expires_after: must be at least ${floor} seconds.`, 'expires_after');
    }
    const written = await writeApprovalPolicy(ctx.state.em, accountId, mode, (current) => assertCoherent(mergeApprovalPolicy(current, params)));
    ctx.body = written satisfies ApprovalPolicyResponse;
  });
}
