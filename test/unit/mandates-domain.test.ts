// Mandate rules without I/O: the status transitions and their events, the limits on mandates and on the
// collections charging through them, default validity, and how a mandate's change reaches its collections.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collectionSchedules, kolkataIso } from '../../src/domain/collection-schedule.ts';
import { collectionStatuses } from '../../src/domain/collections.ts';
import {
  AUTOPAY_MAX_DEBIT,
  applyMandateAction,
  initialMandateState,
  sandboxAuthorization,
  MANDATE_MAX_AMOUNT,
  type MandateStatus,
  canTransition,
  collectionFollows,
  collectionOnMandateProblem,
  collectionResumeProblem,
  defaultAuthorizationExpiresAt,
  defaultExpireAt,
  frequencyFits,
  isTerminal,
  mandateActionProblem,
  mandateEventType,
  mandateFrequencies,
  mandateStatuses,
  maxAmountProblem,
  validityProblem,
} from '../../src/domain/mandates.ts';

const ist = (iso: string): number => Date.parse(`${iso}+05:30`);

test('the transition table is exactly the contract: created → active | rejected | expired, active ⇄ paused, both → revoked | expired', () => {
  const allowed = mandateStatuses.flatMap((from) => mandateStatuses.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
  assert.deepEqual(allowed.sort(), [
    'active→expired',
    'active→paused',
    'active→revoked',
    'created→active',
    'created→expired',
    'created→rejected',
    'paused→active',
    'paused→expired',
    'paused→revoked',
  ]);
});

test('rejected, revoked and expired are final; created, active and paused are not', () => {
  assert.deepEqual(mandateStatuses.filter(isTerminal), ['rejected', 'revoked', 'expired']);
});

test('actions fit only their statuses: a created mandate cannot be revoked or paused, an active one not resumed', () => {
  assert.equal(mandateActionProblem('created', 'approve'), undefined);
  assert.equal(mandateActionProblem('created', 'reject'), undefined);
  assert.equal(mandateActionProblem('created', 'expire'), undefined, 'a mandate never approved expires');
  assert.equal(mandateActionProblem('active', 'pause'), undefined);
  assert.equal(mandateActionProblem('paused', 'resume'), undefined);
  assert.equal(mandateActionProblem('paused', 'revoke'), undefined);
  assert.equal(mandateActionProblem('active', 'revoke'), undefined);
  assert.match(mandateActionProblem('created', 'revoke') ?? '', /A created mandate cannot be revoked; this needs a mandate that is active or paused/);
  assert.match(mandateActionProblem('created', 'pause') ?? '', /cannot be paused; this needs a mandate that is active\./);
  assert.match(mandateActionProblem('active', 'resume') ?? '', /^An active mandate cannot be resumed; this needs a mandate that is paused\./);
  assert.match(mandateActionProblem('paused', 'approve') ?? '', /cannot be approved; this needs a mandate that is created\./);
  assert.match(mandateActionProblem('revoked', 'revoke') ?? '', /cannot be revoked/);
  assert.match(mandateActionProblem('expired', 'pause') ?? '', /^An expired mandate cannot be paused/);
});

test('each move emits its event: approval mandate.active, a resume mandate.resumed', () => {
  assert.equal(mandateEventType('created', 'active'), 'mandate.active');
  assert.equal(mandateEventType('paused', 'active'), 'mandate.resumed');
  assert.equal(mandateEventType('active', 'paused'), 'mandate.paused');
  assert.equal(mandateEventType('created', 'rejected'), 'mandate.rejected');
  assert.equal(mandateEventType('paused', 'revoked'), 'mandate.revoked');
  assert.equal(mandateEventType('created', 'expired'), 'mandate.expired');
  assert.equal(mandateEventType('active', 'expired'), 'mandate.expired');
});

test('max_amount: a positive integer up to 10,000,000 paise (₹1,00,000); the provider’s lower cap is not a domain rule', () => {
  assert.equal(MANDATE_MAX_AMOUNT, 10_000_000);
  assert.equal(maxAmountProblem(10_000_000), undefined);
  assert.equal(maxAmountProblem(9_999_901), undefined, 'Razorpay’s 9,999,900 is checked with the live provider');
  assert.equal(maxAmountProblem(1), undefined);
  assert.match(maxAmountProblem(10_000_001) ?? '', /at most 10000000/);
  for (const bad of [0, -100, 150.5, Number.NaN]) assert.match(maxAmountProblem(bad) ?? '', /positive integer/, String(bad));
});

test('a collection charges through an active mandate only (409 invalid_state on mandate_id otherwise)', () => {
  for (const status of mandateStatuses.filter((s) => s !== 'active')) {
    const problem = collectionOnMandateProblem({ status, maxAmount: 500_000, frequency: 'monthly' }, { amount: 100_000, schedule: 'monthly' });
    assert.equal(problem?.code, 'invalid_state', status);
    assert.equal(problem?.param, 'mandate_id');
    assert.match(problem?.message ?? '', new RegExp(`The mandate is ${status}`));
  }
  assert.equal(collectionOnMandateProblem({ status: 'active', maxAmount: 500_000, frequency: 'monthly' }, { amount: 500_000, schedule: 'monthly' }), undefined);
});

test('a collection above the mandate’s max_amount, or above ₹15,000 a debit, is refused on amount', () => {
  const above = collectionOnMandateProblem({ status: 'active', maxAmount: 500_000, frequency: 'monthly' }, { amount: 500_001, schedule: 'monthly' });
  assert.deepEqual({ code: above?.code, param: above?.param }, { code: 'invalid_request', param: 'amount' });
  assert.match(above?.message ?? '', /max_amount \(500000\)/);

  const big = { status: 'active', maxAmount: MANDATE_MAX_AMOUNT, frequency: 'monthly' } as const;
  assert.equal(AUTOPAY_MAX_DEBIT, 1_500_000);
  assert.equal(collectionOnMandateProblem(big, { amount: 1_500_000, schedule: 'monthly' }), undefined, '₹15,000 exactly is allowed');
  const overDebit = collectionOnMandateProblem(big, { amount: 1_500_001, schedule: 'monthly' });
  assert.deepEqual({ code: overDebit?.code, param: overDebit?.param }, { code: 'invalid_request', param: 'amount' });
  assert.match(overDebit?.message ?? '', /at most 1500000 \(₹15,000\) a debit/);
});

test('a schedule fits a frequency of the same period; as_presented fits any', () => {
  const fits = mandateFrequencies.flatMap((f) => collectionSchedules.filter((s) => frequencyFits(f, s)).map((s) => `${f}:${s}`));
  assert.deepEqual(fits.sort(), ['as_presented:monthly', 'as_presented:weekly', 'as_presented:yearly', 'monthly:monthly', 'weekly:weekly', 'yearly:yearly']);
  const misfit = collectionOnMandateProblem({ status: 'active', maxAmount: 500_000, frequency: 'monthly' }, { amount: 100, schedule: 'weekly' });
  assert.deepEqual({ code: misfit?.code, param: misfit?.param }, { code: 'invalid_request', param: 'schedule' });
  assert.match(misfit?.message ?? '', /schedule weekly does not fit the mandate's frequency monthly/);
});

test('expire_at defaults to ten calendar years after start_at in IST; 29 February falls on 28 February', () => {
  assert.equal(kolkataIso(defaultExpireAt(ist('2026-12-01T10:15:00'))), '2036-12-01T10:15:00+05:30');
  assert.equal(kolkataIso(defaultExpireAt(ist('2028-02-29T00:30:00'))), '2038-02-28T00:30:00+05:30');
  assert.equal(kolkataIso(defaultExpireAt(ist('2027-01-31T23:59:00'))), '2037-01-31T23:59:00+05:30');
});

test('a mandate not approved within 7 days expires: authorization_expires_at defaults to creation + 7 days', () => {
  assert.equal(kolkataIso(defaultAuthorizationExpiresAt(ist('2027-02-25T20:00:00'))), '2027-03-04T20:00:00+05:30');
});

test('validity: expire_at after start_at and in the future', () => {
  const now = ist('2027-01-01T00:00:00');
  assert.equal(validityProblem(now, now + 1000, now), undefined);
  assert.match(validityProblem(now, now, now) ?? '', /expire_at must be after start_at/);
  assert.match(validityProblem(now - 5000, now - 1000, now) ?? '', /expire_at must be in the future/);
});

test('a mandate’s pause pauses its active collections with pause_reason mandate_paused, and nothing else', () => {
  for (const status of collectionStatuses) {
    const follow = collectionFollows('active', 'paused', { status, pauseReason: status === 'paused' ? 'requested' : null });
    assert.deepEqual(follow, status === 'active' ? { kind: 'pause', pauseReason: 'mandate_paused' } : { kind: 'none' }, status);
  }
});

test('a mandate’s resume resumes only the collections its pause paused, not those the business paused', () => {
  assert.deepEqual(collectionFollows('paused', 'active', { status: 'paused', pauseReason: 'mandate_paused' }), { kind: 'resume' });
  assert.deepEqual(collectionFollows('paused', 'active', { status: 'paused', pauseReason: null }), { kind: 'none' });
  assert.deepEqual(collectionFollows('paused', 'active', { status: 'paused', pauseReason: 'requested' }), { kind: 'none' });
  assert.deepEqual(collectionFollows('paused', 'active', { status: 'halted', pauseReason: null }), { kind: 'none' });
  // An approval is not a resume, even of a (hypothetical) collection paused with that reason.
  assert.deepEqual(collectionFollows('created', 'active', { status: 'paused', pauseReason: 'mandate_paused' }), { kind: 'none' });
});

test('a revoked or expired mandate cancels its open collections with mandate_revoked / mandate_expired', () => {
  const cases: [MandateStatus, MandateStatus, string][] = [
    ['active', 'revoked', 'mandate_revoked'],
    ['paused', 'revoked', 'mandate_revoked'],
    ['active', 'expired', 'mandate_expired'],
    ['paused', 'expired', 'mandate_expired'],
  ];
  for (const [from, to, reason] of cases) {
    for (const status of ['active', 'paused', 'halted'] as const) {
      assert.deepEqual(collectionFollows(from, to, { status, pauseReason: null }), { kind: 'cancel', cancelReason: reason }, `${from}→${to}, ${status}`);
    }
    for (const status of ['cancelled', 'completed'] as const) {
      assert.deepEqual(collectionFollows(from, to, { status, pauseReason: null }), { kind: 'none' }, `${from}→${to}, ${status} stays`);
    }
  }
  assert.deepEqual(collectionFollows('created', 'rejected', { status: 'active', pauseReason: null }), { kind: 'none' });
});

test('the business may resume a collection only while its mandate is active (409 invalid_state otherwise)', () => {
  assert.equal(collectionResumeProblem('active'), undefined);
  assert.match(collectionResumeProblem('paused') ?? '', /The collection's mandate is paused; a collection resumes only while its mandate is active\./);
  assert.match(collectionResumeProblem('revoked') ?? '', /mandate is revoked/);
});

test('applying a move sets the status and its own timestamp, keeps the earlier ones, and ends a pending approval', () => {
  const created = { ...initialMandateState('asha@okhdfc'), authorizationStartedAt: 5 };
  const active = applyMandateAction(created, 'approve', 10);
  assert.deepEqual(active, { ...initialMandateState('asha@okhdfc'), status: 'active', activatedAt: 10 });
  const paused = applyMandateAction(active, 'pause', 20);
  const resumed = applyMandateAction(paused, 'resume', 30);
  const revoked = applyMandateAction(resumed, 'revoke', 40);
  assert.deepEqual([paused.status, resumed.status, revoked.status], ['paused', 'active', 'revoked']);
  assert.deepEqual([revoked.activatedAt, revoked.pausedAt, revoked.resumedAt, revoked.revokedAt], [10, 20, 30, 40]);
  assert.equal(applyMandateAction(created, 'reject', 7).rejectedAt, 7);
  assert.equal(applyMandateAction(active, 'expire', 9).expiredAt, 9);
});

test('the sandbox customer: success@upi approves, failure@upi rejects, slow@upi approves slowly, any other UPI ID approves', () => {
  assert.equal(sandboxAuthorization('success@upi'), 'approve');
  assert.equal(sandboxAuthorization('failure@upi'), 'reject');
  assert.equal(sandboxAuthorization('FAILURE@UPI'), 'reject');
  assert.equal(sandboxAuthorization('slow@upi'), 'slow');
  assert.equal(sandboxAuthorization('asha@okhdfc'), 'approve');
});
