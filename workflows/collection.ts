// One collection for its whole life (`collection/{collection_id}`): wait on a durable timer until the next
// charge is due, charge through a child payment workflow keyed by (collection, cycle, attempt), retry a
// failed charge after the configured gaps, then halt; take pause, resume, cancel and advance as updates;
// continue-as-new after every charge so the history stays one cycle long. Orchestration only: the rules
// are src/domain/collections.ts, the writes are activities.
import {
  ApplicationFailure,
  CancellationScope,
  ParentClosePolicy,
  allHandlersFinished,
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  defineUpdate,
  executeChild,
  getExternalWorkflowHandle,
  log,
  patched,
  setHandler,
} from '@temporalio/workflow';
import type { CollectionActivities, CollectionRequest } from '../activities/collections.ts';
import type { LiveMandateActivities } from '../activities/mandates/live-mandates.ts';
import { kolkataIso } from '../src/domain/collection-schedule.ts';
import { MAX_RETRIES_PER_CYCLE, debitAfterNotice } from '../src/domain/autopay-windows.ts';
import {
  type CollectionAction,
  type CollectionPlan,
  type CollectionState,
  CONNECTION_DISABLED_PAUSE,
  pauseForSetup,
  actionProblem,
  activate,
  afterCharge,
  cancel,
  initialState,
  isTerminal,
  pause,
  resume,
} from '../src/domain/collections.ts';
import { baseSearchAttributes } from '../src/domain/search-attributes.ts';
import { COLLECTION_ENDED, CONNECTION_DISABLED, REFUSED, awaiting, type RefusalType } from '../src/domain/failures.ts';
import { type MandateStatus, collectionFollows } from '../src/domain/mandates.ts';
import { paymentWorkflow } from './payment.ts';
import { LongLived } from './long-lived.ts';
import { failureType } from './lifecycle.ts';
import { databaseSteps, firstTrySteps, providerSteps } from './proxies.ts';
import type { CollectionResponse } from '../src/contract/collections.ts';

/** Answers the creating request (Update-with-Start) once the collection is written. */
export const createCollectionUpdate = defineUpdate<CollectionResponse>('createCollection');
/** pause, resume, cancel, advance: each answers with the collection after it (advance: after the charge attempt). */
export const collectionActionUpdates = {
  pause: defineUpdate<CollectionResponse>('pause'),
  resume: defineUpdate<CollectionResponse>('resume'),
  cancel: defineUpdate<CollectionResponse>('cancel'),
  advance: defineUpdate<CollectionResponse>('advance'),
} as const satisfies { readonly [A in CollectionAction]: unknown };

/** The collection's mandate moved (paused, resumed, revoked, expired): the collection follows (collectionFollows). */
export const mandateMovedSignal = defineSignal<[{ from: MandateStatus; to: MandateStatus }]>('mandateMoved');
/** To the mandate made for a collection: that collection ended, so the mandate goes too (withdrawn unapproved, or revoked). */
export const collectionEndedSignal = defineSignal('collectionEnded');

export interface CollectionStateSnapshot {
  status: CollectionState['status'];
  cycle: number;
  attempts: number;
  nextChargeAt: string | null;
  paidCount: number;
  failedCount: number;
  charging: boolean;
}
/** For operators (Temporal UI, Queries): where the collection stands and when it charges next. */
export const collectionStateQuery = defineQuery<CollectionStateSnapshot>('collectionState');

export interface CollectionWorkflowInput {
  request: CollectionRequest;
  plan: CollectionPlan;
  /** Carried across continue-as-new: the state, the write counter and the collection as last written. */
  carried?: { state: CollectionState; version: number; view: CollectionResponse };
}

export interface CollectionWorkflowResult {
  collectionId: string;
  status: CollectionState['status'] | 'duplicate';
}

const db = databaseSteps<CollectionActivities>();
/** Patch marker: a run whose plan has no debit rules takes them up (docs/workflow-versioning.md). */
const DEBIT_RULES_TAKEN_UP = 'collection-debit-rules-2026-11-28';
/**
 * Patch marker: a plan with more retry gaps than UPI AutoPay allows halts after the third retry. A run that already
 * went past it (before the cap) keeps its course on replay.
 */
const RETRIES_CAPPED = 'collection-retries-capped-2026-12-07';
const provider = providerSteps<LiveMandateActivities>();
/**
 * The charge's request, tried once at once: a customer without vpa is known before anyone has waited. Then it is
 * tried again every VPA_RECHECK_MS while the collection stays active, so a pause or cancel ends the wait (a step
 * retrying on its own would go on for ever for a cancelled collection whose customer never gets a vpa).
 */
const firstTry = firstTrySteps<CollectionActivities>();
const VPA_RECHECK_MS = 10_000;

/** Long enough that a run handling many actions without a charge still continues-as-new in time. */
const MAX_HISTORY_PER_RUN = 2_000;
/**
 * How long resume and advance wait for a charge before answering. A charge can wait without end (its customer
 * has no vpa); the request must still get an answer, well inside the API's own time limit (503 after 10 s).
 */
const ACTION_WAIT_MS = 8_000;
/**
 * How long the sandbox's advance waits for the attempt it asked for: its caller hears within 2 s whatever the state,
 * and an attempt still pending at the sandbox bank (slow@upi) is a 409 that says so; the attempt goes on by itself.
 */
const ADVANCE_WAIT_MS = 1_500;
/** Why advance is refused when the attempt it asked for is still pending at the bank (the sandbox's slow@upi, say). */
const PENDING =
  'The charge attempt is still pending (its bank has not answered yet); it goes on by itself, and GET /v1/collections/{id} shows its outcome. Advance again once it has settled.';
/** Why advance and resume are refused at once while a charge waits for its customer's vpa. */
const HELD =
  "The collection's customer has no vpa to charge: its charge waits until the customer has one (POST /v1/customers/{id} with a vpa), and GET /v1/collections/{id} shows its outcome.";

type ChargeOutcome = { paymentId: string; outcome: 'captured' | 'failed' };
type SaveArgs = [charge?: ChargeOutcome, upcoming?: { debitAt: number }, startAt?: number];
type AdvanceResult = { view: CollectionResponse } | { refused: string };

/** advance: each call takes a ticket; the next charge attempt answers the oldest one. */
class AdvanceQueue {
  #next = 1;
  readonly #waiting: number[] = [];
  readonly #results = new Map<number, AdvanceResult>();
  /** Tickets whose caller was answered before their charge attempt settled: their result is dropped. */
  readonly #abandoned = new Set<number>();

  /** A new ticket, waiting for a charge attempt: a charge is now due. */
  take(): number {
    const ticket = this.#next++;
    this.#waiting.push(ticket);
    return ticket;
  }

  get waiting(): boolean {
    return this.#waiting.length > 0;
  }

  /** The oldest waiting ticket, taken by the charge attempt about to start. */
  shift(): number | undefined {
    return this.#waiting.shift();
  }

  /** Hands a ticket its result, unless its caller was answered already. */
  answer(ticket: number, result: AdvanceResult): void {
    if (this.#abandoned.delete(ticket)) return;
    this.#results.set(ticket, result);
  }

  /** Refuses every ticket still waiting for an attempt. */
  refuseWaiting(refused: string): void {
    for (const ticket of this.#waiting.splice(0)) this.answer(ticket, { refused });
  }

  answered(ticket: number): boolean {
    return this.#results.has(ticket);
  }

  /** The ticket's result, handed over once. */
  result(ticket: number): AdvanceResult {
    const result = this.#results.get(ticket)!;
    this.#results.delete(ticket);
    return result;
  }

  /**
   * Its caller stops waiting. Still queued: no attempt is owed to it any more (true). Already taken by an
   * attempt: that attempt goes on, its result dropped (false).
   */
  withdraw(ticket: number): boolean {
    const queued = this.#waiting.indexOf(ticket);
    if (queued >= 0) {
      this.#waiting.splice(queued, 1);
      return true;
    }
    this.#abandoned.add(ticket);
    return false;
  }
}

/** One run of a collection's workflow: its state, its advances waiting for a charge, whether a charge is in flight. */
interface CollectionRun {
  plan: CollectionPlan;
  collectionId: string;
  life: LongLived<CollectionState, CollectionResponse, SaveArgs>;
  advances: AdvanceQueue;
  charging: boolean;
  /** The charge in flight waits for its customer's vpa: advance and resume are refused at once meanwhile. */
  held: boolean;
  /** Live: each debit is announced at the provider too (its pre-debit notification) and made with the mandate's token. */
  live: boolean;
  /** Why the collection could not be written (the creating update answers with it). */
  refused?: unknown;
}

const invalidState = (message: string) => ApplicationFailure.nonRetryable(message, 'InvalidState' satisfies RefusalType);

/** Refuses the advances waiting for an attempt: the collection is not active any more. */
function refuseWaitingAdvances(run: CollectionRun): void {
  run.advances.refuseWaiting(actionProblem(run.life.state.status, 'advance') ?? 'The collection changed before the charge.');
}

export async function collectionWorkflow(input: CollectionWorkflowInput): Promise<CollectionWorkflowResult> {
  const { request } = input;
  let { plan } = input;
  const collectionId = request.collectionId;
  const life = new LongLived<CollectionState, CollectionResponse, SaveArgs>({
    initial: initialState(plan),
    carried: input.carried,
    write: (version, state, charge, upcoming, startAt) =>
      db.saveCollectionState({ collectionId, version, state, charge, upcoming, ...(startAt === undefined ? {} : { startAt }) }),
    details: (state) => {
      const next = state.nextChargeAt === null ? 'no charge scheduled' : `next charge ${kolkataIso(state.nextChargeAt)}`;
      const total = plan.totalCount === null ? '' : `/${plan.totalCount}`;
      return `**${state.status}** · cycle ${state.cycle}, ${state.attempts} failed attempt(s) · ${next} · paid ${state.paidCount}${total}, failed ${state.failedCount}`;
    },
    maxHistory: MAX_HISTORY_PER_RUN,
  });
  const run: CollectionRun = { plan, collectionId, life, advances: new AdvanceQueue(), charging: false, held: false, live: request.mode === 'live' };
  setCollectionHandlers(run);

  if (!life.view) {
    const view = await createOrRefuse(run, request);
    life.created(view);
    if (view.id !== collectionId) {
      // The idempotency key had already made another collection (a retried request): that one runs, not this.
      await condition(allHandlersFinished);
      return { collectionId: view.id, status: 'duplicate' };
    }
  }
  life.publish();
  // A run started before collections charged through mandates has no debit rules in its plan: from its next run on
  // (this marker is not in the history of a run already under way), it takes today's and announces every debit.
  if (!plan.debit && patched(DEBIT_RULES_TAKEN_UP)) {
    const debit = await db.debitRulesOf(collectionId);
    if (debit) {
      plan = { ...plan, debit };
      run.plan = plan;
    }
  }

  const status = () => life.state.status;
  // run.plan, not plan: a created collection's plan changes when its mandate is approved.
  const chargeIsDue = () => {
    const at = chargeAt(run.plan, life.state);
    return status() === 'active' && (run.advances.waiting || (at !== null && Date.now() >= at));
  };
  const noticeIsDue = () => {
    const at = noticeAt(run.plan, life.state);
    return status() === 'active' && at !== null && Date.now() >= at;
  };

  /** A charge ended in this run: continue-as-new as soon as nothing waits on the run. */
  let cycleDone = false;
  for (;;) {
    if (isTerminal(status())) break;
    if (chargeIsDue()) {
      await chargeOnce(run);
      cycleDone = true;
      continue;
    }
    if (noticeIsDue()) {
      await announce(run);
      continue;
    }
    if (cycleDone || life.continueAsNewDue()) {
      // Updates still running would be cut off by continue-as-new; an advance arriving meanwhile is served here first.
      await condition(() => allHandlersFinished() || chargeIsDue() || isTerminal(status()));
      if (chargeIsDue() || isTerminal(status())) continue;
      break;
    }
    const seen = life.changes;
    const woken = () => chargeIsDue() || noticeIsDue() || life.changes !== seen;
    const { cycle } = life.state;
    const wakeAt = noticeAt(run.plan, life.state) ?? chargeAt(run.plan, life.state);
    if (status() === 'active' && wakeAt !== null) {
      const what = noticeAt(run.plan, life.state) !== null ? 'notice' : 'charge';
      await condition(woken, Math.max(1, wakeAt - Date.now()), { summary: `${what} of cycle ${cycle}` });
    } else {
      await condition(woken);
    }
  }

  await condition(allHandlersFinished);
  if (isTerminal(status())) {
    await releaseMadeMandate(request, life.state);
    return { collectionId, status: status() };
  }
  return continueAsNew<typeof collectionWorkflow>({ ...input, plan: run.plan, carried: life.carried() });
}

/**
 * Writes the collection; a refusal (its mandate already backs an open collection) is the creating update's answer,
 * and the run ends having created nothing, so the idempotency key stays free.
 */
async function createOrRefuse(run: CollectionRun, request: CollectionRequest): Promise<CollectionResponse> {
  try {
    return await db.createCollection(request);
  } catch (err) {
    run.refused = err;
    await condition(allHandlersFinished);
    throw ApplicationFailure.nonRetryable(`collection refused: ${failureType(err) ?? 'error'}`, REFUSED);
  }
}

/**
 * A mandate made for this collection goes when the collection ends (cancelled or completed): unapproved, it is
 * withdrawn; approved, revoked (live: the provider's registration too). One its own move ended is left alone.
 */
async function releaseMadeMandate(request: CollectionRequest, state: CollectionState): Promise<void> {
  if (!request.madeMandate || (state.cancelReason ?? '').startsWith('mandate_')) return;
  await getExternalWorkflowHandle(request.madeMandate.mandateWorkflowId)
    .signal(collectionEndedSignal)
    .catch(() => undefined);
}

/** When the next attempt is made: the announced debit under the AutoPay rules, else the charge's due time; null: none. */
function chargeAt(plan: CollectionPlan, state: CollectionState): number | null {
  if (!plan.debit) return state.nextChargeAt;
  return state.nextChargeAt === null ? null : (state.debitAt ?? null);
}

/** When the next attempt's notice goes out (the notice period before it is due, or now); null: announced or none due. */
function noticeAt(plan: CollectionPlan, state: CollectionState): number | null {
  if (!plan.debit || state.nextChargeAt === null || (state.debitAt ?? null) !== null) return null;
  return state.nextChargeAt - plan.debit.noticeMs;
}

/**
 * Announces the next attempt: `collection.upcoming` with the debit the notice allows (the notice period later at the
 * earliest, in the next non-peak window, inside the mandate's validity), which becomes next_charge_at. A debit the
 * mandate's validity cannot carry ends the collection (mandate_expired).
 */
async function announce(run: CollectionRun): Promise<void> {
  const { life, plan } = run;
  const state = life.state;
  const debitAt = debitAfterNotice(state.nextChargeAt!, Date.now(), plan.debit!);
  if (debitAt === 'none') {
    life.set(cancel(state, 'mandate_expired'));
    refuseWaitingAdvances(run);
    await life.save();
    return;
  }
  let debitPaymentId: string | null = null;
  if (run.live) {
    debitPaymentId = await noticeAtProvider(run, debitAt);
    // Refused, or the collection moved while the provider was asked (paused, cancelled): this notice is spent.
    if (debitPaymentId === null || life.state !== state) return;
  }
  life.set({ ...state, debitAt, nextChargeAt: debitAt, debitPaymentId });
  await life.save(undefined, { debitAt });
}

/**
 * Live: the provider's pre-debit notice of the attempt, an order under the payment id the debit will have (made once
 * here and kept in the history, so a retried notice finds its order). A notice the provider refuses (the mandate's
 * token is gone) is the attempt failed without a payment: the dunning goes on, and a collection whose mandate the
 * customer revoked meanwhile is cancelled by the mandate's move. Answers the payment id, or null when it failed.
 */
async function noticeAtProvider(run: CollectionRun, debitAt: number): Promise<string | null> {
  const { life } = run;
  const { cycle, attempts } = life.state;
  const paymentId = await db.newDebitPaymentId();
  try {
    // Retried through a provider's outage, but a notice that cannot be given before the debit's time is no notice.
    await CancellationScope.withTimeout(Math.max(1, debitAt - Date.now()), () =>
      provider.noticeLiveDebit({ collectionId: run.collectionId, paymentId, cycle, attempt: attempts + 1, debitAt }),
    );
    return paymentId;
  } catch (err) {
    if (life.state.status !== 'active') return null;
    if (failureType(err) === CONNECTION_DISABLED) {
      // No connection to notify or debit through: no attempt is used; the business resumes it once it is enabled.
      life.set(pause(life.state, CONNECTION_DISABLED_PAUSE));
      refuseWaitingAdvances(run);
      await life.save();
      return null;
    }
    log.warn('pre-debit notice refused by the provider: the attempt failed', { collectionId: run.collectionId, cycle, error: String(err) });
    life.set(afterCharge(run.plan, life.state, 'failed', Date.now(), retriesAllowed(run.plan, life.state, 'failed')));
    await life.save();
    return null;
  }
}

function setCollectionHandlers(run: CollectionRun): void {
  const { life } = run;
  // Each action's validator refuses what does not fit; a handler runs right after its validator, in the same
  // activation, so only a handler that waits first (resume, advance) checks again.
  const refuse = (action: CollectionAction) => {
    const problem = actionProblem(life.state.status, action);
    if (problem) throw invalidState(problem);
    if (run.held && (action === 'advance' || action === 'resume')) throw invalidState(HELD);
  };
  const validator = (action: CollectionAction) => ({ validator: () => refuse(action) });

  setHandler(createCollectionUpdate, async () => {
    await condition(() => life.view !== undefined || run.refused !== undefined);
    if (run.refused !== undefined) throw run.refused;
    return life.view!;
  });
  setHandler(collectionStateQuery, () => {
    const state = life.state;
    return {
      status: state.status,
      cycle: state.cycle,
      attempts: state.attempts,
      nextChargeAt: state.nextChargeAt === null ? null : kolkataIso(state.nextChargeAt),
      paidCount: state.paidCount,
      failedCount: state.failedCount,
      charging: run.charging,
    };
  });
  setHandler(
    collectionActionUpdates.pause,
    async () => {
      life.set(pause(life.state));
      refuseWaitingAdvances(run);
      return life.save();
    },
    validator('pause'),
  );
  setHandler(
    collectionActionUpdates.resume,
    async () => {
      // A charge in flight decides which cycle comes next; resume after it.
      if (!(await condition(() => !run.charging || run.held, ACTION_WAIT_MS))) {
        throw invalidState(
          'A charge of this collection has not settled yet (its customer may have no vpa to charge); resume the collection once it has.',
        );
      }
      refuse('resume');
      life.set(resume(run.plan, life.state, Date.now()));
      return life.save();
    },
    validator('resume'),
  );
  setHandler(
    collectionActionUpdates.cancel,
    async () => {
      life.set(cancel(life.state));
      refuseWaitingAdvances(run);
      return life.save();
    },
    validator('cancel'),
  );
  setHandler(collectionActionUpdates.advance, () => advance(run), validator('advance'));
  setHandler(mandateMovedSignal, async ({ from, to }) => {
    await condition(() => life.view !== undefined);
    const follow = collectionFollows(from, to, { status: life.state.status, pauseReason: life.state.pauseReason ?? null });
    if (follow.kind === 'none') return;
    if (follow.kind === 'activate') {
      const activated = activate(run.plan, life.state, Date.now());
      run.plan = activated.plan;
      life.set(activated.state);
      await life.save(undefined, undefined, activated.plan.startAt);
      return;
    }
    if (follow.kind === 'resume') {
      // A charge in flight decides which cycle comes next; resume after it.
      await condition(() => !run.charging);
      if (life.state.status !== 'paused') return;
      life.set(resume(run.plan, life.state, Date.now()));
    } else {
      life.set(follow.kind === 'pause' ? pause(life.state, follow.pauseReason) : cancel(life.state, follow.cancelReason));
      refuseWaitingAdvances(run);
    }
    await life.save();
  });
}

/** The charge's request, or why it cannot be made now: held (no vpa, mandate not active), a step to retry, ended, or paused (a disabled connection). */
type Prepared = Awaited<ReturnType<CollectionActivities['chargeRequest']>> | 'held' | 'retry' | { ended: string } | { paused: string };

function prepareCharge(charge: { collectionId: string; cycle: number; attempt: number }): Promise<Prepared> {
  return firstTry.chargeRequest(charge).catch((err: unknown): Prepared => {
    const type = failureType(err);
    if (type === awaiting.CustomerWithoutVpa) return 'held';
    if (type === COLLECTION_ENDED) return { ended: err instanceof Error ? endedReason(err) : 'cancelled' };
    if (type === CONNECTION_DISABLED) return { paused: CONNECTION_DISABLED_PAUSE };
    return 'retry';
  });
}

/** The cancel_reason a COLLECTION_ENDED failure carries as its message. */
function endedReason(err: Error): string {
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : err.message;
}

/**
 * The retries the plan may make: at most three (afterCharge's cap). A run of a plan with more gaps that failed past
 * the third retry before the cap took them (no marker in its history) keeps going as it did.
 */
function retriesAllowed(plan: CollectionPlan, state: CollectionState, outcome: 'captured' | 'failed'): number | undefined {
  const beyondCap = outcome === 'failed' && plan.retryDelaysMs.length > MAX_RETRIES_PER_CYCLE && state.attempts >= MAX_RETRIES_PER_CYCLE;
  if (!beyondCap || patched(RETRIES_CAPPED)) return undefined;
  return plan.retryDelaysMs.length;
}

/** The sandbox's advance: makes the next charge attempt now and answers with the collection after it. */
async function advance(run: CollectionRun): Promise<CollectionResponse> {
  const ticket = run.advances.take(); // a charge is now due: the main loop's wait ends
  if (!(await condition(() => run.advances.answered(ticket), ADVANCE_WAIT_MS))) {
    throw invalidState(
      run.advances.withdraw(ticket)
        ? 'The collection could not start a charge yet (a charge before it is still pending at its bank); try again once it has settled.'
        : PENDING,
    );
  }
  const result = run.advances.result(ticket);
  if ('refused' in result) throw invalidState(result.refused);
  return result.view;
}

/**
 * One charge attempt of the current cycle, through a child payment workflow, and the state it leads to.
 * It answers the advance that asked for it, if one did; an advance that arrives while it runs waits for
 * an attempt of its own.
 */
async function chargeOnce(run: CollectionRun): Promise<void> {
  const { life, advances, collectionId } = run;
  run.charging = true;
  let answering = advances.shift();
  const charge = { collectionId, cycle: life.state.cycle, attempt: life.state.attempts + 1, paymentId: life.state.debitPaymentId ?? null, setupRefusals: life.state.setupRefusals };
  const prepare = () => prepareCharge(charge);
  let prepared = await prepare();
  while (typeof prepared === 'string') {
    if (prepared === 'held' && !run.held) {
      // The advance that asked for this charge, and those queued behind it, hear now why it cannot happen yet.
      run.held = true;
      if (answering !== undefined) advances.answer(answering, { refused: HELD });
      answering = undefined;
      advances.refuseWaiting(HELD);
    }
    if (await condition(() => life.state.status !== 'active', VPA_RECHECK_MS)) break;
    prepared = await prepare();
  }
  run.held = false;
  if (typeof prepared === 'object' && 'ended' in prepared) {
    // Its row was cancelled outside the workflow, or its mandate ended: the collection ends with that reason.
    if (!isTerminal(life.state.status)) {
      life.set(cancel(life.state, prepared.ended));
      await life.save();
    }
  }
  if (typeof prepared === 'object' && 'paused' in prepared && life.state.status === 'active') {
    life.set(pause(life.state, prepared.paused));
    await life.save();
  }
  // Paused or cancelled while the charge was being prepared: it does not start.
  if (typeof prepared === 'string' || 'ended' in prepared || 'paused' in prepared || life.state.status !== 'active') {
    run.charging = false;
    if (answering !== undefined) advances.answer(answering, { refused: actionProblem(life.state.status, 'advance') ?? 'The collection changed before the charge.' });
    refuseWaitingAdvances(run);
    return;
  }
  const { request: payment, workflowId } = prepared;
  const outcome = await executeChild(paymentWorkflow, {
    workflowId,
    args: [{ request: payment, createAtStart: true }],
    // The payment finishes even if the collection is cancelled or terminated meanwhile.
    parentClosePolicy: ParentClosePolicy.ABANDON,
    typedSearchAttributes: baseSearchAttributes(payment.accountId, payment.mode, payment.paymentId),
  });
  // A payment workflow ends with the outcome; `pending` here is a bug, failed as a workflow task and retried.
  if (outcome.status === 'pending') throw new Error(`payment ${outcome.paymentId} ended pending`);
  if (outcome.failureCode === 'provider_unavailable') {
    // The provider refused the debit as a set-up error: no customer refused it, so no attempt is used; the collection
    // pauses until the business resumes it (the debit is then made in its cycle). A result recorded before results
    // carried the failure code has none: such a run keeps its course.
    life.set(pauseForSetup(life.state));
    run.charging = false;
    const after = await life.save();
    if (answering !== undefined) advances.answer(answering, { view: after });
    refuseWaitingAdvances(run);
    return;
  }
  life.set(afterCharge(run.plan, life.state, outcome.status, Date.now(), retriesAllowed(run.plan, life.state, outcome.status)));
  run.charging = false;
  const after = await life.save({ paymentId: outcome.paymentId, outcome: outcome.status });
  if (answering !== undefined) advances.answer(answering, { view: after });
  if (life.state.status !== 'active') refuseWaitingAdvances(run);
}
