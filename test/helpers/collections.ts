// Shared steps of collection tests: a collection, its actions, its charges and its events,
// all read through the API as a caller would.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ApiResponse, Http } from './http.ts';
import { waitFor } from './payments.ts';

export async function postCollection(http: Http, key: string, body: Record<string, unknown>, idempotencyKey = `coll-${randomUUID()}`): Promise<ApiResponse> {
  return http.post('/v1/collections', { key, json: { amount: 49_900, schedule: 'monthly', ...body }, idempotencyKey });
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

/** The types of the collection.* events about one collection, oldest first. */
export async function collectionEventTypes(http: Http, key: string, collectionId: string): Promise<string[]> {
  const res = await http.get('/v1/events?limit=100', { key });
  assert.equal(res.status, 200, res.text);
  return res.body.data
    .filter((e: any) => e.type.startsWith('collection.') && e.data.object.id === collectionId)
    .map((e: any) => e.type)
    .reverse();
}
