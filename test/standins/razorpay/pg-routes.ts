// The payment gateway endpoints the stand-in answers, under /v1 (behind the same auth, faults and request log as
// the RazorpayX ones).
//
// Sources (razorpay/markdown-docs):
// - api/orders/create.md, fetch-with-id.md, fetch-all.md (authorized, receipt, from, to, count, skip), fetch-payments.md:
//   GET /v1/orders/:id, GET /v1/orders, GET /v1/orders/:id/payments (POST /v1/orders: autopay-routes.ts, as orders
//   may be UPI AutoPay orders; the customers, tokens and recurring payments are there too).
// - payments/payment-gateway/s2s-integration/payment-methods/upi/intent.md and collect.md: POST
//   /v1/payments/create/upi answers {razorpay_payment_id, link} (intent) or {razorpay_payment_id} (collect).
// - payments/payment-gateway/s2s-integration/json/v2/build-integration/upi/intent.md, netbanking.md: POST
//   /v1/payments/create/json answers {razorpay_payment_id, next: [{action, url}]}: intent + poll for UPI intent,
//   redirect for netbanking (the stand-in's own /v1/payments/:id/authorize page, see pg-checkout.ts).
// - api/payments/fetch-with-id.md, fetch-all-payments.md (from, to, count, skip), capture.md (amount, currency):
//   GET /v1/payments/:id, GET /v1/payments, POST /v1/payments/:id/capture.
// - api/refunds/create-normal.md, normal-refunds-idempotent.md, fetch-multiple-refund-payment.md,
//   fetch-specific-refund-payment.md, fetch-with-id.md, fetch-all.md (from, to, count, skip): POST
//   /v1/payments/:id/refund, GET /v1/payments/:id/refunds[/:refund_id], GET /v1/refunds/:id, GET /v1/refunds.
//   There is no receipt filter on the pages: `GET /v1/refunds?receipt=` is refused as an unknown parameter.
// - api/settlements/fetch-all.md, fetch-with-id.md, fetch-recon.md (year and month mandatory, day, count 1-1000,
//   skip; "The month is not a valid month."): GET /v1/settlements, GET /v1/settlements/:id,
//   GET /v1/settlements/recon/combined. Days are Indian Standard Time days (the provider's).
// - api/qr-codes/image-content/create.md, close.md, fetch-with-id.md, fetch-payments.md, fetch-all.md:
//   POST /v1/payments/qr_codes, POST /v1/payments/qr_codes/:id/close, GET /v1/payments/qr_codes/:id,
//   GET /v1/payments/qr_codes/:id/payments, GET /v1/payments/qr_codes.
import { badRequest, extraField, requiredField } from './errors.ts';
import type { GatewayStore } from './pg-store.ts';
import { checkRefundKey, validateCapture, validatePayment, validateQr, validateRefund } from './pg-validate.ts';
import type { ApiAnswer, ApiRequest } from './routes.ts';
import { validateListQuery } from './validate.ts';

const ok = (body: { id?: string } & object, status = 200): ApiAnswer => ({ status, body, resourceId: body.id ?? null });
const collection = (items: unknown[]): ApiAnswer => ({ status: 200, body: { entity: 'collection', count: items.length, items }, resourceId: null });

function page<T extends { created_at: number }>(req: ApiRequest, items: T[], allowed: readonly string[] = []): T[] {
  const p = validateListQuery(req.query, allowed);
  return items
    .filter((i) => (p.from === null || i.created_at >= p.from) && (p.to === null || i.created_at <= p.to))
    .slice(p.skip, p.skip + p.count);
}

function listOrders(gw: GatewayStore, req: ApiRequest): ApiAnswer {
  const authorized = req.query.get('authorized');
  if (authorized !== null && authorized !== '0' && authorized !== '1') throw badRequest('The selected authorized is invalid.', 'authorized');
  const receipt = req.query.get('receipt');
  const hasAuthorized = (orderId: string) => [...gw.payments.values()].some((p) => p.order_id === orderId && p.status !== 'created' && p.status !== 'failed');
  const orders = gw.newestFirst(gw.orders.values()).filter((o) => (receipt === null || o.receipt === receipt)
    && (authorized === null || hasAuthorized(o.id) === (authorized === '1')));
  return collection(page(req, orders, ['authorized', 'receipt']));
}

function createPayment(gw: GatewayStore, req: ApiRequest, endpoint: 'upi' | 'json'): ApiAnswer {
  const input = validatePayment(req.body, endpoint, gw.opts.upiCollect);
  const p = gw.createPayment(input);
  const poll = { action: 'poll', url: `${gw.opts.baseUrl()}/v1/payments/${p.id}` };
  let body: Record<string, unknown>;
  if (input.method === 'netbanking') {
    body = { razorpay_payment_id: p.id, next: [{ action: 'redirect', url: `${gw.opts.baseUrl()}/v1/payments/${p.id}/authorize` }] };
  } else if (input.flow === 'intent') {
    const link = gw.upiLink(`RZP${p.id.slice(4)}`, p.amount, 'razorpay');
    body = endpoint === 'upi' ? { razorpay_payment_id: p.id, link } : { razorpay_payment_id: p.id, next: [{ action: 'intent', url: link }, poll] };
  } else {
    body = endpoint === 'upi' ? { razorpay_payment_id: p.id } : { razorpay_payment_id: p.id, next: [poll] };
  }
  return { status: 200, body, resourceId: p.id };
}

function createRefund(gw: GatewayStore, req: ApiRequest, paymentId: string): ApiAnswer {
  const key = checkRefundKey(req.header('x-refund-idempotency'));
  gw.payment(paymentId);
  if (key !== null) {
    const replayed = gw.replayRefund(key, paymentId, req.body);
    if (replayed) return ok(replayed);
  }
  return ok(gw.createRefund(paymentId, validateRefund(req.body), key, req.body));
}

const IST_OFFSET_SECONDS = 5.5 * 3600;

function recon(gw: GatewayStore, req: ApiRequest): ApiAnswer {
  for (const key of req.query.keys()) if (!['year', 'month', 'day', 'count', 'skip'].includes(key)) throw extraField(key);
  const num = (name: string, required: boolean): number | null => {
    const v = req.query.get(name);
    if (v === null || v === '') {
      if (required) throw requiredField(name);
      return null;
    }
    if (!/^[0-9]+$/.test(v)) throw badRequest(`The ${name} must be an integer.`, name);
    return Number(v);
  };
  const year = num('year', true)!;
  const month = num('month', true)!;
  const day = num('day', false);
  if (year < 2000 || year > 2100) throw badRequest('The year is not a valid year.', 'year');
  if (month < 1 || month > 12) throw badRequest('The month is not a valid month.', 'month');
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day !== null && (day < 1 || day > daysInMonth)) throw badRequest('The day is not a valid day.', 'day');
  const count = num('count', false) ?? 10;
  if (count < 1) throw badRequest('The count must be at least 1.', 'count');
  if (count > 1000) throw badRequest('The count may not be greater than 1000.', 'count');
  const skip = num('skip', false) ?? 0;
  const start = Date.UTC(year, month - 1, day ?? 1) / 1000 - IST_OFFSET_SECONDS;
  const end = (day === null ? Date.UTC(year, month, 1) : Date.UTC(year, month - 1, day + 1)) / 1000 - IST_OFFSET_SECONDS;
  return collection(gw.recon(start, end).slice(skip, skip + count));
}

function qrRoutes(gw: GatewayStore, req: ApiRequest, id: string | undefined, action: string | undefined, extra: boolean): ApiAnswer | null {
  const m = req.method;
  if (extra) return null;
  if (id === undefined) {
    if (m === 'POST') return ok(gw.createQr(validateQr(req.body, gw.seconds())));
    if (m === 'GET') return collection(page(req, gw.newestFirst(gw.qrCodes.values()).map((q) => gw.qr(q.id))));
    return null;
  }
  if (m === 'GET' && action === undefined) return ok(gw.qr(id));
  if (m === 'POST' && action === 'close') return ok(gw.closeQr(id));
  if (m === 'GET' && action === 'payments') return collection(page(req, gw.qrPayments(id)));
  return null;
}

function paymentRoutes(gw: GatewayStore, req: ApiRequest, parts: string[]): ApiAnswer | null {
  const [, , id, action, sub, more] = parts;
  const m = req.method;
  if (id === 'create' && m === 'POST' && sub === undefined && (action === 'upi' || action === 'json')) return createPayment(gw, req, action);
  if (id === 'qr_codes') return qrRoutes(gw, req, action, sub, more !== undefined);
  if (more !== undefined) return null;
  if (id === undefined) return m === 'GET' ? collection(page(req, gw.newestFirst(gw.payments.values()))) : null;
  if (m === 'GET' && action === undefined) return ok(gw.payment(id));
  if (m === 'POST' && action === 'capture' && sub === undefined) {
    gw.payment(id);
    return ok(gw.capture(id, validateCapture(req.body)));
  }
  if (m === 'POST' && action === 'refund' && sub === undefined) return createRefund(gw, req, id);
  if (m === 'GET' && action === 'refunds') {
    if (sub === undefined) return collection(page(req, gw.refundsOf(id)));
    const r = gw.refund(sub);
    if (r.payment_id !== id) throw badRequest('The id provided does not exist', 'id');
    return ok(r);
  }
  return null;
}

/** Routes one authenticated gateway request; null when the path is not one of the gateway's. */
export function gatewayRoute(gw: GatewayStore, req: ApiRequest): ApiAnswer | null {
  const parts = req.path.split('/').filter(Boolean);
  if (parts[0] !== 'v1') return null;
  const [, resource, id, action, sub] = parts;
  const m = req.method;
  if (resource === 'payments') return paymentRoutes(gw, req, parts);
  if (sub !== undefined) return null;
  if (resource === 'orders') {
    // POST /v1/orders is answered by autopay-routes.ts (an order may be a UPI AutoPay authorisation or debit order).
    if (id === undefined) return m === 'GET' ? listOrders(gw, req) : null;
    if (m === 'GET' && action === undefined) return ok(gw.order(id));
    if (m === 'GET' && action === 'payments') return collection(gw.paymentsOfOrder(id));
    return null;
  }
  if (resource === 'refunds' && m === 'GET' && action === undefined) {
    return id === undefined ? collection(page(req, gw.newestFirst(gw.refunds.values()))) : ok(gw.refund(id));
  }
  if (resource === 'settlements' && m === 'GET') {
    if (id === 'recon' && action === 'combined') return recon(gw, req);
    if (action !== undefined) return null;
    return id === undefined ? collection(page(req, gw.newestFirst(gw.settlements.values()))) : ok(gw.settlement(id));
  }
  return null;
}
