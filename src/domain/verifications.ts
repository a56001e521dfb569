// Verified beneficiaries (docs/api.md, "Verified beneficiaries"): a verification asks the bank (through a rail) whose
// name an account or UPI ID is in, and compares it with the beneficiary's `name`. Beneficiaries are immutable, so a
// verification is about the details the beneficiary has for good; asking again makes a new verification, and the
// latest one is what callers and the approval policy see. No I/O here.
import type { NameMatchResult } from './name-match.ts';

export const verificationStatuses = ['pending', 'verified', 'failed'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/** The statuses a verification ends in; it never leaves one. */
export const endedVerificationStatuses = ['verified', 'failed'] as const satisfies readonly VerificationStatus[];

/**
 * Why a verification ended `failed`: the bank says the account or UPI ID cannot take money (closed, unknown), or the
 * connection cannot verify at all (a provider account without account validation). Neither says whose it is.
 */
export const verificationFailureCodes = ['beneficiary_account_invalid', 'provider_unavailable'] as const;
export type VerificationFailureCode = (typeof verificationFailureCodes)[number];

export const verificationFailureMessages: Record<VerificationFailureCode, string> = {
  beneficiary_account_invalid: 'The bank reports that this account or UPI ID cannot receive money (closed or unknown).',
  provider_unavailable: "The account's provider connection cannot verify beneficiaries.",
};

/** At most this many verifications of one beneficiary in a rolling 24 hours (docs/decisions.md); the next is `429`. */
export const MAX_VERIFICATIONS_PER_DAY = 3;
export const VERIFICATION_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What a rail said of a verification, in our words. `pending`: the bank has not answered yet, ask again later. */
export type VerificationRailState =
  | { status: 'verified'; nameAtBank: string }
  | { status: 'failed'; code: VerificationFailureCode; message: string }
  | { status: 'pending'; checkAgainInMs: number };

/** A verification as the domain knows it (the row, mapped). */
export interface Verification {
  id: string;
  beneficiaryId: string;
  accountId: string;
  status: VerificationStatus;
  nameAtBank: string | null;
  nameMatch: { score: number; result: NameMatchResult } | null;
  failure: { code: string; message: string } | null;
  createdAt: Date;
  endedAt: Date | null;
}

/**
 * Whether a beneficiary's verifications leave a name mismatch in force (docs/decisions.md, "Verification"): the
 * newest verification that ended `verified` decides, and only a later `match` clears a `mismatch`; a later `failed`
 * or `pending` leaves it standing, and `partial` is information, never a mismatch. `ended` is newest first.
 */
export function mismatchStands(ended: readonly Pick<Verification, 'status' | 'nameMatch'>[]): boolean {
  for (const v of ended) {
    if (v.status !== 'verified' || !v.nameMatch) continue;
    if (v.nameMatch.result === 'mismatch') return true;
    if (v.nameMatch.result === 'match') return false;
  }
  return false;
}

/**
 * Whether a beneficiary counts as verified for the approval policy's `beneficiaries[unverified]`: its latest
 * verification ended `verified` (whatever its name match; the mismatch rule judges that). None, a pending one, or a
 * failed one: unverified.
 */
export function countsAsVerified(latest: Pick<Verification, 'status'> | null): boolean {
  return latest?.status === 'verified';
}

/** The seconds until the oldest of `recent` (creation times within the window) leaves it: a 429's Retry-After. */
export function retryAfterSeconds(recent: readonly Date[], nowMs: number): number {
  const oldest = Math.min(...recent.map((d) => d.getTime()));
  return Math.max(1, Math.ceil((oldest + VERIFICATION_WINDOW_MS - nowMs) / 1000));
}
