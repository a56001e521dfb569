// What the pay form carries: the signed form token and the rupees a customer typed.
//
// The form token is signed (HMAC, a key derived from SECRETS_KEY) and carries when it was issued: the link
// workflow makes one payment per token, so a double click or a resubmitted form makes one payment. Only a
// POST that carries a valid token is a pay attempt (and spends the link's attempt budget); anything else is
// refused before it counts, so junk cannot use up a link that real customers are paying.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A form token older than this is refused (the customer reloads the page). */
const TOKEN_MAX_AGE_SECONDS = 3600;

export interface FormTokens {
  issue(linkId: string, nowMs?: number): string;
  /** True for a token this deployment issued for this link, less than an hour ago. */
  check(linkId: string, token: string, nowMs?: number): boolean;
}

export function formTokens(key: Buffer): FormTokens {
  const mac = (linkId: string, issued: string, nonce: string) => createHmac('sha256', key).update(`${linkId}.${issued}.${nonce}`).digest().subarray(0, 16);
  return {
    issue(linkId, nowMs = Date.now()) {
      const issued = String(Math.floor(nowMs / 1000));
      const nonce = randomBytes(12).toString('base64url');
      return `${issued}.${nonce}.${mac(linkId, issued, nonce).toString('base64url')}`;
    },
    check(linkId, token, nowMs = Date.now()) {
      const match = /^([0-9]{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/.exec(token);
      if (!match) return false;
      const [, issued, nonce, given] = match;
      const age = Math.floor(nowMs / 1000) - Number(issued);
      if (age < 0 || age > TOKEN_MAX_AGE_SECONDS) return false;
      // Compared as text: base64url leaves spare bits in the last character, so decoding first would let
      // several spellings of one MAC pass, each a different token (and so a different payment) for one form.
      const expected = Buffer.from(mac(linkId, issued, nonce).toString('base64url'));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

/** "1,250.5" → 125050 paise; undefined for anything that is not a plain amount in rupees. */
export function parseRupees(text: string): number | undefined {
  const cleaned = text.replace(/[\s,₹]/g, '');
  const match = /^([0-9]{1,10})(?:\.([0-9]{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Paise as the amount field shows it: 125050 → "1250.50". */
export const rupeesField = (paise: number): string => (paise / 100).toFixed(2);
