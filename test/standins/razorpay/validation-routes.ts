// The RazorpayX Fund Account Validation endpoints the stand-in answers, under /v1 (behind the same auth, IP
// allow-list, feature switch, faults and request log as the rest).
//
// Sources (razorpay/markdown-docs):
// - api/x/account-validation.md (the endpoint list), api/x/account-validation/bank-account.md and the web page
//   api/x/account-validation/vpa: POST /v1/fund_accounts/validations.
// - api/x/account-validation/fetch-transactions-with-id.md: GET /v1/fund_accounts/validations/:id.
// - api/x/account-validation/fetch-all-transactions.md: GET /v1/fund_accounts/validations?account_number= (mandatory;
//   from, to, count, skip), a collection.
// - x/dashboard/allowlist-ip.md: the IP allow-list covers "Fund Account Validation requests" (index.ts applies it to
//   everything under /v1/fund_accounts).
// Not on the pages: the HTTP status of a create; the stand-in answers 200, as for a payout. Nothing on the pages makes
// a create idempotent (no header, no reference_id in this API): a repeated create is a new validation, charged again.
import { requiredField, urlNotFound, badRequest } from './errors.ts';
import type { ApiAnswer, ApiRequest } from './routes.ts';
import { validateListQuery } from './validate.ts';
import type { ValidationStore } from './validation-store.ts';
import { validateValidation } from './validation-validate.ts';

const BASE = '/v1/fund_accounts/validations';

function list(fav: ValidationStore, accountNumber: string, req: ApiRequest): ApiAnswer {
  const page = validateListQuery(req.query, ['account_number']);
  const account = req.query.get('account_number');
  if (account === null || account === '') throw requiredField('account_number', 'account number');
  if (account !== accountNumber) throw badRequest('The account number is invalid.', 'account_number');
  const items = fav.list({ from: page.from, to: page.to }).slice(page.skip, page.skip + page.count);
  return { status: 200, body: { entity: 'collection', count: items.length, items }, resourceId: null };
}

/** Routes one authenticated validation request; null when the path is not under /v1/fund_accounts/validations. */
export function validationRoute(fav: ValidationStore, req: ApiRequest, accountNumber: string): ApiAnswer | null {
  if (req.path !== BASE && !req.path.startsWith(`${BASE}/`)) return null;
  const rest = req.path.slice(BASE.length).split('/').filter(Boolean);
  if (rest.length === 0 && req.method === 'POST') {
    const input = validateValidation(req.body, { accountNumber, fundAccountType: (id) => fav.fundAccountType(id) });
    const v = fav.create(input);
    return { status: 200, body: v, resourceId: v.id };
  }
  if (rest.length === 0 && req.method === 'GET') return list(fav, accountNumber, req);
  if (rest.length === 1 && req.method === 'GET') {
    const v = fav.get(rest[0]);
    return { status: 200, body: v, resourceId: v.id };
  }
  throw urlNotFound();
}
