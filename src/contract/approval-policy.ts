// The approval policy of an account and mode (docs/api.md, "Approval policy"): POST /v1/approval_policy changes the
// fields given (`rules` as a whole list), GET /v1/approval_policy reads it. What it decides: src/domain/approvals.ts.
import { z } from 'zod';
import { beneficiaryRuleActions, MAX_APPROVAL_EXPIRY_SECONDS, MIN_APPROVAL_EXPIRY_SECONDS } from '../domain/approvals.ts';
import { amountParam, intParam, modeSchema } from './common.ts';
import { type Paths, readOperation, writeOperation } from './openapi-operations.ts';

/** At most this many amount rules in one policy. */
export const MAX_APPROVAL_RULES = 10;

/**
 * The least `expires_after` a caller may set: an hour, or a second in a test run (PAYGATE_TEST_RUN=1), whose tests
 * let a payout's approval expire while they watch.
 */
export function minExpiresAfter(testRun: boolean): number {
  return testRun ? 1 : MIN_APPROVAL_EXPIRY_SECONDS;
}

const approvalsParam = z
  .union([z.literal(1), z.literal(2), z.enum(['1', '2'])], { error: 'must be 1 or 2' })
  .transform((value) => Number(value) as 1 | 2)
  .meta({
    description: 'Approvals a payout of at least `min_amount` needs, each from another holder: 1 or 2.',
    // One integer in the document, whether JSON sends 1 or a form "1".
    override: ({ jsonSchema }) => {
      delete jsonSchema.anyOf;
      Object.assign(jsonSchema, { type: 'integer', enum: [1, 2] });
    },
  });

const ruleParam = z.strictObject({
  min_amount: amountParam({ description: 'Paise: a payout (or batch, by its total) of at least this needs `approvals`.' }),
  approvals: approvalsParam,
});

/** The whole list of rules; the empty string (`rules=` in a form, which cannot spell an empty list) clears it. */
const rulesParam = z
  .preprocess((value) => (value === '' ? [] : value), z.array(ruleParam).max(MAX_APPROVAL_RULES))
  .superRefine((rules, ctx) => {
    const seen = new Set<number>();
    rules.forEach((rule, i) => {
      if (seen.has(rule.min_amount)) ctx.addIssue({ code: 'custom', message: 'must differ from the other rules\' min_amount', path: [i, 'min_amount'] });
      seen.add(rule.min_amount);
    });
  })
  .optional()
  .meta({
    description: `Replaces the whole list (at most ${MAX_APPROVAL_RULES}, each \`min_amount\` once): a payout of at least a rule's \`min_amount\` needs that rule's approvals, the largest matching rule counting. Form: \`rules[0][min_amount]=500000&rules[0][approvals]=1\`; \`rules=\` (empty) clears the list, as \`"rules": []\` does in JSON.`,
  });

const actionParam = (description: string) => z.enum(beneficiaryRuleActions).optional().meta({ description });

export const updateApprovalPolicyParams = z.strictObject({
  rules: rulesParam,
  expires_after: intParam(1, MAX_APPROVAL_EXPIRY_SECONDS, `Seconds a payout waits for its approvals before it ends \`rejected\` (\`approval_expired\`): ${MIN_APPROVAL_EXPIRY_SECONDS} (an hour) to ${MAX_APPROVAL_EXPIRY_SECONDS} (90 days); default 604800 (7 days).`).optional(),
  beneficiaries: z
    .strictObject({
      new: actionParam('The first payout to a beneficiary a `maker` key created: `allow`, `approve` (it waits, reason `new_beneficiary`) or `refuse`.'),
      unverified: actionParam('A payout to a beneficiary not verified, or whose verification is pending: `allow`, `approve` (reason `beneficiary_unverified`) or `refuse` (400 `beneficiary_not_verified`).'),
      mismatch: actionParam('A payout to a beneficiary whose verification ended `mismatch`: `allow`, `approve` (reason `name_mismatch`) or `refuse`; never stricter than `unverified` (400 naming `beneficiaries[unverified]`).'),
    })
    .optional()
    .meta({ description: 'Each key given replaces that setting; the others stay. Form: `beneficiaries[new]=approve`.' }),
});
export type UpdateApprovalPolicyParams = z.output<typeof updateApprovalPolicyParams>;

const actionSchema = z.enum(beneficiaryRuleActions);

export const approvalPolicySchema = z
  .object({
    object: z.literal('approval_policy'),
    mode: modeSchema,
    rules: z
      .array(z.object({ min_amount: z.int(), approvals: z.int() }))
      .meta({ description: 'By `min_amount`, smallest first; empty: no payout waits for its amount.' }),
    expires_after: z.int().meta({ description: 'Seconds a payout waits for its approvals before it ends `rejected`.' }),
    beneficiaries: z.object({ new: actionSchema, unverified: actionSchema, mismatch: actionSchema }),
    updated_at: z.int().nullable().meta({ description: 'Unix seconds of the last change; null while the policy is the default (never set).' }),
  })
  .meta({ id: 'ApprovalPolicy' });
export type ApprovalPolicyResponse = z.infer<typeof approvalPolicySchema>;

const tags = ['Approval policy'];

export const approvalPolicyPaths: Paths = {
  '/v1/approval_policy': {
    get: readOperation({
      operationId: 'getApprovalPolicy',
      summary: "The account's approval policy in this mode (the default when none was set)",
      tags,
      ok: ['The approval policy.', approvalPolicySchema],
    }),
    post: writeOperation({
      operationId: 'updateApprovalPolicy',
      summary: 'Change the approval policy: the fields given replace theirs (`rules` as a whole list, `beneficiaries` key by key)',
      description: 'A `full` key only (`403 permission_denied` otherwise). Emits `approval_policy.updated`. Applies to payouts created from then on, and to waiting ones when they are released.',
      tags,
      body: updateApprovalPolicyParams,
      ok: ['The approval policy after the change.', approvalPolicySchema],
    }),
  },
};
