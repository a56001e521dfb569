// The sandbox payout rail: a simulated bank with realistic delays and the magic values. Its state is
// the rail_submissions table, so it survives a worker restart, and every submission is recorded
// (tests prove from it that no payout was sent twice). Outcomes follow from the time of the first
// submission, the way a real bank's processing time runs from when it received the instruction.
//
// A reversal comes the way a provider's does, on the bank's own initiative after the payout's workflow has ended:
// when the bank first tells us a payout it will send back (`reversal@upi`, accounts ending 0002) is completed, it
// hands its reversal to `report` to be applied `reversalMs` later (the composition root starts the payout's short
// transition workflow with that start delay, the path of the reverse test helper). Until then, and after, a lookup
// says `completed`: as with a provider, a reversal is learnt from its report, never by asking again and again.
// Scheduling it at that first completed answer (not at submission) keeps it after our payout's completion, so a
// payout slow to hear of its completion is still reversed, never failed (payoutRailDecision).
import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PayoutRailState } from '../../domain/payouts.ts';
import type { PayoutRail, PayoutSubmission } from '../payouts.ts';
import type { RailAnswer, RailLookup, RailReportSink } from '../rail.ts';
import { payoutScenario, type PayoutScenario } from './scenarios.ts';
import { executePrepared } from '../../db/prepared.ts';

export interface SandboxTimings {
  /** Time a normal payout takes to complete or fail. */
  processingMs: number;
  /** Time `slow@upi` / accounts ending 0003 stay initiated. */
  slowMs: number;
  /** Time after completion at which `reversal@upi` / accounts ending 0002 are reversed. */
  reversalMs: number;
}

export const RAIL_NAME = 'sandbox';

function utrFor(payoutId: string): string {
  return `SBX${createHash('sha256').update(payoutId).digest('hex').slice(0, 13).toUpperCase()}`;
}

/** First submissions a rail remembers from its own calls, so a lookup soon after needs no read (newest kept). */
const REMEMBERED_SUBMISSIONS = 20_000;

interface FirstSubmission {
  scenario: PayoutScenario;
  at: number;
  accountId: string;
  mode: PayoutSubmission['mode'];
}

const answer = (outcome: PayoutRailState): RailAnswer<PayoutRailState> => ({ outcome, providerReference: null, fees: 0 });

export function createSandboxPayoutRail(deps: { orm: MikroORM; timings: SandboxTimings; report: RailReportSink<PayoutRailState>; now?: () => number }): PayoutRail {
  const now = deps.now ?? Date.now;
  /**
   * The first submissions this rail recorded, as recorded (a row is never changed once written), newest last: a
   * lookup right after a hand-over is answered from here, the bank's own memory, and anything else (another
   * process's submission, one forgotten) from rail_submissions.
   */
  const recorded = new Map<string, FirstSubmission>();

  async function firstSubmission(payoutId: string): Promise<FirstSubmission | undefined> {
    const known = recorded.get(payoutId);
    if (known) return known;
    const rows = await deps.orm.em.fork().execute<{ payload: { scenario: PayoutScenario; accountId?: string; mode?: FirstSubmission['mode'] }; created_at: Date }[]>(
      `select payload, created_at from rail_submissions where rail = ? and idempotency_key = ? order by id limit 1`,
      [RAIL_NAME, payoutId],
    );
    const row = rows[0];
    if (!row) return undefined;
    const { scenario, accountId = '', mode = 'sandbox' } = row.payload;
    return { scenario, at: new Date(row.created_at).getTime(), accountId, mode };
  }

  /** The bank's state of a payout, `elapsed` ms after its first submission. */
  function stateOf(payoutId: string, first: FirstSubmission): PayoutRailState {
    const { processingMs, slowMs } = deps.timings;
    const elapsed = now() - first.at;
    const processing = (until: number): PayoutRailState => ({ state: 'processing', checkAgainInMs: Math.max(until - elapsed, 50) });
    switch (first.scenario) {
      case 'success':
      case 'reversal':
        return elapsed < processingMs ? processing(processingMs) : { state: 'completed', utr: utrFor(payoutId) };
      case 'slow':
        return elapsed < slowMs ? processing(slowMs) : { state: 'completed', utr: utrFor(payoutId) };
      case 'failure':
        return elapsed < processingMs
          ? processing(processingMs)
          : { state: 'failed', failure: { code: 'beneficiary_account_invalid', message: "The beneficiary's account or UPI ID is invalid or closed." } };
      default:
        return first.scenario satisfies never;
    }
  }

  /**
   * The bank's answer for a payout now. Whenever it says completed to a payout that will be reversed, the reversal is
   * on its way (idempotent, so every such answer may ask for it): a submit can answer completed too (its insert took
   * longer than the bank's processing time on a busy machine), and a completion told without it would never be
   * reversed.
   */
  async function answerNow(payoutId: string, first: FirstSubmission): Promise<RailAnswer<PayoutRailState>> {
    const outcome = stateOf(payoutId, first);
    if (first.scenario === 'reversal' && outcome.state === 'completed') {
      const reversed = answer({ state: 'reversed', utr: outcome.utr });
      await deps.report({ id: payoutId, accountId: first.accountId, mode: first.mode, key: 'reversed', answer: reversed }, { delayMs: deps.timings.reversalMs });
    }
    return answer(outcome);
  }

  async function lookup(payoutId: string): Promise<RailLookup<PayoutRailState>> {
    const first = await firstSubmission(payoutId);
    if (!first) return { found: false };
    return { found: true, answer: await answerNow(payoutId, first) };
  }

  return {
    async submit(submission: PayoutSubmission) {
      const scenario = payoutScenario(submission.beneficiary);
      const at = now();
      const payload = { scenario, amount: submission.amount, transferMode: submission.transferMode, accountId: submission.accountId, mode: submission.mode };
      // Every call is recorded; one that repeats a key is marked a duplicate and changes nothing.
      const [row] = await executePrepared<{ duplicate: boolean }>(
        deps.orm.em.fork(),
        `insert into rail_submissions (rail, idempotency_key, duplicate, payload, created_at)
         values (?, ?, exists (select 1 from rail_submissions where rail = ? and idempotency_key = ?), ?::jsonb, ?)
         returning duplicate`,
        [RAIL_NAME, submission.payoutId, RAIL_NAME, submission.payoutId, JSON.stringify(payload), new Date(at)],
      );
      // A repeated submission is answered as the first one stands now, as a provider answers a repeated key.
      if (row?.duplicate !== false) {
        const found = await lookup(submission.payoutId);
        if (found.found) return found.answer;
      }
      const first: FirstSubmission = { scenario, at, accountId: submission.accountId, mode: submission.mode };
      recorded.set(submission.payoutId, first);
      if (recorded.size > REMEMBERED_SUBMISSIONS) recorded.delete(recorded.keys().next().value!);
      return answerNow(submission.payoutId, first);
    },
    lookup,
  };
}
