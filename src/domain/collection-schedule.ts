// When each cycle of a collection falls due. Pure calendar arithmetic in the collections' time zone,
// Asia/Kolkata; workflow code calls it too, so it reads no clock and no environment.
//
// Cycle 1 is due at `startAt`. Later cycles:
// - weekly: 7 days after the one before;
// - monthly without `dayOfMonth`: the same day of the month as `startAt`; in a shorter month, its last
//   day (a start on 31 January gives 28/29 February, then 31 March: the anchor is kept, as Stripe does);
// - monthly with `dayOfMonth` (1..28): that day of each following calendar month, so there is one charge
//   per calendar month (a start on 25 January with day 5 gives 5 February, 5 March, ...);
// - yearly: the same month and day each year; 29 February falls on 28 February in other years.
// Every cycle keeps the time of day of `startAt`. `intervalMs`, when set, replaces the calendar with a fixed
// period (configuration for test runs that play a whole lifecycle in seconds).

export const collectionSchedules = ['monthly', 'weekly', 'yearly'] as const;
export type CollectionSchedule = (typeof collectionSchedules)[number];

/** The time zone of due dates: India has kept UTC+05:30, without daylight saving, since 1945. */
export const COLLECTION_TIME_ZONE = 'Asia/Kolkata';
/**
 * Asia/Kolkata's offset from UTC. A fixed offset, not the tz database, is exact here: India has no daylight
 * saving, so every local day is 24 hours long and local midnight is always 18:30 UTC the day before; and
 * workflow code (which must be deterministic) never depends on the ICU data of the Node it runs on.
 */
export const KOLKATA_OFFSET_MS = (5 * 60 + 30) * 60_000;
export const DAY_MS = 86_400_000;

export interface SchedulePlan {
  schedule: CollectionSchedule;
  /** Unix milliseconds of the first charge. */
  startAt: number;
  /** 1..28, monthly only. */
  dayOfMonth: number | null;
  /** A fixed period between cycles instead of the calendar (test runs). */
  intervalMs: number | null;
}

interface LocalDate {
  year: number;
  /** 0..11 */
  month: number;
  /** 1..31 */
  day: number;
  /** Milliseconds since local midnight. */
  timeOfDay: number;
}

function toLocal(unixMs: number): LocalDate {
  const shifted = unixMs + KOLKATA_OFFSET_MS;
  const d = new Date(shifted);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), timeOfDay: shifted - midnight };
}

function fromLocal(year: number, month: number, day: number, timeOfDay: number): number {
  return Date.UTC(year, month, day) + timeOfDay - KOLKATA_OFFSET_MS;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The local calendar month `offset` months after (year, month). */
function addMonths(year: number, month: number, offset: number): { year: number; month: number } {
  const index = year * 12 + month + offset;
  return { year: Math.floor(index / 12), month: index % 12 };
}

/** Unix milliseconds at which `cycle` (1-based) falls due. */
export function dueAt(plan: SchedulePlan, cycle: number): number {
  if (!Number.isInteger(cycle) || cycle < 1) throw new RangeError(`cycle must be a positive integer, got ${cycle}`);
  const steps = cycle - 1;
  if (steps === 0) return plan.startAt;
  if (plan.intervalMs !== null) return plan.startAt + steps * plan.intervalMs;
  const start = toLocal(plan.startAt);
  switch (plan.schedule) {
    case 'weekly':
      return plan.startAt + steps * 7 * DAY_MS;
    case 'monthly': {
      const { year, month } = addMonths(start.year, start.month, steps);
      const day = plan.dayOfMonth ?? Math.min(start.day, daysInMonth(year, month));
      return fromLocal(year, month, day, start.timeOfDay);
    }
    case 'yearly': {
      const year = start.year + steps;
      return fromLocal(year, start.month, Math.min(start.day, daysInMonth(year, start.month)), start.timeOfDay);
    }
    default:
      return plan.schedule satisfies never;
  }
}

/** The first cycle, at `from` or later, that falls due at or after `notBefore` (resuming skips the rest). */
export function firstCycleDueFrom(plan: SchedulePlan, from: number, notBefore: number): number {
  let cycle = from;
  // Bounded: one step per skipped period; a fixed interval jumps there directly.
  if (plan.intervalMs !== null && dueAt(plan, cycle) < notBefore) {
    cycle = Math.max(cycle, Math.ceil((notBefore - plan.startAt) / plan.intervalMs) + 1);
  }
  while (dueAt(plan, cycle) < notBefore) cycle++;
  return cycle;
}

/** ISO 8601 in Asia/Kolkata (`2026-12-05T09:30:00+05:30`), for operators reading workflow state. */
export function kolkataIso(unixMs: number): string {
  return `${new Date(unixMs + KOLKATA_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}
