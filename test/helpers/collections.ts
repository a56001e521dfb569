// Shared steps of collection tests: a collection, its actions, its charges and its events,
// all read through the API as a caller would.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ApiResponse, Http } from './http.ts';
import { getPage, tokenOf } from './payment-links.ts';
import { createCustomer, waitFor } from './payments.ts';

/** POSTs the mandate's authorization form with `vpa`, as the customer's phone does; answers the page's status. */
export async function answerMandate(authorizationUrl: string, vpa: string): Promise<number> {
  const form = new URLSearchParams({ token: tokenOf((await getPage(authorizationUrl)).html), vpa });
  const res = await fetch(authorizationUrl, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  await res.text();
  return res.status;
}

/**
 * A mandate of `customer` the customer approved on its page with `approveFrom` (success@upi: its debits succeed;
 * nofunds@upi: they are declined): `active`. `body` overrides the mandate's params (max_amount, frequency, validity).
 */
export async function activeMandate(http: Http, key: string, customer?: string, body: Record<string, unknown> = {}, approveFrom = 'success@upi'): Promise<any> {
  const customerId = customer ?? (await createCustomer(http, key));
  const res = await http.post('/v1/mandates', {
    key,
    json: { customer_id: customerId, max_amount: 1_500_000, frequency: 'as_presented', vpa: 'success@upi', ...body },
    idempotencyKey: `mdt-${randomUUID()}`,
  });
  assert.equal(res.status, 200, res.text);
  assert.equal(await answerMandate(res.body.authorization_url, approveFrom), 303);
  return waitFor(http, key, `/v1/mandates/${res.body.id}`, (m) => m.status === 'active');
}

/**
 * An active mandate of `customer`, approved on its page from the customer's own UPI ID, as the customer would:
 * success@upi debits succeed, nofunds@upi debits are all declined (its bank has no funds).
 */
export async function mandateDebiting(http: Http, key: string, customer: string): Promise<string> {
  const res = await http.get(`/v1/customers/${customer}`, { key });
  assert.equal(res.status, 200, res.text);
  return (await activeMandate(http, key, customer, { vpa: res.body.vpa }, res.body.vpa)).id;
}

/**
 * POST /v1/collections. A body naming a customer_id but no mandate_id gets an active mandate of that customer
 * first (collections charge through a mandate): tests about schedules and charges need not say so each time.
 */
export async function postCollection(http: Http, key: string, body: Record<string, unknown>, idempotencyKey = `coll-${randomUUID()}`): Promise<ApiResponse> {
  let json: Record<string, unknown> = { amount: 49_900, schedule: 'monthly', ...body };
  if (json.mandate_id === undefined && typeof json.customer_id === 'string') {
    const mandate = await activeMandate(http, key, json.customer_id);
    json = { ...json, mandate_id: mandate.id };
  }
  return http.post('/v1/collections', { key, json, idempotencyKey });
}

/** A collection that was accepted (200); returns it. */
export async function createCollection(http: Http, key: string, body: Record<string, unknown>): Promise<any> {
  const res = await postCollection(http, key, body);
  assert.equal(res.status, 200, res.text);
  return res.body;
}

/** Polls the collection until `done` holds. */
export function waitForCollection(http: Http, key: string, id: string, done: (c: any) => boolean, timeoutMs = 30_000): Promise<any> {
  return waitFor(http, key, `/v1/collections/${id}`, done, timeoutMs);
}

/** The collection's charges (payments with its collection_id), oldest first. */
export async function chargesOf(http: Http, key: string, collectionId: string): Promise<any[]> {
  const res = await http.get(`/v1/payments?limit=100&collection_id=${collectionId}`, { key });
  assert.equal(res.status, 200, res.text);
  return [...res.body.data].reverse();
}

export async function collectionAction(http: Http, key: string, id: string, action: 'pause' | 'resume' | 'cancel' | 'advance'): Promise<ApiResponse> {
  const path = action === 'advance' ? `/v1/test_helpers/collections/${id}/advance` : `/v1/collections/${id}/${action}`;
  return http.post(path, { key });
}

/**
 * The types of the collection.* events about one collection, oldest first. Without `upcoming`, the notices
 * (collection.upcoming, checked by the tests about notices) are left out: when an advance meets a notice is timing.
 */
export async function collectionEventTypes(http: Http, key: string, collectionId: string, options: { upcoming?: boolean } = {}): Promise<string[]> {
  const res = await http.get('/v1/events?limit=100', { key });
  assert.equal(res.status, 200, res.text);
  return res.body.data
    .filter((e: any) => e.type.startsWith('collection.') && e.data.object.id === collectionId && (options.upcoming || e.type !== 'collection.upcoming'))
    .map((e: any) => e.type)
    .reverse();
}
