// RazorpayX's payout calls (api/x/**): contacts, fund accounts, payouts (with `X-Payout-Idempotency`), lookups and
// the account statement. Each call is one HTTP request through the connection's client; retries, rate limits and
// lookups after a lost answer belong to the activities that call these (docs/decisions.md, provider calls are activities).
import type { TransferMode } from '../../domain/payouts.ts';
import type { ProviderStatementLine } from '../../rails/provider.ts';
import type { RazorpayHttp } from './http.ts';
import { statementLineOf, type RazorpayPayout, type RazorpayTransaction } from './translate.ts';

export const IDEMPOTENCY_HEADER = 'X-Payout-Idempotency';
/** The provider's page size maximum for lists. */
export const MAX_PAGE = 100;

export interface RazorpayContact {
  id: string;
  name: string;
  reference_id?: string | null;
  active?: boolean;
}

export interface RazorpayFundAccount {
  id: string;
  contact_id: string;
  account_type: 'bank_account' | 'vpa' | string;
  active?: boolean;
}

interface Collection<T> {
  entity?: string;
  count: number;
  items: T[];
}

export interface ContactInput {
  name: string;
  email?: string | null;
  phone?: string | null;
  /** Our beneficiary id: the same details with it answer the existing contact. */
  beneficiaryId: string;
}

export type FundAccountInput =
  | { contactId: string; type: 'bank_account'; name: string; ifsc: string; accountNumber: string }
  | { contactId: string; type: 'vpa'; address: string };

export interface PayoutInput {
  /** Our payout id: the idempotency key and the reference, the same on every retry. */
  payoutId: string;
  /** The connection's RazorpayX account number (the money leaves it). */
  accountNumber: string;
  fundAccountId: string;
  amount: number;
  transferMode: TransferMode;
  narration?: string | null;
}

/** The body of the create-payout call, exactly as docs/api.md gives it; built only from the payout, so every retry sends the same. */
export function payoutRequestBody(input: PayoutInput): Record<string, unknown> {
  const body: Record<string, unknown> = {
    account_number: input.accountNumber,
    fund_account_id: input.fundAccountId,
    amount: input.amount,
    currency: 'INR',
    mode: input.transferMode.toUpperCase(),
    purpose: 'payout',
    queue_if_low_balance: false,
    reference_id: input.payoutId,
  };
  if (input.narration) body.narration = input.narration;
  return body;
}

export function contactRequestBody(input: ContactInput): Record<string, unknown> {
  const body: Record<string, unknown> = { name: input.name, reference_id: input.beneficiaryId };
  if (input.email) body.email = input.email;
  if (input.phone) body.contact = input.phone;
  return body;
}

export function fundAccountRequestBody(input: FundAccountInput): Record<string, unknown> {
  if (input.type === 'vpa') return { contact_id: input.contactId, account_type: 'vpa', vpa: { address: input.address } };
  return {
    contact_id: input.contactId,
    account_type: 'bank_account',
    bank_account: { name: input.name, ifsc: input.ifsc, account_number: input.accountNumber },
  };
}

/** A statement cursor: the time of the last line read and the ids read at that second (ids are not ordered). */
interface StatementCursor {
  at: number;
  ids: string[];
}

export function encodeStatementCursor(cursor: StatementCursor): string {
  return `${cursor.at}:${cursor.ids.join(',')}`;
}

export function decodeStatementCursor(cursor: string | null): StatementCursor | null {
  if (!cursor) return null;
  const match = /^(\d+):(.*)$/.exec(cursor);
  if (!match) throw new Error(`not a statement cursor: ${cursor}`);
  return { at: Number(match[1]), ids: match[2] ? match[2].split(',') : [] };
}

export interface StatementPage {
  /** Oldest first. */
  lines: ProviderStatementLine[];
  /** Where the next read starts; the given cursor when nothing new was read. */
  cursor: string | null;
}

export interface RazorpayPayoutsApi {
  createContact(input: ContactInput): Promise<RazorpayContact>;
  createFundAccount(input: FundAccountInput): Promise<RazorpayFundAccount>;
  createPayout(input: PayoutInput): Promise<RazorpayPayout>;
  fetchPayout(providerReference: string): Promise<RazorpayPayout>;
  /** The payout created with `reference_id` = our payout id, or null when the provider has none. */
  findPayoutByReference(accountNumber: string, payoutId: string): Promise<RazorpayPayout | null>;
  /** Every statement line after `cursor` (all of them when null), oldest first, and the cursor after them. */
  statementSince(accountNumber: string, cursor: string | null, options?: { maxPages?: number }): Promise<StatementPage>;
}

export function createPayoutsApi(http: RazorpayHttp): RazorpayPayoutsApi {
  return {
    createContact: (input) => http.post<RazorpayContact>('/v1/contacts', { body: contactRequestBody(input) }),
    createFundAccount: (input) => http.post<RazorpayFundAccount>('/v1/fund_accounts', { body: fundAccountRequestBody(input) }),
    createPayout: (input) =>
      http.post<RazorpayPayout>('/v1/payouts', { body: payoutRequestBody(input), headers: { [IDEMPOTENCY_HEADER]: input.payoutId } }),
    fetchPayout: (providerReference) => http.get<RazorpayPayout>(`/v1/payouts/${encodeURIComponent(providerReference)}`),
    async findPayoutByReference(accountNumber, payoutId) {
      const page = await http.get<Collection<RazorpayPayout>>('/v1/payouts', {
        query: { account_number: accountNumber, reference_id: payoutId, count: MAX_PAGE },
      });
      // The filter is the provider's; checking it again costs nothing and keeps a loose match from paying twice.
      const matches = page.items.filter((p) => p.reference_id === payoutId);
      if (matches.length > 1) throw new Error(`the provider has ${matches.length} payouts with reference_id ${payoutId}`);
      return matches[0] ?? null;
    },
    statementSince: (accountNumber, cursor, options) => statementSince(http, accountNumber, cursor, options?.maxPages ?? 1000),
  };
}

async function statementSince(http: RazorpayHttp, accountNumber: string, cursor: string | null, maxPages: number): Promise<StatementPage> {
  const from = decodeStatementCursor(cursor);
  const seen = new Set(from?.ids ?? []);
  const all: RazorpayTransaction[] = [];
  // The pages say nothing of the list's order, so the whole window from the cursor's second is read before sorting.
  for (let page = 0; ; page++) {
    if (page >= maxPages) throw new Error(`the statement since ${cursor ?? 'the start'} is longer than ${maxPages} pages`);
    const res = await http.get<Collection<RazorpayTransaction>>('/v1/transactions', {
      query: { account_number: accountNumber, from: from?.at, count: MAX_PAGE, skip: page * MAX_PAGE },
    });
    all.push(...res.items);
    if (res.items.length < MAX_PAGE) break;
  }
  // Lists come newest first; reversed, and sorted by second (a stable sort), lines of one second keep that order
  // unless their balances chain into another (balanceOrder).
  const unique = [...new Map(all.map((t) => [t.id, t])).values()].reverse();
  const fresh = balanceOrder(
    unique
      .filter((t) => !from || t.created_at > from.at || (t.created_at === from.at && !seen.has(t.id)))
      .sort((a, b) => a.created_at - b.created_at),
  );
  if (fresh.length === 0) return { lines: [], cursor };
  const lastAt = fresh[fresh.length - 1].created_at;
  const idsAtLast = fresh.filter((t) => t.created_at === lastAt).map((t) => t.id);
  const ids = from && from.at === lastAt ? [...from.ids, ...idsAtLast] : idsAtLast;
  return { lines: fresh.map(statementLineOf), cursor: encodeStatementCursor({ at: lastAt, ids }) };
}

/**
 * Lines of the same second put in the order their balances chain (each line's balance before it is the previous
 * line's balance after it), so the last line's balance is the account's balance at the cursor. Left as they are
 * when the chain is not unique (zero amounts, repeated balances).
 */
export function balanceOrder(lines: RazorpayTransaction[]): RazorpayTransaction[] {
  const out: RazorpayTransaction[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j < lines.length && lines[j].created_at === lines[i].created_at) j++;
    out.push(...chain(lines.slice(i, j)));
    i = j;
  }
  return out;
}

function chain(group: RazorpayTransaction[]): RazorpayTransaction[] {
  if (group.length < 2) return group;
  const before = (t: RazorpayTransaction) => t.balance - t.credit + t.debit;
  const starts = group.filter((t) => !group.some((o) => o !== t && o.balance === before(t)));
  if (starts.length !== 1) return group;
  const ordered = [starts[0]];
  const left = new Set(group.filter((t) => t !== starts[0]));
  while (left.size > 0) {
    const last = ordered[ordered.length - 1];
    const next = [...left].filter((t) => before(t) === last.balance);
    if (next.length !== 1) return group;
    ordered.push(next[0]);
    left.delete(next[0]);
  }
  return ordered;
}
