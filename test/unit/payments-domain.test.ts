// Pure rules of payments, refunds and settlements: state machines, postings, refundable amounts,
// and the sandbox's magic values (which detail a payment method takes: test/unit/body-variants.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  isBalanced,
  netAmount,
  paymentCapturePosting,
  refundReleasePosting,
  refundReservePosting,
  refundSettlePosting,
  settlementPosting,
} from '../../src/domain/ledger.ts';
import * as payments from '../../src/domain/payments.ts';
import * as refunds from '../../src/domain/refunds.ts';
import { paymentScenario, refundScenario } from '../../src/rails/sandbox/payment-rail.ts';

describe('posting rules', () => {
  test('every posting balances', () => {
    for (const posting of [paymentCapturePosting(5), settlementPosting(5), refundReservePosting(5), refundSettlePosting(5), refundReleasePosting(5)]) {
      assert.ok(isBalanced(posting), posting.type);
    }
  });
  test('a capture adds to pending, a settlement moves pending to available, a refund costs once and comes back if it fails', () => {
    assert.deepEqual(paymentCapturePosting(900).legs.find((l) => l.kind === 'pending'), { kind: 'pending', amount: 900n });
    assert.equal(netAmount(paymentCapturePosting(900)), 900n);
    assert.equal(netAmount(settlementPosting(900)), 0n);
    assert.equal(settlementPosting(900).legs.find((l) => l.kind === 'available')?.amount, 900n);
    assert.equal(netAmount(refundReservePosting(900)), -900n);
    assert.equal(netAmount(refundSettlePosting(900)), 0n);
    assert.equal(netAmount(refundReleasePosting(900)), 900n);
    assert.deepEqual(
      [paymentCapturePosting(1), settlementPosting(1), refundReservePosting(1), refundSettlePosting(1), refundReleasePosting(1)].map((p) => p.type),
      ['payment', 'settlement', 'refund', 'refund', 'refund'],
    );
  });
});

describe('payment state machine', () => {
  test('allows exactly pending→captured|failed', () => {
    for (const from of payments.paymentStatuses) {
      for (const to of payments.paymentStatuses) {
        assert.equal(payments.paymentLifecycle.canTransition(from, to), from === 'pending' && to !== 'pending', `${from} → ${to}`);
      }
    }
  });
  test('only a capture moves money; captured and failed emit their events', () => {
    assert.equal(payments.paymentLifecycle.posting(null, 'pending', 1), undefined);
    assert.equal(payments.paymentLifecycle.posting('pending', 'failed', 1), undefined);
    assert.equal(payments.paymentLifecycle.posting('pending', 'captured', 1)?.type, 'payment');
    assert.deepEqual(payments.paymentStatuses.map((s) => payments.paymentLifecycle.events[s]), [undefined, 'payment.captured', 'payment.failed']);
    assert.deepEqual(payments.paymentStatuses.map(payments.paymentLifecycle.isSettled), [false, true, true]);
  });
});

describe('refund state machine', () => {
  test('allows exactly pending→processed|failed', () => {
    for (const from of refunds.refundStatuses) {
      for (const to of refunds.refundStatuses) {
        assert.equal(refunds.refundLifecycle.canTransition(from, to), from === 'pending' && to !== 'pending', `${from} → ${to}`);
      }
    }
  });
  test('each status has its posting and event; a failed refund no longer holds part of the payment', () => {
    assert.equal(netAmount(refunds.refundLifecycle.posting(null, 'pending', 5)!), -5n);
    assert.equal(netAmount(refunds.refundLifecycle.posting('pending', 'processed', 5)!), 0n);
    assert.equal(netAmount(refunds.refundLifecycle.posting('pending', 'failed', 5)!), 5n);
    assert.deepEqual(refunds.refundStatuses.map((s) => refunds.refundLifecycle.events[s]), [undefined, 'refund.processed', 'refund.failed']);
    assert.deepEqual(refunds.refundStatuses.map(refunds.countsAgainstPayment), [true, true, false]);
  });
  test('the refundable amount: default all that is left, never more', () => {
    assert.deepEqual(refunds.refundAmount(1000, 0n, null), { ok: true, amount: 1000 });
    assert.deepEqual(refunds.refundAmount(1000, 400n, null), { ok: true, amount: 600 });
    assert.deepEqual(refunds.refundAmount(1000, 400n, 600), { ok: true, amount: 600 });
    assert.equal(refunds.refundAmount(1000, 400n, 601).ok, false);
    assert.equal(refunds.refundAmount(1000, 1000n, null).ok, false);
    assert.equal(refunds.refundAmount(1000, 1000n, 1).ok, false);
  });
});

describe('sandbox payment values', () => {
  test('UPI IDs and bank codes', () => {
    const upi = (vpa: string) => paymentScenario({ method: 'upi', vpa, bank: null });
    const nb = (bank: string) => paymentScenario({ method: 'netbanking', vpa: null, bank });
    assert.deepEqual(['success@upi', 'failure@upi', 'slow@upi', 'reversal@upi', 'FAILURE@UPI', 'x@okbank'].map(upi), ['success', 'failure', 'slow', 'success', 'failure', 'success']);
    assert.deepEqual(['HDFC', 'FAIL', 'SLOW', 'RVSL'].map(nb), ['success', 'failure', 'slow', 'success']);
    assert.equal(refundScenario({ method: 'upi', vpa: 'reversal@upi', bank: null }), 'failure');
    assert.equal(refundScenario({ method: 'netbanking', vpa: null, bank: 'RVSL' }), 'failure');
    assert.equal(refundScenario({ method: 'upi', vpa: 'success@upi', bank: null }), 'success');
  });
});
