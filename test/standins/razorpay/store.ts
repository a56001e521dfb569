// The in-memory RazorpayX account behind one stand-in: contacts, fund accounts, payouts, the account statement
// and the balance, and every payout state change with the webhook event it raises.
//
// Sources (razorpay/markdown-docs):
// - api/x/contacts/create.md: a contact whose name, email, contact, type and reference_id all match an existing one
//   is answered with the existing contact.
// - api/x/fund-accounts/create/bank-account.md, vpa.md: the same for contact_id + name + ifsc + account_number
//   (bank) and contact_id + address (vpa); fund accounts are never edited; bank_name comes from the IFSC; a VPA is
//   split into username and handle; an unknown contact_id is "The id provided does not exist".
// - api/x/payouts/create/*.md, api/x/payout-idempotency/make-request.md, errors/x.md: X-Payout-Idempotency; the
//   same key with the same body answers the payout as it is now, with another body "Different request body sent
//   for the same Idempotency Header."; queue_if_low_balance false (the default) refuses a payout the balance cannot
//   cover (api/x/error-codes.md: reason insufficient_funds), true queues it with status_details low_balance.
// - api/x/payouts/*.md, webhooks/payouts.md: fees and tax are 0 until the payout is processing; `fees` includes the
//   `tax` (the samples: fees 590 with tax 90, 1062 with 162, 118 with 18, i.e. a fee plus 18% GST). The stand-in
//   charges a flat fee per mode (FeeRule, defaults below) plus 18% GST as `tax`, and reports fees = fee + tax.
// - webhooks/transactions.md: a payout's statement entry debits amount + fees (amount 218 = payout 100 + fees 118),
//   a deposit is a credit whose source is a `bank_transfer`; each entry carries the balance after it.
// - x/payouts/states-life-cycle.md: pending → queued | processing | rejected; queued → processing (funds added) |
//   cancelled; processing → processed | reversed | failed; processed → reversed; a reversal credits the payout
//   amount including fees and tax. api/x/payouts/cancel.md: only a queued payout can be cancelled.
// - errors/x/payout-status-details.md: status_details {description, source, reason} per state (low_balance,
//   payout_processed, partner_bank_pending, and the failure reasons a test passes in).
// - webhooks/payouts.md: payout.pending, .rejected, .queued, .initiated (entered processing), .processed,
//   .updated (e.g. the UTR arrived), .reversed, .failed. webhooks/transactions.md: transaction.created for payouts
//   and added funds (documented for RazorpayX Lite; the stand-in plays a Lite account and always sends it).
import { randomBytes } from 'node:crypto';
import { ProviderError, badRequest, idNotFound } from './errors.ts';
import type { ContactInput, FundAccountInput, PayoutInput, PayoutMode } from './validate.ts';

export type PayoutStatus = 'pending' | 'queued' | 'processing' | 'processed' | 'reversed' | 'failed' | 'rejected' | 'cancelled';

export interface StatusDetails {
  source: 'gateway' | 'beneficiary_bank' | 'business' | 'internal';
  reason: string;
  description: string;
}

/** Flat fee per mode in paise, before the 18% GST. */
export type FeeRule = Partial<Record<PayoutMode, number>>;
export const DEFAULT_FEES: Record<PayoutMode, number> = { IMPS: 900, NEFT: 500, RTGS: 1500, UPI: 100 };
export const GST_RATE = 0.18;

export interface Contact {
  id: string; entity: 'contact'; name: string; contact: string | null; email: string | null; type: string | null;
  reference_id: string | null; batch_id: null; active: true; notes: Record<string, string>; created_at: number;
}
export type FundAccount = {
  id: string; entity: 'fund_account'; contact_id: string; account_type: 'bank_account' | 'vpa'; active: true;
  batch_id: null; created_at: number;
  bank_account?: { ifsc: string; bank_name: string; name: string; account_number: string; notes: [] };
  vpa?: { username: string; handle: string; address: string };
};
export interface Payout {
  id: string; entity: 'payout'; fund_account_id: string; amount: number; currency: 'INR'; notes: Record<string, string>;
  fees: number; tax: number; status: PayoutStatus; purpose: string; utr: string | null; mode: PayoutMode;
  reference_id: string | null; narration: string | null; batch_id: null; status_details: StatusDetails | null;
  created_at: number; fee_type: string; debit_account_number: string;
}
export interface Transaction {
  id: string; entity: 'transaction'; account_number: string; amount: number; currency: 'INR'; credit: number;
  debit: number; balance: number; source: Record<string, unknown>; created_at: number;
}

type TxnSource =
  | { kind: 'payout'; payoutId: string }
  | { kind: 'reversal'; id: string; payoutId: string; amount: number; fees: number; tax: number }
  | { kind: 'adjustment'; id: string; amount: number; description: string }
  | { kind: 'bank_transfer'; id: string; amount: number; payer_name: string; payer_account: string; payer_ifsc: string; mode: string; bank_reference: string }
  | { kind: 'other'; render: () => Record<string, unknown> };
interface TxnRow { id: string; seq: number; amount: number; credit: number; debit: number; balance: number; source: TxnSource; created_at: number }

export type EmitEvent = (event: string, contains: 'payout' | 'transaction', entity: object) => void;

export interface StoreOptions {
  accountNumber: string;
  fees?: FeeRule;
  approvalWorkflow?: boolean;
  /** A payout that starts processing is processed at once (payout.processed follows its create's answer). */
  processOnCreate?: boolean;
  now: () => number;
  emit: EmitEvent;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export function newId(prefix: string): string {
  const bytes = randomBytes(14);
  let s = '';
  for (const b of bytes) s += BASE62[b % 62];
  return `${prefix}_${s}`;
}

const BANKS: Record<string, string> = {
  HDFC: 'HDFC Bank', ICIC: 'ICICI Bank', SBIN: 'State Bank of India', UTIB: 'Axis Bank', KKBK: 'Kotak Mahindra Bank',
  YESB: 'Yes Bank', RATN: 'RBL Bank', PUNB: 'Punjab National Bank', BARB: 'Bank of Baroda', IDFB: 'IDFC First Bank',
};

const DETAILS = {
  pending: { source: 'business', reason: 'pending_approval', description: 'Workflow for the payout is pending approval from the approver(s).' },
  queued: { source: 'business', reason: 'low_balance', description: 'Payout is queued as there is insufficient balance in your account to process the payout.' },
  processing: { source: 'internal', reason: 'partner_bank_pending', description: 'Payout is being processed by our partner bank. Please check the final status after some time.' },
  processed: { source: 'beneficiary_bank', reason: 'payout_processed', description: "Payout is processed and the money has been credited into the beneficiary's account." },
  rejected: { source: 'business', reason: 'payout_rejected', description: 'Payout was rejected by an approver.' },
  cancelled: { source: 'business', reason: 'payout_cancelled', description: 'Payout was cancelled by the business.' },
  reversed: { source: 'beneficiary_bank', reason: 'beneficiary_bank_rejected', description: 'Payout rejected by the beneficiary bank. Please contact the beneficiary bank.' },
  failed: { source: 'beneficiary_bank', reason: 'bank_account_invalid', description: 'Payout failed due to invalid beneficiary account details.' },
} satisfies Record<PayoutStatus, StatusDetails>;

/** The transitions x/payouts/states-life-cycle.md allows; anything else is refused. */
const ALLOWED: Record<PayoutStatus, readonly PayoutStatus[]> = {
  pending: ['queued', 'processing', 'rejected', 'failed'],
  queued: ['processing', 'cancelled', 'failed'],
  processing: ['processed', 'reversed', 'failed'],
  processed: ['reversed'],
  reversed: [],
  failed: [],
  rejected: [],
  cancelled: [],
};

const EVENT_FOR: Partial<Record<PayoutStatus, string>> = {
  pending: 'payout.pending', queued: 'payout.queued', processing: 'payout.initiated', processed: 'payout.processed',
  reversed: 'payout.reversed', failed: 'payout.failed', rejected: 'payout.rejected',
};

export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export class Store {
  readonly contacts = new Map<string, Contact>();
  readonly fundAccounts = new Map<string, FundAccount>();
  readonly payouts = new Map<string, Payout>();
  private readonly payoutSeq = new Map<string, number>();
  private readonly txns: TxnRow[] = [];
  private readonly idempotency = new Map<string, { body: string; payoutId: string }>();
  private seq = 0;
  balance = 0;
  private readonly opts: StoreOptions;
  private readonly fees: Record<PayoutMode, number>;

  constructor(opts: StoreOptions) {
    this.opts = opts;
    this.fees = { ...DEFAULT_FEES, ...opts.fees };
  }

  private seconds(): number {
    return Math.floor(this.opts.now() / 1000);
  }

  createContact(input: ContactInput): { contact: Contact; created: boolean } {
    for (const c of this.contacts.values()) {
      if (c.name === input.name && c.email === input.email && c.contact === input.contact && c.type === input.type && c.reference_id === input.reference_id) {
        return { contact: c, created: false };
      }
    }
    const contact: Contact = {
      id: newId('cont'), entity: 'contact', name: input.name, contact: input.contact, email: input.email, type: input.type,
      reference_id: input.reference_id, batch_id: null, active: true, notes: input.notes, created_at: this.seconds(),
    };
    this.contacts.set(contact.id, contact);
    return { contact, created: true };
  }

  createFundAccount(input: FundAccountInput): { fundAccount: FundAccount; created: boolean } {
    if (!this.contacts.has(input.contact_id)) throw idNotFound('contact_id');
    for (const fa of this.fundAccounts.values()) {
      if (fa.contact_id !== input.contact_id || fa.account_type !== input.account_type) continue;
      const same = input.account_type === 'bank_account'
        ? fa.bank_account!.name === input.bank_account.name && fa.bank_account!.ifsc === input.bank_account.ifsc && fa.bank_account!.account_number === input.bank_account.account_number
        : fa.vpa!.address === input.vpa.address;
      if (same) return { fundAccount: fa, created: false };
    }
    const fundAccount: FundAccount = {
      id: newId('fa'), entity: 'fund_account', contact_id: input.contact_id, account_type: input.account_type, active: true,
      batch_id: null, created_at: this.seconds(),
    };
    if (input.account_type === 'bank_account') {
      const ifsc = input.bank_account.ifsc.toUpperCase();
      fundAccount.bank_account = { ifsc, bank_name: BANKS[ifsc.slice(0, 4)] ?? ifsc.slice(0, 4), name: input.bank_account.name, account_number: input.bank_account.account_number, notes: [] };
    } else {
      const [username, handle] = input.vpa.address.split('@');
      fundAccount.vpa = { username, handle, address: input.vpa.address };
    }
    this.fundAccounts.set(fundAccount.id, fundAccount);
    return { fundAccount, created: true };
  }

  /**
   * The idempotency check the provider runs before anything else: a known key answers its payout as it is now
   * (or refuses another body); an unknown key returns null and the caller creates the payout.
   */
  replay(key: string, body: unknown): Payout | null {
    const known = this.idempotency.get(key);
    if (!known) return null;
    if (known.body !== canonical(body)) {
      throw badRequest('Different request body sent for the same Idempotency Header.', 'X-Payout-Idempotency');
    }
    return this.payouts.get(known.payoutId)!;
  }

  createPayout(key: string, body: unknown, input: PayoutInput): Payout {
    if (input.account_number !== this.opts.accountNumber) throw badRequest('The account number is invalid.', 'account_number');
    const fa = this.fundAccounts.get(input.fund_account_id);
    if (!fa) throw idNotFound('fund_account_id');
    const allowed: readonly PayoutMode[] = fa.account_type === 'vpa' ? ['UPI'] : ['NEFT', 'RTGS', 'IMPS'];
    if (!allowed.includes(input.mode)) {
      throw badRequest(`Invalid combination of payout mode (${input.mode}) and beneficiary account type (${fa.account_type})`, 'mode');
    }
    const payout: Payout = {
      id: newId('pout'), entity: 'payout', fund_account_id: fa.id, amount: input.amount, currency: 'INR', notes: input.notes,
      fees: 0, tax: 0, status: 'pending', purpose: input.purpose, utr: null, mode: input.mode, reference_id: input.reference_id,
      narration: input.narration, batch_id: null, status_details: null, created_at: this.seconds(), fee_type: '',
      debit_account_number: this.opts.accountNumber,
    };
    if (this.opts.approvalWorkflow) {
      this.register(key, body, payout);
      this.move(payout, 'pending');
      return payout;
    }
    const cost = this.cost(payout);
    if (this.balance < cost.amount + cost.fees && !input.queue_if_low_balance) {
      throw new ProviderError(400, 'BAD_REQUEST_ERROR', 'Your account does not have enough balance to carry out the payout operation.', { reason: 'insufficient_funds', field: null });
    }
    this.register(key, body, payout);
    this.admit(payout);
    if (this.opts.processOnCreate && payout.status === 'processing') this.process(payout.id);
    return payout;
  }

  private register(key: string, body: unknown, payout: Payout): void {
    this.payouts.set(payout.id, payout);
    this.payoutSeq.set(payout.id, ++this.seq);
    this.idempotency.set(key, { body: canonical(body), payoutId: payout.id });
  }

  private cost(p: Payout): { amount: number; fees: number; tax: number } {
    const fee = this.fees[p.mode];
    const tax = Math.round(fee * GST_RATE);
    return { amount: p.amount, fees: fee + tax, tax };
  }

  /** Debit and start processing when the balance covers it, else queue (the caller has checked queueing is allowed). */
  private admit(p: Payout): void {
    const cost = this.cost(p);
    if (this.balance >= cost.amount + cost.fees) {
      p.fees = cost.fees;
      p.tax = cost.tax;
      this.move(p, 'processing');
      this.addTxn({ kind: 'payout', payoutId: p.id }, 0, p.amount + p.fees);
    } else {
      this.move(p, 'queued');
    }
  }

  private move(p: Payout, to: PayoutStatus, details?: StatusDetails): void {
    if (p.status !== to && !ALLOWED[p.status].includes(to)) {
      throw badRequest(`Payout ${p.id} cannot move from ${p.status} to ${to}.`);
    }
    p.status = to;
    p.status_details = details ?? DETAILS[to];
    const event = EVENT_FOR[to];
    if (event) this.opts.emit(event, 'payout', structuredClone(p));
  }

  private addTxn(source: TxnSource, credit: number, debit: number): TxnRow {
    this.balance += credit - debit;
    const row: TxnRow = { id: newId('txn'), seq: ++this.seq, amount: credit || debit, credit, debit, balance: this.balance, source, created_at: this.seconds() };
    this.txns.push(row);
    if (source.kind === 'payout' || source.kind === 'bank_transfer') this.opts.emit('transaction.created', 'transaction', this.renderTxn(row));
    return row;
  }

  deposit(amount: number, from: { payerName?: string; payerAccount?: string; payerIfsc?: string; mode?: string; bankReference?: string } = {}): Transaction {
    if (!Number.isInteger(amount) || amount <= 0) throw badRequest('A deposit must be a positive integer amount of paise.');
    const row = this.addTxn({
      kind: 'bank_transfer', id: newId('bt'), amount, payer_name: from.payerName ?? 'Acme Treasury', payer_account: from.payerAccount ?? '6543266545411243',
      payer_ifsc: from.payerIfsc ?? 'UTIB0000002', mode: from.mode ?? 'NEFT', bank_reference: from.bankReference ?? newId('AXIR').replace('_', ''),
    }, amount, 0);
    this.drainQueue();
    return this.renderTxn(row);
  }

  /**
   * Money credited to another account of the same business at the provider (webhooks/transactions.md: the event
   * carries the `account_number` it credited): transaction.created is sent to the one webhook URL, but the line is
   * that other account's, so this account's statement and balance do not change.
   */
  depositToOtherAccount(amount: number, accountNumber: string): Transaction {
    if (!Number.isInteger(amount) || amount <= 0) throw badRequest('A deposit must be a positive integer amount of paise.');
    if (accountNumber === this.opts.accountNumber) throw badRequest('That is this account: use deposit.');
    const id = newId('bt');
    const txn: Transaction = {
      id: newId('txn'), entity: 'transaction', account_number: accountNumber, amount, currency: 'INR', credit: amount, debit: 0, balance: amount,
      source: { id, entity: 'bank_transfer', amount, payer_name: 'Acme Treasury', payer_account: '6543266545411243', payer_ifsc: 'UTIB0000002', mode: 'NEFT', bank_reference: newId('AXIR').replace('_', '') },
      created_at: this.seconds(),
    };
    this.opts.emit('transaction.created', 'transaction', txn);
    return txn;
  }

  /**
   * A statement entry no payout or deposit explains (not on the pages: a test's way to plant a difference
   * between the provider's balance and ours). Positive credits, negative debits; no webhook.
   */
  adjust(amount: number, description: string): Transaction {
    if (!Number.isInteger(amount) || amount === 0) throw badRequest('An adjustment must be a non-zero integer amount of paise.');
    const row = this.addTxn({ kind: 'adjustment', id: newId('adj'), amount: Math.abs(amount), description }, Math.max(amount, 0), Math.max(-amount, 0));
    if (amount > 0) this.drainQueue();
    return this.renderTxn(row);
  }

  /**
   * A statement entry made by another product of the account (fund account validations, validation-store.ts), whose
   * source that product renders as it is now. No transaction.created: webhooks/transactions.md sends it for payouts
   * and added funds only. A credit lets queued payouts start, as a deposit does.
   */
  book(render: () => Record<string, unknown>, credit: number, debit: number): Transaction {
    const row = this.addTxn({ kind: 'other', render }, credit, debit);
    if (credit > 0) this.drainQueue();
    return this.renderTxn(row);
  }

  /** Queued payouts go to processing, oldest first, while the balance covers them (x/payouts/states-life-cycle.md). */
  private drainQueue(): void {
    const queued = [...this.payouts.values()].filter((p) => p.status === 'queued').sort((a, b) => this.payoutSeq.get(a.id)! - this.payoutSeq.get(b.id)!);
    for (const p of queued) {
      const cost = this.cost(p);
      if (this.balance < cost.amount + cost.fees) break;
      this.admit(p);
    }
  }

  payout(id: string): Payout {
    const p = this.payouts.get(id);
    if (!p) throw idNotFound('id');
    return p;
  }

  approve(id: string): Payout {
    const p = this.payout(id);
    if (p.status !== 'pending') throw badRequest('Payout is not in pending state and cannot be approved or rejected.');
    const cost = this.cost(p);
    if (this.balance < cost.amount + cost.fees) this.move(p, 'queued');
    else this.admit(p);
    return p;
  }

  reject(id: string, details?: StatusDetails): Payout {
    const p = this.payout(id);
    if (p.status !== 'pending') throw badRequest('Payout is not in pending state and cannot be approved or rejected.');
    this.move(p, 'rejected', details);
    return p;
  }

  cancel(id: string): Payout {
    const p = this.payout(id);
    if (p.status !== 'queued') throw badRequest('Only queued payouts can be cancelled.', 'id');
    this.move(p, 'cancelled');
    return p;
  }

  /** `utr` null: processed before the bank's UTR is known (it comes later with payout.updated, webhooks/payouts.md). */
  process(id: string, utr?: string | null): Payout {
    const p = this.payout(id);
    if (p.status !== 'processing') throw badRequest(`Payout ${id} is ${p.status}, not processing.`);
    p.utr = utr === null ? null : (utr ?? p.utr ?? String(Math.floor(1e11 + Math.random() * 9e11)));
    this.move(p, 'processed');
    return p;
  }

  /** The UTR reaching the payout after the fact: a payout.updated event (webhooks/payouts.md). */
  setUtr(id: string, utr: string): Payout {
    const p = this.payout(id);
    p.utr = utr;
    this.opts.emit('payout.updated', 'payout', structuredClone(p));
    return p;
  }

  reverse(id: string, details?: StatusDetails): Payout {
    const p = this.payout(id);
    if (!ALLOWED[p.status].includes('reversed')) throw badRequest(`Payout ${id} is ${p.status} and cannot be reversed.`);
    this.refundDebit(p);
    this.move(p, 'reversed', details);
    return p;
  }

  /** failed from processing returns the debit too: the page says money debited for a failed payout comes back. */
  fail(id: string, details?: StatusDetails): Payout {
    const p = this.payout(id);
    if (!ALLOWED[p.status].includes('failed')) throw badRequest(`Payout ${id} is ${p.status} and cannot fail.`);
    this.refundDebit(p);
    this.move(p, 'failed', details);
    return p;
  }

  private refundDebit(p: Payout): void {
    const debited = this.txns.some((t) => t.source.kind === 'payout' && t.source.payoutId === p.id);
    if (!debited) return;
    this.addTxn({ kind: 'reversal', id: newId('rvrsl'), payoutId: p.id, amount: p.amount + p.fees, fees: p.fees, tax: p.tax }, p.amount + p.fees, 0);
  }

  /** Newest first, as the provider lists collections. */
  listPayouts(filter: { reference_id?: string | null; status?: string | null; fund_account_id?: string | null; contact_id?: string | null; mode?: string | null; from: number | null; to: number | null }): Payout[] {
    return [...this.payouts.values()]
      .filter((p) => (filter.reference_id == null || p.reference_id === filter.reference_id)
        && (filter.status == null || p.status === filter.status)
        && (filter.fund_account_id == null || p.fund_account_id === filter.fund_account_id)
        && (filter.contact_id == null || this.fundAccounts.get(p.fund_account_id)?.contact_id === filter.contact_id)
        && (filter.mode == null || p.mode === filter.mode)
        && (filter.from === null || p.created_at >= filter.from)
        && (filter.to === null || p.created_at <= filter.to))
      .sort((a, b) => this.payoutSeq.get(b.id)! - this.payoutSeq.get(a.id)!);
  }

  listTransactions(filter: { from: number | null; to: number | null }): Transaction[] {
    return this.txns
      .filter((t) => (filter.from === null || t.created_at >= filter.from) && (filter.to === null || t.created_at <= filter.to))
      .sort((a, b) => b.seq - a.seq)
      .map((t) => this.renderTxn(t));
  }

  transaction(id: string): Transaction {
    const row = this.txns.find((t) => t.id === id);
    if (!row) throw idNotFound('id');
    return this.renderTxn(row);
  }

  private renderTxn(row: TxnRow): Transaction {
    return {
      id: row.id, entity: 'transaction', account_number: this.opts.accountNumber, amount: row.amount, currency: 'INR',
      credit: row.credit, debit: row.debit, balance: row.balance, source: this.renderSource(row.source), created_at: row.created_at,
    };
  }

  private renderSource(s: TxnSource): Record<string, unknown> {
    switch (s.kind) {
      case 'payout': {
        const p = this.payouts.get(s.payoutId)!;
        return {
          id: p.id, entity: 'payout', fund_account_id: p.fund_account_id, amount: p.amount, notes: p.notes, fees: p.fees, tax: p.tax,
          status: p.status, utr: p.utr, mode: p.mode, created_at: p.created_at, fee_type: null,
        };
      }
      case 'reversal':
        return { id: s.id, entity: 'reversal', payout_id: s.payoutId, amount: s.amount, fee: s.fees, tax: s.tax, currency: 'INR' };
      case 'adjustment':
        return { id: s.id, entity: 'adjustment', amount: s.amount, description: s.description, currency: 'INR' };
      case 'bank_transfer':
        return {
          id: s.id, entity: 'bank_transfer', payer_name: s.payer_name, payer_account: s.payer_account, payer_ifsc: s.payer_ifsc,
          mode: s.mode, bank_reference: s.bank_reference, amount: s.amount,
        };
      case 'other':
        return s.render();
      default:
        return s satisfies never;
    }
  }
}
