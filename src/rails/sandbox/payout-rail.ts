// The sandbox payout rail: a simulated bank with realistic delays and the magic values. Its state is
// the rail_submissions table, so it survives a worker restart, and every submission is recorded
// (tests prove from it that no payout was sent twice). Outcomes follow from the time of the first
// submission, the way a real bank's processing time runs from when it received the instruction.
import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PayoutRail, PayoutSubmission, RailPayoutStatus } from '../payouts.ts';
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

/** First submissions a rail remembers from its own calls, so a status soon after needs no read (newest kept). */
const REMEMBERED_SUBMISSIONS = 20_000;

export function createSandboxPayoutRail(deps: { orm: MikroORM; timings: SandboxTimings; now?: () => number }): PayoutRail {
  const now = deps.now ?? Date.now;
  /**
   * The first submissions this rail recorded, as recorded (a row is never changed once written), newest last: the
   * status a step asks for right after its hand-over is answered from here, the bank's own memory, and anything
   * else (another process's submission, one forgotten) from rail_submissions.
   */
  const recorded = new Map<string, { scenario: PayoutScenario; at: number }>();

  async function firstSubmission(payoutId: string): Promise<{ scenario: PayoutScenario; at: number } | undefined> {
    const known = recorded.get(payoutId);
    if (known) return known;
    const rows = await deps.orm.em.fork().execute<{ payload: { scenario: PayoutScenario }; created_at: Date }[]>(
      `select payload, created_at from rail_submissions where rail = ? and idempotency_key = ? order by id limit 1`,
      [RAIL_NAME, payoutId],
    );
    const row = rows[0];
    return row ? { scenario: row.payload.scenario, at: new Date(row.created_at).getTime() } : undefined;
  }

  return {
    async submit(submission: PayoutSubmission) {
      const scenario = payoutScenario(submission.beneficiary);
      const at = now();
      // Every call is recorded; one that repeats a key is marked a duplicate and changes nothing.
      const [row] = await executePrepared<{ duplicate: boolean }>(
        deps.orm.em.fork(),
        `insert into rail_submissions (rail, idempotency_key, duplicate, payload, created_at)
         values (?, ?, exists (select 1 from rail_submissions where rail = ? and idempotency_key = ?), ?::jsonb, ?)
         returning duplicate`,
        [RAIL_NAME, submission.payoutId, RAIL_NAME, submission.payoutId, JSON.stringify({ scenario, amount: submission.amount, transferMode: submission.transferMode }), new Date(at)],
      );
      // A first submission's outcome is due when its processing time has run (see status); a repeated one's
      // time runs from the first, which this call does not know.
      if (row?.duplicate !== false) return { reference: submission.payoutId };
      recorded.set(submission.payoutId, { scenario, at });
      if (recorded.size > REMEMBERED_SUBMISSIONS) recorded.delete(recorded.keys().next().value!);
      return { reference: submission.payoutId, quietMs: scenario === 'slow' ? deps.timings.slowMs : deps.timings.processingMs };
    },

    async status(payoutId: string): Promise<RailPayoutStatus> {
      const first = await firstSubmission(payoutId);
      if (!first) return { state: 'unknown' };
      const { processingMs, slowMs, reversalMs } = deps.timings;
      const elapsed = now() - first.at;
      const wait = (until: number) => Math.max(until - elapsed, 50);
      switch (first.scenario) {
        case 'success':
          return elapsed < processingMs ? { state: 'processing', checkAgainInMs: wait(processingMs) } : { state: 'completed', utr: utrFor(payoutId), final: true };
        case 'slow':
          return elapsed < slowMs ? { state: 'processing', checkAgainInMs: wait(slowMs) } : { state: 'completed', utr: utrFor(payoutId), final: true };
        case 'failure':
          return elapsed < processingMs
            ? { state: 'processing', checkAgainInMs: wait(processingMs) }
            : { state: 'failed', code: 'beneficiary_account_invalid', message: "The beneficiary's account or UPI ID is invalid or closed." };
        case 'reversal':
          if (elapsed < processingMs) return { state: 'processing', checkAgainInMs: wait(processingMs) };
          if (elapsed < processingMs + reversalMs) return { state: 'completed', utr: utrFor(payoutId), final: false, checkAgainInMs: wait(processingMs + reversalMs) };
          return { state: 'reversed', utr: utrFor(payoutId) };
        default:
          return first.scenario satisfies never;
      }
    },
  };
}
