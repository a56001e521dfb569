// One collection for its whole life (`collection/{collection_id}`): wait on a durable timer until the next
// charge is due, charge through a child payment workflow keyed by (collection, cycle, attempt), retry a
// failed charge after the configured gaps, then halt; take pause, resume, cancel and advance as updates;
// continue-as-new after every charge so the history stays one cycle long. Orchestration only: the rules
// are src/domain/collections.ts, the writes are activities.
import {
  ApplicationFailure,
  ParentClosePolicy,
  allHandlersFinished,
  condition,
  continueAsNew,
  defineQuery,
  defineUpdate,
  executeChild,
  setCurrentDetails,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { CollectionActivities, CollectionRequest } from '../activities/collections.ts';
import { kolkataIso } from '../src/domain/collection-schedule.ts';
import {
  type CollectionAction,
  type CollectionPlan,
  type CollectionState,
  actionProblem,
  afterCharge,
  cancel,
  initialState,
  isTerminal,
  pause,
  resume,
} from '../src/domain/collections.ts';
import { baseSearchAttributes } from '../src/domain/search-attributes.ts';
import type { RefusalType } from '../src/domain/failures.ts';
import { paymentWorkflow } from './payment.ts';
import { orderedWrites } from './lifecycle.ts';
import { databaseSteps, waitingSteps } from './proxies.ts';
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
/** The charge's request waits (retrying) while the customer has no vpa: the collection still takes pause and cancel. */
const { chargeRequest } = waitingSteps<CollectionActivities>();

/** Long enough that a run handling many actions without a charge still continues-as-new in time. */
const MAX_HISTORY_PER_RUN = 2_000;
/** How long resume and advance wait for a charge before answering (the API answers 503 after 10 s). */
const ACTION_WAIT_MS = 8_000;

export async function collectionWorkflow(input: CollectionWorkflowInput): Promise<CollectionWorkflowResult> {
  const { plan, request } = input;
  const collectionId = request.collectionId;
  let state: CollectionState = input.carried?.state ?? initialState(plan);
  let view: CollectionResponse | undefined = input.carried?.view;
  /** Bumped on every change of `state`, so a wait computed from an older state wakes up and recomputes. */
  let changes = 0;
  let charging = false;

  // advance: each call takes a ticket; the next charge attempt answers the oldest one.
  let nextTicket = 1;
  const waitingAdvances: number[] = [];
  const advanceResults = new Map<number, { view: CollectionResponse } | { refused: string }>();
  /** Advance tickets whose caller was answered before their charge attempt settled: its result is dropped. */
  const abandoned = new Set<number>();
  const refuseWaitingAdvances = () => {
    for (const ticket of waitingAdvances.splice(0)) answer(ticket, { refused: actionProblem(state.status, 'advance') ?? 'The collection changed before the charge.' });
  };
  /** Hands an advance its result, unless its caller was answered already. */
  const answer = (ticket: number, result: { view: CollectionResponse } | { refused: string }) => {
    if (abandoned.delete(ticket)) return;
    advanceResults.set(ticket, result);
  };

  // Writes go out one at a time, each with the state as it is when its turn comes: the row follows the
  // workflow in order, and the version lets a retried older write change nothing.
  const writes = orderedWrites(input.carried?.version ?? 0, async (version, charge?: { paymentId: string; outcome: 'captured' | 'failed' }) => {
    view = await db.saveCollectionState({ collectionId, version, state, charge });
    return view;
  });
  const save = writes.save;
  const setState = (next: CollectionState) => {
    state = next;
    changes++;
    publishDetails();
  };
  const publishDetails = () => {
    const next = state.nextChargeAt === null ? 'no charge scheduled' : `next charge ${kolkataIso(state.nextChargeAt)}`;
    const total = plan.totalCount === null ? '' : `/${plan.totalCount}`;
    setCurrentDetails(
      `**${state.status}** · cycle ${state.cycle}, ${state.attempts} failed attempt(s) · ${next} · paid ${state.paidCount}${total}, failed ${state.failedCount}`,
    );
  };
  // Each action's validator refuses what does not fit; a handler runs right after its validator, in the same
  // activation, so only a handler that waits first (resume) checks again.
  const refuse = (action: CollectionAction) => {
    const problem = actionProblem(state.status, action);
    if (problem) throw ApplicationFailure.nonRetryable(problem, 'InvalidState' satisfies RefusalType);
  };
  /**
   * How long resume and advance wait for a charge before answering. A charge can wait without end (its
   * customer has no vpa); the request must still get an answer, well inside the API's own time limit.
   */
  const waitForCharge = (done: () => boolean): Promise<boolean> => condition(done, ACTION_WAIT_MS);

  setHandler(createCollectionUpdate, async () => {
    await condition(() => view !== undefined);
    return view!;
  });
  setHandler(collectionStateQuery, () => ({
    status: state.status,
    cycle: state.cycle,
    attempts: state.attempts,
    nextChargeAt: state.nextChargeAt === null ? null : kolkataIso(state.nextChargeAt),
    paidCount: state.paidCount,
    failedCount: state.failedCount,
    charging,
  }));
  setHandler(
    collectionActionUpdates.pause,
    async () => {
      setState(pause(state));
      refuseWaitingAdvances();
      return save();
    },
    { validator: () => refuse('pause') },
  );
  setHandler(
    collectionActionUpdates.resume,
    async () => {
      // A charge in flight decides which cycle comes next; resume after it.
      if (!(await waitForCharge(() => !charging))) {
        throw ApplicationFailure.nonRetryable(
          'A charge of this collection has not settled yet (its customer may have no vpa to charge); resume the collection once it has.',
          'InvalidState' satisfies RefusalType,
        );
      }
      refuse('resume');
      setState(resume(plan, state, Date.now()));
      return save();
    },
    { validator: () => refuse('resume') },
  );
  setHandler(
    collectionActionUpdates.cancel,
    async () => {
      setState(cancel(state));
      refuseWaitingAdvances();
      return save();
    },
    { validator: () => refuse('cancel') },
  );
  setHandler(
    collectionActionUpdates.advance,
    async () => {
      const ticket = nextTicket++;
      waitingAdvances.push(ticket); // a charge is now due: the main loop's wait ends
      if (!(await waitForCharge(() => advanceResults.has(ticket)))) {
        // Still queued: no attempt is owed to it any more. Already taken by an attempt: that attempt goes on.
        const queued = waitingAdvances.indexOf(ticket);
        if (queued >= 0) waitingAdvances.splice(queued, 1);
        else abandoned.add(ticket);
        throw ApplicationFailure.nonRetryable(
          queued >= 0
            ? 'The collection could not start a charge yet (a charge before it has not settled); try again later.'
            : 'The charge attempt has not settled yet (its customer may have no vpa to charge); it goes on by itself, and GET /v1/collections/{id} shows its outcome.',
          'InvalidState' satisfies RefusalType,
        );
      }
      const result = advanceResults.get(ticket)!;
      advanceResults.delete(ticket);
      if ('refused' in result) throw ApplicationFailure.nonRetryable(result.refused, 'InvalidState' satisfies RefusalType);
      return result.view;
    },
    { validator: () => refuse('advance') },
  );

  if (!view) {
    view = await db.createCollection(request);
    if (view.id !== collectionId) {
      // The idempotency key had already made another collection (a retried request): that one runs, not this.
      await condition(allHandlersFinished);
      return { collectionId: view.id, status: 'duplicate' };
    }
  }
  publishDetails();

  const chargeIsDue = () =>
    state.status === 'active' && (waitingAdvances.length > 0 || (state.nextChargeAt !== null && Date.now() >= state.nextChargeAt));

  /** A charge ended in this run: continue-as-new as soon as nothing waits on the run. */
  let cycleDone = false;
  for (;;) {
    if (isTerminal(state.status)) break;
    if (chargeIsDue()) {
      await chargeOnce();
      cycleDone = true;
      continue;
    }
    if (cycleDone || workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > MAX_HISTORY_PER_RUN) {
      // Updates still running would be cut off by continue-as-new; an advance arriving meanwhile is served here first.
      await condition(() => allHandlersFinished() || chargeIsDue() || isTerminal(state.status));
      if (chargeIsDue() || isTerminal(state.status)) continue;
      break;
    }
    const seen = changes;
    const woken = () => chargeIsDue() || changes !== seen;
    if (state.status === 'active' && state.nextChargeAt !== null) {
      await condition(woken, Math.max(1, state.nextChargeAt - Date.now()), { summary: `charge of cycle ${state.cycle}` });
    } else {
      await condition(woken);
    }
  }

  /**
   * One charge attempt of the current cycle, through a child payment workflow, and the state it leads to.
   * It answers the advance that asked for it, if one did; an advance that arrives while it runs waits for
   * an attempt of its own.
   */
  async function chargeOnce(): Promise<void> {
    charging = true;
    const answering = waitingAdvances.shift();
    const { request: payment, workflowId } = await chargeRequest({ collectionId, cycle: state.cycle, attempt: state.attempts + 1 });
    // Paused or cancelled while the charge was being prepared: it does not start.
    if (state.status !== 'active') {
      charging = false;
      if (answering !== undefined) answer(answering, { refused: actionProblem(state.status, 'advance') ?? 'The collection changed before the charge.' });
      refuseWaitingAdvances();
      return;
    }
    const outcome = await executeChild(paymentWorkflow, {
      workflowId,
      args: [{ request: payment, createAtStart: true }],
      // The payment finishes even if the collection is cancelled or terminated meanwhile.
      parentClosePolicy: ParentClosePolicy.ABANDON,
      typedSearchAttributes: baseSearchAttributes(payment.accountId, payment.mode, payment.paymentId),
    });
    // A payment workflow ends with the outcome; `pending` here is a bug, failed as a workflow task and retried.
    if (outcome.status === 'pending') throw new Error(`payment ${outcome.paymentId} ended pending`);
    setState(afterCharge(plan, state, outcome.status, Date.now()));
    charging = false;
    const after = await save({ paymentId: outcome.paymentId, outcome: outcome.status });
    if (answering !== undefined) answer(answering, { view: after });
    if (state.status !== 'active') refuseWaitingAdvances();
  }

  await condition(allHandlersFinished);
  if (isTerminal(state.status)) return { collectionId, status: state.status };
  return continueAsNew<typeof collectionWorkflow>({ ...input, carried: { state, version: writes.version(), view: view! } });
}
