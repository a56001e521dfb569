// UPI AutoPay's non-peak windows and the timing of each debit, on the Asia/Kolkata calendar: window edges,
// midnight, month ends and leap days, IST against UTC dates, the 24-hour notice, retries, the mandate's validity.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  type AutopayWindows,
  type DebitRules,
  DEFAULT_AUTOPAY_WINDOWS,
  debitAfterNotice,
  earliestStartAt,
  formatAutopayWindows,
  isInWindow,
  nextWindowStart,
  parseAutopayWindows,
  planDebit,
  windowEnd,
} from '../../src/domain/autopay-windows.ts';
import { kolkataIso } from '../../src/domain/collection-schedule.ts';
import { afterCharge } from '../../src/domain/collections.ts';

/** Unix ms of a wall-clock time in Asia/Kolkata. */
const ist = (iso: string): number => Date.parse(`${iso}+05:30`);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function windowsOf(text: string): AutopayWindows {
  const parsed = parseAutopayWindows(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
}
const W = windowsOf(DEFAULT_AUTOPAY_WINDOWS);
const next = (iso: string, windows = W): string => kolkataIso(nextWindowStart(ist(iso), windows));
const end = (iso: string, windows = W): string => kolkataIso(windowEnd(ist(iso), windows));

/** The production rules: 24 hours' notice, NPCI's windows, a mandate valid for years. */
const rules = (over: Partial<DebitRules> = {}): DebitRules => ({
  noticeMs: DAY,
  windows: W,
  validity: { startAt: ist('2026-01-01T00:00:00'), expireAt: ist('2036-01-01T00:00:00') },
  ...over,
});
const timing = (t: ReturnType<typeof planDebit>) => (t === 'none' ? t : { noticeAt: kolkataIso(t.noticeAt), debitAt: kolkataIso(t.debitAt) });

test('the default windows parse into NPCI non-peak hours and print back the same', () => {
  assert.deepEqual(W, [
    { start: 0, end: 600 },
    { start: 780, end: 1020 },
    { start: 1290, end: 1440 },
  ]);
  assert.equal(formatAutopayWindows(W), DEFAULT_AUTOPAY_WINDOWS);
  assert.deepEqual(windowsOf(' 00:00 - 10:00 , 13:00-17:00,21:30-24:00 '), W, 'spaces around items are allowed');
});

test('windows that touch are one window', () => {
  assert.deepEqual(windowsOf('10:00-12:00,12:00-13:00'), [{ start: 600, end: 780 }]);
});

test('malformed, unordered, overlapping or empty windows are refused with a message saying what is wrong', () => {
  const refused: [string, RegExp][] = [
    ['', /HH:MM-HH:MM/],
    ['00:00-10:00,', /HH:MM-HH:MM/],
    ['9:00-10:00', /"9:00-10:00" is not one/],
    ['00:00-10:00-11:00', /is not one/],
    ['25:00-26:00', /is not one/],
    ['00:00-24:01', /is not one/],
    ['24:00-24:00', /is not one/],
    ['10:60-11:00', /is not one/],
    ['night', /is not one/],
    ['09:00-09:00', /empty or ends before it starts/],
    ['21:30-10:00', /written as two: 21:30-24:00,00:00-10:00/],
    ['13:00-17:00,00:00-10:00', /in order of the day/],
    ['00:00-10:00,09:00-11:00', /not overlapping/],
  ];
  for (const [input, reason] of refused) {
    const parsed = parseAutopayWindows(input);
    assert.equal(parsed.ok, false, `${JSON.stringify(input)} was accepted`);
    if (!parsed.ok) assert.match(parsed.reason, reason, JSON.stringify(input));
  }
});

test('window edges: a start is inside, an end is outside (10:00 and 17:00 are peak, 13:00 and 21:30 are not)', () => {
  const inside = ['00:00:00', '09:59:59.999', '13:00:00', '16:59:59.999', '21:30:00', '23:59:00', '23:59:59.999'];
  const outside = ['10:00:00', '12:59:59.999', '17:00:00', '21:29:59.999'];
  for (const t of inside) assert.equal(isInWindow(ist(`2027-03-15T${t}`), W), true, `${t} should be inside`);
  for (const t of outside) assert.equal(isInWindow(ist(`2027-03-15T${t}`), W), false, `${t} should be outside`);
});

test('nextWindowStart is the instant itself inside a window, else the next opening the same day', () => {
  assert.equal(next('2027-03-15T09:00:00'), '2027-03-15T09:00:00+05:30');
  assert.equal(next('2027-03-15T13:00:00'), '2027-03-15T13:00:00+05:30', 'exactly at a start');
  assert.equal(next('2027-03-15T21:30:00'), '2027-03-15T21:30:00+05:30', 'exactly at 21:30');
  assert.equal(next('2027-03-15T23:59:00'), '2027-03-15T23:59:00+05:30', '23:59 IST is inside');
  assert.equal(next('2027-03-15T10:00:00'), '2027-03-15T13:00:00+05:30', 'exactly at an end');
  assert.equal(next('2027-03-15T11:45:00'), '2027-03-15T13:00:00+05:30');
  assert.equal(next('2027-03-15T17:00:00'), '2027-03-15T21:30:00+05:30');
});

test('a window that opens after midnight: the next opening is the next local day, across month ends and leap days', () => {
  const night = windowsOf('01:00-05:00');
  assert.equal(next('2027-03-15T23:59:00', night), '2027-03-16T01:00:00+05:30');
  assert.equal(next('2027-03-16T00:30:00', night), '2027-03-16T01:00:00+05:30', 'after midnight, before it opens: the same local day');
  assert.equal(next('2027-01-31T06:00:00', night), '2027-02-01T01:00:00+05:30', '31 January → 1 February');
  assert.equal(next('2027-02-28T05:00:00', night), '2027-03-01T01:00:00+05:30', 'February of a common year');
  assert.equal(next('2028-02-28T05:00:00', night), '2028-02-29T01:00:00+05:30', 'leap year 2028: 29 February');
  assert.equal(next('2027-12-31T22:00:00', night), '2028-01-01T01:00:00+05:30', 'across the year end');
  assert.equal(next('2027-04-30T18:00:00', W), '2027-04-30T21:30:00+05:30');
});

test('IST is not UTC: a debit at 00:30 IST is 19:00 UTC the day before, and windows follow the IST clock', () => {
  const debit = nextWindowStart(ist('2027-03-01T00:30:00'), W);
  assert.equal(new Date(debit).toISOString(), '2027-02-28T19:00:00.000Z');
  // 04:30 UTC is 10:00 IST (peak), though it is early morning in UTC.
  assert.equal(isInWindow(Date.parse('2027-03-01T04:30:00Z'), W), false);
  assert.equal(isInWindow(Date.parse('2027-03-01T04:29:59Z'), W), true);
  // 18:29 UTC is 23:59 IST; 18:30 UTC is midnight, the next IST day.
  assert.equal(kolkataIso(nextWindowStart(Date.parse('2027-03-01T18:30:00Z'), windowsOf('01:00-02:00'))), '2027-03-02T01:00:00+05:30');
  assert.equal(kolkataIso(nextWindowStart(Date.parse('2027-03-01T18:29:00Z'), windowsOf('01:00-02:00'))), '2027-03-02T01:00:00+05:30');
  assert.equal(kolkataIso(nextWindowStart(Date.parse('2027-03-01T20:31:00Z'), windowsOf('01:00-02:00'))), '2027-03-03T01:00:00+05:30');
});

test('windowEnd: 21:30-24:00 and 00:00-10:00 are one span across midnight', () => {
  assert.equal(end('2027-03-15T21:30:00'), '2027-03-16T10:00:00+05:30');
  assert.equal(end('2027-03-15T23:59:00'), '2027-03-16T10:00:00+05:30');
  assert.equal(end('2027-03-16T00:30:00'), '2027-03-16T10:00:00+05:30');
  assert.equal(end('2027-03-15T14:00:00'), '2027-03-15T17:00:00+05:30');
  assert.equal(end('2027-02-28T22:00:00'), '2027-03-01T10:00:00+05:30', 'across a month end');
  // Outside the windows: the end of the span that opens next.
  assert.equal(end('2027-03-15T11:00:00'), '2027-03-15T17:00:00+05:30');
  assert.equal(end('2027-03-15T18:00:00'), '2027-03-16T10:00:00+05:30');
  // Without a 00:00 start, 24:00 is the end; windows over the whole day never end.
  assert.equal(end('2027-03-15T22:00:00', windowsOf('13:00-17:00,21:30-24:00')), '2027-03-16T00:00:00+05:30');
  assert.equal(windowEnd(ist('2027-03-15T22:00:00'), windowsOf('00:00-24:00')), Number.POSITIVE_INFINITY);
});

test('a charge due inside a window: notice 24 hours before, debit at the due time', () => {
  assert.deepEqual(timing(planDebit(ist('2027-01-31T09:00:00'), ist('2027-01-01T00:00:00'), rules())), {
    noticeAt: '2027-01-30T09:00:00+05:30',
    debitAt: '2027-01-31T09:00:00+05:30',
  });
  assert.deepEqual(timing(planDebit(ist('2027-03-15T21:30:00'), 0, rules())), { noticeAt: '2027-03-14T21:30:00+05:30', debitAt: '2027-03-15T21:30:00+05:30' });
  assert.deepEqual(timing(planDebit(ist('2027-03-15T23:59:00'), 0, rules())), { noticeAt: '2027-03-14T23:59:00+05:30', debitAt: '2027-03-15T23:59:00+05:30' });
});

test('a charge due in peak hours (including exactly at a window end) waits for the next window', () => {
  assert.deepEqual(timing(planDebit(ist('2027-03-15T10:00:00'), 0, rules())), { noticeAt: '2027-03-14T10:00:00+05:30', debitAt: '2027-03-15T13:00:00+05:30' });
  assert.deepEqual(timing(planDebit(ist('2027-03-15T17:00:00'), 0, rules())), { noticeAt: '2027-03-14T17:00:00+05:30', debitAt: '2027-03-15T21:30:00+05:30' });
});

test('a notice sent late pushes the debit past the due date, into the next day and the next month', () => {
  // Due 31 January 10:30 (peak) but only announced then: 24 hours later is 1 February 10:30, also peak.
  assert.deepEqual(timing(planDebit(ist('2027-01-31T10:30:00'), ist('2027-01-31T10:30:00'), rules())), {
    noticeAt: '2027-01-31T10:30:00+05:30',
    debitAt: '2027-02-01T13:00:00+05:30',
  });
  // Announced at 18:00 on 28 February: 1 March 18:00 is peak, so 21:30.
  assert.deepEqual(timing(planDebit(ist('2027-02-28T18:00:00'), ist('2027-02-28T18:00:00'), rules())), {
    noticeAt: '2027-02-28T18:00:00+05:30',
    debitAt: '2027-03-01T21:30:00+05:30',
  });
  // In 2028 the day after 28 February is the 29th.
  assert.deepEqual(timing(planDebit(ist('2028-02-28T12:00:00'), ist('2028-02-28T12:00:00'), rules())), {
    noticeAt: '2028-02-28T12:00:00+05:30',
    debitAt: '2028-02-29T13:00:00+05:30',
  });
});

test('a notice timer that fires late moves the debit, never shortens the notice', () => {
  const due = ist('2027-05-10T09:00:00');
  const planned = planDebit(due, 0, rules());
  assert.notEqual(planned, 'none');
  if (planned === 'none') return;
  assert.equal(debitAfterNotice(due, planned.noticeAt, rules()), planned.debitAt);
  const sentLate = planned.noticeAt + 3 * HOUR; // 09 May 12:00 → 10 May 12:00 is peak → 13:00
  assert.equal(kolkataIso(debitAfterNotice(due, sentLate, rules()) as number), '2027-05-10T13:00:00+05:30');
});

test('a shorter notice (test runs) still lands the debit in a window', () => {
  const short = rules({ noticeMs: 5_000 });
  assert.deepEqual(timing(planDebit(ist('2027-03-15T09:59:58'), ist('2027-03-15T09:59:58'), short)), {
    noticeAt: '2027-03-15T09:59:58+05:30',
    debitAt: '2027-03-15T13:00:00+05:30',
  });
});

test('every debit is in a window, at least the notice after its notice, not before it is due, and the earliest such', () => {
  const start = ist('2027-01-01T00:00:00');
  for (let due = start; due < start + 60 * DAY; due += 37 * 60_000) {
    for (const now of [0, due - 2 * HOUR, due]) {
      const t = planDebit(due, now, rules());
      assert.notEqual(t, 'none');
      if (t === 'none') continue;
      const earliest = Math.max(due, t.noticeAt + DAY);
      assert.ok(isInWindow(t.debitAt, W), `debit at ${kolkataIso(t.debitAt)} is outside the windows`);
      assert.ok(t.debitAt - t.noticeAt >= DAY && t.debitAt >= due && t.noticeAt >= now);
      assert.ok(t.debitAt === earliest || !isInWindow(t.debitAt - 1, W), `debit at ${kolkataIso(t.debitAt)} could have been earlier`);
    }
  }
});

test('no debit before the mandate starts, and none at or after it expires', () => {
  const validity = { startAt: ist('2027-06-01T12:00:00'), expireAt: ist('2027-07-01T12:00:00') };
  assert.deepEqual(timing(planDebit(ist('2027-05-31T09:00:00'), 0, rules({ validity }))), {
    noticeAt: '2027-05-30T09:00:00+05:30',
    debitAt: '2027-06-01T13:00:00+05:30',
  });
  assert.equal(kolkataIso(debitAfterNotice(ist('2027-07-01T09:00:00'), 0, rules({ validity })) as number), '2027-07-01T09:00:00+05:30');
  // Due before expire_at, but the next window opens after it.
  assert.equal(planDebit(ist('2027-07-01T11:00:00'), 0, rules({ validity })), 'none');
  assert.equal(planDebit(ist('2027-07-01T12:00:00'), 0, rules({ validity })), 'none', 'expire_at itself is outside the validity');
  // The notice would be in time, but sent late it pushes the debit past expire_at.
  assert.equal(kolkataIso(debitAfterNotice(ist('2027-06-30T09:00:00'), ist('2027-06-30T09:00:00'), rules({ validity })) as number), '2027-07-01T09:00:00+05:30');
  assert.equal(debitAfterNotice(ist('2027-06-30T09:00:00'), ist('2027-06-30T11:00:00'), rules({ validity })), 'none');
});

/**
 * The retry the collection workflow schedules after the cycle's attempt number `attempts` failed at `failedAt`:
 * afterCharge (the code that charges) decides halt or the retry's due time, planDebit its notice and window.
 */
function planRetry(failedAt: number, attempts: number, retryDelaysMs: number[], now: number, debit: DebitRules): ReturnType<typeof planDebit> | 'halt' {
  const plan = { schedule: 'monthly' as const, startAt: failedAt, dayOfMonth: null, intervalMs: null, totalCount: null, retryDelaysMs, debit };
  const charged = { status: 'active' as const, cycle: 1, attempts: attempts - 1, nextChargeAt: failedAt, paidCount: 0, failedCount: attempts - 1 };
  const state = afterCharge(plan, charged, 'failed', failedAt);
  if (state.status === 'halted') return 'halt';
  return planDebit(state.nextChargeAt!, now, debit);
}

test('retries after 1, 3 and 5 days are each announced 24 hours ahead and land in windows; then the cycle halts', () => {
  const delays = [DAY, 3 * DAY, 5 * DAY];
  const failed1 = ist('2027-01-30T09:30:00');
  assert.deepEqual(timing(planRetry(failed1, 1, delays, failed1, rules()) as ReturnType<typeof planDebit>), {
    noticeAt: '2027-01-30T09:30:00+05:30',
    debitAt: '2027-01-31T09:30:00+05:30',
  });
  // A retry falling due in peak hours waits for the window; across February's end.
  const failed2 = ist('2027-02-25T11:15:00');
  assert.deepEqual(timing(planRetry(failed2, 2, delays, failed2, rules()) as ReturnType<typeof planDebit>), {
    noticeAt: '2027-02-27T11:15:00+05:30',
    debitAt: '2027-02-28T13:00:00+05:30',
  });
  const failed3 = ist('2028-02-24T17:30:00');
  assert.deepEqual(timing(planRetry(failed3, 3, delays, failed3, rules()) as ReturnType<typeof planDebit>), {
    noticeAt: '2028-02-28T17:30:00+05:30',
    debitAt: '2028-02-29T21:30:00+05:30',
  });
  assert.equal(planRetry(ist('2027-03-06T13:00:00'), 4, delays, 0, rules()), 'halt');
});

test('one attempt and at most three retries, even when more retry gaps are configured', () => {
  const delays = [DAY, DAY, DAY, DAY, DAY];
  assert.notEqual(planRetry(ist('2027-03-06T13:00:00'), 3, delays, 0, rules()), 'halt');
  assert.equal(planRetry(ist('2027-03-06T13:00:00'), 4, delays, 0, rules()), 'halt');
  assert.notEqual(planRetry(ist('2027-03-06T13:00:00'), 2, [DAY, DAY], 0, rules()), 'halt');
  assert.equal(planRetry(ist('2027-03-06T13:00:00'), 3, [DAY, DAY], 0, rules()), 'halt', 'fewer gaps, fewer retries');
});

test('a retry gap shorter than the notice is stretched to the notice, then to the window', () => {
  const failed = ist('2027-03-10T16:00:00');
  assert.deepEqual(timing(planRetry(failed, 1, [HOUR], failed, rules()) as ReturnType<typeof planDebit>), {
    noticeAt: '2027-03-10T16:00:00+05:30',
    debitAt: '2027-03-11T16:00:00+05:30',
  });
  const failedLater = ist('2027-03-10T16:30:00');
  assert.deepEqual(timing(planRetry(failedLater, 1, [HOUR], failedLater, rules()) as ReturnType<typeof planDebit>), {
    noticeAt: '2027-03-10T16:30:00+05:30',
    debitAt: '2027-03-11T16:30:00+05:30',
  });
});

test('a retry that would fall after the mandate expires is none', () => {
  const validity = { startAt: ist('2027-01-01T00:00:00'), expireAt: ist('2027-03-12T00:00:00') };
  assert.equal(planRetry(ist('2027-03-10T09:00:00'), 2, [DAY, 3 * DAY, 5 * DAY], 0, rules({ validity })), 'none');
  assert.notEqual(planRetry(ist('2027-03-10T09:00:00'), 1, [DAY, 3 * DAY, 5 * DAY], 0, rules({ validity })), 'none');
});

test('a collection’s default start_at: the notice period after creation, then the next window', () => {
  assert.equal(kolkataIso(earliestStartAt(ist('2027-03-15T11:20:00'), rules()) as number), '2027-03-16T13:00:00+05:30');
  assert.equal(kolkataIso(earliestStartAt(ist('2027-03-15T22:05:00'), rules()) as number), '2027-03-16T22:05:00+05:30');
  assert.equal(kolkataIso(earliestStartAt(ist('2027-12-31T17:10:00'), rules()) as number), '2028-01-01T21:30:00+05:30');
  const validity = { startAt: ist('2027-01-01T00:00:00'), expireAt: ist('2027-03-16T00:00:00') };
  assert.equal(earliestStartAt(ist('2027-03-15T11:20:00'), rules({ validity })), 'none');
});

test('test runs may name seconds: edges to the millisecond, printed back the same, and touching windows merge', () => {
  const windows = windowsOf('10:00:30-10:01:15,10:01:15-10:02,23:59:59-24:00');
  assert.equal(formatAutopayWindows(windows), '10:00:30-10:02,23:59:59-24:00');
  assert.equal(isInWindow(ist('2026-03-01T10:00:29.999'), windows), false);
  assert.equal(isInWindow(ist('2026-03-01T10:00:30'), windows), true);
  assert.equal(isInWindow(ist('2026-03-01T10:01:59.999'), windows), true);
  assert.equal(isInWindow(ist('2026-03-01T10:02:00'), windows), false);
  assert.equal(next('2026-03-01T10:00:00', windows), kolkataIso(ist('2026-03-01T10:00:30')));
  assert.equal(next('2026-03-01T12:00:00', windows), kolkataIso(ist('2026-03-01T23:59:59')));
  assert.equal(end('2026-03-01T10:00:40', windows), kolkataIso(ist('2026-03-01T10:02:00')));
  const refused = parseAutopayWindows('10:00:60-11:00');
  assert.equal(refused.ok, false);
  assert.equal(parseAutopayWindows('24:00:01-24:00').ok, false);
});

test('a debit falls on a whole second (the event and the provider say it in seconds), never before the notice period ends', () => {
  const sent = ist('2026-03-01T08:00:00.400');
  const debitAt = debitAfterNotice(sent, sent, rules({ noticeMs: 5_000 }));
  assert.equal(debitAt, ist('2026-03-01T08:00:06'));
  // Half a second before a window closes, rounding up would reach its end: the debit waits for the next window.
  const late = debitAfterNotice(ist('2026-03-01T09:59:59.500'), ist('2026-03-01T09:59:59.500'), rules({ noticeMs: 0 }));
  assert.equal(late, ist('2026-03-01T13:00:00'));
});
