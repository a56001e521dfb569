// Collection rules without I/O: due dates on the Asia/Kolkata calendar (month ends, leap years, day_of_month),
// and how a collection's state moves after charges, pause, resume and cancel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type SchedulePlan, dueAt, firstCycleDueFrom, kolkataIso } from '../../src/domain/collection-schedule.ts';
import { type CollectionPlan, actionProblem, activate, afterCharge, cancel, initialState, isTerminal, pause, pauseForSetup, resume } from '../../src/domain/collections.ts';

/** Unix ms of a wall-clock time in Asia/Kolkata. */
const ist = (iso: string): number => Date.parse(`${iso}+05:30`);
const plan = (p: Partial<SchedulePlan> & Pick<SchedulePlan, 'schedule' | 'startAt'>): SchedulePlan => ({ dayOfMonth: null, intervalMs: null, ...p });
const dues = (p: SchedulePlan, n: number): string[] => Array.from({ length: n }, (_, i) => kolkataIso(dueAt(p, i + 1)));

test('monthly from 31 January: the last day of shorter months, back to the 31st when the month has one', () => {
  assert.deepEqual(dues(plan({ schedule: 'monthly', startAt: ist('2027-01-31T10:00:00') }), 5), [
    '2027-01-31T10:00:00+05:30',
    '2027-02-28T10:00:00+05:30',
    '2027-03-31T10:00:00+05:30',
    '2027-04-30T10:00:00+05:30',
    '2027-05-31T10:00:00+05:30',
  ]);
});

test('monthly from 31 January of a leap year falls on 29 February', () => {
  assert.deepEqual(dues(plan({ schedule: 'monthly', startAt: ist('2028-01-31T23:30:00') }), 3), [
    '2028-01-31T23:30:00+05:30',
    '2028-02-29T23:30:00+05:30',
    '2028-03-31T23:30:00+05:30',
  ]);
});

test('monthly across the year end keeps the day and the time of day', () => {
  assert.deepEqual(dues(plan({ schedule: 'monthly', startAt: ist('2026-11-30T09:15:00') }), 4), [
    '2026-11-30T09:15:00+05:30',
    '2026-12-30T09:15:00+05:30',
    '2027-01-30T09:15:00+05:30',
    '2027-02-28T09:15:00+05:30',
  ]);
});

test('the calendar is Asia/Kolkata: 1 March 00:30 IST is still February in UTC, and stays the 1st each month', () => {
  const p = plan({ schedule: 'monthly', startAt: ist('2027-03-01T00:30:00') });
  assert.equal(new Date(p.startAt).toISOString(), '2027-02-28T19:00:00.000Z');
  assert.deepEqual(dues(p, 3), ['2027-03-01T00:30:00+05:30', '2027-04-01T00:30:00+05:30', '2027-05-01T00:30:00+05:30']);
});

test('day_of_month: the first charge on start_at, then that day of each later month (one charge per calendar month)', () => {
  assert.deepEqual(dues(plan({ schedule: 'monthly', startAt: ist('2027-01-25T14:00:00'), dayOfMonth: 5 }), 4), [
    '2027-01-25T14:00:00+05:30',
    '2027-02-05T14:00:00+05:30',
    '2027-03-05T14:00:00+05:30',
    '2027-04-05T14:00:00+05:30',
  ]);
  assert.deepEqual(dues(plan({ schedule: 'monthly', startAt: ist('2027-01-02T08:00:00'), dayOfMonth: 28 }), 3), [
    '2027-01-02T08:00:00+05:30',
    '2027-02-28T08:00:00+05:30',
    '2027-03-28T08:00:00+05:30',
  ]);
});

test('weekly: seven days apart, across a month end and a leap day', () => {
  assert.deepEqual(dues(plan({ schedule: 'weekly', startAt: ist('2028-02-24T06:00:00') }), 3), [
    '2028-02-24T06:00:00+05:30',
    '2028-03-02T06:00:00+05:30',
    '2028-03-09T06:00:00+05:30',
  ]);
});

test('yearly from 29 February: 28 February in common years, 29 February again in the next leap year', () => {
  assert.deepEqual(dues(plan({ schedule: 'yearly', startAt: ist('2028-02-29T12:00:00') }), 5), [
    '2028-02-29T12:00:00+05:30',
    '2029-02-28T12:00:00+05:30',
    '2030-02-28T12:00:00+05:30',
    '2031-02-28T12:00:00+05:30',
    '2032-02-29T12:00:00+05:30',
  ]);
});

test('a configured interval replaces the calendar (test runs)', () => {
  const p = plan({ schedule: 'monthly', startAt: 1_000_000, intervalMs: 2_500 });
  assert.deepEqual([1, 2, 3].map((c) => dueAt(p, c)), [1_000_000, 1_002_500, 1_005_000]);
});

test('cycles are numbered from 1', () => {
  assert.throws(() => dueAt(plan({ schedule: 'weekly', startAt: 0 }), 0), RangeError);
});

test('firstCycleDueFrom skips the cycles that fell due before a moment, and keeps one that is still ahead', () => {
  const p = plan({ schedule: 'monthly', startAt: ist('2027-01-31T10:00:00') });
  assert.equal(firstCycleDueFrom(p, 2, ist('2027-02-01T00:00:00')), 2);
  assert.equal(firstCycleDueFrom(p, 2, ist('2027-04-15T00:00:00')), 4);
  assert.equal(firstCycleDueFrom(p, 2, ist('2027-04-30T10:00:00')), 4, 'a cycle due exactly now is still charged');
  const fixed = plan({ schedule: 'monthly', startAt: 0, intervalMs: 1000 });
  assert.equal(firstCycleDueFrom(fixed, 2, 10_500), 12);
  assert.equal(firstCycleDueFrom(fixed, 20, 10_500), 20);
});

const collectionPlan = (p: Partial<CollectionPlan> = {}): CollectionPlan => ({
  schedule: 'monthly',
  startAt: ist('2027-01-10T10:00:00'),
  dayOfMonth: null,
  intervalMs: null,
  totalCount: null,
  retryDelaysMs: [86_400_000, 3 * 86_400_000, 5 * 86_400_000],
  ...p,
});

test('a capture moves to the next cycle on its due date; the last of total_count completes the collection', () => {
  const p = collectionPlan({ totalCount: 2 });
  const s1 = afterCharge(p, initialState(p), 'captured', p.startAt);
  assert.deepEqual(s1, { status: 'active', cycle: 2, attempts: 0, nextChargeAt: ist('2027-02-10T10:00:00'), paidCount: 1, failedCount: 0 });
  const s2 = afterCharge(p, s1, 'captured', ist('2027-02-10T10:00:01'));
  assert.equal(s2.status, 'completed');
  assert.equal(s2.nextChargeAt, null);
  assert.equal(s2.paidCount, 2);
  assert.ok(isTerminal(s2.status));
});

test('the charging code caps retries at three per cycle whatever the plan says: the fourth failure halts, even with ten gaps', () => {
  const p = collectionPlan({ retryDelaysMs: Array.from({ length: 10 }, () => 60_000) });
  let s = initialState(p);
  for (let i = 0; i < 3; i++) s = afterCharge(p, s, 'failed', p.startAt);
  assert.equal(s.status, 'active');
  const fourth = afterCharge(p, s, 'failed', p.startAt);
  assert.deepEqual({ status: fourth.status, attempts: fourth.attempts, next: fourth.nextChargeAt }, { status: 'halted', attempts: 4, next: null });
});

test('a created collection waits for its mandate; approved, it starts now, or keeps a start_at still ahead, or skips cycles already past', () => {
  const day = 86_400_000;
  const debit = { noticeMs: day, windows: [{ start: 0, end: day }], validity: { startAt: 0, expireAt: ist('2040-01-01T00:00:00') } };
  const waiting = collectionPlan({ debit, activation: { startAtGiven: false } });
  const created = initialState(waiting);
  assert.deepEqual([created.status, created.nextChargeAt], ['created', null]);
  assert.deepEqual(actionProblem('created', 'advance') !== undefined, true);
  assert.equal(actionProblem('created', 'cancel'), undefined);
  const at = ist('2027-03-05T08:00:00');
  const byDefault = activate(waiting, created, at);
  assert.deepEqual([byDefault.plan.startAt, byDefault.plan.activation, byDefault.state.status, byDefault.state.cycle, byDefault.state.nextChargeAt], [at, undefined, 'active', 1, at]);
  const ahead = collectionPlan({ debit, startAt: ist('2027-04-01T10:00:00'), activation: { startAtGiven: true } });
  assert.deepEqual([activate(ahead, initialState(ahead), at).state.cycle, activate(ahead, initialState(ahead), at).state.nextChargeAt], [1, ist('2027-04-01T10:00:00')]);
  // start_at 10 January, approved 5 March: the first due time at or after approval + notice is 10 March (cycle 3).
  const past = collectionPlan({ debit, activation: { startAtGiven: true } });
  const late = activate(past, initialState(past), at);
  assert.deepEqual([late.state.cycle, late.state.nextChargeAt, late.plan.startAt], [3, ist('2027-03-10T10:00:00'), past.startAt]);
});

test('a collection paused by a disabled connection resumes in the same cycle with the same attempts, due now', () => {
  const p = collectionPlan();
  const failedOnce = afterCharge(p, initialState(p), 'failed', p.startAt);
  const held = pause(failedOnce, 'connection_disabled');
  const now = p.startAt + 5 * 86_400_000;
  const resumed = resume(p, held, now);
  assert.deepEqual({ status: resumed.status, cycle: resumed.cycle, attempts: resumed.attempts, next: resumed.nextChargeAt, reason: resumed.pauseReason }, { status: 'active', cycle: 1, attempts: 1, next: now, reason: null });
});

test('a debit refused as a set-up error uses no attempt: paused provider_unavailable, resumed in the same cycle due now, the refusals counted until an attempt counts', () => {
  const p = collectionPlan();
  const failedOnce = afterCharge(p, initialState(p), 'failed', p.startAt);
  const refused = pauseForSetup(pauseForSetup(failedOnce));
  assert.deepEqual([refused.status, refused.pauseReason, refused.attempts, refused.failedCount, refused.setupRefusals], ['paused', 'provider_unavailable', 1, 1, 2]);
  const now = p.startAt + 86_400_000;
  const resumed = resume(p, refused, now);
  assert.deepEqual([resumed.status, resumed.cycle, resumed.attempts, resumed.nextChargeAt, resumed.pauseReason, resumed.setupRefusals], ['active', 1, 1, now, null, 2]);
  assert.equal('setupRefusals' in afterCharge(p, resumed, 'captured', now), false);
  assert.equal('setupRefusals' in afterCharge(p, resumed, 'failed', now), false);
});

test('failures are retried after 1, 3 and 5 days, then the collection is halted; a success in between goes back on schedule', () => {
  const p = collectionPlan();
  const day = 86_400_000;
  let s = initialState(p);
  let now = p.startAt;
  const gaps: number[] = [];
  for (let i = 0; i < 3; i++) {
    s = afterCharge(p, s, 'failed', now);
    assert.equal(s.status, 'active');
    gaps.push((s.nextChargeAt! - now) / day);
    now = s.nextChargeAt!;
  }
  assert.deepEqual(gaps, [1, 3, 5]);
  const halted = afterCharge(p, s, 'failed', now);
  assert.deepEqual({ status: halted.status, attempts: halted.attempts, failedCount: halted.failedCount, next: halted.nextChargeAt }, { status: 'halted', attempts: 4, failedCount: 4, next: null });

  const recovered = afterCharge(p, s, 'captured', now);
  assert.deepEqual({ status: recovered.status, cycle: recovered.cycle, attempts: recovered.attempts }, { status: 'active', cycle: 2, attempts: 0 });
  assert.equal(recovered.nextChargeAt, ist('2027-02-10T10:00:00'), 'the next cycle keeps its date, not a month after the retry');
});

test('a charge that ends after a pause or cancel is counted, but schedules nothing', () => {
  const p = collectionPlan({ totalCount: 1 });
  const paused = pause(initialState(p));
  assert.deepEqual(afterCharge(p, paused, 'failed', p.startAt), { ...paused, attempts: 1, failedCount: 1 });
  const cancelled = cancel(initialState(p));
  const after = afterCharge(p, cancelled, 'captured', p.startAt);
  assert.equal(after.status, 'cancelled', 'a cancelled collection does not become completed');
  assert.equal(after.paidCount, 1);
});

test('resume continues from the first cycle due at or after now, skipping the paused period without a burst', () => {
  const p = collectionPlan();
  const charged = afterCharge(p, initialState(p), 'captured', p.startAt);
  const paused = pause(charged);
  const resumed = resume(p, paused, ist('2027-04-20T00:00:00'));
  assert.deepEqual({ status: resumed.status, cycle: resumed.cycle, next: kolkataIso(resumed.nextChargeAt!) }, { status: 'active', cycle: 5, next: '2027-05-10T10:00:00+05:30' });
  const early = resume(p, paused, ist('2027-01-20T00:00:00'));
  assert.equal(early.cycle, 2, 'a cycle still ahead stays due');

  // A halted cycle is left behind: resuming goes on with the next one.
  let failing = initialState(p);
  for (let i = 0; i < 4; i++) failing = afterCharge(p, failing, 'failed', p.startAt);
  assert.equal(failing.status, 'halted');
  const back = resume(p, failing, ist('2027-01-12T00:00:00'));
  assert.deepEqual({ cycle: back.cycle, attempts: back.attempts, failedCount: back.failedCount }, { cycle: 2, attempts: 0, failedCount: 4 });
});

test('which action fits which status', () => {
  const fits = (status: Parameters<typeof actionProblem>[0]) =>
    (['pause', 'resume', 'cancel', 'advance'] as const).filter((a) => actionProblem(status, a) === undefined);
  assert.deepEqual(fits('active'), ['pause', 'cancel', 'advance']);
  assert.deepEqual(fits('paused'), ['resume', 'cancel']);
  assert.deepEqual(fits('halted'), ['resume', 'cancel']);
  assert.deepEqual(fits('cancelled'), []);
  assert.deepEqual(fits('completed'), []);
  assert.match(actionProblem('cancelled', 'resume')!, /cancelled collection cannot be resumed/);
});
