// Creating a payout: `initiated` with its amount reserved, or (a batch item) `failed` with its reason; a single
// payout that cannot be created is refused instead, having written nothing. Idempotent by key.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { webhookSimulationsOf } from '../../src/domain/webhooks.ts';
import { type FailureReason, failure, fittingBeneficiaryTypes, transferModeProblem } from '../../src/domain/payouts.ts';
import { PayoutEntity, type Payout } from '../../src/db/entities.ts';
import { linkPayoutItem, payoutItemLink } from '../../src/db/payout-batches.ts';
import { type RailHandover, activeBeneficiaryGuard, beneficiaryOfGuardRow, creationFacts, payoutInsert } from '../../src/db/payouts.ts';
import { payoutView } from '../../src/db/views.ts';
import type { LiveLimitsOf } from '../../src/rails/provider.ts';
import { refuse, writeStatusEntry } from '../lifecycle.ts';
import { type PayoutCreation, type PayoutRequest, payoutStore, requestFromItem } from './payout-store.ts';
import type { PayoutResponse } from '../../src/contract/payouts.ts';

/** A new payout's row: `initiated`, or `failed` with `problem`. */
function newPayoutRow(request: PayoutRequest, problem: FailureReason | undefined): Payout {
  const now = new Date();
  return {
    id: request.payoutId,
    accountId: request.accountId,
    mode: request.mode,
    beneficiaryId: request.beneficiaryId,
    amount: request.amount,
    currency: 'INR',
    transferMode: request.transferMode,
    status: problem ? 'failed' : 'initiated',
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
export async function writeNewPayout(tx: EntityManager, request: PayoutRequest, problem: FailureReason | undefined, item: PayoutCreation['item']): Promise<PayoutResponse> {
  const payout = newPayoutRow(request, problem);
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
  if (types.length === 0 || belowMinimum) return undefined;
  const guard = activeBeneficiaryGuard(request, types);
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
async function createPayoutLocked(orm: MikroORM, request: PayoutRequest, input: PayoutCreation, belowMinimum: string | undefined): Promise<PayoutResponse> {
  return orm.em.fork().transactional(async (tx) => {
    const facts = await creationFacts(tx, request);
    if (facts.existingId) {
      const existing = await tx.findOneOrFail(PayoutEntity, { id: facts.existingId });
      if (input.item) await linkPayoutItem(tx, input.item.batchId, input.item.seq, existing.id);
      return payoutView(existing);
    }
    const { problem, param } = creationProblem(request, facts, belowMinimum);
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
    return writeNewPayout(tx, request, problem, input.item);
  });
}

/**
 * Creates the payout. The usual case is one statement (createPayoutAlone); anything else is decided under the
 * `available` lock. `handingOver`: the one-statement creation also records the payout's hand-over to its rail and
 * reads its beneficiary, so the first rail step need not.
 */
export async function createPayout(deps: { orm: MikroORM; liveLimitsOf: LiveLimitsOf }, input: PayoutCreation, handingOver: boolean): Promise<Created> {
  const { orm } = deps;
  const request = input.request ?? (await requestFromItem(orm.em.fork(), input.item!));
  const belowMinimum = await liveAmountProblem(deps.liveLimitsOf, request);
  // A live payout's hand-over is the provider step's own (an ordinary activity), recorded when it sends.
  const alone = await createPayoutAlone(orm.em.fork(), request, input.item, handingOver && request.mode !== 'live', belowMinimum);
  if (alone) return alone;
  return { view: await createPayoutLocked(orm, request, input, belowMinimum) };
}
