// The page a netbanking payment redirects the customer's browser to (`next[].action = "redirect"`), standing in
// for the bank's login page, and the return to the business's callback_url.
//
// Sources (razorpay/markdown-docs):
// - payments/payment-gateway/s2s-integration/json/v2/build-integration/netbanking.md: the redirect URL is
//   https://api.razorpay.com/v1/payments/<id>/authorize; when the customer is done, a POST reaches the callback_url
//   with razorpay_payment_id, razorpay_order_id and razorpay_signature on success, or the error's details on
//   failure; the signature is the hex HMAC-SHA256 of `order_id|razorpay_payment_id` keyed with the key secret.
// - api.md / errors.md (the error object: code, description, source, step, reason, metadata), sent on the
//   callback as error[code], error[description], error[source], error[step], error[reason] and error[metadata] (a
//   JSON text with payment_id and order_id).
// The page itself is the stand-in's: two buttons, `#pay` and `#fail`, so a browser test (or a plain form POST with
// `outcome=success|failure`) plays the customer. No Basic auth: it is the customer's browser that comes here.
import { createHmac } from 'node:crypto';
import type http from 'node:http';
import { ProviderError } from './errors.ts';
import type { GatewayStore } from './pg-store.ts';

const AUTHORIZE_PATH = /^\/v1\/payments\/([A-Za-z0-9_]+)\/authorize$/;

export function isCheckoutPath(path: string): boolean {
  return AUTHORIZE_PATH.test(path);
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(res: http.ServerResponse, status: number, body: string): void {
  const text = `<!doctype html><html><head><meta charset="utf-8"><title>Netbanking (stand-in)</title></head><body>${body}</body></html>`;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The signature a business checks on the callback (and the same rule for any order payment). */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

function callbackForm(url: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`).join('');
  return `<p>Returning to the merchant…</p><form id="callback" method="post" action="${escape(url)}">${inputs}</form>`
    + '<script>document.getElementById("callback").submit()</script>';
}

export function handleCheckout(gw: GatewayStore, keySecret: string, method: string, path: string, raw: string, res: http.ServerResponse): void {
  const id = AUTHORIZE_PATH.exec(path)![1];
  const p = gw.payments.get(id);
  if (!p || p.method !== 'netbanking') return html(res, 404, '<p>No such payment.</p>');
  if (method === 'GET') {
    if (p.status !== 'created') return html(res, 200, `<p id="status">This payment is ${escape(p.status)}.</p>`);
    const amount = (p.amount / 100).toFixed(2);
    return html(res, 200, `<h1>${escape(p.bank ?? '')} netbanking</h1><p>Pay ₹${amount} to ${escape(gw.opts.merchantName)}</p>`
      + '<form method="post"><input type="hidden" name="outcome" value="success"><button id="pay" type="submit">Pay</button></form>'
      + '<form method="post"><input type="hidden" name="outcome" value="failure"><button id="fail" type="submit">Fail</button></form>');
  }
  if (method !== 'POST') return html(res, 405, '<p>Method not allowed.</p>');
  const outcome = new URLSearchParams(raw).get('outcome');
  if (outcome !== 'success' && outcome !== 'failure') return html(res, 400, '<p>outcome must be success or failure.</p>');
  try {
    if (outcome === 'success') gw.authorize(id);
    else gw.fail(id, { source: 'customer', step: 'payment_authentication', reason: 'payment_cancelled', description: 'Payment processing cancelled by user' });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    return html(res, 409, `<p id="status">${escape(err.message)}</p>`);
  }
  const callback = gw.paymentMeta(id).callbackUrl!;
  const orderId = p.order_id!;
  const fields: Record<string, string> = outcome === 'success'
    ? { razorpay_payment_id: p.id, razorpay_order_id: orderId, razorpay_signature: paymentSignature(orderId, p.id, keySecret) }
    : {
        'error[code]': p.error_code!, 'error[description]': p.error_description!, 'error[source]': p.error_source!,
        'error[step]': p.error_step!, 'error[reason]': p.error_reason!, 'error[metadata]': JSON.stringify({ payment_id: p.id, order_id: orderId }),
      };
  html(res, 200, callbackForm(callback, fields));
}
