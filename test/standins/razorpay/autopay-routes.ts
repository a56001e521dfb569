// The UPI AutoPay endpoints the stand-in answers, under /v1 (behind the same auth, faults and request log as the
// rest), and POST /v1/orders for every kind of order (an authorisation order and a debit order are orders too).
//
// Sources (razorpay/markdown-docs):
// - api/customers/create.md, fetch-with-id.md: POST /v1/customers (200, the existing customer with fail_existing
//   "0"), GET /v1/customers/:id ("<id> is not a valid id").
// - payments/payment-gateway/s2s-integration/recurring-payments/upi-intent/authorization-transaction.md: POST
//   /v1/orders (method upi, token), POST /v1/payments/create/upi with `recurring` → {razorpay_payment_id, link}.
// - .../upi-intent/tokens.md, api/payments/recurring-payments/upi/tokens.md: GET /v1/customers/:id/tokens,
//   DELETE /v1/customers/:customer_id/tokens/:token_id, PUT /v1/customers/:customer_id/tokens/:token_id/cancel;
//   api/payments/recurring-payments/cards/tokens.md: GET /v1/customers/:customer_id/tokens/:token_id.
// - .../upi-intent/subsequent-payments.md, api/payments/recurring-payments/upi/create-subsequent-payments.md: POST
//   /v1/orders with payment_capture and notification, POST /v1/payments/create/recurring.
// The behaviour behind each is in autopay-store.ts; the validation in autopay-validate.ts and pg-validate.ts.
import type { AutopayStore } from './autopay-store.ts';
import { validateAuthPayment, validateCustomer, validateDebit } from './autopay-validate.ts';
import { validateOrder } from './pg-validate.ts';
import type { ApiAnswer, ApiRequest } from './routes.ts';
import { MANDATE_MAX_AMOUNT } from './autopay-validate.ts';

const ok = (body: { id?: string } & object, resourceId: string | null = body.id ?? null): ApiAnswer => ({ status: 200, body, resourceId });

function customerRoutes(ap: AutopayStore, req: ApiRequest, parts: string[]): ApiAnswer | null {
  const [, , id, sub, tokenId, action, more] = parts;
  const m = req.method;
  if (more !== undefined) return null;
  if (id === undefined) return m === 'POST' ? ok(ap.createCustomer(validateCustomer(req.body))) : null;
  if (sub === undefined) return m === 'GET' ? ok(ap.customer(id)) : null;
  if (sub !== 'tokens') return null;
  if (tokenId === undefined) {
    if (m !== 'GET') return null;
    const items = ap.listTokens(id);
    return { status: 200, body: { entity: 'collection', count: items.length, items }, resourceId: null };
  }
  if (action === undefined && m === 'GET') return ok(ap.customerToken(id, tokenId).token);
  if (action === undefined && m === 'DELETE') return ok(ap.deleteToken(id, tokenId), tokenId);
  if (action === 'cancel' && m === 'PUT') return ok(ap.cancelByBusiness(id, tokenId), tokenId);
  return null;
}

function isRecurringAuthorisation(req: ApiRequest): boolean {
  const b = req.body;
  return typeof b === 'object' && b !== null && !Array.isArray(b) && b.recurring !== undefined;
}

/** Routes one authenticated UPI AutoPay request; null when the path is not one of these. */
export function autopayRoute(ap: AutopayStore, req: ApiRequest, opts: { upiCollect: boolean; mandateMaxAmount?: number }): ApiAnswer | null {
  const parts = req.path.split('/').filter(Boolean);
  if (parts[0] !== 'v1') return null;
  const m = req.method;
  if (parts[1] === 'customers') return customerRoutes(ap, req, parts);
  if (parts[1] === 'orders' && parts.length === 2 && m === 'POST') {
    return ok(ap.createOrder(validateOrder(req.body, ap.gw.seconds(), opts.mandateMaxAmount ?? MANDATE_MAX_AMOUNT)));
  }
  if (parts[1] !== 'payments' || parts[2] !== 'create' || parts.length !== 4 || m !== 'POST') return null;
  if (parts[3] === 'recurring') {
    const answer = ap.createDebit(validateDebit(req.body));
    return ok(answer, answer.razorpay_payment_id);
  }
  if (parts[3] === 'upi' && isRecurringAuthorisation(req)) {
    const { payment, link } = ap.createAuthPayment(validateAuthPayment(req.body, opts.upiCollect));
    const body = link === null ? { razorpay_payment_id: payment.id } : { razorpay_payment_id: payment.id, link };
    return { status: 200, body, resourceId: payment.id };
  }
  return null;
}
