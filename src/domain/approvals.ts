// Payouts that wait for people (docs/api.md, "Payouts that wait"): the approval policy of an account and mode, a
// maker key's spending limits, and the one judgement of how many approvals a payout (or batch) needs and why. No
// other code decides it; the database code reads the facts, this decides from them.

export const approvalReasons = ['amount_rule', 'key_limit', 'key_always', 'new_beneficiary', 'after_rejection', 'beneficiary_unverified', 'name_mismatch'] as const;
export type ApprovalReason = (typeof approvalReasons)[number];

export const beneficiaryRuleActions = ['allow', 'approve', 'refuse'] as const;
export type BeneficiaryRuleAction = (typeof beneficiaryRuleActions)[number];

export interface ApprovalRule {
  /** Paise: a payout of at least this needs `approvals`. */
  minAmount: number;
  approvals: 1 | 2;
}

export interface ApprovalPolicy {
  rules: ApprovalRule[];
  /** Seconds a payout waits for its approvals before it ends `rejected` (`approval_expired`). */
  expiresAfter: number;
  beneficiaries: { new: BeneficiaryRuleAction; unverified: BeneficiaryRuleAction; mismatch: BeneficiaryRuleAction };
}

export const DEFAULT_APPROVAL_EXPIRY_SECONDS = 604_800; // 7 days
export const MAX_APPROVAL_EXPIRY_SECONDS = 90 * 86_400;
/** Outside test runs `expires_after` is at least an hour (docs/api.md, Operations). */
export const MIN_APPROVAL_EXPIRY_SECONDS = 3_600;
/** After a rejection, that key's payouts to that beneficiary wait for approval this long (reason `after_rejection`). */
export const AFTER_REJECTION_SECONDS = 7 * 86_400;

/** An account's policy before anyone set one: nothing waits. */
export const defaultApprovalPolicy: ApprovalPolicy = {
  rules: [],
  expiresAfter: DEFAULT_APPROVAL_EXPIRY_SECONDS,
  beneficiaries: { new: 'allow', unverified: 'allow', mismatch: 'allow' },
};

/** A maker key's limits (null on other roles and where not set). */
export interface KeyLimits {
  maxAmount: number | null;
  dailyAmount: number | null;
  approval: 'always' | null;
  refunds: 'allow' | null;
}

export const noKeyLimits: KeyLimits = { maxAmount: null, dailyAmount: null, approval: null, refunds: null };

/** Who asked for a payout: the key that created it, as an approver sees it (never its secret). */
export interface Requester {
  keyId: string;
  name: string | null;
  holder: string;
  role: 'full' | 'maker' | 'approver';
  limits: KeyLimits;
}

/** What the judgement reads, besides the policy and the key: the facts of this payout (or batch). */
export interface ApprovalFacts {
  /** The payout's amount (a batch: its total, for the rules and the day's amount). */
  amount: number;
  /** A batch: its largest item (for `max_amount`); a payout: its amount. */
  largest: number;
  /** What the key's payouts of the last 24 hours add up to, this one left out (null: not counted, no daily limit). */
  keyDayTotal: number | null;
  /** The beneficiary was created by a maker key and was never paid. */
  newBeneficiary: boolean;
  /** A payout of this key to this beneficiary was rejected in the last AFTER_REJECTION_SECONDS. */
  afterRejection: boolean;
  /** What the policy's verification rules read of the beneficiary (absent: verified, no mismatch standing). */
  verification?: VerificationFacts;
}

/** A beneficiary as the policy's `beneficiaries[unverified]` and `[mismatch]` read it (docs/api.md, "Verified beneficiaries"). */
export interface VerificationFacts {
  /** Its latest verification did not end `verified` (none yet, pending, or failed). */
  unverified: boolean;
  /** A verification found its name a `mismatch`, and no later one a `match`. */
  mismatch: boolean;
}

/** Whether the policy asks anything of a beneficiary's verification (else it need not be read). */
export const policyReadsVerification = (policy: ApprovalPolicy): boolean => policy.beneficiaries.unverified !== 'allow' || policy.beneficiaries.mismatch !== 'allow';

/**
 * What the policy's verification rules make of a payout to a beneficiary: refused (`refuse` of a rule that applies),
 * or the approval reasons of the rules of `approve` that apply (one approval each).
 */
export function verificationRule(policy: ApprovalPolicy, facts: VerificationFacts | undefined): { refused: boolean; reasons: ApprovalReason[] } {
  const reasons: ApprovalReason[] = [];
  let refused = false;
  const apply = (applies: boolean | undefined, action: BeneficiaryRuleAction, reason: ApprovalReason) => {
    if (!applies || action === 'allow') return;
    if (action === 'refuse') refused = true;
    else reasons.push(reason);
  };
  apply(facts?.unverified, policy.beneficiaries.unverified, 'beneficiary_unverified');
  apply(facts?.mismatch, policy.beneficiaries.mismatch, 'name_mismatch');
  return { refused, reasons };
}

export interface ApprovalNeed {
  required: 0 | 1 | 2;
  reasons: ApprovalReason[];
  /** A policy rule of `refuse` that applies (the payout is refused, or a batch item fails). */
  refusal?: 'new_beneficiary' | 'beneficiary_not_verified';
}

/** The approvals a payout needs and why: several reasons need the largest number any one of them asks. */
export function approvalNeed(policy: ApprovalPolicy, key: Requester, facts: ApprovalFacts): ApprovalNeed {
  const reasons: ApprovalReason[] = [];
  let required = 0;
  const need = (reason: ApprovalReason, approvals: number) => {
    reasons.push(reason);
    required = Math.max(required, approvals);
  };
  const rule = policyApprovals(policy, facts.amount);
  if (rule.required) need('amount_rule', rule.required);
  if (key.role === 'maker') {
    const { maxAmount, dailyAmount, approval } = key.limits;
    if (approval === 'always') need('key_always', 1);
    else if ((maxAmount !== null && facts.largest > maxAmount) || (dailyAmount !== null && (facts.keyDayTotal ?? 0) + facts.amount > dailyAmount)) need('key_limit', 1);
  }
  if (facts.newBeneficiary) {
    if (policy.beneficiaries.new === 'refuse') return { required: 0, reasons: [], refusal: 'new_beneficiary' };
    if (policy.beneficiaries.new === 'approve') need('new_beneficiary', 1);
  }
  if (facts.afterRejection) need('after_rejection', 1);
  const verification = verificationRule(policy, facts.verification);
  if (verification.refused) return { required: 0, reasons: [], refusal: 'beneficiary_not_verified' };
  for (const reason of verification.reasons) need(reason, 1);
  return { required: required as 0 | 1 | 2, reasons };
}

/** The approvals the policy's rules alone ask of `amount` (the largest matching rule counts): what is judged again when a payout or batch leaves its waits. */
export function policyApprovals(policy: ApprovalPolicy, amount: number): { required: 0 | 1 | 2; reasons: ApprovalReason[] } {
  const rule = policy.rules.filter((r) => amount >= r.minAmount).sort((a, b) => b.minAmount - a.minAmount)[0];
  return rule ? { required: rule.approvals, reasons: ['amount_rule'] } : { required: 0, reasons: [] };
}

/** True when a payout by this key could need an approval whatever the policy says (so it is judged under the key's lock). */
export const keyIsLimited = (key: Requester | undefined): boolean =>
  key?.role === 'maker' && (key.limits.approval === 'always' || key.limits.maxAmount !== null || key.limits.dailyAmount !== null);

/** What a waiting payout (or batch) records of its approval; its `approval` object on the wire. */
export interface ApprovalRecord {
  required: number;
  received: { key_id: string; name: string | null; holder: string; approved_at: number }[];
  reasons: ApprovalReason[];
  expires_at: number;
  requested_by: { key_id: string; name: string | null; holder: string };
  /** The beneficiary as an approver must see it, taken when the payout was created. */
  beneficiary: {
    type: 'bank_account' | 'vpa';
    name: string;
    last4: string | null;
    ifsc: string | null;
    vpa: string | null;
    paid_before: boolean;
    /** Absent in records written before verifications existed (shown as null). */
    verification?: { status: 'pending' | 'verified' | 'failed'; name_match: 'match' | 'partial' | 'mismatch' | null } | null;
  };
}

/** The stored record (a jsonb column may read back as text or parsed). */
export const approvalRecordOf = (stored: unknown): ApprovalRecord | null =>
  stored == null ? null : ((typeof stored === 'string' ? JSON.parse(stored) : stored) as ApprovalRecord);

/** What a batch that waits for approval records (its `approval` object): a summary instead of one beneficiary. */
export interface BatchApprovalRecord extends Omit<ApprovalRecord, 'beneficiary'> {
  summary: {
    /** Items whose beneficiary a maker key created and nobody has paid yet. */
    new_beneficiaries: number;
    /** The largest items, largest first (at most 3). */
    largest_items: { idempotency_key: string; beneficiary_id: string; amount: number }[];
    /** Items that joined by reference: they keep their own status and approval and are not in this one. */
    joined_by_reference: number;
    /** Beneficiaries of its items that a verification rule of `approve` flags; absent in records written before them (shown as 0). */
    unverified_beneficiaries?: number;
  };
}

export const batchApprovalRecordOf = (stored: unknown): BatchApprovalRecord | null =>
  stored == null ? null : ((typeof stored === 'string' ? JSON.parse(stored) : stored) as BatchApprovalRecord);
