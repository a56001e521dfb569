// Transaction reports: formats, statuses, the calendar days of a range on the Asia/Kolkata calendar, and
// how long links and files last (docs/api.md, Transaction reports). Pure.

export const reportFormats = ['csv', 'jsonl'] as const;
export type ReportFormat = (typeof reportFormats)[number];

export const reportStatuses = ['pending', 'ready', 'failed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const REPORT_TIME_ZONE = 'Asia/Kolkata';
/** IST is UTC+05:30 all year (no daylight saving). */
export const IST_OFFSET_MS = 5.5 * 3_600_000;
export const IST_OFFSET_TEXT = '+05:30';
export const MAX_RANGE_DAYS = 366;
/** A download link is good for 24 hours; GET /v1/reports/:id signs a fresh one while the file is kept. */
export const LINK_TTL_MS = 24 * 3_600_000;
/** Report files are kept 30 days after the report is ready. */
export const FILE_KEPT_MS = 30 * 86_400_000;

/** The columns of a report, in order (CSV header and JSONL keys). */
export const reportColumns = ['id', 'type', 'source_id', 'amount', 'fee', 'net', 'currency', 'status', 'created_at', 'reference', 'description'] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` as days since 1970-01-01 (a real calendar date only), or undefined. */
export function dayNumber(text: string): number | undefined {
  const m = DATE.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999, so `0066-09-21` was no date.
  const back = new Date(0);
  back.setUTCFullYear(y, mo - 1, d);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return back.getTime() / 86_400_000;
}

/** Today's date on the Asia/Kolkata calendar, as a day number. */
export function todayInKolkata(nowMs: number): number {
  return Math.floor((nowMs + IST_OFFSET_MS) / 86_400_000);
}

/**
 * The instants [start, end) of the IST days from..to inclusive, no earlier than 1970-01-01 UTC: no balance
 * transaction is older, and PostgreSQL reads no year 0 (a range of days in year 66 is simply empty).
 */
export function rangeInstants(fromDay: number, toDay: number): { startMs: number; endMs: number } {
  return { startMs: Math.max(0, fromDay * 86_400_000 - IST_OFFSET_MS), endMs: Math.max(0, (toDay + 1) * 86_400_000 - IST_OFFSET_MS) };
}

export type RangeProblem = { param: 'from' | 'to'; message: string };

/** Why from..to is not a range a report may cover, or undefined. */
export function rangeProblem(from: string, to: string, nowMs: number): RangeProblem | undefined {
  const f = dayNumber(from);
  if (f === undefined) return { param: 'from', message: 'from must be a date YYYY-MM-DD.' };
  const t = dayNumber(to);
  if (t === undefined) return { param: 'to', message: 'to must be a date YYYY-MM-DD.' };
  if (t < f) return { param: 'to', message: 'to must not be before from.' };
  if (t - f + 1 > MAX_RANGE_DAYS) return { param: 'to', message: `A report covers at most ${MAX_RANGE_DAYS} days.` };
  if (t > todayInKolkata(nowMs)) return { param: 'to', message: 'to must not be after today (Asia/Kolkata).' };
  return undefined;
}

/** The file name a download offers: transactions_2026-11-01_2026-11-30_rpt_....csv */
export function reportFileName(report: { id: string; from: string; to: string; format: ReportFormat }): string {
  return `transactions_${report.from}_${report.to}_${report.id}.${report.format}`;
}
