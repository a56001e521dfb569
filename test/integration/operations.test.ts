// Operations and conventions (docs/api.md, Operations and Conventions): /healthz, /readyz, /metrics,
// /v1/openapi.json without a key; unknown routes and wrong methods in the error envelope; list
// pagination on /v1/balance_transactions (newest first, starting_after / ending_before, has_more,
// filters, limit 1..100); the created[gte|gt|lte|lt] bounds every list takes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type ApiResponse, type Http } from '../helpers/http.ts';
import { postDebit } from '../helpers/ledger.ts';
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

function assertRequestId(res: ApiResponse): void {
  assert.match(res.headers.get('request-id') ?? '', /^req_[0-9A-Za-z]+$/, `Request-Id on ${res.status} ${res.text.slice(0, 200)}`);
}

/** Sum of every series of the Prometheus counter families whose name looks like an HTTP request counter. */
function httpRequestCount(metrics: string): { families: string[]; total: number; series: string[] } {
  const families = [...metrics.matchAll(/^# TYPE (\S+) counter$/gm)].map((m) => m[1]).filter((name) => /http/i.test(name) && /request/i.test(name));
  let total = 0;
  const series: string[] = [];
  for (const line of metrics.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? ([0-9.e+-]+)$/.exec(line);
    if (!m) continue;
    const name = m[1];
    if (families.some((f) => name === f || name === `${f}_total`)) {
      total += Number(m[3]);
      series.push(line);
    }
  }
  return { families, total, series };
}

describe('operations endpoints (no key)', () => {
  test('GET /healthz → 200', async () => {
    const res = await http.get('/healthz');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'ok');
    assertRequestId(res);
  });

  test('GET /readyz → 200 when the database and Temporal are reachable', async () => {
    const res = await http.get('/readyz');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'ok');
    assertRequestId(res);
  });

  test('GET /metrics is Prometheus text with an HTTP request counter that counts requests', async () => {
    const before = await http.get('/metrics');
    assert.equal(before.status, 200, before.text);
    assert.match(before.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(before.text, /^# HELP /m);
    assert.match(before.text, /^# TYPE \S+ (counter|gauge|histogram|summary)$/m);
    const first = httpRequestCount(before.text);
    assert.ok(first.families.length > 0, `no HTTP request counter in:\n${before.text.slice(0, 2000)}`);

    for (let i = 0; i < 3; i++) assert.equal((await http.get('/healthz')).status, 200);
    const after = await http.get('/metrics');
    const second = httpRequestCount(after.text);
    assert.ok(second.total >= first.total + 3, `counter went from ${first.total} to ${second.total}`);
    assert.ok(
      second.series.some((line) => line.includes('/healthz') && line.includes('200')),
      `no series for GET /healthz 200:\n${second.series.join('\n')}`,
    );
  });

  test('GET /v1/openapi.json is OpenAPI 3.1 and lists the foundation paths', async () => {
    const res = await http.get('/v1/openapi.json');
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assertRequestId(res);
    const doc = res.body;
    assert.match(String(doc.openapi), /^3\.1\.\d+$/);
    assert.equal(typeof doc.info?.title, 'string');
    assert.ok(doc.paths['/v1/test_helpers/top_ups']?.post, 'POST /v1/test_helpers/top_ups');
    assert.ok(doc.paths['/v1/balance']?.get, 'GET /v1/balance');
    assert.ok(doc.paths['/v1/balance_transactions']?.get, 'GET /v1/balance_transactions');
    for (const path of ['/healthz', '/readyz', '/metrics']) assert.ok(doc.paths[path]?.get, `GET ${path}`);
    for (const path of ['/v1/customers', '/v1/collections']) {
      assert.ok(doc.paths[path]?.post && doc.paths[path]?.get, `POST and GET ${path}`);
    }
    assert.ok(doc.paths['/v1/collections/{id}/{action}']?.post, 'POST /v1/collections/{id}/{action}');
    assert.ok(doc.paths['/v1/test_helpers/collections/{id}/advance']?.post, 'POST /v1/test_helpers/collections/{id}/advance');
    assert.deepEqual(doc.components.schemas.Collection.properties.status.enum, ['created', 'active', 'paused', 'halted', 'cancelled', 'completed']);
  });

  test('GET /v1/openapi.json passes a standard OpenAPI 3.1 validator (the specification\'s own JSON Schema)', async () => {
    const doc = (await http.get('/v1/openapi.json')).body;
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    assert.equal(validator.version, '3.1');
    assert.deepEqual(result, { valid: true });
    for (const path of ['/v1/payment_links', '/v1/reports/transactions', '/v1/reports']) assert.ok(doc.paths[path], path);
    // The validator does refuse a broken document.
    const broken = structuredClone(doc);
    broken.paths['/v1/balance'].get.responses = 'none';
    assert.equal((await new Validator().validate(broken)).valid, false);
  });

  test('the document lists the headers the service answers with: a write and its replay, a read, a 429', async () => {
    const doc = (await http.get('/v1/openapi.json')).body;
    const { sandboxKey: key } = await service.newAccount();
    const ours = /^(request-id|x-ratelimit-.*|retry-after|idempotent-replayed)$/;
    const check = (res: ApiResponse, path: string, method: string) => {
      const documented = Object.keys(doc.paths[path][method].responses[String(res.status)]?.headers ?? {}).map((h) => h.toLowerCase());
      const sent = [...res.headers.keys()].filter((h) => ours.test(h));
      assert.deepEqual(sent.filter((h) => !documented.includes(h)), [], `${method.toUpperCase()} ${path} ${res.status} sends only documented headers`);
      return sent;
    };
    const topUp = { amount: '5000' };
    const first = await http.post('/v1/test_helpers/top_ups', { key, form: topUp, idempotencyKey: 'headers-1' });
    assert.equal(first.status, 200, first.text);
    assert.ok(!check(first, '/v1/test_helpers/top_ups', 'post').includes('idempotent-replayed'));
    const replay = await http.post('/v1/test_helpers/top_ups', { key, form: topUp, idempotencyKey: 'headers-1' });
    assert.equal(replay.status, 200);
    assert.ok(check(replay, '/v1/test_helpers/top_ups', 'post').includes('idempotent-replayed'));
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    check(await http.get('/v1/balance', { key }), '/v1/balance', 'get');
    const limited = await http.get('/v1/balance', { key, headers: { 'Sandbox-Simulate': 'rate_limited' } });
    assert.equal(limited.status, 429);
    assert.ok(check(limited, '/v1/balance', 'get').includes('retry-after'));
  });
});

describe('routing errors', () => {
  test('OPTIONS lists exactly the methods of the route asked for, also where a pattern matches too', async () => {
    const { sandboxKey } = await service.newAccount();
    const allow = async (path: string) => {
      const res = await fetch(`${service.url}${path}`, { method: 'OPTIONS', headers: { authorization: `Bearer ${sandboxKey}` } });
      assert.equal(res.status, 204, path);
      return (res.headers.get('allow') ?? '').split(', ').sort().join(', ');
    };
    // /v1/reports/:id matches the path too, but /v1/reports/transactions is a route of its own: POST only.
    assert.equal(await allow('/v1/reports/transactions'), 'POST');
    assert.equal(await allow('/v1/reports/rpt_01JD3Y8X4W0000000000000000'), 'GET, HEAD');
    assert.equal(await allow('/v1/payouts'), 'GET, HEAD, POST');
  });


  test('an unknown route → 404 not_found envelope whose request_id is the Request-Id header', async () => {
    const { sandboxKey } = await service.newAccount();
    assertApiError(await http.get('/v1/no_such_things', { key: sandboxKey }), 404, 'not_found');
    assertApiError(await http.post('/v1/no_such_things', { key: sandboxKey, form: { amount: '1' } }), 404, 'not_found');
    assertApiError(await http.get('/nowhere'), 404, 'not_found');
    const a = await http.get('/v1/no_such_things', { key: sandboxKey });
    const b = await http.get('/v1/no_such_things', { key: sandboxKey });
    assert.notEqual(a.body.error.request_id, b.body.error.request_id, 'each request has its own id');
  });

  test('a known route with a wrong method → 405 envelope', async () => {
    const { sandboxKey } = await service.newAccount();
    for (const [method, path] of [
      ['DELETE', '/v1/balance'],
      ['POST', '/v1/balance'],
      ['PUT', '/v1/balance_transactions'],
      ['GET', '/v1/test_helpers/top_ups'],
      ['POST', '/healthz'],
    ] as const) {
      const res = await http.request(method, path, { key: sandboxKey });
      assertApiError(res, 405, 'method_not_allowed');
      assert.ok(res.headers.get('allow'), `Allow header on ${method} ${path}`);
    }
  });
});

describe('GET /v1/balance_transactions pagination', () => {
  let sandboxKey: string;
  let accountId: string;
  /** The five top-ups, oldest first. */
  const topUps: { id: string; amount: number }[] = [];
  let debitTxnId: string;

  before(async () => {
    ({ sandboxKey, accountId } = await service.newAccount());
    for (let i = 1; i <= 5; i++) {
      const res = await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, form: { amount: String(100 * i) }, idempotencyKey: `page-${i}` });
      assert.equal(res.status, 200, res.text);
      topUps.push({ id: res.body.id, amount: res.body.amount });
    }
    // One movement of another type, so the type filter has something to leave out.
    debitTxnId = await postDebit(service, accountId, 50, 'test_debit_page');
  });

  async function list(query: string): Promise<ApiResponse> {
    const res = await http.get(`/v1/balance_transactions?${query}`, { key: sandboxKey });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.object, 'list');
    assert.equal(typeof res.body.has_more, 'boolean');
    assert.ok(Array.isArray(res.body.data));
    return res;
  }

  test('limit=2 pages through all with starting_after, newest first, has_more right', async () => {
    const pages: any[][] = [];
    const hasMore: boolean[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await list(`type=top_up&limit=2${cursor ? `&starting_after=${cursor}` : ''}`);
      pages.push(res.body.data);
      hasMore.push(res.body.has_more);
      if (!res.body.has_more) break;
      cursor = res.body.data.at(-1).id;
    }
    assert.deepEqual(
      pages.map((p) => p.length),
      [2, 2, 1],
    );
    assert.deepEqual(hasMore, [true, true, false]);
    const all = pages.flat();
    assert.deepEqual(
      all.map((t) => t.source_id),
      [...topUps].reverse().map((t) => t.id),
      'newest first',
    );
    assert.deepEqual(
      all.map((t) => t.amount),
      [500, 400, 300, 200, 100],
    );
    for (let i = 1; i < all.length; i++) {
      assert.ok(all[i - 1].id > all[i].id, 'ids descend');
      assert.ok(all[i - 1].created_at >= all[i].created_at, 'created_at does not increase');
    }
    for (const t of all) {
      assert.equal(t.object, 'balance_transaction');
      assert.equal(t.type, 'top_up');
      assert.equal(t.mode, 'sandbox');
      assert.equal(t.currency, 'INR');
      assert.equal(typeof t.id, 'string');
      assert.ok(Number.isInteger(t.created_at));
    }
  });

  test('without a filter every movement is listed, newest first; limit defaults to 10', async () => {
    const res = await list('');
    assert.equal(res.body.has_more, false);
    assert.deepEqual(
      res.body.data.map((t: any) => t.type),
      ['payout', 'top_up', 'top_up', 'top_up', 'top_up', 'top_up'],
    );
    assert.equal(res.body.data[0].id, debitTxnId);
    assert.equal(res.body.data[0].amount, -50);
    const one = await list('limit=1');
    assert.equal(one.body.data.length, 1);
    assert.equal(one.body.has_more, true);
    assert.equal(one.body.data[0].id, debitTxnId);
  });

  test('ending_before pages back towards newer objects', async () => {
    const all = (await list('type=top_up&limit=100')).body.data;
    const oldest = all.at(-1);
    const res = await list(`type=top_up&limit=2&ending_before=${oldest.id}`);
    assert.deepEqual(
      res.body.data.map((t: any) => t.source_id),
      [topUps[2].id, topUps[1].id],
    );
    assert.equal(res.body.has_more, true);
    const newest = await list(`type=top_up&limit=2&ending_before=${all[1].id}`);
    assert.deepEqual(
      newest.body.data.map((t: any) => t.source_id),
      [topUps[4].id],
    );
    assert.equal(newest.body.has_more, false);
  });

  test('filters type and source_id', async () => {
    const topUpsOnly = await list('type=top_up&limit=100');
    assert.equal(topUpsOnly.body.data.length, 5);
    assert.ok(topUpsOnly.body.data.every((t: any) => t.type === 'top_up'));
    const payouts = await list('type=payout');
    assert.deepEqual(
      payouts.body.data.map((t: any) => t.id),
      [debitTxnId],
    );
    const bySource = await list(`source_id=${topUps[2].id}`);
    assert.equal(bySource.body.data.length, 1);
    assert.equal(bySource.body.data[0].source_id, topUps[2].id);
    assert.equal(bySource.body.data[0].amount, 300);
    const none = await list('type=refund');
    assert.deepEqual(none.body.data, []);
    assert.equal(none.body.has_more, false);
  });

  test('invalid limit → 400 param limit; other bad list parameters name themselves', async () => {
    for (const limit of ['0', '101', '-1', '1.5', 'abc', '']) {
      assertApiError(await http.get(`/v1/balance_transactions?limit=${limit}`, { key: sandboxKey }), 400, 'invalid_request', 'limit');
    }
    assert.equal((await list('limit=100')).body.data.length, 6);
    assertApiError(await http.get('/v1/balance_transactions?type=bogus', { key: sandboxKey }), 400, 'invalid_request', 'type');
    assertApiError(await http.get('/v1/balance_transactions?page=2', { key: sandboxKey }), 400, 'invalid_request', 'page');
  });
});

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((o) => o.id);

async function getList(key: string, path: string, query: Record<string, string>) {
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

    const page = (query: Record<string, string>) => getList(sandboxKey, '/v1/customers', query).then(ids);
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
    const first = await getList(sandboxKey, '/v1/customers', { 'created[gte]': String(T - 2), limit: '1' });
    assert.deepEqual([ids(first), first.body.has_more], [[c], true]);
    const second = await getList(sandboxKey, '/v1/customers', { 'created[gte]': String(T - 2), limit: '1', starting_after: c });
    assert.deepEqual([ids(second), second.body.has_more], [[b], true]);
    const last = await getList(sandboxKey, '/v1/customers', { 'created[gte]': String(T), limit: '1', starting_after: b });
    assert.deepEqual([ids(last), last.body.has_more], [[], false]);
    const back = await getList(sandboxKey, '/v1/customers', { 'created[lt]': String(T + 2), ending_before: a });
    assert.deepEqual([ids(back), back.body.has_more], [[b], false]);
  });

  test('a top-up and its balance transaction are in their own second and not after it', async () => {
    const { sandboxKey } = await service.newAccount();
    const topUp = await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, form: { amount: '1000' } });
    assert.equal(topUp.status, 200, topUp.text);
    for (const path of ['/v1/top_ups', '/v1/balance_transactions']) {
      const all = await getList(sandboxKey, path, {});
      assert.equal(all.body.data.length, 1, `${path}: ${all.text}`);
      const created = String(all.body.data[0].created_at);
      const at = (bound: string) => getList(sandboxKey, path, { [`created[${bound}]`]: created }).then((res) => res.body.data.length);
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
      const res = await getList(sandboxKey, path, { 'created[gte]': '0', 'created[lte]': '253402300799' });
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
