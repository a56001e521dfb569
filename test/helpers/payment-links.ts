// Steps of payment link tests: create a link through the API, and act as the customer on its hosted page
// (a phone's plain HTML form: GET the page, POST the form with its token, follow the 303 to the outcome).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ApiResponse, Http } from './http.ts';

export async function postLink(http: Http, key: string, body: Record<string, unknown>, idempotencyKey = `plink-${randomUUID()}`): Promise<ApiResponse> {
  return http.post('/v1/payment_links', { key, json: { amount: 10_000, description: 'Invoice', ...body }, idempotencyKey });
}

/** A link, `created`. */
export async function createLink(http: Http, key: string, body: Record<string, unknown> = {}): Promise<any> {
  const res = await postLink(http, key, body);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.status, 'created', res.text);
  return res.body;
}

export interface Page {
  status: number;
  html: string;
  headers: Headers;
  /** Where a redirect points (303 after a pay attempt). */
  location: string | null;
}

/** GET a page of the hosted site as a browser would (no API key), without following redirects. */
export async function getPage(url: string): Promise<Page> {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, html: await res.text(), headers: res.headers, location: res.headers.get('location') };
}

/** The form token of a rendered link page. */
export function tokenOf(html: string): string {
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  assert.ok(token, `the page has a pay form:\n${html}`);
  return token;
}

/**
 * POSTs the pay form of `shortUrl` (with `token`, or a fresh page's); `headers` add to the form's (an
 * X-Forwarded-For, to send it from another client address where the service trusts the proxy).
 */
export async function submitPay(shortUrl: string, form: { vpa: string; amount?: string; token?: string }, headers: Record<string, string> = {}): Promise<Page> {
  const token = form.token ?? tokenOf((await getPage(shortUrl)).html);
  const body = new URLSearchParams({ token, vpa: form.vpa, ...(form.amount !== undefined ? { amount: form.amount } : {}) });
  const res = await fetch(shortUrl, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, redirect: 'manual' });
  return { status: res.status, html: await res.text(), headers: res.headers, location: res.headers.get('location') };
}

/**
 * Pays from the page and follows the redirect to the outcome page until it is settled (a pending page
 * refreshes itself); returns the outcome page and the payment id.
 */
export async function payOnPage(shortUrl: string, form: { vpa: string; amount?: string; token?: string }, timeoutMs = 30_000): Promise<{ page: Page; paymentId: string }> {
  const posted = await submitPay(shortUrl, form);
  assert.equal(posted.status, 303, posted.html);
  const target = new URL(posted.location!, shortUrl).toString();
  const paymentId = /\/payments\/(pay_[0-9A-Z]+)$/.exec(target)?.[1];
  assert.ok(paymentId, `redirected to the payment's page: ${target}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const page = await getPage(target);
    assert.equal(page.status, 200, page.html);
    if (!page.html.includes('Payment in progress')) return { page, paymentId };
    assert.ok(Date.now() < deadline, `the payment settled within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The payments made on a link (every attempt), oldest first. */
export async function linkPayments(http: Http, key: string, linkId: string): Promise<any[]> {
  const res = await http.get(`/v1/payments?payment_link_id=${linkId}&limit=100`, { key });
  assert.equal(res.status, 200, res.text);
  return [...res.body.data].reverse();
}
