// Creating a payout: `initiated` with its amount reserved, or (a batch item) `failed` with its reason; a single
// payout that cannot be created is refused instead, having written nothing. Idempotent by key.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { type ApprovalRecord, type VerificationFacts, approvalNeed, keyIsLimited, policyReadsVerification, verificationRule } from '../../src/domain/approvals.ts';
import { readApprovalPolicy } from '../../src/db/approval-policies.ts';
import { lockKeyDay } from '../../src/db/accounts.ts';
import { beneficiaryFacts, queueIsEmpty, verificationFacts } from '../../src/db/payout-waits.ts';
import { webhookSimulationsOf } from '../../src/domain/webhooks.ts';
import { type FailureReason, failure, fittingBeneficiaryTypes, isPayoutWaiting, transferModeProblem } from '../../src/domain/payouts.ts';
import { PayoutEntity, type Payout } from '../../src/db/entities.ts';
import { linkPayoutItem, payoutItemLink } from '../../src/db/payout-batches.ts';
import { type RailHandover, activeBeneficiaryGuard, beneficiaryOfGuardRow, creationFacts, payoutInsert } from '../../src/db/payouts.ts';
import { payoutView } from '../../src/db/views.ts';
import type { LiveLimitsOf } from '../../src/rails/provider.ts';
import { applyTransition, loadRow, refuse, writeStatusEntry } from '../lifecycle.ts';
import { type PayoutCreation, type PayoutRequest, payoutStore, requestFromItem } from './payout-store.ts';
import type { PayoutResponse } from '../../src/contract/payouts.ts';

/** What a new payout waits for, when it waits: its first wait status and, waiting for approval, its record. */
export interface NewWait {
  status: 'pending_approval' | 'scheduled' | 'queued';
  approval?: ApprovalRecord;
  /** Queued: when it ends failed if still queued. */
  queueExpiresAt?: Date;
}

/** A new payout's row: `initiated`, `failed` with `problem`, or in the first status it waits in. */
function newPayoutRow(request: PayoutRequest, problem: FailureReason | undefined, wait?: NewWait): Payout {
  const now = new Date();
  return {
    id: request.payoutId,
    accountId: request.accountId,
    mode: request.mode,
    beneficiaryId: request.beneficiaryId,
    amount: request.amount,
    currency: 'INR',
    transferMode: request.transferMode,
    status: problem ? 'failed' : (wait?.status ?? 'initiated'),
    failureCode: problem?.code ?? null,
    failureMessage: problem?.message ?? null,
    utr: null,
    batchId: request.batchId,
    reference: request.reference,
    narration: request.narration,
    metadata: request.metadata,
    idempotencyKey: request.idempotencyKey,
    sandboxSimulate: webhookSimulationsOf(request.simulate ?? []),
    createdAt: now,
    completedAt: null,
    failedAt: problem ? now : null,
    reversedAt: null,
    providerReference: null,
    fees: 0,
    failureProvider: null,
    // A live payout binds its connection when it is first sent (after any wait), never before.
    connectionId: null,
    payoutAccountNumber: null,
    approval: wait?.approval ? JSON.stringify(wait.approval) : null,
    createdByKeyId: request.requester?.keyId ?? null,
    scheduledAt: request.scheduledAt ? new Date(request.scheduledAt * 1000) : null,
    queueIfLowBalance: request.queueIfLowBalance ?? false,
    queuedAt: wait?.status === 'queued' ? now : null,
    queueExpiresAt: wait?.queueExpiresAt ?? null,
    rejectedAt: null,
    cancelledAt: null,
  };
}

/** The row's INSERT and a batch item's link to it, which ride in the statement of the payout's posting. */
const newPayoutWrites = (payout: Payout, item: PayoutCreation['item'], handingOver = false) => [
  payoutInsert(payout, { handingOver }),
  ...(item ? [payoutItemLink(item.batchId, item.seq, payout.id)] : []),
];

/**
 * Writes a new payout: `initiated` with its amount reserved, or `failed` with `problem` (nothing reserved). The row,
 * a batch item's link to it, its posting, its history row and its event are one statement (writeStatusEntry).
 */
export async function writeNewPayout(tx: EntityManager, request: PayoutRequest, problem: FailureReason | undefined, item: PayoutCreation['item'], wait?: NewWait): Promise<PayoutResponse> {
  const payout = newPayoutRow(request, problem, wait);
  return writeStatusEntry(tx, payoutStore, payout, null, newPayoutWrites(payout, item));
}

/** A payout just created, and, when its creation also recorded its hand-over, what its rail is to be handed. */
export interface Created {
  view: PayoutResponse;
  handover?: { recorded: Omit<RailHandover, 'row'>; row: Payout };
}

/**
 * The usual creation, in one statement outside a transaction: a new key, an active beneficiary of a type the
 * transfer mode fits, and enough `available`. The payout row, its reservation, a batch item's link, the history row
 * and the event are written together by one statement that commits by itself, so the ledger's rows stay locked only
 * while it runs (src/ledger's post, `alone`); the statement's guard is the beneficiary check, the ledger's CHECK
 * refuses an overdraft and the key's unique index a second payout. Undefined when any of them refused (nothing was
 * written): the caller decides under the lock, as for every other case, and says why. Runs at least once like its
 * activity: a second run meets the key's payout and goes the locked way, which answers with it.
 */
async function createPayoutAlone(em: EntityManager, request: PayoutRequest, item: PayoutCreation['item'], handingOver: boolean, belowMinimum: string | undefined): Promise<Created | undefined> {
  const types = fittingBeneficiaryTypes(request.transferMode, request.amount);
  // A payout that may wait is judged under the locks (the key's, for its day; the guard sees to the policy's rules).
  if (types.length === 0 || belowMinimum || keyIsLimited(request.requester) || request.scheduledAt || request.queueIfLowBalance) return undefined;
  const guard = activeBeneficiaryGuard({ ...request, createdByKeyId: request.requester?.keyId ?? null }, types, { mayWait: !item });
  const payout = newPayoutRow(request, undefined);
  let beneficiary: Record<string, unknown> | undefined;
  const readGuard = handingOver ? (row: Record<string, unknown>) => void (beneficiary = row) : undefined;
  try {
    const view = await writeStatusEntry(em, payoutStore, payout, null, newPayoutWrites(payout, item, handingOver), { alone: true, guard, readGuard });
    if (!beneficiary) return { view };
    const { id, accountId, mode, amount, transferMode } = payout;
    const recorded = { id, accountId, mode, amount, transferMode, beneficiary: beneficiaryOfGuardRow(beneficiary), handedOverBefore: false };
    return { view, handover: { recorded, row: payout } };
  } catch {
    // Refused as expected (InsufficientFundsError, PostingNotWrittenError, the key's unique index) or for any other
    // reason (a row the database will not store, a trigger): the statement wrote nothing, and the locked way, which
    // looks for the key's payout before writing, decides and reports what it meets.
    return undefined;
  }
}

/** What keeps a payout from being created `initiated`, and the request param it is about. */
function creationProblem(request: PayoutRequest, facts: Awaited<ReturnType<typeof creationFacts>>, belowMinimum: string | undefined): { problem?: FailureReason; param?: string } {
  if (!facts.beneficiaryType) return { problem: failure('beneficiary_not_found', `No active beneficiary '${request.beneficiaryId}'.`), param: 'beneficiary_id' };
  const wrongMode = transferModeProblem(request.transferMode, facts.beneficiaryType, request.amount);
  if (wrongMode) return { problem: failure('invalid_method', wrongMode), param: 'mode' };
  if (belowMinimum) return { problem: failure('invalid_amount', belowMinimum), param: 'amount' };
  if (facts.available === null || facts.available < BigInt(request.amount)) return { problem: failure('insufficient_funds') };
  return {};
}

/**
 * A live payout under its provider's minimum, as the account's connector says it (docs/live-money.md): a batch item
 * is created failed (`invalid_amount`); a single payout was refused by the API before it started.
 */
async function liveAmountProblem(liveLimitsOf: LiveLimitsOf, request: PayoutRequest): Promise<string | undefined> {
  return request.mode === 'live' ? (await liveLimitsOf(request.accountId)).checkPayout({ amount: request.amount })?.message : undefined;
}

/** The creation decided under the `available` lock: the key's payout if it has one, else a new one or a refusal. */
async function createPayoutLocked(deps: CreateDeps, request: PayoutRequest, input: PayoutCreation, belowMinimum: string | undefined): Promise<PayoutResponse> {
  const { orm } = deps;
  return orm.em.fork().transactional(async (tx) => {
    // A limited key's payouts (and refunds) are counted against its day one after the other: its row's lock comes
    // first (then `available`'s, taken by creationFacts), so two that together cross the limit cannot both pass it.
    let dayTotal: number | null = null;
    if (keyIsLimited(request.requester)) {
      const day = await lockKeyDay(tx, request.requester!.keyId);
      if (day.state !== 'locked') throw refuse('PermissionDenied', 'This API key was revoked while the payout was being created.');
      dayTotal = Number(day.total);
    }
    const facts = await creationFacts(tx, request);
    if (facts.existingId) {
      const existing = await tx.findOneOrFail(PayoutEntity, { id: facts.existingId });
      // A key of an item its batch created waiting: the item goes on with its batch, never alone (409, key free).
      if (input.origin === 'single' && existing.batchId && isPayoutWaiting(existing.status)) {
        throw refuse('InvalidState', `This Idempotency-Key belongs to an item of payout batch ${existing.batchId}, which waits: approve, reject or cancel the batch.`);
      }
      if (input.item) await linkPayoutItem(tx, input.item.batchId, input.item.seq, existing.id);
      // An item its batch created waiting (the batch waited as a whole, and now goes on): it goes on now, judged as
      // any new item is, its money reserved here.
      if (input.item && existing.batchId === input.item.batchId && isPayoutWaiting(existing.status)) {
        const row = await loadRow(tx, payoutStore, existing.id, true);
        const problem = creationProblem(request, facts, belowMinimum).problem ?? (await itemRefusedByVerification(tx, request));
        if ((!problem || problem.code === 'insufficient_funds') && row.queueIfLowBalance && (problem || !(await queueIsEmpty(tx, row.accountId, row.mode)))) {
          row.queueExpiresAt = new Date(Date.now() + deps.queueSeconds * 1000);
          await tx.execute(`update payouts set queue_if_low_balance = true, queue_expires_at = ? where id = ?`, [row.queueExpiresAt, row.id]);
          return applyTransition(tx, payoutStore, row, { to: 'queued' });
        }
        return applyTransition(tx, payoutStore, row, problem ? { to: 'failed', failure: problem } : { to: 'initiated' });
      }
      return payoutView(existing);
    }
    let { problem, param } = creationProblem(request, facts, belowMinimum);
    if (!problem && input.item) problem = await itemRefusedByVerification(tx, request);
    // A payout that waits has its balance checked when it leaves its last wait, never at creation.
    let wait = problem && problem.code !== 'insufficient_funds' ? undefined : await firstWait(tx, request, input.origin, dayTotal);
    // Nothing else to wait for, and flagged: it queues when `available` cannot cover it or older payouts queue
    // (strictly first in, first out), under the `available` lock creationFacts holds.
    if (!wait && (!problem || problem.code === 'insufficient_funds') && request.queueIfLowBalance) {
      if (problem || (await queueIsEmpty(tx, request.accountId, request.mode)) === false) wait = { status: 'queued', queueExpiresAt: new Date(Date.now() + deps.queueSeconds * 1000) };
    }
    if (wait) {
      problem = undefined;
      param = undefined;
    }
    if (problem && input.origin === 'single') {
      switch (problem.code) {
        case 'insufficient_funds':
          throw refuse('InsufficientFunds', 'The available balance cannot cover this amount.');
        case 'beneficiary_not_found':
          // The API's own words for an id it does not know (as GET /v1/beneficiaries/:id says them).
          throw refuse('NotFound', `No such beneficiary: '${request.beneficiaryId}'.`, { param });
        default:
          throw refuse('InvalidMethod', problem.message, { param });
      }
    }
    return writeNewPayout(tx, request, problem, input.item, wait);
  });
}

/**
 * What a new single payout waits for first (docs/api.md, "Order of the waits"): approval when the policy, the key's
 * limits or its history ask for one, else its scheduled time; undefined when it goes on at once. Batch items wait
 * with their batch, not one by one.
 */
async function firstWait(tx: EntityManager, request: PayoutRequest, origin: PayoutCreation['origin'], dayTotal: number | null): Promise<NewWait | undefined> {
  const key = request.requester;
  if (origin !== 'single' || !key) return undefined;
  const policy = await readApprovalPolicy(tx, request.accountId, request.mode);
  const bene = await beneficiaryFacts(tx, request, key.keyId);
  if (!bene) return undefined; // refused as beneficiary_not_found before this is asked
  const verification = policyReadsVerification(policy) ? await verificationFacts(tx, request.beneficiaryId) : undefined;
  const need = approvalNeed(policy, key, {
    amount: request.amount,
    largest: request.amount,
    keyDayTotal: dayTotal,
    newBeneficiary: bene.byMaker && !bene.paidBefore && policy.beneficiaries.new !== 'allow',
    afterRejection: bene.rejectedLately,
    verification,
  });
  if (need.refusal === 'beneficiary_not_verified') throw refuse('BeneficiaryNotVerified', verificationRefusal(verification), { param: 'beneficiary_id' });
  if (need.refusal) throw refuse('PermissionDenied', "The account's approval policy refuses a maker key's first payout to a beneficiary a maker key created (beneficiaries[new]: refuse).");
  if (need.required > 0) {
    const approval: ApprovalRecord = {
      required: need.required,
      received: [],
      reasons: need.reasons,
      expires_at: Math.floor(Date.now() / 1000) + policy.expiresAfter,
      requested_by: { key_id: key.keyId, name: key.name, holder: key.holder },
      beneficiary: { ...bene.beneficiary, verification: verification?.shown ?? null },
    };
    return { status: 'pending_approval', approval };
  }
  if (request.scheduledAt && request.scheduledAt * 1000 > Date.now()) return { status: 'scheduled' };
  return undefined;
}

/**
 * A batch item's own judgement by the policy's verification rules (its batch was judged as a whole for the rest):
 * refused by a rule of `refuse`, it is created `failed` with beneficiary_not_verified and the others go on.
 */
async function itemRefusedByVerification(tx: EntityManager, request: PayoutRequest): Promise<FailureReason | undefined> {
  const policy = await readApprovalPolicy(tx, request.accountId, request.mode);
  if (policy.beneficiaries.unverified !== 'refuse' && policy.beneficiaries.mismatch !== 'refuse') return undefined;
  const verification = await verificationFacts(tx, request.beneficiaryId);
  return verificationRule(policy, verification).refused ? failure('beneficiary_not_verified', verificationRefusal(verification)) : undefined;
}

/** Why the policy refuses a payout to this beneficiary (`beneficiaries[unverified]` or `[mismatch]`: refuse). */
const verificationRefusal = (v: VerificationFacts | undefined): string =>
  v?.mismatch
    ? "The account's approval policy refuses payouts to a beneficiary whose name at the bank does not match (beneficiaries[mismatch]: refuse); verify it again once corrected."
    : "The account's approval policy refuses payouts to a beneficiary until it is verified (beneficiaries[unverified]: refuse): POST /v1/beneficiaries/:id/verify.";

/**
 * Creates the payout. The usual case is one statement (createPayoutAlone); anything else is decided under the
 * `available` lock. `handingOver`: the one-statement creation also records the payout's hand-over to its rail and
 * reads its beneficiary, so the first rail step need not.
 */
/** What creating a payout needs: the database, the connection's live limits, and how long a payout may queue. */
export interface CreateDeps {
  orm: MikroORM;
  liveLimitsOf: LiveLimitsOf;
  /** PAYOUT_QUEUE_SECONDS. */
  queueSeconds: number;
}

export async function createPayout(deps: CreateDeps, input: PayoutCreation, handingOver: boolean): Promise<Created> {
  const { orm } = deps;
  const request = input.request ?? (await requestFromItem(orm.em.fork(), input.item!));
  const belowMinimum = await liveAmountProblem(deps.liveLimitsOf, request);
  // A live payout's hand-over is the provider step's own (an ordinary activity), recorded when it sends.
  const alone = await createPayoutAlone(orm.em.fork(), request, input.item, handingOver && request.mode !== 'live', belowMinimum);
  if (alone) return alone;
  return { view: await createPayoutLocked(deps, request, input, belowMinimum) };
}
