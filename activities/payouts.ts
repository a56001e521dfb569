// The payout activities: one operation per file under activities/payouts/ (creating, handing over, giving up a
// batch item), composed here with the rail step, the transition writer and the report writer of the one lifecycle
// (activities/lifecycle.ts). What the rail's answer means: payoutRailDecision (src/domain/payouts.ts).
import { Context } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { RailStep } from '../src/domain/lifecycle.ts';
import { payoutRailDecision } from '../src/domain/payouts.ts';
import type { PayoutRail } from '../src/rails/payouts.ts';
import type { LiveLimitsOf } from '../src/rails/provider.ts';
import { type RailsByMode, railReportWriter, transitionWriter } from './lifecycle.ts';
import { railStepper } from './rail-step.ts';
import { createPayout } from './payouts/create-payout.ts';
import { type LiveStepSettings, PROCESSING_FAILED, liveStepper } from './payouts/live-step.ts';
import { giveUpPayoutBatchItem } from './payouts/give-up-payout-batch-item.ts';
import { type PayoutHandOver, handOverPayout, submitPayoutToRail } from './payouts/hand-over-payout.ts';
import { type PayoutCreation, type PayoutRailReport, payoutStore } from './payouts/payout-store.ts';
import { type PayoutWaitRequest, actOnWaitingPayout } from './payouts/waits.ts';
import { type PayoutQueueRef, releasePayoutQueue } from './payouts/queue.ts';
import { queueIsEmpty, queuedAhead } from '../src/db/payout-waits.ts';
import { recordPayoutAnswer, recordProviderPayoutFacts } from './payouts/provider-fees.ts';
import type { PayoutResponse } from '../src/contract/payouts.ts';

export type { PayoutCreation, PayoutRailReport, PayoutRequest, PayoutTransition } from './payouts/payout-store.ts';
export type { PayoutWaitAction, PayoutWaitRequest, ActingKey } from './payouts/waits.ts';
export type { PayoutQueueRef, ReleasedPayouts } from './payouts/queue.ts';
export type { GiveUpOutcome } from './payouts/give-up-payout-batch-item.ts';

/** PAYOUT_QUEUE_SECONDS's default: three days. */
const DEFAULT_QUEUE_SECONDS = 259_200;

const DEFAULT_PROVIDER_SETTINGS: LiveStepSettings = { retryDelaysSeconds: [60, 120, 300], lookupWindowSeconds: 3600 };

export function createPayoutActivities(options: { orm: MikroORM; rails: RailsByMode<PayoutRail>; liveLimitsOf: LiveLimitsOf; railInlineWaitMs?: number; provider?: LiveStepSettings; queueSeconds?: number }) {
  const deps = { ...options, queueSeconds: options.queueSeconds ?? DEFAULT_QUEUE_SECONDS };
  /** The rail step with `submit` as its hand-over; see railStepper. */
  const stepperWith = (submit: (id: string) => Promise<PayoutHandOver>) =>
    railStepper(deps.orm, payoutStore, {
      rails: deps.rails,
      decide: payoutRailDecision,
      submit,
      inlineWaitMs: deps.railInlineWaitMs ?? 0,
      // A live payout's provider id and fees (and their return) go to the payout and the ledger; see recordPayoutAnswer.
      recordAnswer: (id, answer) => recordPayoutAnswer(deps.orm.em.fork(), id, answer),
    });
  /** Hands the payout over (when asked), reads the bank's answer and writes what it calls for. */
  const stepPayout = stepperWith((id) => handOverPayout(deps, id));
  const transitionPayout = transitionWriter(deps.orm, payoutStore);
  const applyRailReport = railReportWriter(deps.orm, payoutStore, payoutRailDecision);
  return {
    /**
     * The rail step of a live payout: an ordinary activity on the provider's retry profile (see liveStepper), never
     * waiting in-process for the provider (its backstop lookups are the workflow's durable timers).
     */
    stepLivePayout: liveStepper({
      orm: deps.orm,
      rail: deps.rails.live,
      provider: deps.provider ?? DEFAULT_PROVIDER_SETTINGS,
      step: stepperWith((id) => handOverPayout(deps, id)),
      fail: (id, failure = PROCESSING_FAILED) => transitionPayout({ id, to: 'failed', failure }),
    }),

    /** A batch item whose payout workflow kept failing; see giveUpPayoutBatchItem. */
    giveUpPayoutBatchItem: (item: NonNullable<PayoutCreation['item']>) => giveUpPayoutBatchItem(deps, item),

    /** Moves a payout as a test helper names the move (posting, history, event in one transaction); see transitionWriter. */
    transitionPayout,

    /** Writes what a rail reported on its own (a reversal) as payoutRailDecision reads it; see railReportWriter. */
    async applyPayoutRailReport(report: PayoutRailReport): Promise<PayoutResponse> {
      const view = await applyRailReport(report);
      // A live payout the provider gave back (reversed, or failed after its debit) gets its fees back too, once.
      if ((view.status === 'reversed' || view.status === 'failed') && view.fees > 0 && view.provider_reference) {
        await recordProviderPayoutFacts(deps.orm, { payoutId: view.id, providerReference: view.provider_reference, fees: view.fees, returned: true });
      }
      return view;
    },

    stepPayout,

    /** An approval, rejection or cancel of a waiting payout, or the time it waits for come; see actOnWaitingPayout. */
    actOnWaitingPayout: (request: PayoutWaitRequest) => actOnWaitingPayout(deps.orm, request, deps.queueSeconds),

    /** Releases the covered head of the account's low-balance queue, oldest first; see releasePayoutQueue. */
    releasePayoutQueue: (queue: PayoutQueueRef) => releasePayoutQueue(deps.orm, queue),

    /** What the payouts queued before this one add up to (the Temporal UI's "queued behind"). */
    queuedAhead: (payoutId: string) => queuedAhead(deps.orm.em.fork(), payoutId),

    /** Whether any payout of the account and mode waits `queued`. */
    payoutQueueWaiting: async (queue: PayoutQueueRef) => !(await queueIsEmpty(deps.orm.em.fork(), queue.accountId, queue.mode)),

    /**
     * Creates the payout (createPayout: its amount reserved and written `initiated`, or, a batch item, written
     * `failed` with the reason; a single payout that cannot be created is refused instead; idempotent by key) and,
     * for a payout created `initiated`, its first rail step (hand-over, the bank's answer if it
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
      const { view: payout, handover } = await createPayout(deps, input, true);
      // A live payout's hand-over is a provider call: the workflow runs it as an ordinary activity (stepLivePayout).
      if (payout.status !== 'initiated' || payout.livemode) return { payout, step: null };
      // The usual creation recorded the hand-over and read the beneficiary in its own statement: the step sends them.
      const step = handover ? stepperWith(async () => submitPayoutToRail(deps.rails, handover.recorded, handover.row)) : stepPayout;
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
