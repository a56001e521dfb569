// RazorpayX Fund Account Validation calls (api/x/account-validation.md and its pages; docs/live-money.md, "Verified
// beneficiaries, live"): a penny drop to a bank account fund account (`amount` 100 = ₹1, INR) or a VPA validation (no
// amount), fetched by id and listed by the payout account number. Each call is one HTTP request through the
// connection's client; pacing, lookups before a resend and what an answer means belong to verification-rail.ts.
//
// This (classic) validation API takes no `reference_id` and no idempotency header (bank-account.md's parameter list
// names `reference_id` only among the v2 fields that none of its samples show; the composite API has it, and we do
// not use that API). So our verification's id travels in `notes.verification_id`, and a resend after a lost answer is
// matched by those notes and the fund account's id among the validations listed since the verification began.
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import type { RazorpayHttp } from './http.ts';
import { MAX_PAGE } from './payouts-api.ts';
import type { RazorpayTransaction } from './translate.ts';

/** The note that carries our verification id (the API has no reference_id of its own). */
export const VERIFICATION_NOTE = 'verification_id';
/** ₹1, the penny the provider's bank-account page asks for ("pass 100 for ₹1"). */
export const PENNY = 100;

export interface RazorpayValidation {
  id: string;
  entity?: string;
  fund_account?: { id?: string; account_type?: string } | null;
  status: 'created' | 'completed' | 'failed' | string;
  amount?: number | null;
  notes?: Record<string, string> | unknown[] | null;
  /** Null while created; `""` values when failed. */
  results?: { account_status?: string | null; registered_name?: string | null } | string | null;
  created_at: number;
  utr?: string | null;
}

interface Collection<T> {
  count: number;
  items: T[];
}

export interface ValidationInput {
  accountNumber: string;
  fundAccountId: string;
  type: 'bank_account' | 'vpa';
  verificationId: string;
}

/** The create body: the same on every send of one verification (nothing of it depends on when it is sent). */
export function validationRequestBody(input: ValidationInput): Record<string, unknown> {
  const body: Record<string, unknown> = {
    account_number: input.accountNumber,
    fund_account: { id: input.fundAccountId },
    notes: { [VERIFICATION_NOTE]: input.verificationId },
  };
  // A VPA validation sends no amount or currency (api/x/account-validation/vpa): the provider refuses them there.
  if (input.type === 'bank_account') Object.assign(body, { amount: PENNY, currency: 'INR' });
  return body;
}

/** Our verification id as the validation's notes carry it, or null. */
export function verificationIdOf(v: Pick<RazorpayValidation, 'notes'>): string | null {
  const notes = v.notes;
  if (!notes || Array.isArray(notes)) return null;
  const id = (notes as Record<string, unknown>)[VERIFICATION_NOTE];
  return typeof id === 'string' ? id : null;
}

/** The statement lines of one validation: its debit (penny, fees and tax) and, when it failed, the credit back. */
export interface ValidationCharge {
  debit: number | null;
  credit: number;
}

export interface RazorpayValidationsApi {
  create(input: ValidationInput): Promise<RazorpayValidation>;
  fetch(validationId: string): Promise<RazorpayValidation>;
  /** The validation made for `verificationId` on `fundAccountId` since `fromSeconds`, or null when there is none. */
  find(accountNumber: string, match: { verificationId: string; fundAccountId: string }, fromSeconds: number): Promise<RazorpayValidation | null>;
  /** What the payout account's statement shows for one validation, read from its creation on. */
  charge(accountNumber: string, validationId: string, fromSeconds: number): Promise<ValidationCharge>;
}

/** How many pages a lookup reads before it gives up (and throws, so the caller asks again: never a second create). */
const MAX_PAGES = 50;

export function createValidationsApi(http: RazorpayHttp): RazorpayValidationsApi {
  const BASE = '/v1/fund_accounts/validations';
  return {
    create: (input) => http.post<RazorpayValidation>(BASE, { body: validationRequestBody(input) }),
    fetch: (id) => http.get<RazorpayValidation>(`${BASE}/${encodeURIComponent(id)}`),
    async find(accountNumber, match, fromSeconds) {
      for (let page = 0; page < MAX_PAGES; page++) {
        const res = await http.get<Collection<RazorpayValidation>>(BASE, {
          query: { account_number: accountNumber, from: fromSeconds, count: MAX_PAGE, skip: page * MAX_PAGE },
        });
        // Notes are ours only together with our fund account: anyone with the key could write the same notes.
        const found = res.items.find((v) => verificationIdOf(v) === match.verificationId && v.fund_account?.id === match.fundAccountId);
        if (found) return found;
        if (res.items.length < MAX_PAGE) return null;
      }
      throw new Error(`more than ${MAX_PAGES * MAX_PAGE} validations since ${fromSeconds}: the lookup stopped before matching`);
    },
    async charge(accountNumber, validationId, fromSeconds) {
      const charge: ValidationCharge = { debit: null, credit: 0 };
      for (let page = 0; page < MAX_PAGES; page++) {
        const res = await http.get<Collection<RazorpayTransaction>>('/v1/transactions', {
          query: { account_number: accountNumber, from: fromSeconds, count: MAX_PAGE, skip: page * MAX_PAGE },
        });
        for (const t of res.items) {
          const s = t.source ?? null;
          if (s?.entity === 'fund_account.validation' && s.id === validationId) charge.debit = t.debit;
          if (s?.entity === 'reversal' && s.fund_account_validation_id === validationId) charge.credit += t.credit;
        }
        if (res.items.length < MAX_PAGE) return charge;
      }
      throw new Error(`the statement since ${fromSeconds} is longer than ${MAX_PAGES} pages`);
    },
  };
}
