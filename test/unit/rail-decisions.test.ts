// What a rail's answer means for a payout, a payment and a refund, for every state the rail can report
// against every status the resource can be in (src/domain: payoutRailDecision, paymentRailDecision,
// refundRailDecision). Each table below lists every pair; a pair missing from a table fails the test.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RailDecision, RailNoRecord } from '../../src/domain/lifecycle.ts';
import { type PaymentRailState, type PaymentStatus, paymentLifecycle, paymentRailDecision, paymentStatuses } from '../../src/domain/payments.ts';
import {
  type FailureCode,
  type PayoutRailState,
  type PayoutStatus,
  REVERSED_BEFORE_COMPLETION,
  payoutLifecycle,
  payoutRailDecision,
  payoutStatuses,
} from '../../src/domain/payouts.ts';
import { type RefundRailState, type RefundStatus, refundLifecycle, refundRailDecision, refundStatuses } from '../../src/domain/refunds.ts';

const settled = <S extends string, F extends string>(moves: RailDecision<S, F>['moves'] = []): RailDecision<S, F> => ({ moves, next: 'settled' });
const askAgain = <S extends string, F extends string>(ms: number): RailDecision<S, F> => ({ moves: [], next: { checkAgainInMs: ms } });

/** Checks `decide` against `table` for every (status, rail state) pair, and that every move it calls for is allowed. */
function checkEveryPair<S extends string, R extends { state: string }>(
  statuses: readonly S[],
  answers: Record<R['state'], R>,
  decide: (status: S, rail: R) => RailDecision<S>,
  table: Record<S, Record<R['state'], RailDecision<S>>>,
  canTransition: (from: S, to: S) => boolean,
) {
  for (const status of statuses) {
    for (const [state, rail] of Object.entries(answers) as [R['state'], R][]) {
      test(`${state} for a ${status} one`, () => {
        const expected = table[status][state];
        assert.ok(expected, `the table names (${status}, ${state})`);
        const decided = decide(status, rail);
        assert.deepEqual(decided, expected);
        // Every move is one the transition table allows, in order from the status as it is.
        let from = status;
        for (const move of decided.moves) {
          assert.ok(canTransition(from, move.to), `${from} -> ${move.to}`);
          from = move.to;
        }
      });
    }
  }
}

describe('payoutRailDecision', () => {
  const rejected = { code: 'beneficiary_account_invalid' as FailureCode, message: 'closed', provider: { source: 'beneficiary_bank', reason: 'invalid_account', description: 'The account is closed.' } };
  const answers: Record<(PayoutRailState | RailNoRecord)['state'], PayoutRailState | RailNoRecord> = {
    processing: { state: 'processing', checkAgainInMs: 700 },
    completed: { state: 'completed', utr: 'UTR1' },
    failed: { state: 'failed', failure: rejected },
    reversed: { state: 'reversed', utr: 'UTR1' },
    unknown: { state: 'unknown' },
  };
  const lost = { code: 'rejected_by_bank' as const, message: 'The bank has no record of this transfer.' };
  // A payout moves only forward: once failed or reversed nothing the rail says changes it.
  const ignored: Record<keyof typeof answers, RailDecision<PayoutStatus>> = { processing: settled(), completed: settled(), failed: settled(), reversed: settled(), unknown: settled() };
  const table: Record<PayoutStatus, Record<keyof typeof answers, RailDecision<PayoutStatus>>> = {
    initiated: {
      processing: askAgain(700),
      completed: settled([{ to: 'completed', utr: 'UTR1' }]),
      // The provider's own words travel with our code.
      failed: settled([{ to: 'failed', failure: rejected }]),
      // Reversed before we ever reported it completed: to the caller it failed (docs/api.md, Live payouts).
      reversed: settled([{ to: 'failed', failure: REVERSED_BEFORE_COMPLETION }]),
      unknown: settled([{ to: 'failed', failure: lost }]),
    },
    // Completed ends the workflow's watch; only a reversal still moves it, and it comes as a report.
    completed: { processing: settled(), completed: settled(), failed: settled(), reversed: settled([{ to: 'reversed' }]), unknown: settled() },
    failed: ignored,
    reversed: ignored,
    rejected: ignored,
    cancelled: ignored,
    // A payout still waiting was never sent: nothing a rail says is about it.
    pending_approval: ignored,
    scheduled: ignored,
    queued: ignored,
  };
  checkEveryPair(payoutStatuses, answers, payoutRailDecision, table, payoutLifecycle.canTransition);

  test('a reversal that gives its own reason fails an initiated payout with that reason', () => {
    assert.deepEqual(payoutRailDecision('initiated', { state: 'reversed', utr: null, failure: rejected }), settled([{ to: 'failed', failure: rejected }]));
  });
  test('no status but initiated is watched by the workflow', () => {
    assert.deepEqual(payoutStatuses.filter((s) => payoutLifecycle.watched[s]), ['initiated']);
  });
});

describe('paymentRailDecision', () => {
  const declined = { code: 'payment_declined' as const, message: 'declined' };
  const answers: Record<(PaymentRailState | RailNoRecord)['state'], PaymentRailState | RailNoRecord> = {
    processing: { state: 'processing', checkAgainInMs: 300 },
    captured: { state: 'captured', reference: 'SBXP1' },
    failed: { state: 'failed', failure: declined },
    unknown: { state: 'unknown' },
  };
  const ignored: Record<keyof typeof answers, RailDecision<PaymentStatus>> = { processing: settled(), captured: settled(), failed: settled(), unknown: settled() };
  const table: Record<PaymentStatus, Record<keyof typeof answers, RailDecision<PaymentStatus>>> = {
    pending: {
      processing: askAgain(300),
      captured: settled([{ to: 'captured' }]),
      failed: settled([{ to: 'failed', failure: declined }]),
      unknown: settled([{ to: 'failed', failure: { code: 'payment_declined', message: 'The acquirer has no record of this payment.' } }]),
    },
    // A capture after failed is the connector's to refund (docs/decisions.md, late authorizations), never a move back.
    captured: ignored,
    failed: ignored,
  };
  checkEveryPair(paymentStatuses, answers, paymentRailDecision, table, paymentLifecycle.canTransition);
});

describe('refundRailDecision', () => {
  const declined = { code: 'refund_declined' as const, message: 'declined' };
  const answers: Record<(RefundRailState | RailNoRecord)['state'], RefundRailState | RailNoRecord> = {
    processing: { state: 'processing', checkAgainInMs: 300 },
    processed: { state: 'processed', utr: 'SBXR1' },
    failed: { state: 'failed', failure: declined },
    unknown: { state: 'unknown' },
  };
  const ignored: Record<keyof typeof answers, RailDecision<RefundStatus>> = { processing: settled(), processed: settled(), failed: settled(), unknown: settled() };
  const table: Record<RefundStatus, Record<keyof typeof answers, RailDecision<RefundStatus>>> = {
    pending: {
      processing: askAgain(300),
      processed: settled([{ to: 'processed', utr: 'SBXR1' }]),
      failed: settled([{ to: 'failed', failure: declined }]),
      unknown: settled([{ to: 'failed', failure: { code: 'refund_declined', message: 'The acquirer has no record of this refund.' } }]),
    },
    processed: ignored,
    failed: ignored,
  };
  checkEveryPair(refundStatuses, answers, refundRailDecision, table, refundLifecycle.canTransition);
});
