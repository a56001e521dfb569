// One payout, from creation to a settled status (workflows/lifecycle.ts). Started by POST /v1/payouts with
// Update-with-Start (the update answers once the money is reserved), or as a child of a batch.
// Orchestration only.
import { allHandlersFinished, condition, defineSignal, defineUpdate, patched, setCurrentDetails, setHandler } from '@temporalio/workflow';
import type { PayoutActivities, PayoutCreation, PayoutQueueRef, PayoutRailReport, PayoutTransition, PayoutWaitAction } from '../activities/payouts.ts';
import { isPayoutWaiting } from '../src/domain/payouts.ts';
import { formatRupees, istMinute } from '../src/domain/money.ts';
import { payoutReleasedSignal, wakePayoutQueue } from './payout-queue.ts';
import { created, followRail, once } from './lifecycle.ts';
import { databaseSteps, providerSteps, railSteps } from './proxies.ts';
import type { RailStep } from '../src/domain/lifecycle.ts';
import type { PayoutResponse } from '../src/contract/payouts.ts';

export const createPayoutUpdate = defineUpdate<PayoutResponse>('createPayout');
/**
 * A sandbox test helper's move (complete, fail) while the payout is still watched: written by the same
 * transition activity the rail's answers use, so the transition table still decides.
 */
export const movePayoutUpdate = defineUpdate<PayoutResponse, [PayoutTransition]>('movePayout');
/**
 * The provider reported on the payout (its webhook, applied by the event's own workflow): look at the payout again
 * now rather than at the next backstop lookup, which may be half an hour away (a batch waits on this workflow).
 */
export const wakePayoutSignal = defineSignal('wakePayout');

/** The patch under which a payout whose money came back wakes its account's low-balance queue. */
const MONEY_BACK_WAKES_QUEUE = 'payout-money-back-wakes-queue';

/**
 * An approval, rejection or cancel of the payout while it waits, or (the sandbox's advance) the time it waits for
 * brought to now: answered with the payout as the action left it.
 */
export const payoutWaitUpdate = defineUpdate<PayoutResponse, [PayoutWaitAction]>('payoutWait');

export interface PayoutWorkflowInput {
  create: PayoutCreation;
}

export interface PayoutWorkflowResult {
  payoutId: string;
  status: PayoutResponse['status'];
}

const db = databaseSteps<PayoutActivities>();
const rail = railSteps<PayoutActivities>();
const provider = providerSteps<PayoutActivities>();

export async function payoutWorkflow(input: PayoutWorkflowInput): Promise<PayoutWorkflowResult> {
  /** The first look at the rail, taken by the creating step (one local activity, not two). */
  let first: RailStep<PayoutResponse> | undefined;
  const creation = once(async () => {
    const made = await db.createAndStepPayout(input.create);
    first = made.step ?? undefined;
    return made.payout;
  });
  setHandler(createPayoutUpdate, () => creation.run());
  let woken = false;
  setHandler(movePayoutUpdate, async (move) => {
    await creation.run();
    const view = await db.transitionPayout(move);
    woken = true; // look at the rail again now rather than at the next check
    return view;
  });
  // Counted rather than flagged: a provider event that lands while a look at the rail is under way (after the look
  // read the row) must still end the wait that follows it, so only the events heard before a look began are spent.
  let events = 0;
  let eventsBeforeLook = 0;
  let eventsSpent = 0;
  setHandler(wakePayoutSignal, () => {
    events++;
  });

  // Every change made while the payout waits (an approval, a rejection, a cancel, an advance) is counted: the wait
  // looks at the payout again after each, from the database, whatever order their answers came back in.
  let waitChanges = 0;
  const payoutId = input.create.request?.payoutId ?? input.create.item!.payoutId;
  setHandler(payoutReleasedSignal, () => {
    waitChanges++;
  });
  setHandler(payoutWaitUpdate, async (action) => {
    await creation.run();
    try {
      return await db.actOnWaitingPayout({ payoutId, action });
    } finally {
      waitChanges++;
    }
  });

  // A batch item starts at once; a single payout starts with its update (Update-with-Start).
  if (input.create.origin === 'batch') void creation.run().catch(() => {});
  let payout = await created(creation, 'payout');
  // Waits come before the rail (approval, then the scheduled time): decided from the created payout in the history,
  // so a run of a payout that never waited replays as before.
  // A batch's item that waits does so with its batch (whose workflow waits for it): this run answers and ends.
  const queue = input.create.request ?? input.create.item;
  // A batch's item that waits for approval or a time does so with its batch (whose workflow waits); one that
  // queues for money waits here, as a single payout does.
  const withItsBatch = payout.batch_id !== null && payout.status !== 'queued';
  if (isPayoutWaiting(payout.status) && !withItsBatch && queue?.accountId && queue.mode) {
    const ref = { accountId: queue.accountId, mode: queue.mode };
    payout = await waitOut(payout, () => waitChanges, ref);
    // It left the queue without its money (expired, cancelled): the payouts behind it may go now.
    if (payout.queued_at !== null && payout.status !== 'initiated') await wakePayoutQueue(ref);
  }
  if (payout.status !== 'initiated') {
    // A batch item created failed, or a wait that ended: an approval or cancel still being answered answers from
    // this run (its caller hears the outcome, not a closed workflow).
    await condition(allHandlersFinished);
    return { payoutId: payout.id, status: payout.status };
  }

  const last = await followRail(
    payout.id,
    // A live payout's rail is a provider: its calls are ordinary activities on their own retry profile (the
    // sandbox's stay local). Decided from the created payout, which the history holds.
    {
      step: (request) => {
        eventsBeforeLook = events;
        return payout.livemode ? provider.stepLivePayout(request) : rail.stepPayout(request);
      },
    },
    // A quick rail's answer is waited for in this task, a single payout's too: its caller (the update's answer,
    // sent when the task ends) hears up to RAIL_INLINE_WAIT_MS later, and the payout takes one task, no timer.
    {
      wake: {
        requested: () => woken || events > eventsSpent,
        reset: () => {
          woken = false;
          eventsSpent = eventsBeforeLook;
        },
      },
      waitAtFirst: true,
      first,
    },
  );
  // Its money came back (it failed or was reversed after its money was reserved): payouts queued for money in its
  // account and mode may go now, rather than at the queue's backstop. Runs recorded before this replay without it.
  if ((last.status === 'failed' || last.status === 'reversed') && queue?.accountId && queue.mode && patched(MONEY_BACK_WAKES_QUEUE)) {
    const ref = { accountId: queue.accountId, mode: queue.mode };
    if (await db.payoutQueueWaiting(ref)) await wakePayoutQueue(ref);
  }
  // A test helper's move accepted just now still answers from this run.
  await condition(allHandlersFinished);
  return { payoutId: payout.id, status: last.status };
}

/**
 * Waits while the payout waits: until a change from outside (then it reads the payout again) or until the time its
 * status waits for (an approval's expiry, a scheduled time), when the `due` step decides. The timers are durable:
 * a restart of the whole service changes nothing. Returns the payout as it left its waits.
 */
async function waitOut(first: PayoutResponse, changes: () => number, queue: PayoutQueueRef): Promise<PayoutResponse> {
  let view = first;
  let joined = false;
  // The changes already looked at: a change counts as seen only once a read begun after it has answered, so one
  // that lands while a read is under way (after it read the row) still wakes the wait that follows. Zero at first:
  // a change heard before this wait began (a release right after the creation committed) is looked at at once.
  let seen = 0;
  while (isPayoutWaiting(view.status)) {
    const status = view.status;
    // Queued: what stands before it, read as it joins and at each wake.
    setCurrentDetails(waitDetails(view, status === 'queued' ? await db.queuedAhead(view.id) : 0));
    // Just queued: the queue looks at its head (it may be covered already, or this one joined behind others).
    if (status === 'queued' && !joined) {
      joined = true;
      await wakePayoutQueue(queue);
    }
    const dueAt = status === 'pending_approval' ? view.approval?.expires_at : status === 'scheduled' ? view.scheduled_at : view.queue_expires_at;
    const changed = () => changes() > seen;
    let woken = true;
    if (dueAt == null) await condition(changed);
    else {
      const left = dueAt * 1000 - Date.now();
      woken = left > 0 && (await condition(changed, left));
    }
    seen = changes();
    view = await db.actOnWaitingPayout({ payoutId: view.id, action: woken ? { kind: 'read' } : { kind: 'due', status } });
  }
  return view;
}

/** What an operator sees in the Temporal UI while the payout waits. */
function waitDetails(view: PayoutResponse, ahead: number): string {
  switch (view.status) {
    case 'pending_approval': {
      const a = view.approval;
      return a ? `pending_approval: waiting for ${a.required - a.received.length} of ${a.required} approvals (${a.reasons.join(', ')}), until ${istMinute(a.expires_at)}` : 'pending_approval';
    }
    case 'scheduled':
      return `scheduled for ${view.scheduled_at ? istMinute(view.scheduled_at) : '?'}`;
    case 'queued':
      return `queued behind ${formatRupees(ahead)} for ${formatRupees(view.amount)}, until ${view.queue_expires_at ? istMinute(view.queue_expires_at) : '?'}`;
    default:
      return `${view.status}: waiting`;
  }
}

/**
 * A change of a payout whose own workflow has closed, in a short workflow of its own: a test helper's move (a
 * completed payout reversed by hand), through the transition activity; or what its rail reported on its own (a
 * reversal, days later for a provider, `reversalMs` later in the sandbox), which payoutRailDecision reads against
 * the payout as written, so a late or repeated report changes nothing.
 */
export async function payoutTransitionWorkflow(change: PayoutTransition | PayoutRailReport): Promise<PayoutResponse> {
  return 'outcome' in change ? db.applyPayoutRailReport(change) : db.transitionPayout(change);
}
