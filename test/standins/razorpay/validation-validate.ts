// Request validation for RazorpayX Fund Account Validation (the classic API: a fund account made beforehand, named by
// id), refused as the provider refuses it.
//
// Sources (razorpay/markdown-docs, and the provider's web pages where that repository's copy has changed):
// - api/x/account-validation/bank-account.md: POST /v1/fund_accounts/validations with `account_number` (mandatory:
//   the business's RazorpayX Lite customer identifier, "not your contact's bank account number"), `fund_account`
//   (mandatory object) with `id` (mandatory), `amount` (mandatory integer paise, "pass 100 for ₹1"; it "does not
//   include fees and tax"), `currency` (optional, "has to be INR", assumed INR when absent), `notes` (optional, 15
//   pairs of 256 characters).
// - https://razorpay.com/docs/api/x/account-validation/vpa (the stored web page; the markdown-docs copy of
//   api/x/account-validation/vpa.md now shows a composite-style body instead): a VPA validation sends only
//   `account_number`, `fund_account: {id}` and `notes`; its entity has `amount: null` and `currency: null`.
// - x/fund-account-validation.md: an amount validation sends "a random amount ranging between ₹1 and ₹2".
// - api/x/account-validation/fetch-all-transactions.md: GET /v1/fund_accounts/validations with `account_number`
//   (mandatory), `from`, `to`, `count` (default 10, at most 100), `skip`.
// Where the pages are silent the stand-in chooses, and says so:
// - `amount` is refused when missing for a bank account (the page marks it mandatory and also gives a default of
//   100; the stricter reading catches a connector that leaves it out) and outside 100-200 (the ₹1-₹2 of the page).
// - A VPA validation takes no `amount` or `currency` (its page lists neither): sending one is the platform-wide
//   unknown-field answer, as is `reference_id` (only the composite API documents it).
// - A composite body (`source_account_number`, `validation_type`, or a `fund_account` with details instead of an
//   id; api/x/composite-account-validation/*.md) is not answered by the stand-in: it says so in a 400 of its own
//   rather than pretend to be the provider.
// - The wording of refusals the pages do not quote follows the stand-in's payout refusals (validate.ts).
import { badRequest, extraField, idNotFound, requiredField } from './errors.ts';
import { asObject, checkNotes, rejectUnknown } from './validate.ts';
import type { Json, JsonObject } from './validate.ts';

export interface ValidationInput {
  fund_account_id: string;
  /** Paise for a bank account; null for a VPA. */
  amount: number | null;
  currency: 'INR' | null;
  notes: Record<string, string>;
}

const FIELDS = ['account_number', 'fund_account', 'amount', 'currency', 'notes'];
const COMPOSITE_FIELDS = ['source_account_number', 'validation_type'];
export const MIN_PENNY = 100;
export const MAX_PENNY = 200;

/** What validation needs to know of the account: its number and the type of a fund account (null: none such). */
export interface ValidationContext {
  accountNumber: string;
  fundAccountType: (id: string) => 'bank_account' | 'vpa' | null;
}

function requiredText(body: JsonObject, field: string, path: string): string {
  const v = body[field];
  if (v === undefined || v === null || v === '') throw requiredField(path, path.replaceAll('_', ' ').replaceAll('.', ' '));
  if (typeof v !== 'string') throw badRequest(`The ${path} must be a string.`, path);
  return v;
}

function checkComposite(body: JsonObject): void {
  const fa = body.fund_account;
  const detailed = fa !== null && typeof fa === 'object' && !Array.isArray(fa) && fa.id === undefined && (fa.account_type !== undefined || fa.contact !== undefined);
  if (COMPOSITE_FIELDS.some((f) => body[f] !== undefined) || detailed) {
    throw badRequest('The Razorpay stand-in does not answer the composite account validation API (source_account_number, validation_type, fund_account details); create the fund account first and send its id.');
  }
}

function bankAmount(body: JsonObject): { amount: number; currency: 'INR' } {
  const amount = body.amount;
  if (amount === undefined || amount === null) throw requiredField('amount');
  if (typeof amount !== 'number' || !Number.isInteger(amount)) throw badRequest('The amount must be an integer.', 'amount');
  if (amount < MIN_PENNY) throw badRequest(`The amount must be at least ${MIN_PENNY}.`, 'amount');
  if (amount > MAX_PENNY) throw badRequest(`The amount may not be greater than ${MAX_PENNY}.`, 'amount');
  const currency = body.currency;
  if (currency !== undefined && currency !== null && currency !== 'INR') throw badRequest('The selected currency is invalid.', 'currency');
  return { amount, currency: 'INR' };
}

/** The create body, checked against the account: a refusal names its field; the store checks the balance. */
export function validateValidation(raw: Json | undefined, ctx: ValidationContext): ValidationInput {
  const body = asObject(raw);
  checkComposite(body);
  rejectUnknown(body, FIELDS);
  const accountNumber = requiredText(body, 'account_number', 'account_number');
  if (accountNumber !== ctx.accountNumber) throw badRequest('The account number is invalid.', 'account_number');
  if (body.fund_account === undefined || body.fund_account === null) throw requiredField('fund_account', 'fund account');
  const fa = asObject(body.fund_account, 'fund_account');
  rejectUnknown(fa, ['id'], 'fund_account.');
  const id = requiredText(fa, 'id', 'fund_account.id');
  const type = ctx.fundAccountType(id);
  if (type === null) throw idNotFound('fund_account.id');
  const notes = checkNotes(body);
  if (type === 'vpa') {
    if (body.amount !== undefined) throw extraField('amount');
    if (body.currency !== undefined) throw extraField('currency');
    return { fund_account_id: id, amount: null, currency: null, notes };
  }
  return { fund_account_id: id, ...bankAmount(body), notes };
}
