// Amounts are integers in paise. Form bodies deliver strings, so parsing is strict:
// only plain decimal digits are an amount; "1.5", "1e3", "-1", "" and "0x10" are not.
export const MIN_AMOUNT = 1;
export const MAX_AMOUNT = 1_000_000_000_000; // 10^12 paise

export type AmountParse = { ok: true; value: number } | { ok: false; reason: string };

export function parseAmount(input: unknown, min = MIN_AMOUNT, max = MAX_AMOUNT): AmountParse {
  let value: number;
  if (typeof input === 'number') {
    if (!Number.isSafeInteger(input)) return { ok: false, reason: 'must be a whole number of paise' };
    value = input;
  } else if (typeof input === 'string') {
    if (!/^[0-9]+$/.test(input)) return { ok: false, reason: 'must be a whole number of paise' };
    if (input.length > 16) return { ok: false, reason: `must be at most ${max}` };
    value = Number(input);
  } else {
    return { ok: false, reason: 'must be a whole number of paise' };
  }
  if (value < min) return { ok: false, reason: `must be at least ${min}` };
  if (value > max) return { ok: false, reason: `must be at most ${max}` };
  return { ok: true, value };
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** An amount in paise as people read it in India: 100000 → "₹1,000.00", 1234567890 → "₹1,23,45,678.90". */
export function formatRupees(paise: number): string {
  return rupees.format(paise / 100);
}

/** Unix seconds as `YYYY-MM-DD HH:MM IST` (India has one offset, +05:30, and no daylight saving), for operators. */
export function istMinute(seconds: number): string {
  return `${new Date((seconds + 19_800) * 1000).toISOString().slice(0, 16).replace('T', ' ')} IST`;
}
