// Request validation: every documented parameter is checked and refused as the provider refuses it, so a
// connector that would be refused by the real API is refused here too.
//
// Sources (razorpay/markdown-docs):
// - api/x/contacts/create.md: name mandatory, 3-50 characters of a-z A-Z 0-9 space ’ - _ / ( ) . and not ending
//   with a special character other than `.`; type (vendor, customer, employee, self, or a dashboard-made type) up
//   to 40, case-sensitive, refused as "Invalid type: <type>" on field `type`; reference_id up to 40; notes.
// - api/x/fund-accounts/create/bank-account.md: contact_id, account_type `bank_account`, bank_account.name 3-120
//   characters (same character set and ending rule), ifsc exactly 11 characters, account_number 5-35 of a-z A-Z 0-9.
// - api/x/fund-accounts/create/vpa.md: vpa.address 3-100 characters of a-z A-Z 0-9 . - and exactly one @.
// - api/x/payouts/create/bank-account.md, vpa.md, make-request.md: account_number, fund_account_id, amount (integer
//   paise, minimum 100), currency INR, mode (upper case; NEFT RTGS IMPS for bank accounts, UPI for VPAs), purpose
//   (refund cashback payout salary utility bill vendor bill, or dashboard-made), queue_if_low_balance boolean,
//   reference_id up to 40, narration up to 30 of a-z A-Z 0-9 and space, notes up to 15 pairs of up to 256.
// - x/payouts.md (modes and limits): IMPS up to ₹5 lakh, RTGS from ₹2 lakh, UPI up to ₹1 lakh per payout.
// - api/x/payouts/fetch-all.md, api/x/transactions/fetch-all.md: count default 10, at most 100; skip default 0;
//   from/to Unix seconds; api/x/account-validation/balance-fetch.md: "The count may not be greater than 100",
//   "The count must be an integer".
// The exact wording of refusals the pages do not quote is the stand-in's own; callers should branch on `code`,
// `reason` and `field`, as the pages advise.
import { badRequest, extraField, requiredField } from './errors.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const PAYOUT_MODES = ['NEFT', 'RTGS', 'IMPS', 'UPI'] as const;
export type PayoutMode = (typeof PAYOUT_MODES)[number];
export const DEFAULT_PURPOSES = ['refund', 'cashback', 'payout', 'salary', 'utility bill', 'vendor bill'];
export const DEFAULT_CONTACT_TYPES = ['vendor', 'customer', 'employee', 'self'];

const NAME_CHARS = /^[a-zA-Z0-9 ’'\-_/().]+$/;
const NAME_END = /[a-zA-Z0-9.]$/;
const RUPEE = 100;

export function asObject(body: Json | undefined, label = 'request body'): JsonObject {
  if (body === null || body === undefined || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest(`The ${label} must be a JSON object.`);
  }
  return body;
}

export function rejectUnknown(body: JsonObject, allowed: readonly string[], prefix = ''): void {
  for (const key of Object.keys(body)) if (!allowed.includes(key)) throw extraField(prefix + key);
}

function optionalString(body: JsonObject, field: string, max: number, path = field): string | null {
  const v = body[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw badRequest(`The ${path} must be a string.`, path);
  if (v.length > max) throw badRequest(`The ${path} may not be greater than ${max} characters.`, path);
  return v;
}

function requiredString(body: JsonObject, field: string, path = field): string {
  const v = body[field];
  if (v === undefined || v === null || v === '') throw requiredField(path, path.replaceAll('_', ' ').replaceAll('.', ' '));
  if (typeof v !== 'string') throw badRequest(`The ${path} must be a string.`, path);
  return v;
}

function checkName(name: string, min: number, max: number, path: string): void {
  if (name.length < min || name.length > max || !NAME_CHARS.test(name) || !NAME_END.test(name)) {
    throw badRequest(`The ${path} field is invalid.`, path);
  }
}

export function checkNotes(body: JsonObject): Record<string, string> {
  const notes = body.notes;
  if (notes === undefined || notes === null) return {};
  // The pages' own samples answer an empty notes as []: accept that form on input too.
  if (Array.isArray(notes) && notes.length === 0) return {};
  if (typeof notes !== 'object' || Array.isArray(notes)) throw badRequest('The notes must be an object.', 'notes');
  const entries = Object.entries(notes);
  if (entries.length > 15) throw badRequest('The notes may not have more than 15 items.', 'notes');
  const out: Record<string, string> = {};
  for (const [k, v] of entries) {
    if (typeof v !== 'string' && typeof v !== 'number') throw badRequest(`The notes.${k} must be a string.`, `notes.${k}`);
    const s = String(v);
    if (k.length > 256 || s.length > 256) throw badRequest(`The notes.${k} may not be greater than 256 characters.`, `notes.${k}`);
    out[k] = s;
  }
  return out;
}

export interface ContactInput {
  name: string;
  email: string | null;
  contact: string | null;
  type: string | null;
  reference_id: string | null;
  notes: Record<string, string>;
}

export function validateContact(raw: Json | undefined, contactTypes: readonly string[]): ContactInput {
  const body = asObject(raw);
  rejectUnknown(body, ['name', 'email', 'contact', 'type', 'reference_id', 'notes']);
  const name = requiredString(body, 'name');
  checkName(name, 3, 50, 'name');
  const email = optionalString(body, 'email', 254);
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw badRequest('The email must be a valid email address.', 'email');
  const contact = optionalString(body, 'contact', 20);
  if (contact !== null && !/^\+?[0-9]{8,15}$/.test(contact)) throw badRequest('The contact format is invalid.', 'contact');
  const type = optionalString(body, 'type', 40);
  if (type !== null && !contactTypes.includes(type)) throw badRequest(`Invalid type: ${type}`, 'type');
  return { name, email, contact, type, reference_id: optionalString(body, 'reference_id', 40), notes: checkNotes(body) };
}

export type FundAccountInput =
  | { contact_id: string; account_type: 'bank_account'; bank_account: { name: string; ifsc: string; account_number: string } }
  | { contact_id: string; account_type: 'vpa'; vpa: { address: string } };

export function validateFundAccount(raw: Json | undefined): FundAccountInput {
  const body = asObject(raw);
  const contact_id = requiredString(body, 'contact_id');
  const accountType = requiredString(body, 'account_type');
  if (accountType === 'bank_account') {
    rejectUnknown(body, ['contact_id', 'account_type', 'bank_account']);
    if (body.bank_account === undefined) throw requiredField('bank_account', 'bank account');
    const ba = asObject(body.bank_account, 'bank_account');
    rejectUnknown(ba, ['name', 'ifsc', 'account_number'], 'bank_account.');
    const name = requiredString(ba, 'name', 'bank_account.name');
    checkName(name, 3, 120, 'bank_account.name');
    const ifsc = requiredString(ba, 'ifsc', 'bank_account.ifsc');
    if (ifsc.length !== 11) throw badRequest('The ifsc must be 11 characters.', 'bank_account.ifsc');
    if (!/^[A-Za-z]{4}0[A-Za-z0-9]{6}$/.test(ifsc)) throw badRequest('The ifsc format is invalid.', 'bank_account.ifsc');
    const accountNumber = requiredString(ba, 'account_number', 'bank_account.account_number');
    if (!/^[a-zA-Z0-9]{5,35}$/.test(accountNumber)) throw badRequest('The account number format is invalid.', 'bank_account.account_number');
    return { contact_id, account_type: 'bank_account', bank_account: { name, ifsc, account_number: accountNumber } };
  }
  if (accountType === 'vpa') {
    rejectUnknown(body, ['contact_id', 'account_type', 'vpa']);
    if (body.vpa === undefined) throw requiredField('vpa');
    const vpa = asObject(body.vpa, 'vpa');
    rejectUnknown(vpa, ['address'], 'vpa.');
    const address = requiredString(vpa, 'address', 'vpa.address');
    if (address.length < 3 || address.length > 100 || !/^[a-zA-Z0-9.-]+@[a-zA-Z0-9.-]+$/.test(address)) {
      throw badRequest('The vpa address is invalid.', 'vpa.address');
    }
    return { contact_id, account_type: 'vpa', vpa: { address } };
  }
  throw badRequest('Invalid account type: ' + accountType, 'account_type');
}

export interface PayoutInput {
  account_number: string;
  fund_account_id: string;
  amount: number;
  currency: 'INR';
  mode: PayoutMode;
  purpose: string;
  queue_if_low_balance: boolean;
  reference_id: string | null;
  narration: string | null;
  notes: Record<string, string>;
}

const PAYOUT_FIELDS = ['account_number', 'fund_account_id', 'amount', 'currency', 'mode', 'purpose', 'queue_if_low_balance', 'reference_id', 'narration', 'notes'];

/** The payout body on its own; the fund account's type and the account number are checked by the store. */
export function validatePayout(raw: Json | undefined, purposes: readonly string[]): PayoutInput {
  const body = asObject(raw);
  rejectUnknown(body, PAYOUT_FIELDS);
  const account_number = requiredString(body, 'account_number');
  const fund_account_id = requiredString(body, 'fund_account_id');
  const amount = body.amount;
  if (amount === undefined || amount === null) throw requiredField('amount');
  if (typeof amount !== 'number' || !Number.isInteger(amount)) throw badRequest('The amount must be an integer.', 'amount');
  if (amount < 100) throw badRequest('The amount must be at least 100.', 'amount');
  const currency = requiredString(body, 'currency');
  if (currency !== 'INR') throw badRequest('The selected currency is invalid.', 'currency');
  const mode = requiredString(body, 'mode');
  if (!(PAYOUT_MODES as readonly string[]).includes(mode)) throw badRequest('The selected mode is invalid.', 'mode');
  const purpose = requiredString(body, 'purpose');
  if (!purposes.includes(purpose)) throw badRequest(`Invalid purpose: ${purpose}`, 'purpose');
  const queue = body.queue_if_low_balance;
  if (queue !== undefined && queue !== null && typeof queue !== 'boolean') {
    throw badRequest('The queue if low balance field must be true or false.', 'queue_if_low_balance');
  }
  const narration = optionalString(body, 'narration', 30);
  if (narration !== null && !/^[a-zA-Z0-9 ]*$/.test(narration)) throw badRequest('The narration format is invalid.', 'narration');
  checkModeLimits(mode as PayoutMode, amount);
  return {
    account_number, fund_account_id, amount, currency: 'INR', mode: mode as PayoutMode, purpose,
    queue_if_low_balance: queue === true, reference_id: optionalString(body, 'reference_id', 40), narration, notes: checkNotes(body),
  };
}

function checkModeLimits(mode: PayoutMode, amount: number): void {
  if (mode === 'IMPS' && amount > 500_000 * RUPEE) throw badRequest('The amount exceeds the IMPS limit of ₹5,00,000 per payout.', 'amount');
  if (mode === 'UPI' && amount > 100_000 * RUPEE) throw badRequest('The amount exceeds the UPI limit of ₹1,00,000 per payout.', 'amount');
  if (mode === 'RTGS' && amount < 200_000 * RUPEE) throw badRequest('The minimum amount for RTGS is ₹2,00,000.', 'amount');
}

export interface Page {
  count: number;
  skip: number;
  from: number | null;
  to: number | null;
}

/** count/skip/from/to of the list endpoints; every other query parameter must be in `allowed`. */
export function validateListQuery(query: URLSearchParams, allowed: readonly string[]): Page {
  for (const key of query.keys()) if (![...allowed, 'count', 'skip', 'from', 'to'].includes(key)) throw extraField(key);
  const int = (name: string, dflt: number | null): number | null => {
    const v = query.get(name);
    if (v === null || v === '') return dflt;
    if (!/^[0-9]+$/.test(v)) throw badRequest(`The ${name} must be an integer.`, name);
    return Number(v);
  };
  const count = int('count', 10)!;
  if (count > 100) throw badRequest('The count may not be greater than 100.', 'count');
  if (count < 1) throw badRequest('The count must be at least 1.', 'count');
  return { count, skip: int('skip', 0)!, from: int('from', null), to: int('to', null) };
}
