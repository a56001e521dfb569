// Pure domain rules: amounts, posting rules, the payout state machine and transfer-mode limits.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isBalanced, netAmount, payoutReleasePosting, payoutReservePosting, payoutReversalPosting, payoutSettlePosting, topUpPosting } from '../../src/domain/ledger.ts';
import { parseAmount } from '../../src/domain/money.ts';
import { payoutLifecycle, payoutStatuses, transferModeProblem } from '../../src/domain/payouts.ts';
import { isIdOf, newId } from '../../src/domain/ids.ts';
import { payoutScenario } from '../../src/rails/sandbox/scenarios.ts';

describe('parseAmount', () => {
  test('accepts whole paise as digits or integers', () => {
    assert.deepEqual(parseAmount('100'), { ok: true, value: 100 });
    assert.deepEqual(parseAmount(1), { ok: true, value: 1 });
    assert.deepEqual(parseAmount('1000000000000'), { ok: true, value: 1_000_000_000_000 });
  });
  test('refuses fractions, exponents, signs, empty, huge and non-numeric', () => {
    for (const bad of ['1.5', '1e3', '-1', '', '0', '1000000000001', '99999999999999999999', 'abc', ' 1', '0x10', 1.5, -1, 0, Number.NaN, null, undefined, true]) {
      assert.equal(parseAmount(bad).ok, false, `accepted ${JSON.stringify(bad)}`);
    }
  });
});

describe('posting rules', () => {
  test('every posting balances', () => {
    for (const posting of [topUpPosting(5), payoutReservePosting(5), payoutSettlePosting(5), payoutReleasePosting(5), payoutReversalPosting(5)]) {
      assert.ok(isBalanced(posting), posting.type);
    }
  });
  test("a payout costs the merchant's free money once: at creation, and comes back on failure or reversal", () => {
    assert.equal(netAmount(payoutReservePosting(700)), -700n);
    assert.equal(netAmount(payoutSettlePosting(700)), 0n);
    assert.equal(netAmount(payoutReleasePosting(700)), 700n);
    assert.equal(netAmount(payoutReversalPosting(700)), 700n);
    assert.equal(netAmount(topUpPosting(700)), 700n);
  });
});

describe('payout state machine', () => {
  test('allows exactly initiated→completed|failed, completed→reversed, and the waits in their order (each ending rejected, cancelled or failed)', () => {
    const allowed = new Set([
      'initiated>completed',
      'initiated>failed',
      'completed>reversed',
      ...['scheduled', 'queued', 'initiated', 'failed', 'rejected', 'cancelled'].map((to) => `pending_approval>${to}`),
      // Judged again as it leaves its scheduled time, a payout may go back to approval.
      ...['pending_approval', 'queued', 'initiated', 'failed', 'cancelled'].map((to) => `scheduled>${to}`),
      ...['initiated', 'failed', 'cancelled'].map((to) => `queued>${to}`),
    ]);
    for (const from of payoutStatuses) {
      for (const to of payoutStatuses) {
        assert.equal(payoutLifecycle.canTransition(from, to), allowed.has(`${from}>${to}`), `${from} → ${to}`);
      }
    }
  });
  test('each status has its posting; a payout created failed (a batch item) reserved nothing, so releases nothing', () => {
    assert.equal(payoutLifecycle.posting(null, 'initiated', 1)?.legs.find((l) => l.kind === 'reserved')?.amount, 1n);
    assert.equal(payoutLifecycle.posting('initiated', 'failed', 1)?.legs.find((l) => l.kind === 'available')?.amount, 1n);
    assert.equal(payoutLifecycle.posting(null, 'failed', 1), undefined);
  });
  test('a waiting payout reserved nothing: entering or leaving a wait for an end posts nothing; only initiated reserves', () => {
    for (const wait of ['pending_approval', 'scheduled', 'queued'] as const) {
      assert.equal(payoutLifecycle.posting(null, wait, 1), undefined, wait);
      for (const end of ['failed', 'rejected', 'cancelled'] as const) assert.equal(payoutLifecycle.posting(wait, end, 1), undefined, `${wait} → ${end}`);
      assert.equal(payoutLifecycle.posting(wait, 'initiated', 1)?.legs.find((l) => l.kind === 'reserved')?.amount, 1n, `${wait} → initiated`);
    }
  });
});

describe('transfer modes', () => {
  test('upi pays UPI IDs up to 10,000,000 paise', () => {
    assert.equal(transferModeProblem('upi', 'vpa', 10_000_000), undefined);
    assert.ok(transferModeProblem('upi', 'vpa', 10_000_001));
    assert.ok(transferModeProblem('upi', 'bank_account', 100));
  });
  test('imps, neft and rtgs pay bank accounts within their limits', () => {
    assert.equal(transferModeProblem('imps', 'bank_account', 50_000_000), undefined);
    assert.ok(transferModeProblem('imps', 'bank_account', 50_000_001));
    assert.equal(transferModeProblem('neft', 'bank_account', 1), undefined);
    assert.equal(transferModeProblem('rtgs', 'bank_account', 20_000_000), undefined);
    assert.ok(transferModeProblem('rtgs', 'bank_account', 19_999_999));
    assert.ok(transferModeProblem('neft', 'vpa', 100));
  });
  test('unknown modes are refused', () => {
    for (const mode of ['swift', 'UPI', '', 'wire']) assert.ok(transferModeProblem(mode, 'vpa', 100));
  });
});

describe('sandbox magic values', () => {
  const vpa = (v: string) => payoutScenario({ type: 'vpa', name: 'x', vpa: v, accountNumber: null, ifsc: null });
  const bank = (n: string) => payoutScenario({ type: 'bank_account', name: 'x', vpa: null, accountNumber: n, ifsc: 'HDFC0001234' });
  test('UPI IDs', () => {
    assert.equal(vpa('success@upi'), 'success');
    assert.equal(vpa('failure@upi'), 'failure');
    assert.equal(vpa('slow@upi'), 'slow');
    assert.equal(vpa('reversal@upi'), 'reversal');
    assert.equal(vpa('anyone@okbank'), 'success');
  });
  test('bank account suffixes', () => {
    assert.equal(bank('1234560001'), 'failure');
    assert.equal(bank('1234560002'), 'reversal');
    assert.equal(bank('1234560003'), 'slow');
    assert.equal(bank('1234560004'), 'success');
  });
});

describe('ids', () => {
  test('are prefixed and time-sortable', async () => {
    const a = newId('payout');
    await new Promise((r) => setTimeout(r, 2));
    const b = newId('payout');
    assert.ok(isIdOf('payout', a) && isIdOf('payout', b));
    assert.ok(a < b);
    assert.equal(isIdOf('payment', a), false);
  });

  test('made within one millisecond, they still sort in the order they were made (events of one transaction list in order)', () => {
    const ids = Array.from({ length: 1000 }, () => newId('event').slice(4));
    assert.deepEqual([...ids].sort(), ids);
    assert.equal(new Set(ids).size, ids.length);
  });
});
