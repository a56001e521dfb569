// Authentication and modes (docs/api.md): Basic or Bearer with an API key; 401 for no, unknown, revoked key
// or a wrong scheme; live keys only over HTTPS (or a trusted TLS proxy); sandbox and live are separate
// worlds, and another account's ids are 404.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { revokeApiKey } from '../../src/db/accounts.ts';
import { assertApiError, balanceOf } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;
/** The same service, but behind a trusted TLS proxy (TRUST_PROXY=true). */
let proxied: TestService;
let proxiedHttp: Http;

const HTTPS = { 'x-forwarded-proto': 'https' };

before(async () => {
  service = await startTestService();
  proxied = await startTestService({ TRUST_PROXY: 'true' });
  http = createHttp(service.url);
  proxiedHttp = createHttp(proxied.url);
});
after(async () => {
  await Promise.all([service?.stop(), proxied?.stop()]);
});

async function topUp(h: Http, key: string, amount = 1000, idempotencyKey?: string) {
  const res = await h.post('/v1/test_helpers/top_ups', { key, form: { amount: String(amount) }, idempotencyKey });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

describe('401 authentication_failed', () => {
  test('no key', async () => {
    assertApiError(await http.get('/v1/balance'), 401, 'authentication_failed', null);
    assertApiError(await http.post('/v1/test_helpers/top_ups', { form: { amount: '100' } }), 401, 'authentication_failed', null);
  });

  test('wrong key: well-formed but unknown, malformed, empty', async () => {
    const { sandboxKey } = await service.newAccount();
    const unknown = `sk_sandbox_${'A'.repeat(40)}`;
    assertApiError(await http.get('/v1/balance', { key: unknown }), 401, 'authentication_failed');
    // The real key with one character changed.
    const flipped = sandboxKey.slice(0, -1) + (sandboxKey.endsWith('a') ? 'b' : 'a');
    assertApiError(await http.get('/v1/balance', { key: flipped }), 401, 'authentication_failed');
    assertApiError(await http.get('/v1/balance', { key: 'not-a-key' }), 401, 'authentication_failed');
    assertApiError(await http.get('/v1/balance', { key: unknown, scheme: 'bearer' }), 401, 'authentication_failed');
    // The key as the password, not the username.
    const asPassword = `Basic ${Buffer.from(`:${sandboxKey}`).toString('base64')}`;
    assertApiError(await http.get('/v1/balance', { headers: { authorization: asPassword } }), 401, 'authentication_failed');
  });

  test('wrong scheme', async () => {
    const { sandboxKey } = await service.newAccount();
    for (const authorization of [`Token ${sandboxKey}`, `Digest ${sandboxKey}`, sandboxKey, `Basic ${sandboxKey}`]) {
      assertApiError(await http.get('/v1/balance', { headers: { authorization } }), 401, 'authentication_failed');
    }
  });

  test('revoked key stops working at once; nothing is created with it', async () => {
    const { accountId, sandboxKey, sandboxKeyId } = await service.newAccount();
    assert.equal((await http.get('/v1/balance', { key: sandboxKey })).status, 200);
    await revokeApiKey(service.stack.orm.em.fork(), sandboxKeyId);
    assertApiError(await http.get('/v1/balance', { key: sandboxKey }), 401, 'authentication_failed');
    assertApiError(await http.get('/v1/balance', { key: sandboxKey, scheme: 'bearer' }), 401, 'authentication_failed');
    const post = await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, form: { amount: '100' }, idempotencyKey: 'revoked-1' });
    assertApiError(post, 401, 'authentication_failed');
    const rows = await service.stack.orm.em.fork().execute(`select id from top_ups where account_id = ?`, [accountId]);
    assert.equal(rows.length, 0);
  });
});

describe('Basic and Bearer', () => {
  test('Bearer works the same as Basic, for reads and writes', async () => {
    const { sandboxKey } = await service.newAccount();
    const viaBearer = await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, scheme: 'bearer', form: { amount: '700' } });
    assert.equal(viaBearer.status, 200, viaBearer.text);
    assert.equal(viaBearer.body.amount, 700);
    const viaBasic = await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, scheme: 'basic', form: { amount: '300' } });
    assert.equal(viaBasic.status, 200, viaBasic.text);

    const basic = await http.get('/v1/balance', { key: sandboxKey, scheme: 'basic' });
    const bearer = await http.get('/v1/balance', { key: sandboxKey, scheme: 'bearer' });
    assert.equal(basic.status, 200, basic.text);
    assert.equal(bearer.status, 200, bearer.text);
    assert.deepEqual(bearer.body, basic.body);
    assert.equal(basic.body.available, 1000);

    const one = await http.get(`/v1/top_ups/${viaBearer.body.id}`, { key: sandboxKey, scheme: 'basic' });
    const two = await http.get(`/v1/top_ups/${viaBearer.body.id}`, { key: sandboxKey, scheme: 'bearer' });
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(two.body, one.body);
  });

  test('Basic with the key and an empty password, with or without the colon', async () => {
    const { sandboxKey } = await service.newAccount();
    const noColon = `Basic ${Buffer.from(sandboxKey).toString('base64')}`;
    const res = await http.get('/v1/balance', { headers: { authorization: noColon } });
    assert.equal(res.status, 200, res.text);
  });
});

describe('live keys and HTTPS', () => {
  test('a live key over plain HTTP is 403 https_required (for reads and writes), and creates nothing', async () => {
    const { accountId, liveKey } = await service.newAccount({ live: true });
    assert.ok(liveKey);
    assertApiError(await http.get('/v1/balance', { key: liveKey }), 403, 'https_required');
    assertApiError(await http.get('/v1/balance', { key: liveKey, scheme: 'bearer' }), 403, 'https_required');
    const post = await http.post('/v1/test_helpers/top_ups', { key: liveKey, form: { amount: '100' }, idempotencyKey: 'live-http' });
    assertApiError(post, 403, 'https_required');
    const rows = await service.stack.orm.em.fork().execute(`select id from top_ups where account_id = ?`, [accountId]);
    assert.equal(rows.length, 0);
  });

  test('X-Forwarded-Proto: https is not believed without TRUST_PROXY', async () => {
    const { liveKey } = await service.newAccount({ live: true });
    assertApiError(await http.get('/v1/balance', { key: liveKey, headers: HTTPS }), 403, 'https_required');
  });

  test('with TRUST_PROXY=true and X-Forwarded-Proto: https a live key is accepted', async () => {
    const { liveKey } = await proxied.newAccount({ live: true });
    const res = await proxiedHttp.get('/v1/balance', { key: liveKey, headers: HTTPS });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { object: 'balance', mode: 'live', currency: 'INR', available: 0, pending: 0, reserved: 0 });
    const bearer = await proxiedHttp.get('/v1/balance', { key: liveKey, scheme: 'bearer', headers: HTTPS });
    assert.equal(bearer.status, 200, bearer.text);
  });

  test('with TRUST_PROXY=true a live key still needs X-Forwarded-Proto: https', async () => {
    const { liveKey } = await proxied.newAccount({ live: true });
    assertApiError(await proxiedHttp.get('/v1/balance', { key: liveKey }), 403, 'https_required');
    assertApiError(await proxiedHttp.get('/v1/balance', { key: liveKey, headers: { 'x-forwarded-proto': 'http' } }), 403, 'https_required');
  });

  test('behind the proxy only the last hop counts: a caller\'s own X-Forwarded-Proto: https is not believed', async () => {
    const { liveKey } = await proxied.newAccount({ live: true });
    // The caller sent "https"; the trusted proxy, which saw plain HTTP, appended "http".
    assertApiError(await proxiedHttp.get('/v1/balance', { key: liveKey, headers: { 'x-forwarded-proto': 'https, http' } }), 403, 'https_required');
    assertApiError(await proxiedHttp.get('/v1/balance', { key: liveKey, headers: { 'x-forwarded-proto': 'https,http' } }), 403, 'https_required');
    // The proxy terminated TLS and appended "https" after whatever the caller sent.
    const res = await proxiedHttp.get('/v1/balance', { key: liveKey, headers: { 'x-forwarded-proto': 'http, https' } });
    assert.equal(res.status, 200, res.text);
  });

  test('sandbox keys work over plain HTTP', async () => {
    const { sandboxKey } = await proxied.newAccount();
    const res = await proxiedHttp.get('/v1/balance', { key: sandboxKey });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.mode, 'sandbox');
  });

  test('a test helper called with a live key is 403 sandbox_only and creates nothing', async () => {
    const { accountId, liveKey } = await proxied.newAccount({ live: true });
    const res = await proxiedHttp.post('/v1/test_helpers/top_ups', {
      key: liveKey,
      form: { amount: '100' },
      headers: HTTPS,
      idempotencyKey: 'live-helper',
    });
    assertApiError(res, 403, 'sandbox_only');
    const rows = await proxied.stack.orm.em.fork().execute(`select id from top_ups where account_id = ?`, [accountId]);
    assert.equal(rows.length, 0);
    const balance = await proxiedHttp.get('/v1/balance', { key: liveKey, headers: HTTPS });
    assert.equal(balance.body.available, 0);
  });
});

describe('separate worlds', () => {
  test('a sandbox object is 404 to the live key of the same account', async () => {
    const { sandboxKey, liveKey } = await proxied.newAccount({ live: true });
    const created = await topUp(proxiedHttp, sandboxKey, 1234, 'world-1');
    assert.equal((await proxiedHttp.get(`/v1/top_ups/${created.id}`, { key: sandboxKey })).status, 200);

    assertApiError(await proxiedHttp.get(`/v1/top_ups/${created.id}`, { key: liveKey, headers: HTTPS }), 404, 'not_found');
    // Nor does it show in the live lists or the live balance.
    const txns = await proxiedHttp.get(`/v1/balance_transactions?source_id=${created.id}`, { key: liveKey, headers: HTTPS });
    assert.equal(txns.status, 200, txns.text);
    assert.deepEqual(txns.body.data, []);
    const list = await proxiedHttp.get('/v1/top_ups', { key: liveKey, headers: HTTPS });
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.body.data, []);
    const balance = await proxiedHttp.get('/v1/balance', { key: liveKey, headers: HTTPS });
    assert.equal(balance.body.available, 0);
    assert.equal((await balanceOf(proxiedHttp, sandboxKey)).available, 1234);
  });

  test('a live request ignores Sandbox-Simulate', async () => {
    const { liveKey } = await proxied.newAccount({ live: true });
    const res = await proxiedHttp.get('/v1/balance', { key: liveKey, headers: { ...HTTPS, 'sandbox-simulate': 'rate_limited' } });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.mode, 'live');
  });

  test('Sandbox-Simulate: an unknown, empty or blank value is a 400 naming the header, on reads and writes, and changes nothing', async () => {
    const { sandboxKey } = await service.newAccount();
    for (const value of ['bogus', '', ' ', ',', 'rate_limited,,bogus']) {
      const read = await http.get('/v1/balance', { key: sandboxKey, headers: { 'sandbox-simulate': value } });
      assertApiError(read, 400, 'invalid_request', 'Sandbox-Simulate');
      const write = await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, json: { amount: 100 }, headers: { 'sandbox-simulate': value } });
      assertApiError(write, 400, 'invalid_request', 'Sandbox-Simulate');
    }
    assert.equal((await balanceOf(http, sandboxKey)).available, 0, 'no top-up was made');
    const fine = await http.get('/v1/balance', { key: sandboxKey, headers: { 'sandbox-simulate': 'duplicate_webhooks' } });
    assert.equal(fine.status, 200, fine.text);
  });

  test("a sandbox object is 404 to another account's key", async () => {
    const owner = await service.newAccount();
    const stranger = await service.newAccount();
    const created = await topUp(http, owner.sandboxKey, 555, 'mine');
    assert.equal((await http.get(`/v1/top_ups/${created.id}`, { key: owner.sandboxKey })).status, 200);
    assertApiError(await http.get(`/v1/top_ups/${created.id}`, { key: stranger.sandboxKey }), 404, 'not_found');
    assertApiError(await http.get(`/v1/top_ups/${created.id}`, { key: stranger.sandboxKey, scheme: 'bearer' }), 404, 'not_found');
    const txns = await http.get(`/v1/balance_transactions?source_id=${created.id}`, { key: stranger.sandboxKey });
    assert.equal(txns.status, 200, txns.text);
    assert.deepEqual(txns.body.data, []);
    assert.equal((await balanceOf(http, stranger.sandboxKey)).available, 0);
    assert.equal((await balanceOf(http, owner.sandboxKey)).available, 555);
  });

  test('an unknown id is 404 not_found with the envelope', async () => {
    const { sandboxKey } = await service.newAccount();
    assertApiError(await http.get('/v1/top_ups/topup_01JD3Y8X4W0000000000000000', { key: sandboxKey }), 404, 'not_found');
  });
});
