// Beneficiary verifications in PostgreSQL (docs/api.md, "Verified beneficiaries"): starting one under the
// beneficiary's row lock (one pending at a time, at most three a rolling day), ending it once, and reading a
// beneficiary's latest one cheaply (one index probe each, a lateral join for a page of them). The workflow's
// activities write through here; the API and the approval policy read through here.
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../domain/ids.ts';
import type { Mode } from '../domain/modes.ts';
import type { NameMatch } from '../domain/name-match.ts';
import {
  MAX_VERIFICATIONS_PER_DAY,
  VERIFICATION_WINDOW_MS,
  type Verification,
  type VerificationFailureCode,
  countsAsVerified,
  mismatchStands,
  retryAfterSeconds,
} from '../domain/verifications.ts';

const COLUMNS = `id, beneficiary_id, account_id, status, name_at_bank, name_match_score, name_match_result, failure_code, failure_message, created_at, ended_at`;

interface VerificationRecord {
  id: string;
  beneficiary_id: string;
  account_id: string;
  status: Verification['status'];
  name_at_bank: string | null;
  name_match_score: number | null;
  name_match_result: NameMatch['result'] | null;
  failure_code: string | null;
  failure_message: string | null;
  created_at: Date | string;
  ended_at: Date | string | null;
}

const dateOf = (d: Date | string): Date => (d instanceof Date ? d : new Date(d));

function verificationOf(r: VerificationRecord): Verification {
  return {
    id: r.id,
    beneficiaryId: r.beneficiary_id,
    accountId: r.account_id,
    status: r.status,
    nameAtBank: r.name_at_bank,
    nameMatch: r.name_match_score !== null && r.name_match_result !== null ? { score: r.name_match_score, result: r.name_match_result } : null,
    failure: r.failure_code !== null ? { code: r.failure_code, message: r.failure_message ?? '' } : null,
    createdAt: dateOf(r.created_at),
    endedAt: r.ended_at === null ? null : dateOf(r.ended_at),
  };
}

/** The newest verification of each beneficiary of `ids` that has one: one index probe each (a lateral join). */
export async function latestVerifications(em: EntityManager, ids: readonly string[]): Promise<Map<string, Verification>> {
  if (ids.length === 0) return new Map();
  const rows = await em.execute<VerificationRecord[]>(
    `select v.* from jsonb_array_elements_text(?::jsonb) as b(id)
     cross join lateral (select ${COLUMNS} from beneficiary_verifications where beneficiary_id = b.id order by created_at desc, id desc limit 1) v`,
    [JSON.stringify(ids)],
  );
  return new Map(rows.map((r) => [r.beneficiary_id, verificationOf(r)]));
}

/** The newest verification of one beneficiary (pending or ended), or null before any. */
export async function latestVerification(em: EntityManager, beneficiaryId: string): Promise<Verification | null> {
  return (await latestVerifications(em, [beneficiaryId])).get(beneficiaryId) ?? null;
}

export async function verificationById(em: EntityManager, id: string): Promise<Verification | null> {
  const [row] = await em.execute<VerificationRecord[]>(`select ${COLUMNS} from beneficiary_verifications where id = ?`, [id]);
  return row ? verificationOf(row) : null;
}

/**
 * What the approval policy asks of a beneficiary's verifications (docs/decisions.md, "Verification"):
 * - `latest`: the newest, pending or ended; `latestEnded`: the newest that ended (a pending one is always the newest);
 * - `verified`: the latest ended `verified` and none is pending (a pending one counts as unverified);
 * - `mismatch`: a `mismatch` stands, i.e. no later verification ended `match` (a later `failed`, `partial` or
 *   pending one does not clear it).
 */
export interface VerificationStanding {
  latest: Verification | null;
  latestEnded: Verification | null;
  verified: boolean;
  mismatch: boolean;
}

export async function verificationStanding(em: EntityManager, beneficiaryId: string): Promise<VerificationStanding> {
  const newest = await em.execute<VerificationRecord[]>(
    `select ${COLUMNS} from beneficiary_verifications where beneficiary_id = ? order by created_at desc, id desc limit 2`,
    [beneficiaryId],
  );
  const [latest = null, second = null] = newest.map(verificationOf);
  const latestEnded = latest?.status === 'pending' ? second : latest;
  // Only a verified `match` or `mismatch` can decide (mismatchStands skips the rest), so the newest such row is all
  // the rule needs: one probe however many verifications the beneficiary has had.
  const deciding = await em.execute<VerificationRecord[]>(
    `select ${COLUMNS} from beneficiary_verifications
     where beneficiary_id = ? and status = 'verified' and name_match_result in ('match', 'mismatch')
     order by created_at desc, id desc limit 1`,
    [beneficiaryId],
  );
  return { latest, latestEnded, verified: countsAsVerified(latest), mismatch: mismatchStands(deciding.map(verificationOf)) };
}

/** A beneficiary's pending verification and the creation times of its verifications in the rolling window. */
export interface VerificationBudget {
  pending: Verification | null;
  recent: Date[];
  /** Set when another verification would be the fourth in the window: seconds until the oldest leaves it. */
  retryAfterSeconds: number | null;
}

export async function verificationBudget(em: EntityManager, beneficiaryId: string, nowMs = Date.now()): Promise<VerificationBudget> {
  const rows = await em.execute<VerificationRecord[]>(
    `select ${COLUMNS} from beneficiary_verifications
     where beneficiary_id = ? and (created_at > ?::timestamptz or status = 'pending') order by created_at desc, id desc`,
    [beneficiaryId, new Date(nowMs - VERIFICATION_WINDOW_MS).toISOString()],
  );
  const all = rows.map(verificationOf);
  const recent = all.filter((v) => v.createdAt.getTime() > nowMs - VERIFICATION_WINDOW_MS).map((v) => v.createdAt);
  return {
    pending: all.find((v) => v.status === 'pending') ?? null,
    recent,
    retryAfterSeconds: recent.length >= MAX_VERIFICATIONS_PER_DAY ? retryAfterSeconds(recent, nowMs) : null,
  };
}

export interface StartVerification {
  verificationId: string;
  beneficiaryId: string;
  accountId: string;
  mode: Mode;
}

/** How a start came out: begun, or the one already pending, or refused without writing anything. */
export type VerificationStart =
  | { kind: 'started' | 'pending'; verification: Verification }
  | { kind: 'not_found' | 'inactive' }
  | { kind: 'rate_limited'; retryAfterSeconds: number };

/**
 * Starts a verification in `tx` under the beneficiary's row lock, so two requests at once see each other's row: one
 * pending already is the answer (asking again while pending returns it); a fourth in the rolling 24 hours is refused;
 * otherwise a new pending row, bound to the account's active connection in live mode. Records no event: a
 * verification's event is its end.
 */
export async function startVerification(tx: EntityManager, input: StartVerification): Promise<VerificationStart> {
  const [beneficiary] = await tx.execute<{ active: boolean }[]>(
    `select active from beneficiaries where id = ? and account_id = ? and mode = ? for update`,
    [input.beneficiaryId, input.accountId, input.mode],
  );
  if (!beneficiary) return { kind: 'not_found' };
  const budget = await verificationBudget(tx, input.beneficiaryId);
  if (budget.pending) return { kind: 'pending', verification: budget.pending };
  if (!beneficiary.active) return { kind: 'inactive' };
  if (budget.retryAfterSeconds !== null) return { kind: 'rate_limited', retryAfterSeconds: budget.retryAfterSeconds };
  const [row] = await tx.execute<VerificationRecord[]>(
    `insert into beneficiary_verifications (id, beneficiary_id, account_id, mode, status, connection_id)
     values (?, ?, ?, ?, 'pending', (select id from connections where account_id = ? and status = 'active' and ? = 'live' order by created_at desc limit 1))
     returning ${COLUMNS}`,
    [input.verificationId, input.beneficiaryId, input.accountId, input.mode, input.accountId, input.mode],
  );
  return { kind: 'started', verification: verificationOf(row) };
}

/** What a verification ends with: the bank's name and its match, or the reason it failed; the provider's charge. */
export type VerificationEnd =
  | { status: 'verified'; nameAtBank: string; nameMatch: NameMatch; fee: number; providerReference: string | null }
  | { status: 'failed'; code: VerificationFailureCode; message: string; fee: number; providerReference: string | null };

/**
 * Ends a pending verification in `tx`, once: `ended` is false when it had already ended (a retried activity), and then
 * nothing is written. A fee is stored only where one was charged (the sandbox's is null).
 */
export async function endVerification(tx: EntityManager, verificationId: string, end: VerificationEnd): Promise<{ verification: Verification; ended: boolean }> {
  const verified = end.status === 'verified';
  const [row] = await tx.execute<VerificationRecord[]>(
    `update beneficiary_verifications
     set status = ?, name_at_bank = ?, name_match_score = ?, name_match_result = ?, failure_code = ?, failure_message = ?,
         fee = ?, provider_validation_id = coalesce(?, provider_validation_id), ended_at = now()
     where id = ? and status = 'pending'
     returning ${COLUMNS}`,
    [
      end.status,
      verified ? end.nameAtBank : null,
      verified ? end.nameMatch.score : null,
      verified ? end.nameMatch.result : null,
      verified ? null : end.code,
      verified ? null : end.message,
      end.fee > 0 ? end.fee : null,
      end.providerReference,
      verificationId,
    ],
  );
  if (row) return { verification: verificationOf(row), ended: true };
  const existing = await verificationById(tx, verificationId);
  if (!existing) throw new Error(`beneficiary verification ${verificationId} not found`);
  return { verification: existing, ended: false };
}

/** What a live rail keeps of a verification at its provider: when it began (lookups start there) and the provider's id. */
export interface VerificationAtProvider {
  createdAt: Date;
  status: Verification['status'];
  providerValidationId: string | null;
}

export async function verificationAtProvider(em: EntityManager, id: string): Promise<VerificationAtProvider | null> {
  const [row] = await em.execute<{ created_at: Date | string; status: Verification['status']; provider_validation_id: string | null }[]>(
    `select created_at, status, provider_validation_id from beneficiary_verifications where id = ?`,
    [id],
  );
  return row ? { createdAt: dateOf(row.created_at), status: row.status, providerValidationId: row.provider_validation_id } : null;
}

/**
 * Keeps the provider's id of a verification's validation as soon as it is known (later asks fetch it by id, and an
 * inbound webhook finds the verification by it). The first one kept stays: a verification has one validation.
 */
export async function keepProviderValidationId(em: EntityManager, id: string, providerValidationId: string): Promise<void> {
  await em.execute(`update beneficiary_verifications set provider_validation_id = ? where id = ? and provider_validation_id is null`, [providerValidationId, id]);
}

/** A fresh verification id (the API names the workflow after it before the row exists). */
export const newVerificationId = (): string => newId('beneficiaryVerification');
