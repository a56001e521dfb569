// Verified beneficiaries without I/O: the sandbox bank's answers, which verifications leave a mismatch standing, and
// the Retry-After of the fourth verification in a day.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { verificationScenario } from '../../src/rails/sandbox/scenarios.ts';
import { createSandboxVerificationRail } from '../../src/rails/sandbox/verification-rail.ts';
import { VERIFICATION_WINDOW_MS, countsAsVerified, mismatchStands, retryAfterSeconds } from '../../src/domain/verifications.ts';

const bank = (accountNumber: string, name = 'Asha Rao') => ({ type: 'bank_account' as const, name, vpa: null, accountNumber });
const upi = (vpa: string, name = 'Asha Rao') => ({ type: 'vpa' as const, name, vpa, accountNumber: null });

describe('the sandbox bank', () => {
  test('0004 and mismatch@upi are RAMESH KUMAR; 0005 and invalid@upi are closed; the rest are the name in capitals', () => {
    assert.deepEqual(verificationScenario(bank('123456780004')), { holder: 'RAMESH KUMAR' });
    assert.deepEqual(verificationScenario(upi('Mismatch@UPI')), { holder: 'RAMESH KUMAR' });
    assert.deepEqual(verificationScenario(bank('123456780005')), { closed: true });
    assert.deepEqual(verificationScenario(upi('invalid@upi')), { closed: true });
    assert.deepEqual(verificationScenario(bank('123456780001', 'Asha Rao')), { holder: 'ASHA RAO' });
    assert.deepEqual(verificationScenario(upi('asha@okhdfc', 'Dr. Asha Rao')), { holder: 'DR. ASHA RAO' });
  });

  test('answers at once and charges nothing', async () => {
    const rail = createSandboxVerificationRail();
    const request = { verificationId: 'bver_x', accountId: 'acct_x', mode: 'sandbox' as const, connectionId: null };
    assert.deepEqual(await rail.verify({ ...request, beneficiary: { id: 'bene_x', ifsc: 'HDFC0001234', ...bank('123456780005') } }), {
      outcome: { status: 'failed', code: 'beneficiary_account_invalid', message: 'The bank reports that this account or UPI ID cannot receive money (closed or unknown).' },
      providerReference: null,
      fees: 0,
    });
    const verified = await rail.verify({ ...request, beneficiary: { id: 'bene_x', ifsc: null, ...upi('a@upi') } });
    assert.deepEqual(verified.outcome, { status: 'verified', nameAtBank: 'ASHA RAO' });
  });
});

describe('a mismatch in force', () => {
  const v = (status: 'pending' | 'verified' | 'failed', result?: 'match' | 'partial' | 'mismatch') => ({ status, nameMatch: result ? { score: 0, result } : null });

  test('stands until a later verification ends match; a later failed, partial or pending one does not clear it', () => {
    // Newest first.
    assert.equal(mismatchStands([]), false);
    assert.equal(mismatchStands([v('verified', 'mismatch')]), true);
    assert.equal(mismatchStands([v('failed'), v('verified', 'mismatch')]), true);
    assert.equal(mismatchStands([v('verified', 'partial'), v('verified', 'mismatch')]), true);
    assert.equal(mismatchStands([v('pending'), v('verified', 'mismatch')]), true);
    assert.equal(mismatchStands([v('verified', 'match'), v('verified', 'mismatch')]), false);
    assert.equal(mismatchStands([v('verified', 'mismatch'), v('verified', 'match')]), true);
    assert.equal(mismatchStands([v('verified', 'partial')]), false);
  });

  test('only a latest verification that ended verified counts as verified; pending counts as unverified', () => {
    assert.equal(countsAsVerified(null), false);
    assert.equal(countsAsVerified({ status: 'pending' }), false);
    assert.equal(countsAsVerified({ status: 'failed' }), false);
    assert.equal(countsAsVerified({ status: 'verified' }), true);
  });
});

test('Retry-After is the time until the oldest of the day leaves the rolling window, at least 1 s', () => {
  const now = Date.UTC(2026, 11, 13, 12);
  assert.equal(retryAfterSeconds([new Date(now - 3600_000), new Date(now - 60_000), new Date(now)], now), VERIFICATION_WINDOW_MS / 1000 - 3600);
  assert.equal(retryAfterSeconds([new Date(now - VERIFICATION_WINDOW_MS + 10)], now), 1);
});
