// What every list endpoint shares (API.md, Conventions: Lists), through the real API: the `created[gte]`,
// `created[gt]`, `created[lte]` and `created[lt]` bounds on created_at in unix seconds, together with the
// resource's own filters and the cursors, and the 400 that names a bad bound.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService();
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((o) => o.id);

async function list(key: string, path: string, query: Record<string, string>) {
  const res = await http.get(`${path}?${new URLSearchParams(query)}`, { key });
  assert.equal(res.status, 200, res.text);
  return res;
}

async function createCustomer(key: string, email: string): Promise<string> {
  const res = await http.post('/v1/customers', { key, form: { name: 'Asha Rao', email, phone: '+919876543210' } });
  assert.equal(res.status, 200, res.text);
  return res.body.id;
}

describe('created[...] on lists', () => {
  test('bounds a list by created_at in whole seconds: gte and lte include the second, gt and lt exclude it', async () => {
    const { sandboxKey } = await service.newAccount();
    const [a, b, c] = [await createCustomer(sandboxKey, 'a@example.com'), await createCustomer(sandboxKey, 'b@example.com'), await createCustomer(sandboxKey, 'c@example.com')];
    // Creation times a caller could not arrange by waiting: b in the middle of second T (created_at T).
    const T = 1_900_000_000;
    await service.sql(`update customers set created_at = to_timestamp(?) where id = ?`, [T - 2, a]);
    await service.sql(`update customers set created_at = to_timestamp(?) where id = ?`, [T + 0.5, b]);
    await service.sql(`update customers set created_at = to_timestamp(?) where id = ?`, [T + 2, c]);
    assert.equal((await http.get(`/v1/customers/${b}`, { key: sandboxKey })).body.created_at, T);

    const page = (query: Record<string, string>) => list(sandboxKey, '/v1/customers', query).then(ids);
    assert.deepEqual(await page({ 'created[gte]': String(T) }), [c, b]);
    assert.deepEqual(await page({ 'created[gt]': String(T) }), [c]);
    assert.deepEqual(await page({ 'created[lte]': String(T) }), [b, a]);
    assert.deepEqual(await page({ 'created[lt]': String(T) }), [a]);
    assert.deepEqual(await page({ 'created[gt]': String(T - 2), 'created[lt]': String(T + 2) }), [b]);
    assert.deepEqual(await page({ 'created[gte]': String(T - 2), 'created[lte]': String(T + 2) }), [c, b, a]);
    assert.deepEqual(await page({ 'created[gte]': String(T + 3) }), []);
    assert.deepEqual(await page({ 'created[gte]': String(T + 1), 'created[lte]': String(T - 1) }), [], 'an empty range is an empty list');
    assert.deepEqual(await page({ 'created[gte]': String(T), 'created[gt]': String(T - 5) }), [c, b], 'the tighter of two lower bounds');
    assert.deepEqual(await page({ 'created[gte]': '0', 'created[lte]': '253402300799' }), [c, b, a], 'the widest range');
    assert.deepEqual(await page({ 'created[gt]': '253402300799' }), [], 'after the last second of year 9999');

    // With the resource's own filter and with the cursors.
    assert.deepEqual(await page({ 'created[lte]': String(T), email: 'b@example.com' }), [b]);
    assert.deepEqual(await page({ 'created[lte]': String(T), email: 'c@example.com' }), []);
    const first = await list(sandboxKey, '/v1/customers', { 'created[gte]': String(T - 2), limit: '1' });
    assert.deepEqual([ids(first), first.body.has_more], [[c], true]);
    const second = await list(sandboxKey, '/v1/customers', { 'created[gte]': String(T - 2), limit: '1', starting_after: c });
    assert.deepEqual([ids(second), second.body.has_more], [[b], true]);
    const last = await list(sandboxKey, '/v1/customers', { 'created[gte]': String(T), limit: '1', starting_after: b });
    assert.deepEqual([ids(last), last.body.has_more], [[], false]);
    const back = await list(sandboxKey, '/v1/customers', { 'created[lt]': String(T + 2), ending_before: a });
    assert.deepEqual([ids(back), back.body.has_more], [[b], false]);
  });

  test('a top-up and its balance transaction are in their own second and not after it', async () => {
    const { sandboxKey } = await service.newAccount();
    const topUp = await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, form: { amount: '1000' } });
    assert.equal(topUp.status, 200, topUp.text);
    for (const path of ['/v1/top_ups', '/v1/balance_transactions']) {
      const all = await list(sandboxKey, path, {});
      assert.equal(all.body.data.length, 1, `${path}: ${all.text}`);
      const created = String(all.body.data[0].created_at);
      const at = (bound: string) => list(sandboxKey, path, { [`created[${bound}]`]: created }).then((res) => res.body.data.length);
      assert.deepEqual([await at('gte'), await at('lte'), await at('gt'), await at('lt')], [1, 1, 0, 0], path);
    }
  });

  test('every list takes created[...]; a bad bound is a 400 naming it', async () => {
    const { sandboxKey } = await service.newAccount();
    const endpoint = await http.post('/v1/webhook_endpoints', { key: sandboxKey, json: { url: 'http://127.0.0.1:9/hooks', enabled_events: ['payout.completed'] } });
    assert.equal(endpoint.status, 200, endpoint.text);
    const paths = [
      '/v1/payouts',
      '/v1/payout_batches',
      '/v1/payments',
      '/v1/refunds',
      '/v1/beneficiaries',
      '/v1/customers',
      '/v1/collections',
      '/v1/top_ups',
      '/v1/events',
      '/v1/balance_transactions',
      '/v1/settlements',
      '/v1/webhook_endpoints',
      `/v1/webhook_endpoints/${endpoint.body.id}/deliveries`,
    ];
    for (const path of paths) {
      const res = await list(sandboxKey, path, { 'created[gte]': '0', 'created[lte]': '253402300799' });
      assert.equal(res.body.object, 'list', path);
      assert.equal(res.body.url, path);
      assertApiError(await http.get(`${path}?created[gte]=yesterday`, { key: sandboxKey }), 400, 'invalid_request', 'created[gte]');
      assertApiError(await http.get(`${path}?created[lt]=-1`, { key: sandboxKey }), 400, 'invalid_request', 'created[lt]');
      assertApiError(await http.get(`${path}?created[lte]=253402300800`, { key: sandboxKey }), 400, 'invalid_request', 'created[lte]');
      assertApiError(await http.get(`${path}?created[gt]=1.5`, { key: sandboxKey }), 400, 'invalid_request', 'created[gt]');
      assertApiError(await http.get(`${path}?created[after]=1`, { key: sandboxKey }), 400, 'invalid_request', 'created[after]');
      assertApiError(await http.get(`${path}?created=1`, { key: sandboxKey }), 400, 'invalid_request', 'created');
    }
  });
});
