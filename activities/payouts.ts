// What is a payout's own in the one lifecycle (activities/lifecycle.ts): its creation checks (beneficiary,
// transfer mode, funds: checked by the reserving statement itself in the usual case, else decided under the
// `available` lock; a single payout is refused, a batch item written failed),
// what it stores on entering a status, its rail submission and its reading of the rail's answer.
import { ApplicationFailure, Context } from '@temporalio/activity';
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { RAIL_HANDOVER_QUIET_MS, awaiting } from '../src/domain/failures.ts';
import type { Observation, RailStep, TransitionRequest } from '../src/domain/lifecycle.ts';
import type { Mode } from '../src/domain/modes.ts';
import { webhookSimulationsOf } from '../src/domain/webhooks.ts';
import {
  type FailureCode,
  type FailureReason,
  type PayoutOrder,
  type PayoutStatus,
  type TransferMode,
  failure,
  fittingBeneficiaryTypes,
  payoutLifecycle,
  transferModeProblem,
} from '../src/domain/payouts.ts';
import { PayoutEntity, type Payout } from '../src/db/entities.ts';
import { linkPayoutItem, payoutItemLink, readPayoutItem } from '../src/db/payout-batches.ts';
import { type RailHandover, creationFacts, markRailHandover, msSinceRailHandover, payoutInsert } from '../src/db/payouts.ts';
import { payoutView } from '../src/db/views.ts';
import { type PayoutRail, type RailPayoutStatus, RailRejectedError } from '../src/rails/payouts.ts';
import { type HandOver, type LifecycleStore, type RailsByMode, applyTransition, loadRow, railFor, railObserver, railStepper, recordEntry, refuse, transitionWriter } from './lifecycle.ts';
import type { PayoutResponse } from '../src/contract/payouts.ts';

/** What a payout is made of, whether it came alone (POST /v1/payouts) or as a batch item. */
export interface PayoutRequest extends PayoutOrder {
  payoutId: string;
  accountId: string;
  mode: Mode;
  batchId: string | null;
  /** Sandbox-Simulate webhook values of the request (stored on the payout, inherited by its events). */
  simulate?: readonly string[];
}

export interface PayoutCreation {
  /** A single payout is refused (nothing created, key freed) where a batch item is created as failed. */
  origin: 'single' | 'batch';
  request?: PayoutRequest;
  /** For batch items: the stored item to read the request from (items never travel through history). */
  item?: { batchId: string; seq: number; payoutId: string };
}

export type PayoutTransition = TransitionRequest<PayoutStatus, FailureCode>;
export type PayoutObservation = Observation<PayoutResponse, PayoutStatus, FailureCode>;

/** What a payout stores of its own on entering a status. */
const payoutStore: LifecycleStore<PayoutStatus, FailureCode, Payout, PayoutResponse> = {
  lifecycle: payoutLifecycle,
  entity: PayoutEntity,
  view: payoutView,
  defaultFailure: failure('rejected_by_bank'),
  enter(payout, move, now) {
    switch (move.to) {
      case 'completed':
        payout.completedAt = now;
        payout.utr = move.utr ?? payout.utr ?? null;
        break;
      case 'reversed':
        payout.reversedAt = now;
        break;
      case 'initiated':
      case 'failed':
        break;
      default:
        move.to satisfies never;
    }
  },
};

/** What the payout rail's answer means for a payout in `status` (the rail is the bank's word). */
function followRail(status: PayoutStatus, rail: RailPayoutStatus): Omit<PayoutObservation, 'view'> {
  const initiated = status === 'initiated';
  switch (rail.state) {
    case 'processing':
      // Not initiated any more while the bank still works on it: a test helper decided; nothing to watch.
      return { moves: [], next: initiated ? { checkAgainInMs: rail.checkAgainInMs } : 'settled' };
    case 'completed':
      return {
        moves: initiated ? [{ to: 'completed', utr: rail.utr }] : [],
        // Not final: the bank may still send the money back, so keep watching.
        next: rail.final ? 'settled' : { checkAgainInMs: rail.checkAgainInMs ?? 1000 },
      };
    case 'failed':
      return { moves: initiated ? [{ to: 'failed', failure: { code: rail.code, message: rail.message } }] : [], next: 'settled' };
    case 'reversed':
      return { moves: [...(initiated ? [{ to: 'completed' as const, utr: rail.utr }] : []), { to: 'reversed' }], next: 'settled' };
    case 'unknown':
      // Asked only after a submission the rail acknowledged: a bank that lost it did not pay it.
      return { moves: initiated ? [{ to: 'failed', failure: failure('rejected_by_bank', 'The bank has no record of this transfer.') }] : [], next: 'settled' };
    default:
      return rail satisfies never;
  }
}

async function requestFromItem(em: EntityManager, item: NonNullable<PayoutCreation['item']>): Promise<PayoutRequest> {
  const stored = await readPayoutItem(em, item.batchId, item.seq);
  if (!stored) throw refuse('NotFound', `batch item ${item.batchId}#${item.seq} not found`);
  return { ...stored, payoutId: item.payoutId, batchId: item.batchId };
}

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
  };
}

/** The row's INSERT and a batch item's link to it, which ride in the statement of the payout's posting. */
const newPayoutWrites = (payout: Payout, item: PayoutCreation['item'], handingOver = false) => [
  payoutInsert(payout, { handingOver }),
  ...(item ? [payoutItemLink(item.batchId, item.seq, payout.id)] : []),
];

/**
 * Writes a new payout: `initiated` with its amount reserved, or `failed` with `problem` (nothing reserved). The row,
 * a batch item's link to it, its posting, its history row and its event are one statement (recordEntry).
 */
async function writeNewPayout(tx: EntityManager, request: PayoutRequest, problem: FailureReason | undefined, item: PayoutCreation['item']): Promise<PayoutResponse> {
  const payout = newPayoutRow(request, problem);
  return recordEntry(tx, payoutStore, payout, null, newPayoutWrites(payout, item));
}

/** A payout just created, and, when its creation also recorded its hand-over, what its rail is to be handed. */
interface Created {
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
async function createPayoutAlone(em: EntityManager, request: PayoutRequest, item: PayoutCreation['item'], handingOver: boolean): Promise<Created | undefined> {
  const types = fittingBeneficiaryTypes(request.transferMode, request.amount);
  if (types.length === 0) return undefined;
  const guard = {
    sql: `select type, name, vpa, account_number, ifsc from beneficiaries
          where id = ? and account_id = ? and mode = ? and active and type in (${types.map(() => '?').join(', ')})`,
    params: [request.beneficiaryId, request.accountId, request.mode, ...types],
  };
  const payout = newPayoutRow(request, undefined);
  let beneficiary: Record<string, unknown> | undefined;
  const readGuard = handingOver ? (row: Record<string, unknown>) => void (beneficiary = row) : undefined;
  try {
    const view = await recordEntry(em, payoutStore, payout, null, newPayoutWrites(payout, item, handingOver), { alone: true, guard, readGuard });
    if (!beneficiary) return { view };
    const recorded = {
      id: payout.id,
      accountId: payout.accountId,
      mode: payout.mode,
      amount: payout.amount,
      transferMode: payout.transferMode,
      beneficiary: {
        type: beneficiary.type as 'bank_account' | 'vpa',
        name: beneficiary.name as string,
        vpa: (beneficiary.vpa as string | null) ?? null,
        accountNumber: (beneficiary.account_number as string | null) ?? null,
        ifsc: (beneficiary.ifsc as string | null) ?? null,
      },
      handedOverBefore: false,
    };
    return { view, handover: { recorded, row: payout } };
  } catch {
    // Refused as expected (InsufficientFundsError, PostingNotWrittenError, the key's unique index) or for any other
    // reason (a row the database will not store, a trigger): the statement wrote nothing, and the locked way, which
    // looks for the key's payout before writing, decides and reports what it meets.
    return undefined;
  }
}

/** How a batch item given up after repeated internal errors stands (see giveUpPayoutBatchItem). */
export type GiveUpOutcome =
  /** It ended failed (`processing_failed`, or the rail's own refusal): no money left. */
  | 'failed'
  /** Its payout had already settled. */
  | 'settled'
  /** A rail accepted it: it must be followed to the end, never given up. */
  | 'rail_accepted';

export function createPayoutActivities(deps: { orm: MikroORM; rails: RailsByMode<PayoutRail>; railInlineWaitMs?: number }) {
  /**
   * Hands the payout to its rail: only an initiated payout goes (a given-up one may not), and its hand-over is
   * recorded first. What the rail's answer is (see HandOver): a refusal fails the payout.
   */
  async function handOverPayout(payoutId: string): Promise<HandOver<PayoutStatus, FailureCode, Payout>> {
    const em = deps.orm.em.fork();
    const handover = await markRailHandover(em, payoutId);
    if (!handover) return null;
    // The row as this hand-over left it, outside any identity map (a move from it is written by its own statement).
    return submitToRail(handover, em.map(PayoutEntity, handover.row, { disableIdentityMap: true }) as Payout);
  }

  /** Sends the rail a payout whose hand-over is recorded (`row`: the payout's row as it was recorded). */
  async function submitToRail(handover: Omit<RailHandover, 'row'>, row: Payout): Promise<HandOver<PayoutStatus, FailureCode, Payout>> {
    const payoutId = handover.id;
    const { beneficiary } = handover;
    if (!beneficiary) return { refused: { to: 'failed', failure: failure('beneficiary_not_found') } };
    const rail = railFor(deps.rails, handover.mode);
    // Handed over before (the step ran again): a rail that already has it is not sent it a second time; one that
    // has no record of it (the first hand-over never arrived) is.
    if (handover.handedOverBefore && (await rail.status(payoutId)).state !== 'unknown') {
      return { handedOver: { status: 'initiated', mode: handover.mode, row } };
    }
    try {
      const { quietMs } = await rail.submit({
        payoutId,
        accountId: handover.accountId,
        mode: handover.mode,
        amount: handover.amount,
        transferMode: handover.transferMode as TransferMode,
        beneficiary,
      });
      return { handedOver: { status: 'initiated', mode: handover.mode, row, ...(quietMs ? { quietMs } : {}) } };
    } catch (err) {
      if (err instanceof RailRejectedError) return { refused: { to: 'failed', failure: failure(err.code, err.message) } };
      throw err;
    }
  }

  /**
   * Creates the payout (createPayout). `handingOver`: the usual one-statement creation also records the payout's
   * hand-over to its rail and reads its beneficiary, so the first rail step need not (createAndStepPayout).
   */
  async function create(input: PayoutCreation, handingOver: boolean): Promise<Created> {
    const request = input.request ?? (await requestFromItem(deps.orm.em.fork(), input.item!));
    const alone = await createPayoutAlone(deps.orm.em.fork(), request, input.item, handingOver);
    if (alone) return alone;
    const view = await deps.orm.em.fork().transactional(async (tx) => {
      const facts = await creationFacts(tx, request);
      if (facts.existingId) {
        const existing = await tx.findOneOrFail(PayoutEntity, { id: facts.existingId });
        if (input.item) await linkPayoutItem(tx, input.item.batchId, input.item.seq, existing.id);
        return payoutView(existing);
      }
      let problem: FailureReason | undefined;
      let param: string | undefined;
      if (!facts.beneficiaryType) [problem, param] = [failure('beneficiary_not_found', `No active beneficiary '${request.beneficiaryId}'.`), 'beneficiary_id'];
      else {
        const wrongMode = transferModeProblem(request.transferMode, facts.beneficiaryType, request.amount);
        if (wrongMode) [problem, param] = [failure('invalid_method', wrongMode), 'mode'];
        else if (facts.available === null || facts.available < BigInt(request.amount)) problem = failure('insufficient_funds');
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
      return writeNewPayout(tx, request, problem, input.item);
    });
    return { view };
  }

  const activities = {
    /**
     * Creates the payout: reserves its amount and writes it `initiated`, or (batch items) writes it
     * `failed` with the reason. A single payout that cannot be created is refused instead. Idempotent by key.
     * The usual case is one statement (createPayoutAlone); anything else is decided under the `available` lock.
     */
    async createPayout(input: PayoutCreation): Promise<PayoutResponse> {
      return (await create(input, false)).view;
    },

    /**
     * A batch item whose payout workflow kept failing (a defect, or an operator terminating it): ends it
     * `failed` with `processing_failed` when no rail can have accepted it, under the payout's row lock so
     * that no hand-over can start meanwhile (markRailHandover). A payout a rail knows is never given up:
     * the answer `rail_accepted` tells the batch to keep following it. A rail's own refusal is written as
     * such. One handed over too recently to tell is retried (RailHandoverRecent) until it can be told.
     */
    async giveUpPayoutBatchItem(item: NonNullable<PayoutCreation['item']>): Promise<{ outcome: GiveUpOutcome; payout: PayoutResponse }> {
      return deps.orm.em.fork().transactional(async (tx) => {
        const request = await requestFromItem(tx, item);
        const payout = await tx.findOne(
          PayoutEntity,
          { accountId: request.accountId, mode: request.mode, idempotencyKey: request.idempotencyKey },
          // Outside the identity map, as loadRow reads a row to move: applyTransition writes it itself.
          { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true },
        );
        const gaveUp = failure('processing_failed');
        // No payout: nothing was reserved and nothing can have been handed over.
        if (!payout) return { outcome: 'failed', payout: await writeNewPayout(tx, request, gaveUp, item) };
        await linkPayoutItem(tx, item.batchId, item.seq, payout.id);
        if (payoutLifecycle.isSettled(payout.status)) return { outcome: 'settled', payout: payoutView(payout) };
        const sinceHandover = await msSinceRailHandover(tx, payout.id);
        if (sinceHandover !== null) {
          const rail = await railFor(deps.rails, payout.mode).status(payout.id);
          switch (rail.state) {
            case 'unknown':
              if (sinceHandover < RAIL_HANDOVER_QUIET_MS) {
                throw ApplicationFailure.retryable(`payout ${payout.id} was handed to its rail ${sinceHandover} ms ago; waiting to tell whether it arrived`, awaiting.RailHandoverRecent);
              }
              break; // handed over long ago and never received: as if never handed over
            case 'failed':
              return { outcome: 'failed', payout: await applyTransition(tx, payoutStore, payout, { to: 'failed', failure: { code: rail.code, message: rail.message } }) };
            case 'processing':
            case 'completed':
            case 'reversed':
              return { outcome: 'rail_accepted', payout: payoutView(payout) };
            default:
              return rail satisfies never;
          }
        }
        return { outcome: 'failed', payout: await applyTransition(tx, payoutStore, payout, { to: 'failed', failure: gaveUp }) };
      });
    },

    /** Hands the payout to its rail (the payout id is the rail's idempotency key); a refusal by the rail fails it. */
    async submitPayout(payoutId: string): Promise<PayoutTransition | null> {
      const handed = await handOverPayout(payoutId);
      return handed && 'refused' in handed ? { id: payoutId, ...handed.refused } : null;
    },

    /** The payout as written and, while the bank may still change it, what the rail says it must become. */
    observePayout: railObserver(deps.orm, payoutStore, deps.rails, followRail),

    /** Moves a payout (posting, history, event in one transaction); see transitionWriter. */
    transitionPayout: transitionWriter(deps.orm, payoutStore),
  };
  /** The rail step with `submit` as its hand-over; see railStepper. */
  const stepperWith = (submit: (id: string) => Promise<HandOver<PayoutStatus, FailureCode, Payout>>) =>
    railStepper(deps.orm, payoutStore, { rails: deps.rails, follow: followRail, submit, inlineWaitMs: deps.railInlineWaitMs ?? 0 });
  /** Hands the payout over (when asked), reads the bank's answer and writes what it calls for. */
  const stepPayout = stepperWith(handOverPayout);
  return {
    ...activities,
    stepPayout,
    /**
     * createPayout and, for a payout created `initiated`, its first rail step (hand-over, the bank's answer if it
     * comes within RAIL_INLINE_WAIT_MS, the moves it calls for): one local activity instead of two, so one
     * marker and one round trip through the workflow less per payout. The step's own failures are not this
     * activity's: it answers `step: null`, and the workflow takes the step on its own, on the rail's retry
     * profile, as it would have. Runs at least once like any activity, and both parts are idempotent (the
     * payout found by its key; the hand-over conditional on `initiated`, the rail deduping by payout id).
     * The usual creation (one statement) writes the payout with its hand-over recorded and reads the beneficiary the
     * rail is sent, so the step skips markRailHandover's statement. The hand-over is recorded before the rail is
     * called either way: a run that stops in between leaves a payout that reads as handed over, and the next step
     * asks the rail before sending it again (markRailHandover's `handedOverBefore`), as after any hand-over.
     */
    async createAndStepPayout(input: PayoutCreation): Promise<{ payout: PayoutResponse; step: RailStep<PayoutResponse> | null }> {
      const { view: payout, handover } = await create(input, true);
      if (payout.status !== 'initiated') return { payout, step: null };
      // The usual creation recorded the hand-over and read the beneficiary in its own statement: the step sends them.
      const step = handover ? stepperWith(async () => submitToRail(handover.recorded, handover.row)) : stepPayout;
      try {
        return { payout, step: await step({ id: payout.id, submit: true, wait: true }) };
      } catch (err) {
        Context.current().log.warn('first rail step failed after the payout was created; the workflow takes it again', { payoutId: payout.id, error: String(err) });
        return { payout, step: null };
      }
    },
  };
}

export type PayoutActivities = ReturnType<typeof createPayoutActivities>;
