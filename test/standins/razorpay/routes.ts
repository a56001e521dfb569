// The RazorpayX endpoints the stand-in answers, under /v1.
//
// Sources (razorpay/markdown-docs):
// - api/x/contacts.md, api/x/contacts/create.md, api/x/contacts/fetch-with-id.md: POST /v1/contacts,
//   GET /v1/contacts/:id.
// - api/x/fund-accounts.md, api/x/fund-accounts/create/*.md, fetch-with-id.md: POST /v1/fund_accounts,
//   GET /v1/fund_accounts/:id.
// - api/x/payouts.md, api/x/payouts/create/*.md, fetch-with-id.md, fetch-all.md (account_number mandatory;
//   contact_id, fund_account_id, mode, reference_id, status, from, to, count, skip), cancel.md:
//   POST /v1/payouts, GET /v1/payouts/:id, GET /v1/payouts, POST /v1/payouts/:id/cancel.
// - api/x/payout-idempotency/make-request.md: X-Payout-Idempotency mandatory on create, 4-36 characters of
//   letters, digits, hyphen, underscore and space; missing: "Idempotency key is missing. Include idempotency
//   header and key in the request." on field X-Payout-Idempotency.
// - api/x/transactions.md, api/x/transactions/fetch-all.md (account_number mandatory; from, to, count, skip),
//   fetch-with-id.md: GET /v1/transactions, GET /v1/transactions/:id.
// - Collections are {entity: "collection", count, items} (fetch-all pages).
// Not on the pages: the HTTP status of a create. The stand-in answers 201 for a new contact or fund account, 200
// when the existing one is returned, and 200 for a payout; a caller should accept any 2xx.
import { badRequest, requiredField, urlNotFound } from './errors.ts';
import type { Store } from './store.ts';
import { validateContact, validateFundAccount, validateListQuery, validatePayout } from './validate.ts';
import type { Json } from './validate.ts';

export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  header: (name: string) => string | undefined;
  body: Json | undefined;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
  resourceId: string | null;
}

export interface RouteConfig {
  accountNumber: string;
  purposes: readonly string[];
  contactTypes: readonly string[];
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_\- ]{4,36}$/;

const ok = (body: { id?: string } & object, status = 200): ApiAnswer => ({ status, body, resourceId: body.id ?? null });
const collection = (items: unknown[]) => ({ entity: 'collection', count: items.length, items });

function checkAccount(req: ApiRequest, cfg: RouteConfig): void {
  const account = req.query.get('account_number');
  if (account === null || account === '') throw requiredField('account_number', 'account number');
  if (account !== cfg.accountNumber) throw badRequest('The account number is invalid.', 'account_number');
}

function createPayout(store: Store, cfg: RouteConfig, req: ApiRequest): ApiAnswer {
  const key = req.header('x-payout-idempotency');
  if (key === undefined || key === '') {
    throw badRequest('Idempotency key is missing. Include idempotency header and key in the request.', 'X-Payout-Idempotency');
  }
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw badRequest('The idempotency key must be 4 to 36 characters of letters, digits, hyphens, underscores and spaces.', 'X-Payout-Idempotency');
  }
  const replayed = store.replay(key, req.body);
  if (replayed) return ok(replayed);
  return ok(store.createPayout(key, req.body, validatePayout(req.body, cfg.purposes)));
}

function listPayouts(store: Store, cfg: RouteConfig, req: ApiRequest): ApiAnswer {
  const page = validateListQuery(req.query, ['account_number', 'contact_id', 'fund_account_id', 'mode', 'reference_id', 'status']);
  checkAccount(req, cfg);
  const q = (name: string) => req.query.get(name);
  const items = store.listPayouts({
    reference_id: q('reference_id'), status: q('status'), fund_account_id: q('fund_account_id'), contact_id: q('contact_id'),
    mode: q('mode'), from: page.from, to: page.to,
  });
  return { status: 200, body: collection(items.slice(page.skip, page.skip + page.count)), resourceId: null };
}

function listTransactions(store: Store, cfg: RouteConfig, req: ApiRequest): ApiAnswer {
  const page = validateListQuery(req.query, ['account_number']);
  checkAccount(req, cfg);
  const items = store.listTransactions({ from: page.from, to: page.to });
  return { status: 200, body: collection(items.slice(page.skip, page.skip + page.count)), resourceId: null };
}

/** Routes one authenticated /v1 request; refusals are thrown as ProviderError. */
export function route(store: Store, cfg: RouteConfig, req: ApiRequest): ApiAnswer {
  const parts = req.path.split('/').filter(Boolean);
  if (parts[0] !== 'v1' || parts.length < 2) throw urlNotFound();
  const [, resource, id, action] = parts;
  const m = req.method;
  if (resource === 'contacts' && m === 'POST' && id === undefined) {
    const { contact, created } = store.createContact(validateContact(req.body, cfg.contactTypes));
    return ok(contact, created ? 201 : 200);
  }
  if (resource === 'contacts' && m === 'GET' && id !== undefined && action === undefined) {
    const c = store.contacts.get(id);
    if (!c) throw badRequest('The id provided does not exist', 'id');
    return ok(c);
  }
  if (resource === 'fund_accounts' && m === 'POST' && id === undefined) {
    const { fundAccount, created } = store.createFundAccount(validateFundAccount(req.body));
    return ok(fundAccount, created ? 201 : 200);
  }
  if (resource === 'fund_accounts' && m === 'GET' && id !== undefined && action === undefined) {
    const fa = store.fundAccounts.get(id);
    if (!fa) throw badRequest('The id provided does not exist', 'id');
    return ok(fa);
  }
  if (resource === 'payouts' && id === undefined) {
    if (m === 'POST') return createPayout(store, cfg, req);
    if (m === 'GET') return listPayouts(store, cfg, req);
  }
  if (resource === 'payouts' && id !== undefined) {
    if (m === 'GET' && action === undefined) return ok(store.payout(id));
    if (m === 'POST' && action === 'cancel' && parts.length === 4) return ok(store.cancel(id));
  }
  if (resource === 'transactions' && m === 'GET' && action === undefined) {
    return id === undefined ? listTransactions(store, cfg, req) : ok(store.transaction(id));
  }
  throw urlNotFound();
}
