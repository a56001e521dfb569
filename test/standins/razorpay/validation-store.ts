// RazorpayX Fund Account Validation on the stand-in's account: penny drops to bank accounts and VPA validations of
// fund accounts made through POST /v1/fund_accounts, their charge on the RazorpayX balance, their outcome (the
// beneficiary bank's answer, played by the stand-in or scripted by a test) and their webhooks.
//
// Sources (razorpay/markdown-docs):
// - api/x/account-validation/bank-account.md, entity.md, fetch-with-id and fetch-all pages: the entity {id "fav_...",
//   entity "fund_account.validation", fund_account (the fund account entity), status, amount, currency, notes,
//   results {account_status, registered_name}, created_at, utr}; created with results null and utr null; completed
//   with account_status "active" and the registered name, and (bank accounts) a UTR; failed with results "" and "".
//   A VPA validation has amount and currency null and no UTR (the stored web page api/x/account-validation/vpa and the
//   VPA item of fetch-all-transactions.md).
// - x/fund-account-validation.md: created (awaiting the beneficiary bank) → completed ("does not mean the bank account
//   or VPA is valid": results say so) or failed (a technical error, or IMPS disabled by the beneficiary bank).
// - x/fund-accounts/faqs.md: "The status of Fund account Validation requests is always created" in the create answer,
//   most complete "instantaneously", some up to T+3 working days; a completed validation of an account that is not
//   valid has account_status invalid and registered_name null; "there is a verification charge for every
//   validation" and "in case the validation moves to a failed state, the charges will be reversed"; the amount of the
//   charge is not published ("raise a support query").
// - api/x/account-validation/bank-account.md: the amount "does not include fees and tax. Fees and tax, if any, are
//   deducted from your account balance"; the page has an "Insufficient Balance" answer whose body the stored pages do
//   not show: the stand-in refuses with reason insufficient_funds (api/x/error-codes.md).
// - webhooks/account-validation.md: fund_account.validation.completed and fund_account.validation.failed, contains
//   ["fund_account.validation"], payload {"fund_account.validation": {entity}}; the webhook samples' results also
//   carry `details` ("The beneficiary account is valid.") and `name_match_score` (100), which the API samples do not.
// - api/x/account-validation/reverse-penny-drop.md: the bank's registered name comes in capitals ("GAURAV KUMAR").
// Choices where the pages are silent (each named where it is made): the fee (validationFee, default 300 paise plus
// 18% GST, as payouts are charged), the statement entries' sources, the UTR format (12 digits, as the composite pages
// describe), how soon a validation completes (validationDelayMs).
import { ProviderError, badRequest, idNotFound } from './errors.ts';
import { GST_RATE, newId } from './store.ts';
import type { FundAccount, Store } from './store.ts';
import type { ValidationInput } from './validation-validate.ts';

export type ValidationStatus = 'created' | 'completed' | 'failed';
export type AccountStatus = 'active' | 'invalid';

export interface FundAccountValidation {
  id: string; entity: 'fund_account.validation'; fund_account: FundAccount; status: ValidationStatus;
  amount: number | null; currency: 'INR' | null; notes: Record<string, string>;
  results: { account_status: AccountStatus | '' | null; registered_name: string | null };
  created_at: number; utr: string | null;
}

/** How the beneficiary bank answers a validation of one account number or VPA (a test's script). */
export interface ValidationOutcome {
  /** Default active. */
  accountStatus?: AccountStatus;
  /** Default: the holder's name in capitals when active, null when invalid. */
  registeredName?: string | null;
  /** The validation ends failed (the charge comes back). */
  failed?: boolean;
  reason?: string;
}

/**
 * `auto` (default): answered `created`, completed validationDelayMs later, as most are at the provider. `instant` (a
 * test's switch, like processOnCreate): completed during the create, which answers `completed`. `manual`: `created`
 * until completeValidation / failValidation.
 */
export type ValidationMode = 'auto' | 'instant' | 'manual';

/** A validation with what the stand-in keeps about it. */
export interface ValidationRecord {
  validation: FundAccountValidation;
  /** Fee including tax, and the tax, charged on the balance besides the amount. */
  fees: number;
  tax: number;
  /** Debited at create: amount + fees. */
  charged: number;
  /** Credited back when it failed. */
  refunded: number;
  failureReason: string | null;
}

export interface ValidationStoreOptions {
  now: () => number;
  emit: (event: string, entities: Record<string, object>) => void;
  /** Paise before 18% GST. */
  fee: number;
  mode: ValidationMode;
  delayMs: number;
  outcomes: Record<string, ValidationOutcome>;
}

interface Rec extends ValidationRecord {
  seq: number;
  planned: ValidationOutcome;
  reversalId: string | null;
}

interface Rule<T> { remaining: number; value: T }

function takeRule<T>(rules: Rule<T>[]): T | null {
  const rule = rules.find((r) => r.remaining > 0);
  if (!rule) return null;
  rule.remaining -= 1;
  return rule.value;
}

const words = (name: string) => new Set(name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean));

/** 0-100: the pages define the ends (100 same name, 0 no match) but not the scale between; shared words here. */
export function nameMatchScore(given: string, registered: string | null): number | null {
  if (registered === null || registered === '') return null;
  const a = words(given);
  const b = words(registered);
  const common = [...a].filter((w) => b.has(w)).length;
  return Math.round((100 * common) / Math.max(a.size, b.size, 1));
}

export class ValidationStore {
  private readonly recs = new Map<string, Rec>();
  private readonly slowRules: Rule<number>[] = [];
  private readonly failRules: Rule<string | undefined>[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private seq = 0;
  readonly store: Store;
  readonly opts: ValidationStoreOptions;

  constructor(store: Store, opts: ValidationStoreOptions) {
    this.store = store;
    this.opts = opts;
  }

  private seconds(): number {
    return Math.floor(this.opts.now() / 1000);
  }

  fundAccountType(id: string): 'bank_account' | 'vpa' | null {
    return this.store.fundAccounts.get(id)?.account_type ?? null;
  }

  create(input: ValidationInput): FundAccountValidation {
    const fa = this.store.fundAccounts.get(input.fund_account_id);
    if (!fa) throw idNotFound('fund_account.id');
    const tax = Math.round(this.opts.fee * GST_RATE);
    const fees = this.opts.fee + tax;
    const charged = (input.amount ?? 0) + fees;
    if (this.store.balance < charged) {
      throw new ProviderError(400, 'BAD_REQUEST_ERROR', 'Your account does not have enough balance to carry out the fund account validation.', { reason: 'insufficient_funds' });
    }
    const validation: FundAccountValidation = {
      id: newId('fav'), entity: 'fund_account.validation', fund_account: structuredClone(fa), status: 'created', amount: input.amount,
      currency: input.currency, notes: input.notes, results: { account_status: null, registered_name: null }, created_at: this.seconds(), utr: null,
    };
    const rec: Rec = { validation, fees, tax, charged, refunded: 0, failureReason: null, seq: ++this.seq, planned: this.plan(fa), reversalId: null };
    this.recs.set(validation.id, rec);
    this.store.book(() => this.debitSource(rec), 0, charged);
    this.schedule(rec);
    return validation;
  }

  /** Fixed at create: a failNextValidation switch, else the script for this account number or VPA, else active. */
  private plan(fa: FundAccount): ValidationOutcome {
    const failing = this.failRules.find((r) => r.remaining > 0);
    if (failing) {
      failing.remaining -= 1;
      return { failed: true, reason: failing.value };
    }
    const key = fa.account_type === 'bank_account' ? fa.bank_account!.account_number : fa.vpa!.address;
    return this.opts.outcomes[key] ?? {};
  }

  private schedule(rec: Rec): void {
    const slowMs = takeRule(this.slowRules);
    if (slowMs !== null) return this.later(rec, slowMs);
    if (this.opts.mode === 'instant') return this.settle(rec);
    if (this.opts.mode === 'auto') this.later(rec, this.opts.delayMs);
  }

  private later(rec: Rec, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      try {
        this.settle(rec);
      } catch (err) {
        console.error('razorpay stand-in: a validation could not be settled', err);
      }
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** The bank's answer as planned; a validation a test already settled is left alone. */
  private settle(rec: Rec): void {
    if (rec.validation.status !== 'created') return;
    if (rec.planned.failed) this.fail(rec.validation.id, { reason: rec.planned.reason });
    else this.complete(rec.validation.id, rec.planned);
  }

  private created(id: string): Rec {
    const rec = this.record(id);
    if (rec.validation.status !== 'created') throw badRequest(`Validation ${id} is ${rec.validation.status}, not created.`);
    return rec;
  }

  complete(id: string, outcome: { accountStatus?: AccountStatus; registeredName?: string | null } = {}): FundAccountValidation {
    const rec = this.created(id);
    const v = rec.validation;
    const status = outcome.accountStatus ?? 'active';
    const name = outcome.registeredName !== undefined ? outcome.registeredName : status === 'active' ? this.holderName(v.fund_account).toUpperCase() : null;
    v.status = 'completed';
    v.results = { account_status: status, registered_name: name };
    // A UTR only for a penny that reached a bank account: the VPA samples have none (a stand-in reading).
    v.utr = v.fund_account.account_type === 'bank_account' && status === 'active' ? String(Math.floor(1e11 + Math.random() * 9e11)) : null;
    this.opts.emit('fund_account.validation.completed', { 'fund_account.validation': this.webhookView(v) });
    return v;
  }

  fail(id: string, opts: { reason?: string } = {}): FundAccountValidation {
    const rec = this.created(id);
    const v = rec.validation;
    v.status = 'failed';
    v.results = { account_status: '', registered_name: '' };
    v.utr = null;
    rec.failureReason = opts.reason ?? 'beneficiary_bank_technical_error';
    rec.refunded = rec.charged;
    rec.reversalId = newId('rvrsl');
    this.store.book(() => this.reversalSource(rec), rec.charged, 0);
    this.opts.emit('fund_account.validation.failed', { 'fund_account.validation': this.webhookView(v) });
    return v;
  }

  /** The name the bank would hold: the bank account's holder, or for a VPA the contact's name (the pages give no other). */
  private holderName(fa: FundAccount): string {
    if (fa.account_type === 'bank_account') return fa.bank_account!.name;
    return this.store.contacts.get(fa.contact_id)?.name ?? fa.vpa!.username;
  }

  /** The webhook samples' results carry details and name_match_score besides the API's two keys. */
  private webhookView(v: FundAccountValidation): object {
    const valid = v.status === 'completed' && v.results.account_status === 'active';
    const details = v.status !== 'completed' ? null : valid ? 'The beneficiary account is valid.' : 'The beneficiary account is invalid.';
    const score = v.status === 'completed' ? nameMatchScore(this.holderName(v.fund_account), v.results.registered_name) : null;
    return structuredClone({ ...v, results: { ...v.results, details, name_match_score: score } });
  }

  // The statement sources of a validation's debit and of its reversal are not on the pages; these follow the
  // payout's and the reversal's of api/x/transactions/entity.md.
  private debitSource(rec: Rec): Record<string, unknown> {
    const v = rec.validation;
    return {
      id: v.id, entity: 'fund_account.validation', fund_account_id: v.fund_account.id, amount: v.amount, notes: v.notes, fees: rec.fees,
      tax: rec.tax, status: v.status, utr: v.utr, created_at: v.created_at,
    };
  }

  private reversalSource(rec: Rec): Record<string, unknown> {
    return { id: rec.reversalId, entity: 'reversal', fund_account_validation_id: rec.validation.id, amount: rec.charged, fee: rec.fees, tax: rec.tax, currency: 'INR' };
  }

  record(id: string): Rec {
    const rec = this.recs.get(id);
    if (!rec) throw idNotFound('id');
    return rec;
  }

  get(id: string): FundAccountValidation {
    return this.record(id).validation;
  }

  /** Newest first, as the provider lists collections. */
  list(filter: { from: number | null; to: number | null }): FundAccountValidation[] {
    return [...this.recs.values()]
      .filter((r) => (filter.from === null || r.validation.created_at >= filter.from) && (filter.to === null || r.validation.created_at <= filter.to))
      .sort((a, b) => b.seq - a.seq)
      .map((r) => r.validation);
  }

  /** Oldest first, with the charge and any failure reason (the entity carries neither). */
  records(): ValidationRecord[] {
    return [...this.recs.values()].map(({ validation, fees, tax, charged, refunded, failureReason }) => ({ validation, fees, tax, charged, refunded, failureReason }));
  }

  slowNext(ms: number, times: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error('slowValidationNext needs ms >= 0');
    this.slowRules.push({ remaining: times, value: ms });
  }

  failNext(reason: string | undefined, times: number): void {
    this.failRules.push({ remaining: times, value: reason });
  }

  setOutcome(key: string, outcome: ValidationOutcome | null): void {
    if (outcome === null) delete this.opts.outcomes[key];
    else this.opts.outcomes[key] = outcome;
  }

  clearFaults(): void {
    this.slowRules.length = 0;
    this.failRules.length = 0;
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
