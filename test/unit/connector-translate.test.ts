// RazorpayX's payout statuses and status_details reasons in our words (docs/api.md, Live payouts), every one the provider
// documents (errors/x/payout-status-details.md, x/payouts/states-life-cycle.md), and how production applies a report to
// a payout whatever order reports come in (railStateOf, then the payout's transition table, payoutRailDecision).
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { railStateOf } from '../../activities/provider-events.ts';
import { type PayoutStatus, payoutRailDecision } from '../../src/domain/payouts.ts';
import { failureCodeOf, outcomeOf, payoutReportOf, payoutStatuses, statementLineOf, type RazorpayPayout } from '../../src/connectors/razorpay/translate.ts';
import type { PayoutOutcome } from '../../src/rails/provider.ts';

const payout = (overrides: Partial<RazorpayPayout>): RazorpayPayout => ({
  id: 'pout_00000000000001',
  entity: 'payout',
  fund_account_id: 'fa_00000000000001',
  amount: 1_000_000,
  currency: 'INR',
  fees: 590,
  tax: 90,
  status: 'processing',
  utr: null,
  mode: 'IMPS',
  purpose: 'payout',
  reference_id: 'po_01JD3Y8X4W0000000000000000',
  narration: 'Acme Fund Transfer',
  status_details: null,
  created_at: 1_545_383_037,
  ...overrides,
});

describe('provider status to our outcome', () => {
  test('queued, pending, scheduled and processing keep the payout initiated', () => {
    for (const status of ['queued', 'pending', 'scheduled', 'processing']) {
      assert.deepEqual(outcomeOf(payout({ status })), { state: 'initiated' }, status);
    }
  });

  test('processed completes it with the UTR', () => {
    assert.deepEqual(outcomeOf(payout({ status: 'processed', utr: '933815233814' })), { state: 'completed', utr: '933815233814' });
  });

  test('reversed returns the money, with our code from the reason and the provider\'s own words', () => {
    const details = { source: 'beneficiary_bank', reason: 'beneficiary_bank_offline', description: 'Beneficiary bank systems are offline' };
    assert.deepEqual(outcomeOf(payout({ status: 'reversed', status_details: details })), { state: 'returned', code: 'beneficiary_bank_unavailable', details });
  });

  test('failed, rejected and cancelled fail it', () => {
    const details = { source: 'beneficiary_bank', reason: 'bank_account_closed', description: 'closed' };
    for (const status of ['failed', 'rejected', 'cancelled']) {
      assert.deepEqual(outcomeOf(payout({ status, status_details: details })), { state: 'failed', code: 'beneficiary_account_invalid', details }, status);
    }
    assert.deepEqual(outcomeOf(payout({ status: 'cancelled', status_details: null })), {
      state: 'failed',
      code: 'rejected_by_bank',
      details: { source: null, reason: null, description: null },
    });
  });

  test('every documented status is handled, and an undocumented one keeps the payout on its way', () => {
    assert.deepEqual([...payoutStatuses].sort(), ['cancelled', 'failed', 'pending', 'processed', 'processing', 'queued', 'rejected', 'reversed', 'scheduled']);
    assert.deepEqual(outcomeOf(payout({ status: 'on_hold_somehow' })), { state: 'initiated' });
  });
});

describe('status_details reason to our failure code', () => {
  const table: Record<string, string> = {
    // Named by the contract.
    bank_account_invalid: 'beneficiary_account_invalid',
    beneficiary_vpa_invalid: 'beneficiary_account_invalid',
    beneficiary_bank_offline: 'beneficiary_bank_unavailable',
    bank_window_closed: 'beneficiary_bank_unavailable',
    gateway_timeout: 'beneficiary_bank_unavailable',
    insufficient_funds: 'insufficient_funds',
    low_balance: 'insufficient_funds',
    imps_not_allowed: 'invalid_method',
    // The rest of the provider's page (reversed/failed, processing and queued reasons).
    bank_account_closed: 'beneficiary_account_invalid',
    bank_account_frozen: 'beneficiary_account_invalid',
    beneficiary_account_dormant: 'beneficiary_account_invalid',
    beneficiary_account_invalid: 'beneficiary_account_invalid',
    invalid_ifsc_code: 'beneficiary_account_invalid',
    invalid_beneficiary: 'beneficiary_account_invalid',
    beneficiary_bank_failure: 'beneficiary_bank_unavailable',
    beneficiary_bank_technical_error: 'beneficiary_bank_unavailable',
    beneficiary_psp_offline: 'beneficiary_bank_unavailable',
    beneficiary_bank_down: 'beneficiary_bank_unavailable',
    npci_beneficiary_timeout: 'beneficiary_bank_unavailable',
    gateway_down: 'beneficiary_bank_unavailable',
    gateway_degraded: 'beneficiary_bank_unavailable',
    gateway_technical_error: 'beneficiary_bank_unavailable',
    transaction_limit_exceeded: 'invalid_method',
    beneficiary_bank_rejected: 'rejected_by_bank',
    amount_limit_exhausted_neft: 'rejected_by_bank',
    amount_limit_exhausted: 'rejected_by_bank',
    server_error: 'rejected_by_bank',
    server_error_temporary: 'rejected_by_bank',
    syncing_balance: 'rejected_by_bank',
    fee_recovery_pending: 'rejected_by_bank',
    pending_approval: 'rejected_by_bank',
    payout_processed: 'rejected_by_bank',
    partner_bank_pending: 'rejected_by_bank',
    payout_bank_processing: 'rejected_by_bank',
    beneficiary_bank_confirmation_pending: 'rejected_by_bank',
  };
  for (const [reason, code] of Object.entries(table)) {
    test(`${reason} → ${code}`, () => assert.equal(failureCodeOf(reason), code));
  }
  test('an unknown, missing or inherited-property reason is rejected_by_bank', () => {
    for (const reason of ['something_new', '', null, undefined, 'toString', '__proto__', 'constructor']) assert.equal(failureCodeOf(reason), 'rejected_by_bank', String(reason));
  });
});

describe('the provider-neutral report', () => {
  test('carries the provider id, our payout id, the UTR, the amount and the fees with their tax (tax is part of fees)', () => {
    const report = payoutReportOf(payout({ status: 'processed', utr: 'HDFCN00000000001', fees: 1062, tax: 162, status_details: { source: 'beneficiary_bank', reason: 'payout_processed', description: 'done' } }));
    assert.deepEqual(report, {
      providerReference: 'pout_00000000000001',
      payoutId: 'po_01JD3Y8X4W0000000000000000',
      providerStatus: 'processed',
      outcome: { state: 'completed', utr: 'HDFCN00000000001' },
      utr: 'HDFCN00000000001',
      amount: 1_000_000,
      fees: 1062,
      tax: 162,
      details: { source: 'beneficiary_bank', reason: 'payout_processed', description: 'done' },
    });
  });

  test('fees are not reported before the payout is processing (the provider fills them then)', () => {
    for (const status of ['queued', 'pending', 'scheduled']) {
      const report = payoutReportOf(payout({ status, fees: 0, tax: 0 }));
      assert.equal(report.fees, null, status);
      assert.equal(report.tax, null, status);
    }
    assert.equal(payoutReportOf(payout({ status: 'processing', fees: 590, tax: 90 })).fees, 590);
    assert.equal(payoutReportOf(payout({ status: 'failed', fees: 0, tax: 0 })).fees, 0);
    assert.equal(payoutReportOf(payout({ status: 'processing', fees: -1 })).fees, null, 'a negative fee is not a fee');
    assert.equal(payoutReportOf(payout({ reference_id: null })).payoutId, null);
  });

  test('statement lines: a payout debit, a reversal, a deposit, anything else', () => {
    const base = { entity: 'transaction', account_number: '7878780080316316', currency: 'INR', created_at: 1_545_224_066 };
    assert.deepEqual(
      statementLineOf({ ...base, id: 'txn_3', amount: 1_000_000, credit: 0, debit: 1_000_000, balance: 9_000_000, source: { id: 'pout_1', entity: 'payout', reference_id: 'po_1', fees: 3, tax: 1 } }),
      { id: 'txn_3', credit: 0, debit: 1_000_000, balance: 9_000_000, createdAt: new Date(1_545_224_066_000), source: { kind: 'payout', providerReference: 'pout_1', payoutId: 'po_1', fees: 3, tax: 1 } },
    );
    assert.deepEqual(
      statementLineOf({ ...base, id: 'txn_1', amount: 10_000_000, credit: 10_000_000, debit: 0, balance: 10_000_000, source: { id: 'bt_1', entity: 'bank_transfer' } }).source,
      { kind: 'deposit', providerReference: 'bt_1' },
    );
    assert.deepEqual(
      statementLineOf({ ...base, id: 'txn_2', amount: 5, credit: 5, debit: 0, balance: 5, source: { id: 'rvrsl_1', entity: 'reversal', payout_id: 'pout_1' } }).source,
      { kind: 'reversal', providerReference: 'rvrsl_1', payoutProviderReference: 'pout_1' },
    );
    assert.deepEqual(
      statementLineOf({ ...base, id: 'txn_4', amount: 5, credit: 5, debit: 0, balance: 5, source: { id: 'adj_1', entity: 'adjustment' } }).source,
      { kind: 'other', providerReference: 'adj_1', entity: 'adjustment' },
    );
  });
});

describe('applying a report to a payout', () => {
  type OurPayoutStatus = Extract<PayoutStatus, 'initiated' | 'completed' | 'failed' | 'reversed'>;
  /** The status production moves a payout at `current` to on `outcome`, or null when the report changes nothing. */
  const nextPayoutStatus = (current: OurPayoutStatus, outcome: PayoutOutcome): OurPayoutStatus | null => {
    const state = railStateOf(outcome);
    return state ? ((payoutRailDecision(current, state).moves[0]?.to as OurPayoutStatus | undefined) ?? null) : null;
  };
  const details = { source: null, reason: null, description: null };
  const outcomes: Record<string, PayoutOutcome> = {
    initiated: { state: 'initiated' },
    completed: { state: 'completed', utr: 'U1' },
    returned: { state: 'returned', code: 'beneficiary_bank_unavailable', details },
    failed: { state: 'failed', code: 'rejected_by_bank', details },
  };
  const expected: Record<OurPayoutStatus, Record<string, OurPayoutStatus | null>> = {
    initiated: { initiated: null, completed: 'completed', returned: 'failed', failed: 'failed' },
    completed: { initiated: null, completed: null, returned: 'reversed', failed: null },
    failed: { initiated: null, completed: null, returned: null, failed: null },
    reversed: { initiated: null, completed: null, returned: null, failed: null },
  };
  for (const [current, row] of Object.entries(expected)) {
    for (const [name, next] of Object.entries(row)) {
      test(`${current} + ${name} → ${next ?? 'no change'}`, () => assert.equal(nextPayoutStatus(current as OurPayoutStatus, outcomes[name]), next));
    }
  }

  test('any order and repetition of the same reports ends in one state', () => {
    const sequences: (keyof typeof outcomes)[][] = [
      ['initiated', 'completed', 'returned', 'completed', 'returned'],
      ['returned', 'completed', 'initiated'],
      ['completed', 'completed', 'initiated', 'returned', 'returned'],
    ];
    const finals = sequences.map((seq) => seq.reduce<OurPayoutStatus>((status, name) => nextPayoutStatus(status, outcomes[name]) ?? status, 'initiated'));
    assert.deepEqual(finals, ['reversed', 'failed', 'reversed']);
  });
});
