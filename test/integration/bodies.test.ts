// Request bodies (docs/api.md, Conventions and Errors): form-encoded with bracket notation or JSON, meaning
// the same; strict integer amounts; unknown parameters 400; other content types 415; over 2 MiB 413.
// A refused body creates nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { allBalanceTransactions, assertApiError, balanceOf, sleep, topUpRows } from '../helpers/api-assert.ts';
import { type ApiResponse, createHttp, type Http } from '../helpers/http.ts';
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

const TOP_UPS = '/v1/test_helpers/top_ups';
const MiB = 1024 * 1024;

/** Nothing was created for this account: no top-up row, no balance transaction, zero balance. */
async function assertNothingCreated(accountId: string, key: string): Promise<void> {
  assert.deepEqual(await topUpRows(service, accountId), []);
  assert.deepEqual(await allBalanceTransactions(http, key), []);
  assert.equal((await balanceOf(http, key)).available, 0);
}

/** The parts of a top-up that do not depend on when or with which key it was made. */
function comparable(topUp: Record<string, unknown>) {
  const { id, created_at, idempotency_key, balance_transaction_id, ...rest } = topUp;
  assert.match(String(id), /^topup_/);
  assert.equal(typeof created_at, 'number');
  assert.equal(typeof balance_transaction_id, 'string');
  return rest;
}

describe('form and JSON', () => {
  test('the same top-up sent form-encoded and as JSON gives the same result', async () => {
    const a = await service.newAccount();
    const b = await service.newAccount();
    const form = await http.post(TOP_UPS, {
      key: a.sandboxKey,
      form: { amount: '4200', currency: 'INR', description: 'float', 'metadata[order]': '42', 'metadata[note]': 'a b&c=d' },
      idempotencyKey: 'same-1',
    });
    const json = await http.post(TOP_UPS, {
      key: b.sandboxKey,
      json: { amount: 4200, currency: 'INR', description: 'float', metadata: { order: '42', note: 'a b&c=d' } },
      idempotencyKey: 'same-1',
    });
    assert.equal(form.status, 200, form.text);
    assert.equal(json.status, 200, json.text);
    assert.deepEqual(comparable(json.body), comparable(form.body));
    assert.deepEqual(comparable(form.body), {
      object: 'top_up',
      mode: 'sandbox',
      amount: 4200,
      currency: 'INR',
      status: 'succeeded',
      description: 'float',
      metadata: { order: '42', note: 'a b&c=d' },
      source: 'test_helper',
      provider_reference: null,
    });
    for (const res of [form, json]) assert.match(res.headers.get('content-type') ?? '', /^application\/json; charset=utf-8$/i);

    const balanceA = await http.get('/v1/balance', { key: a.sandboxKey });
    const balanceB = await http.get('/v1/balance', { key: b.sandboxKey });
    assert.deepEqual(balanceB.body, balanceA.body);
    assert.equal(balanceA.body.available, 4200);
    const txA = (await allBalanceTransactions(http, a.sandboxKey)).map(({ id, source_id, created_at, ...rest }) => rest);
    const txB = (await allBalanceTransactions(http, b.sandboxKey)).map(({ id, source_id, created_at, ...rest }) => rest);
    assert.equal(txA.length, 1);
    assert.deepEqual(txB, txA);
  });

  test('a JSON content type with a charset parameter is JSON', async () => {
    const { sandboxKey } = await service.newAccount();
    const res = await http.post(TOP_UPS, { key: sandboxKey, raw: { body: '{"amount":77}', contentType: 'application/json; charset=utf-8' } });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.amount, 77);
  });

  test('the boundaries 1 and 10^12 are valid amounts', async () => {
    const { sandboxKey } = await service.newAccount();
    const one = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '1' } });
    assert.equal(one.status, 200, one.text);
    assert.equal(one.body.amount, 1);
    const max = await http.post(TOP_UPS, { key: sandboxKey, json: { amount: 1_000_000_000_000 } });
    assert.equal(max.status, 200, max.text);
    assert.equal(max.body.amount, 1_000_000_000_000);
    assert.equal((await balanceOf(http, sandboxKey)).available, 1_000_000_000_001);
  });
});

describe('invalid amounts → 400 invalid_request, param amount, nothing created', () => {
  const formCases: Record<string, string> = {
    decimal: '1.5',
    negative: '-1',
    exponent: '1e3',
    empty: '',
    zero: '0',
    'over 10^12': '1000000000001',
    huge: '99999999999999999999999999',
    'non-numeric': 'abc',
    hex: '0x10',
    'with spaces': ' 100',
    'plus sign': '+100',
    'thousands separator': '1,000',
  };
  for (const [name, amount] of Object.entries(formCases)) {
    test(`form: ${name} (${JSON.stringify(amount)})`, async () => {
      const { accountId, sandboxKey } = await service.newAccount();
      const res = await http.post(TOP_UPS, { key: sandboxKey, form: { amount }, idempotencyKey: `bad-${name}` });
      assertApiError(res, 400, 'invalid_request', 'amount');
      await assertNothingCreated(accountId, sandboxKey);
    });
  }

  const jsonCases: Record<string, unknown> = {
    decimal: 1.5,
    negative: -1,
    zero: 0,
    'exponent string': '1e3',
    'empty string': '',
    'over 10^12': 1_000_000_000_001,
    huge: 1e30,
    'non-numeric': 'abc',
    boolean: true,
    null: null,
    object: { value: 100 },
    list: [100],
  };
  for (const [name, amount] of Object.entries(jsonCases)) {
    test(`JSON: ${name} (${JSON.stringify(amount)})`, async () => {
      const { accountId, sandboxKey } = await service.newAccount();
      const res = await http.post(TOP_UPS, { key: sandboxKey, json: { amount } });
      assertApiError(res, 400, 'invalid_request', 'amount');
      await assertNothingCreated(accountId, sandboxKey);
    });
  }

  test('missing amount (empty form, empty JSON object, no body at all)', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    assertApiError(await http.post(TOP_UPS, { key: sandboxKey, form: {} }), 400, 'invalid_request', 'amount');
    assertApiError(await http.post(TOP_UPS, { key: sandboxKey, json: {} }), 400, 'invalid_request', 'amount');
    assertApiError(await http.post(TOP_UPS, { key: sandboxKey }), 400, 'invalid_request', 'amount');
    await assertNothingCreated(accountId, sandboxKey);
  });

  test('a currency other than INR → 400 param currency', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    assertApiError(await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '100', currency: 'USD' } }), 400, 'invalid_request', 'currency');
    await assertNothingCreated(accountId, sandboxKey);
  });
});

describe('metadata limits → 400 naming the parameter, nothing created', () => {
  test('up to 20 keys of <= 40 characters with values of <= 500 characters are accepted', async () => {
    const { sandboxKey } = await service.newAccount();
    const form: Record<string, string> = { amount: '100' };
    for (let i = 0; i < 20; i++) form[`metadata[${String(i).padStart(40, 'k')}]`] = 'v'.repeat(500);
    const res = await http.post(TOP_UPS, { key: sandboxKey, form });
    assert.equal(res.status, 200, res.text.slice(0, 500));
    assert.equal(Object.keys(res.body.metadata).length, 20);
  });

  test('21 keys → param metadata', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const form: Record<string, string> = { amount: '100' };
    for (let i = 0; i < 21; i++) form[`metadata[k${i}]`] = 'v';
    assertApiError(await http.post(TOP_UPS, { key: sandboxKey, form }), 400, 'invalid_request', 'metadata');
    await assertNothingCreated(accountId, sandboxKey);
  });

  test('a key over 40 characters or a value over 500 characters → param metadata[key]', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const longKey = 'k'.repeat(41);
    const res = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '100', [`metadata[${longKey}]`]: 'v' } });
    assertApiError(res, 400, 'invalid_request');
    assert.match(res.body.error.param, /^metadata/);
    const long = await http.post(TOP_UPS, { key: sandboxKey, json: { amount: 100, metadata: { note: 'v'.repeat(501) } } });
    assertApiError(long, 400, 'invalid_request', 'metadata[note]');
    const notString = await http.post(TOP_UPS, { key: sandboxKey, json: { amount: 100, metadata: { n: 5 } } });
    assertApiError(notString, 400, 'invalid_request', 'metadata[n]');
    await assertNothingCreated(accountId, sandboxKey);
  });
});

describe('unknown parameters → 400 naming the first one', () => {
  test('form', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const res = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '100', colour: 'blue' } });
    assertApiError(res, 400, 'invalid_request', 'colour');
    await assertNothingCreated(accountId, sandboxKey);
  });

  test('JSON', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const res = await http.post(TOP_UPS, { key: sandboxKey, json: { amount: 100, amount_in_rupees: 1 } });
    assertApiError(res, 400, 'invalid_request', 'amount_in_rupees');
    await assertNothingCreated(accountId, sandboxKey);
  });

  test('nested, in bracket notation', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const res = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '100', 'customer[name]': 'x' } });
    assertApiError(res, 400, 'invalid_request');
    assert.match(res.body.error.param, /^customer/);
    await assertNothingCreated(accountId, sandboxKey);
  });

  test('in the query string of a read', async () => {
    const { sandboxKey } = await service.newAccount();
    assertApiError(await http.get('/v1/balance?currency=INR', { key: sandboxKey }), 400, 'invalid_request', 'currency');
    assertApiError(await http.get('/v1/balance_transactions?colour=blue', { key: sandboxKey }), 400, 'invalid_request', 'colour');
  });
});

describe('content types and sizes', () => {
  for (const contentType of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream']) {
    test(`${contentType} → 415 unsupported_media_type`, async () => {
      const { accountId, sandboxKey } = await service.newAccount();
      const res = await http.post(TOP_UPS, { key: sandboxKey, raw: { body: 'amount=100', contentType } });
      assertApiError(res, 415, 'unsupported_media_type');
      await assertNothingCreated(accountId, sandboxKey);
    });
  }

  test('a body without a content type → 415', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const res = await fetch(`${service.url}${TOP_UPS}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandboxKey}` },
      body: new Blob(['amount=100']), // a Blob without a type: fetch sends no Content-Type
    });
    const text = await res.text();
    assert.equal(res.status, 415, text);
    assert.equal(JSON.parse(text).error.code, 'unsupported_media_type');
    await assertNothingCreated(accountId, sandboxKey);
  });

  test('malformed JSON → 400 invalid_request', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    assertApiError(await http.post(TOP_UPS, { key: sandboxKey, raw: { body: '{"amount": 100', contentType: 'application/json' } }), 400, 'invalid_request');
    assertApiError(await http.post(TOP_UPS, { key: sandboxKey, raw: { body: '[100]', contentType: 'application/json' } }), 400, 'invalid_request');
    await assertNothingCreated(accountId, sandboxKey);
  });

  test('a body over 2 MiB → 413 payload_too_large (with Content-Length)', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const body = `amount=100&description=${'x'.repeat(2 * MiB)}`;
    const res = await http.post(TOP_UPS, { key: sandboxKey, raw: { body, contentType: 'application/x-www-form-urlencoded' } });
    assertApiError(res, 413, 'payload_too_large');
    const json = JSON.stringify({ amount: 100, description: 'y'.repeat(2 * MiB) });
    assertApiError(await http.post(TOP_UPS, { key: sandboxKey, raw: { body: json, contentType: 'application/json' } }), 413, 'payload_too_large');
    await assertNothingCreated(accountId, sandboxKey);
  });

  test('a body over 2 MiB → 413 payload_too_large (chunked, no Content-Length)', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const chunk = new TextEncoder().encode('x'.repeat(256 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('amount=100&description='));
      },
      pull(controller) {
        if (sent >= 10) return controller.close(); // 2.5 MiB in all
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${service.url}${TOP_UPS}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandboxKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const text = await res.text();
    assert.equal(res.status, 413, text);
    const body = JSON.parse(text);
    assert.equal(body.error.code, 'payload_too_large');
    assert.equal(body.error.request_id, res.headers.get('request-id'));
    await assertNothingCreated(accountId, sandboxKey);
  });

  test('a body just under 2 MiB is accepted', async () => {
    const { sandboxKey } = await service.newAccount();
    // Valid JSON padded with whitespace up to just under the limit.
    const body = `{"amount": 321${' '.repeat(2 * MiB - 100)}}`;
    const res = await http.post(TOP_UPS, { key: sandboxKey, raw: { body, contentType: 'application/json' } });
    assert.equal(res.status, 200, res.text.slice(0, 500));
    assert.equal(res.body.amount, 321);
    assert.equal((await balanceOf(http, sandboxKey)).available, 321);
  });
});

describe('text PostgreSQL cannot store (NUL, unpaired surrogates) and nesting past the limit → 400 naming the parameter, nothing created', () => {
  const customer = { name: 'Asha', email: 'asha@example.com', phone: '+919876543210' };

  test('in a form field, a JSON field, a metadata key or value, a query cursor and a path id', async () => {
    const { accountId, sandboxKey: key } = await service.newAccount();
    const customers = async () => (await http.get('/v1/customers', { key })).body.data.length;
    assertApiError(await http.post('/v1/customers', { key, form: { ...customer, name: 'As\u0000ha' } }), 400, 'invalid_request', 'name');
    assertApiError(await http.post('/v1/customers', { key, json: { ...customer, metadata: { 'or\u0000der': '1' } } }), 400, 'invalid_request', 'metadata');
    assertApiError(await http.post('/v1/customers', { key, json: { ...customer, metadata: { order: 'x\u0000' } } }), 400, 'invalid_request', 'metadata[order]');
    // JSON.stringify writes a lone surrogate as the escape \ud800, which JSON.parse turns back into one.
    const lone = `{"name":"A\\ud800","email":"asha@example.com","phone":"+919876543210"}`;
    assertApiError(await http.post('/v1/customers', { key, raw: { body: lone, contentType: 'application/json' } }), 400, 'invalid_request', 'name');
    assertApiError(await http.get('/v1/customers?starting_after=%00', { key }), 400, 'invalid_request', 'starting_after');
    assertApiError(await http.get('/v1/customers?email=a%00b', { key }), 400, 'invalid_request', 'email');
    assertApiError(await http.get('/v1/payouts/pout_%00', { key }), 404, 'not_found', 'id');
    assertApiError(await http.post('/v1/customers/cust_%00', { key, form: { name: 'B' } }), 404, 'not_found', 'id');
    // Written by a workflow's activity: refused before anything starts, so no workflow is left retrying.
    assertApiError(await http.post(TOP_UPS, { key, form: { amount: '100', description: 'a\u0000' } }), 400, 'invalid_request', 'description');
    assert.equal(await customers(), 0);
    await assertNothingCreated(accountId, key);
  });

  test('JSON nested 21 levels is 400 naming the parameter; 20 levels get past the nesting rule', async () => {
    const { accountId, sandboxKey: key } = await service.newAccount();
    const objects = (n: number) => `${'{"a":'.repeat(n)}"x"${'}'.repeat(n)}`;
    // The body is level 1 and metadata level 2: metadata holding 19 more levels makes 21.
    const body = (levels: number) => `{"name":"Asha","email":"asha@example.com","phone":"+919876543210","metadata":${objects(levels - 1)}}`;
    const deep = await http.post('/v1/customers', { key, raw: { body: body(21), contentType: 'application/json' } });
    assertApiError(deep, 400, 'invalid_request', 'metadata');
    assert.match(deep.body.error.message, /nested more than 20 levels/);
    // At 20 levels the nesting rule lets it through, and the schema refuses metadata that is not flat.
    const twenty = await http.post('/v1/customers', { key, raw: { body: body(20), contentType: 'application/json' } });
    assertApiError(twenty, 400, 'invalid_request');
    assert.doesNotMatch(twenty.body.error.message, /nested more than/);
    await assertNothingCreated(accountId, key);
  });

  test('a JSON body of more than 1,000 values is 400, as a form of more than 1,000 parameters is; a batch may bring 30 per item', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const many = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, 'v']));
    const res = await http.post(TOP_UPS, { key, json: { amount: 100, metadata: many } });
    assertApiError(res, 400, 'invalid_request', null);
    assert.match(res.body.error.message, /at most 1000/);
    const items = Array.from({ length: 300 }, (_, i) => ({ beneficiary_id: 'bene_00000000000000000000000000', amount: 100, mode: 'upi', idempotency_key: `many-${i}` }));
    const batch = await http.post('/v1/payout_batches', { key, json: { payouts: items } });
    assert.equal(batch.status, 200, batch.text);
    const stuffed = await http.post('/v1/payout_batches', { key, json: { payouts: items.map((item) => ({ ...item, metadata: many })) } });
    assertApiError(stuffed, 400, 'invalid_request', null);
    assert.match(stuffed.body.error.message, /at most 300000/);
  });

  test('a body nested deeper than 20 levels, with an Idempotency-Key, is 400 and leaves the key free', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const deep = `${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    const raw = `{"name":"Asha","email":"asha@example.com","phone":"+919876543210","metadata":${deep}}`;
    assertApiError(await http.post('/v1/customers', { key, idempotencyKey: 'deep-1', raw: { body: raw, contentType: 'application/json' } }), 400, 'invalid_request', 'metadata');
    const form = `name=Asha&email=asha%40example.com&phone=%2B919876543210&${'metadata'.concat('[a]'.repeat(40))}=1`;
    assertApiError(await http.post('/v1/customers', { key, idempotencyKey: 'deep-2', raw: { body: form, contentType: 'application/x-www-form-urlencoded' } }), 400, 'invalid_request', `metadata${'[a]'.repeat(40)}`);
    const ok = await http.post('/v1/customers', { key, idempotencyKey: 'deep-1', form: customer });
    assert.equal(ok.status, 200, ok.text);
  });
});

// A parser that is not linear blocks the process for as long as it parses (a 40,000-pair body once held it 74 s,
// /healthz included). The contract promises no time here, so no request is timed against a bound: each request
// and the /healthz sent while it is in flight must answer, and the test's timeout (BLOCKED_MS), far above a
// normal run's second or two, is what a blocked process runs into.
const BLOCKED_MS = 30_000;

describe('form parsing under load and abuse → a quick 400 naming the parameter; the process stays responsive', () => {
  const pairs = (n: number, pair = 'x[]=1') => Array(n).fill(pair).join('&');
  const form = (body: string) => ({ body, contentType: 'application/x-www-form-urlencoded' });

  /** Sends `big`, then /healthz 50 ms later; both must answer (how long each took is printed, not judged). */
  async function answersWhileHealthy(big: () => Promise<ApiResponse>): Promise<ApiResponse> {
    const started = performance.now();
    const bigDone = big().then((res) => ({ res, ms: performance.now() - started }));
    await sleep(50);
    const health = await fetch(`${service.url}/healthz`);
    const healthMs = performance.now() - started;
    assert.equal(health.status, 200);
    const { res, ms } = await bigDone;
    console.log(`# /healthz answered ${Math.round(healthMs)} ms and the big request ${Math.round(ms)} ms after the big request started`);
    return res;
  }

  test('a 240 KB body of 40,000 `x[]=1` pairs, on a route with the default limit and on payout batches', { timeout: BLOCKED_MS }, async () => {
    const { accountId, sandboxKey: key } = await service.newAccount();
    const body = pairs(40_000);
    assert.ok(body.length > 230_000);
    const res = await answersWhileHealthy(() => http.post(TOP_UPS, { key, raw: form(body) }));
    assertApiError(res, 400, 'invalid_request', null);
    assert.match(res.body.error.message, /at most 1000/);
    const batch = await answersWhileHealthy(() => http.post('/v1/payout_batches', { key, raw: form(body) }));
    assertApiError(batch, 400, 'invalid_request');
    await assertNothingCreated(accountId, key);
  });

  test('a query string of the same size is refused at once (431, over the header limit); one under it is a 400', { timeout: BLOCKED_MS }, async () => {
    const { sandboxKey: key } = await service.newAccount();
    const huge = await answersWhileHealthy(() => http.get(`/v1/balance_transactions?${pairs(40_000)}`, { key }));
    assert.equal(huge.status, 431, huge.text);
    const res = await answersWhileHealthy(() => http.get(`/v1/balance_transactions?${pairs(2_500)}`, { key }));
    assertApiError(res, 400, 'invalid_request', null);
  });

  test('a name repeated past the limit, an empty name, a reserved or malformed name → 400 naming it, nothing created', async () => {
    const { accountId, sandboxKey: key } = await service.newAccount();
    const cases: Array<[string, string | null]> = [
      [`amount=1&${pairs(101, 'x=1')}`, 'x'],
      ['=1&amount=100', null],
      ['amount=100&&=x', null],
      ['amount=100&__proto__[amount]=1', '__proto__[amount]'],
      ['amount=100&constructor[prototype][x]=1', 'constructor[prototype][x]'],
      ['amount=100&metadata[toString]=1', 'metadata[toString]'],
      ['amount=100&metadata[a]b=1', 'metadata[a]b'],
      ['amount=100&metadata[a=1', 'metadata[a'],
      ['amount=100&[metadata]=1', '[metadata]'],
      ['amount=100&metadata[][a]=1', 'metadata[][a]'],
      ['amount=100&metadata[a][b][c][d][e][f]=1', 'metadata[a][b][c][d][e][f]'],
      ['amount=100&amount=200', 'amount'],
    ];
    for (const [body, param] of cases) {
      const res = await http.post(TOP_UPS, { key, raw: form(body) });
      assertApiError(res, 400, 'invalid_request', param);
    }
    await assertNothingCreated(accountId, key);
    // Empty parts (a doubled or trailing `&`) are no parameters at all, as browsers and URLSearchParams see them.
    const ok = await http.post(TOP_UPS, { key, raw: form('amount=100&&metadata%5Border%5D=42&') });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(ok.body.metadata, { order: '42' });
  });
});
