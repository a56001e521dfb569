// UPI AutoPay's non-peak debit windows (NPCI: debits only before 10:00, 13:00-17:00 and after 21:30 in India)
// and when each debit of a collection cycle is announced and made. Pure calendar arithmetic in Asia/Kolkata
// with a fixed UTC+05:30 offset (see KOLKATA_OFFSET_MS: India keeps no daylight saving, so every local day is
// exactly 24 hours and the offset never changes); workflow code calls it, so it reads no clock: `now` is passed.
//
// A window is a half-open span of local time [start, end): a debit at 10:00 exactly is in peak hours, one at
// 21:30 exactly is not. A window ending at 24:00 and one starting at 00:00 are one span across midnight.
import { DAY_MS, KOLKATA_OFFSET_MS } from './collection-schedule.ts';

/**
 * One non-peak window, in minutes since local midnight; `end` may be 1440 (24:00). Whole minutes, except in test runs,
 * whose windows may name seconds (`HH:MM:SS`, kept as a fraction of a minute) so a test of a window's close waits
 * seconds rather than minutes.
 */
export interface AutopayWindow {
  start: number;
  end: number;
}

/** Sorted, non-overlapping, each non-empty, adjacent ones merged; at least one. */
export type AutopayWindows = readonly AutopayWindow[];

/** NPCI's non-peak hours, the setting's default (UPI_AUTOPAY_WINDOWS). */
export const DEFAULT_AUTOPAY_WINDOWS = '00:00-10:00,13:00-17:00,21:30-24:00';

/** One attempt and at most this many retries per cycle (NPCI's rule for UPI AutoPay). */
export const MAX_RETRIES_PER_CYCLE = 3;

const MINUTE_MS = 60_000;
const SECOND_MS = 1000;
const DAY_MINUTES = 1440;

export type WindowsParse = { ok: true; value: AutopayWindows } | { ok: false; reason: string };

function minutesOf(hhmm: string, isEnd: boolean): number | undefined {
  const match = /^(\d\d):(\d\d)(?::(\d\d))?$/.exec(hhmm);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = match[3] === undefined ? 0 : Number(match[3]);
  if (isEnd && hours === 24 && minutes === 0 && seconds === 0) return DAY_MINUTES;
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  return hours * 60 + minutes + seconds / 60;
}

/** A time of day in minutes (possibly with seconds as a fraction) as ms, exact to the millisecond. */
const msOf = (minutes: number): number => Math.round(minutes * MINUTE_MS);

/**
 * `HH:MM-HH:MM[,HH:MM-HH:MM...]` in Asia/Kolkata, in order of the day, not overlapping; `24:00` only as an end.
 * Windows that touch (`10:00-12:00,12:00-13:00`) are merged into one.
 */
export function parseAutopayWindows(input: string): WindowsParse {
  const items = input.split(',').map((item) => item.trim());
  const windows: AutopayWindow[] = [];
  for (const item of items) {
    const [from, to, ...rest] = item.split('-').map((part) => part.trim());
    const start = from === undefined ? undefined : minutesOf(from, false);
    const end = to === undefined ? undefined : minutesOf(to, true);
    if (rest.length > 0 || start === undefined || end === undefined) {
      return { ok: false, reason: `expected windows such as ${DEFAULT_AUTOPAY_WINDOWS} (HH:MM-HH:MM, comma-separated, 24:00 only as an end; test runs may add :SS); "${item}" is not one` };
    }
    if (end <= start) return { ok: false, reason: `window "${item}" is empty or ends before it starts (a window across midnight is written as two: 21:30-24:00,00:00-10:00)` };
    const last = windows.at(-1);
    if (last && start < last.end) return { ok: false, reason: `window "${item}" starts before the one before it ends: list windows in order of the day, not overlapping` };
    if (last && start === last.end) last.end = end;
    else windows.push({ start, end });
  }
  return { ok: true, value: windows };
}

/** The canonical text of windows (what parseAutopayWindows reads back to the same value). */
export function formatAutopayWindows(windows: AutopayWindows): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  const hhmm = (m: number): string => {
    const seconds = Math.round(m * 60);
    const text = `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}`;
    return seconds % 60 === 0 ? text : `${text}:${two(seconds % 60)}`;
  };
  return windows.map((w) => `${hhmm(w.start)}-${hhmm(w.end)}`).join(',');
}

/** Unix ms of the local midnight that begins the day of `instantMs`, and the time of day since it. */
function localDay(instantMs: number): { midnight: number; timeOfDay: number } {
  const timeOfDay = (((instantMs + KOLKATA_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  return { midnight: instantMs - timeOfDay, timeOfDay };
}

function windowAt(timeOfDay: number, windows: AutopayWindows): AutopayWindow | undefined {
  return windows.find((w) => msOf(w.start) <= timeOfDay && timeOfDay < msOf(w.end));
}

export function isInWindow(instantMs: number, windows: AutopayWindows): boolean {
  return windowAt(localDay(instantMs).timeOfDay, windows) !== undefined;
}

/** The first instant at or after `instantMs` inside a window: `instantMs` itself when it is inside one. */
export function nextWindowStart(instantMs: number, windows: AutopayWindows): number {
  const { midnight, timeOfDay } = localDay(instantMs);
  if (windowAt(timeOfDay, windows)) return instantMs;
  const later = windows.find((w) => msOf(w.start) > timeOfDay);
  if (later) return midnight + msOf(later.start);
  return midnight + DAY_MS + msOf(windows[0]!.start);
}

/**
 * Where the span of windows that is open at `instantMs` (or, outside the windows, the next one to open) closes,
 * following a 24:00 end into a 00:00 start. Infinity when the windows cover the whole day.
 */
export function windowEnd(instantMs: number, windows: AutopayWindows): number {
  const opens = nextWindowStart(instantMs, windows);
  const { midnight, timeOfDay } = localDay(opens);
  const current = windowAt(timeOfDay, windows)!;
  const first = windows[0]!;
  if (current.end < DAY_MINUTES || first.start > 0) return midnight + msOf(current.end);
  if (first.end === DAY_MINUTES) return Number.POSITIVE_INFINITY;
  return midnight + DAY_MS + msOf(first.end);
}

/** The mandate's validity, unix ms: no debit before `startAt`, none at or after `expireAt`. */
export interface Validity {
  startAt: number;
  expireAt: number;
}

export interface DebitRules {
  /** The least time between the notice (`collection.upcoming`, the provider's pre-debit notification) and the debit. */
  noticeMs: number;
  windows: AutopayWindows;
  validity: Validity;
}

/** When a debit is announced and when it is made (unix ms). */
export interface DebitTiming {
  noticeAt: number;
  debitAt: number;
}

/**
 * The debit that a notice sent at `noticeSentAt` announces for a charge due at `dueAt`: the notice period
 * after the notice at the earliest, never before it is due nor before the mandate starts, in the next window.
 * `none` when that falls at or after the mandate's `expire_at`: the mandate cannot carry this debit.
 */
export function debitAfterNotice(dueAt: number, noticeSentAt: number, rules: DebitRules): number | 'none' {
  // A whole second, as the event's debit_at and the provider's payment_after say it: never before either.
  const earliest = Math.ceil(Math.max(dueAt, noticeSentAt + rules.noticeMs, rules.validity.startAt) / SECOND_MS) * SECOND_MS;
  const debitAt = nextWindowStart(earliest, rules.windows);
  return debitAt >= rules.validity.expireAt ? 'none' : debitAt;
}

/**
 * The plan for a charge due at `dueAt`: the notice goes out the notice period before it is due (at once when
 * that has passed), and the debit is the one that notice announces. The workflow sleeps until `noticeAt`, sends
 * the notice, then asks debitAfterNotice with the time it really sent it (a late timer moves the debit, never
 * shortens the notice).
 */
export function planDebit(dueAt: number, now: number, rules: DebitRules): DebitTiming | 'none' {
  const noticeAt = Math.max(now, dueAt - rules.noticeMs);
  const debitAt = debitAfterNotice(dueAt, noticeAt, rules);
  return debitAt === 'none' ? 'none' : { noticeAt, debitAt };
}

/**
 * A collection's default `start_at` (docs/api.md): the earliest debit the rules allow for one created at `now`, the
 * notice period later, then the next window (its notice goes out at once). `none` when the mandate expires first.
 */
export function earliestStartAt(now: number, rules: DebitRules): number | 'none' {
  return debitAfterNotice(now, now, rules);
}
