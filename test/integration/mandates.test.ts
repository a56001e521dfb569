// Mandates through the real API, worker, Temporal and PostgreSQL, and their authorization page as a phone without
// JavaScript uses it (plain GETs and form POSTs): creation and its validation, live without a connection that moves
// payments, approve/reject/slow approve on the page, the customer's pause/resume/revoke (test helpers) and the
// business's revoke with their events, refused moves, expiry unapproved and at expire_at, isolation.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { getPage, tokenOf, type Page } from '../helpers/payment-links.ts';
import { createCustomer, eventTypesOf, waitFor } from '../helpers/payments.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

/** The test service's window for approving a sandbox mandate (MANDATE_AUTHORIZATION_SECONDS). */
const AUTHORIZATION_S = 4;

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService({
    MANDATE_AUTHORIZATION_SECONDS: String(AUTHORIZATION_S),
    SANDBOX_SLOW_DELAY_MS: '2000',
    // Live keys need HTTPS: the tests say so through the proxy header.
    TRUST_PROXY: 'true',
    PAYMENT_LINK_PAGE_REQUESTS_PER_MINUTE: '100000',
  });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

const now = () => Math.floor(Date.now() / 1000);
const HTTPS = { 'x-forwarded-proto': 'https' };

function postMandate(key: string, body: Record<string, unknown>, headers?: Record<string, string>) {
  return http.post('/v1/mandates', { key, json: { max_amount: 500_000, frequency: 'monthly', ...body }, idempotencyKey: `mdt-${randomUUID()}`, headers });
}

async function newMandate(key: string, body: Record<string, unknown> = {}): Promise<any> {
  const customer = (body.customer_id as string | undefined) ?? (await createCustomer(http, key, 'asha@okhdfc'));
  const res = await postMandate(key, { customer_id: customer, ...body });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.status, 'created', res.text);
  return res.body;
}

/** POSTs the authorization form with `vpa` (a fresh page's token), without following the redirect. */
async function answer(url: string, vpa: string, token?: string): Promise<Page> {
  const form = new URLSearchParams({ token: token ?? tokenOf((await getPage(url)).html), vpa });
  const res = await fetch(url, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  return { status: res.status, html: await res.text(), headers: res.headers, location: res.headers.get('location') };
}

const waitStatus = (key: string, id: string, status: string, timeoutMs = 30_000) => waitFor(http, key, `/v1/mandates/${id}`, (m) => m.status === status, timeoutMs);

describe('creating and reading mandates', () => {
  test('every field as given, authorization_url on the service, GET one and the list with filters', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const customer = await createCustomer(http, key, 'asha@okhdfc');
    const startAt = now() + 60;
    const expireAt = startAt + 365 * 86_400;
    const res = await postMandate(key, { customer_id: customer, max_amount: 1_000_000, frequency: 'weekly', start_at: startAt, expire_at: expireAt, description: 'Tiffin, weekly', metadata: { plan: 'gold' } });
    assert.equal(res.status, 200, res.text);
    const m = res.body;
    assert.match(m.id, /^mdt_[0-9A-Z]{26}$/);
    assert.equal(m.object, 'mandate');
    assert.equal(m.mode, 'sandbox');
    assert.equal(m.livemode, false);
    assert.equal(m.customer_id, customer);
    assert.equal(m.vpa, 'asha@okhdfc', "the customer's vpa by default");
    assert.equal(m.max_amount, 1_000_000);
    assert.equal(m.frequency, 'weekly');
    assert.equal(m.start_at, startAt);
    assert.equal(m.expire_at, expireAt);
    assert.equal(m.authorization_url, `${service.url}/mandates/${m.id}/authorize`);
    assert.equal(m.provider_reference, null);
    assert.equal(m.description, 'Tiffin, weekly');
    assert.deepEqual(m.metadata, { plan: 'gold' });
    assert.ok(m.authorization_expires_at >= m.created_at + AUTHORIZATION_S - 1);
    for (const k of ['activated_at', 'paused_at', 'resumed_at', 'revoked_at', 'rejected_at', 'expired_at']) assert.equal(m[k], null, k);

    assert.deepEqual((await http.get(`/v1/mandates/${m.id}`, { key })).body, m);
    const other = await newMandate(key, { vpa: 'other@okicici' });
    assert.equal(other.vpa, 'other@okicici');
    const list = await http.get('/v1/mandates', { key });
    assert.deepEqual(list.body.data.map((x: any) => x.id), [other.id, m.id]);
    assert.deepEqual((await http.get(`/v1/mandates?customer_id=${customer}`, { key })).body.data.map((x: any) => x.id), [m.id]);
    assert.equal((await http.get('/v1/mandates?status=active', { key })).body.data.length, 0);
    assert.equal((await http.get('/v1/mandates?status=created&limit=1', { key })).body.has_more, true);
  });

  test('the same Idempotency-Key answers with the same mandate; one row, one workflow', async () => {
    const { accountId, sandboxKey: key } = await service.newAccount();
    const customer = await createCustomer(http, key, 'asha@okhdfc');
    const idempotencyKey = `mdt-${randomUUID()}`;
    const json = { customer_id: customer, max_amount: 50_000, frequency: 'yearly' };
    const first = await http.post('/v1/mandates', { key, json, idempotencyKey });
    const again = await http.post('/v1/mandates', { key, json, idempotencyKey });
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal((await service.sql(`select count(*)::int as n from mandates where account_id = ?`, [accountId]))[0].n, 1);
  });

  test('default validity: start now, 10 years', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const m = await newMandate(key, { frequency: 'as_presented' });
    assert.ok(Math.abs(m.start_at - now()) <= 5);
    assert.ok(m.expire_at - m.start_at >= 3652 * 86_400 && m.expire_at - m.start_at <= 3653 * 86_400, `${m.expire_at - m.start_at}`);
  });

  test('validation: 400 naming the param', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const customer = await createCustomer(http, key, 'asha@okhdfc');
    const noVpa = await createCustomer(http, key, null);
    assertApiError(await postMandate(key, { customer_id: customer, max_amount: 10_000_001 }), 400, 'invalid_request', 'max_amount');
    assertApiError(await postMandate(key, { customer_id: customer, max_amount: 0 }), 400, 'invalid_request', 'max_amount');
    assertApiError(await postMandate(key, { customer_id: customer, frequency: 'daily' }), 400, 'invalid_request', 'frequency');
    assertApiError(await postMandate(key, { customer_id: customer, expire_at: now() - 10 }), 400, 'invalid_request', 'expire_at');
    assertApiError(await postMandate(key, { customer_id: customer, start_at: now() + 1000, expire_at: now() + 500 }), 400, 'invalid_request', 'expire_at');
    // Within 30 years from now, so no date overflows a clock (the fuzzer's expire_at of 1586285144620 once answered 500).
    const YEAR = 366 * 86_400;
    assertApiError(await postMandate(key, { customer_id: customer, expire_at: now() + 31 * YEAR }), 400, 'invalid_request', 'expire_at');
    assertApiError(await postMandate(key, { customer_id: customer, start_at: 97_535, expire_at: 1_586_285_144_620 }), 400, 'invalid_request', 'expire_at');
    assertApiError(await postMandate(key, { customer_id: customer, expire_at: Number.MAX_SAFE_INTEGER }), 400, 'invalid_request', 'expire_at');
    assertApiError(await postMandate(key, { customer_id: customer, start_at: now() + 40 * YEAR }), 400, 'invalid_request', 'start_at');
    assertApiError(await postMandate(key, { customer_id: customer, start_at: Number.MAX_SAFE_INTEGER }), 400, 'invalid_request', 'start_at');
    assertApiError(await postMandate(key, { customer_id: customer, vpa: 'not a vpa' }), 400, 'invalid_request', 'vpa');
    assertApiError(await postMandate(key, { customer_id: noVpa }), 400, 'invalid_request', 'vpa');
    assertApiError(await postMandate(key, { customer_id: 'cust_nope' }), 404, 'not_found', 'customer_id');
    assertApiError(await postMandate(key, { customer_id: customer, color: 'red' }), 400, 'invalid_request', 'color');
    assert.equal((await http.post('/v1/mandates', { key, json: { customer_id: customer, max_amount: 10_000_000, frequency: 'yearly' } })).status, 200, 'the ceiling itself is allowed');
  });

  test('live: 403 connection_required without a connection (live mandates with one: live-mandates.test.ts)', async () => {
    const { accountId, sandboxKey, liveKey } = await service.newAccount({ live: true });
    const customer = await createCustomer(http, liveKey!, 'asha@okhdfc', HTTPS);
    assertApiError(await postMandate(liveKey!, { customer_id: customer }, HTTPS), 403, 'connection_required');
    assert.equal((await service.sql(`select count(*)::int as n from mandates where account_id = ?`, [accountId]))[0].n, 0);
    // Test helpers are sandbox only.
    const m = await newMandate(sandboxKey);
    assertApiError(await http.post(`/v1/test_helpers/mandates/${m.id}/pause`, { key: liveKey, headers: HTTPS }), 403, 'sandbox_only');
  });

  test('isolation: another account or mode sees 404', async () => {
    const a = await service.newAccount({ live: true });
    const b = await service.newAccount();
    const m = await newMandate(a.sandboxKey);
    assertApiError(await http.get(`/v1/mandates/${m.id}`, { key: b.sandboxKey }), 404, 'not_found', 'id');
    assertApiError(await http.get(`/v1/mandates/${m.id}`, { key: a.liveKey, headers: HTTPS }), 404, 'not_found', 'id');
    assertApiError(await http.post(`/v1/mandates/${m.id}/revoke`, { key: b.sandboxKey }), 404, 'not_found', 'id');
    assertApiError(await http.post(`/v1/test_helpers/mandates/${m.id}/pause`, { key: b.sandboxKey }), 404, 'not_found', 'id');
    assert.deepEqual((await http.get('/v1/mandates', { key: b.sandboxKey })).body.data, []);
    assert.deepEqual((await http.get('/v1/mandates', { key: a.liveKey, headers: HTTPS })).body.data, []);
  });
});

describe('the authorization page', () => {
  test('shows the terms without a key; success@upi approves (mandate.active), and the page shows the outcome', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const m = await newMandate(key, { max_amount: 1_234_500, frequency: 'monthly', description: '<b>Gym</b> & spa' });
    const page = await getPage(m.authorization_url);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.match(page.html, /₹12,345\.00/);
    assert.match(page.html, /Monthly/);
    assert.match(page.html, /&lt;b&gt;Gym&lt;\/b&gt; &amp; spa/);
    assert.doesNotMatch(page.html, /<b>Gym/);
    assert.doesNotMatch(page.html, /<script/i);
    const posted = await answer(m.authorization_url, 'success@upi');
    assert.equal(posted.status, 303, posted.html);
    assert.equal(new URL(posted.location!, m.authorization_url).toString(), m.authorization_url);
    const active = (await http.get(`/v1/mandates/${m.id}`, { key })).body;
    assert.equal(active.status, 'active');
    assert.equal(active.vpa, 'success@upi', 'the UPI ID the customer approved from');
    assert.ok(active.activated_at >= active.created_at);
    assert.match((await getPage(m.authorization_url)).html, /Mandate approved/);
    assert.deepEqual(await eventTypesOf(http, key, m.id), ['mandate.active']);
    // Nothing more to approve: the form is gone, and an old token changes nothing.
    assert.equal((await answer(m.authorization_url, 'failure@upi', tokenOf(page.html))).status, 409);
    assert.equal((await http.get(`/v1/mandates/${m.id}`, { key })).body.status, 'active');
  });

  test('failure@upi rejects (mandate.rejected); a form without a valid token changes nothing', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const m = await newMandate(key);
    assert.equal((await answer(m.authorization_url, 'success@upi', 'forged')).status, 400);
    assert.equal((await http.get(`/v1/mandates/${m.id}`, { key })).body.status, 'created');
    const bad = await answer(m.authorization_url, 'no upi id');
    assert.equal(bad.status, 400);
    assert.match(bad.html, /Enter a UPI ID/);
    assert.equal((await answer(m.authorization_url, 'failure@upi')).status, 303);
    const rejected = (await http.get(`/v1/mandates/${m.id}`, { key })).body;
    assert.equal(rejected.status, 'rejected');
    assert.ok(rejected.rejected_at);
    assert.match((await getPage(m.authorization_url)).html, /Mandate declined/);
    assert.deepEqual(await eventTypesOf(http, key, m.id), ['mandate.rejected']);
    assertApiError(await http.post(`/v1/mandates/${m.id}/revoke`, { key }), 409, 'invalid_state');
  });

  test('slow@upi: the page waits (refreshing), then the mandate is active', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const m = await newMandate(key);
    assert.equal((await answer(m.authorization_url, 'slow@upi')).status, 303);
    const waiting = await getPage(m.authorization_url);
    assert.equal((await http.get(`/v1/mandates/${m.id}`, { key })).body.status, 'created');
    assert.match(waiting.html, /data-testid="waiting"/);
    assert.match(waiting.html, /http-equiv="refresh"/);
    await waitStatus(key, m.id, 'active');
    assert.match((await getPage(m.authorization_url)).html, /Mandate approved/);
    assert.deepEqual(await eventTypesOf(http, key, m.id), ['mandate.active']);
  });

  test('unknown mandate: 404 page', async () => {
    const page = await getPage(`${service.url}/mandates/mdt_01JD3Y8X4W0000000000000000/authorize`);
    assert.equal(page.status, 404);
    assert.match(page.html, /Mandate not found/);
  });
});

describe('the customer and the business move the mandate', () => {
  async function activeMandate(key: string, body: Record<string, unknown> = {}): Promise<any> {
    const m = await newMandate(key, body);
    assert.equal((await answer(m.authorization_url, 'success@upi')).status, 303);
    return waitStatus(key, m.id, 'active');
  }

  test('pause, resume, revoke by the customer: each with its event; moves that do not fit are 409', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const m = await activeMandate(key);
    assertApiError(await http.post(`/v1/test_helpers/mandates/${m.id}/resume`, { key }), 409, 'invalid_state');
    const paused = await http.post(`/v1/test_helpers/mandates/${m.id}/pause`, { key });
    assert.equal(paused.status, 200, paused.text);
    assert.equal(paused.body.status, 'paused');
    assert.ok(paused.body.paused_at);
    assertApiError(await http.post(`/v1/test_helpers/mandates/${m.id}/pause`, { key }), 409, 'invalid_state');
    const resumed = await http.post(`/v1/test_helpers/mandates/${m.id}/resume`, { key });
    assert.equal(resumed.body.status, 'active', resumed.text);
    assert.ok(resumed.body.resumed_at);
    const revoked = await http.post(`/v1/test_helpers/mandates/${m.id}/revoke`, { key });
    assert.equal(revoked.body.status, 'revoked', revoked.text);
    assert.ok(revoked.body.revoked_at);
    assert.deepEqual(await eventTypesOf(http, key, m.id), ['mandate.active', 'mandate.paused', 'mandate.resumed', 'mandate.revoked']);
    for (const action of ['pause', 'resume', 'revoke']) {
      assertApiError(await http.post(`/v1/test_helpers/mandates/${m.id}/${action}`, { key }), 409, 'invalid_state');
    }
    assertApiError(await http.post(`/v1/mandates/${m.id}/revoke`, { key }), 409, 'invalid_state');
    const event = (await http.get('/v1/events?type=mandate.revoked', { key })).body.data[0];
    assert.equal(event.data.object.id, m.id);
    assert.equal(event.data.object.status, 'revoked');
  });

  test('the business revokes a paused mandate; a created one cannot be paused or revoked', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const created = await newMandate(key);
    assertApiError(await http.post(`/v1/test_helpers/mandates/${created.id}/pause`, { key }), 409, 'invalid_state');
    assertApiError(await http.post(`/v1/mandates/${created.id}/revoke`, { key }), 409, 'invalid_state');
    const m = await activeMandate(key);
    assert.equal((await http.post(`/v1/test_helpers/mandates/${m.id}/pause`, { key })).status, 200);
    const revoked = await http.post(`/v1/mandates/${m.id}/revoke`, { key });
    assert.equal(revoked.status, 200, revoked.text);
    assert.equal(revoked.body.status, 'revoked');
    assert.deepEqual(await eventTypesOf(http, key, m.id), ['mandate.active', 'mandate.paused', 'mandate.revoked']);
    assert.match((await getPage(m.authorization_url)).html, /Mandate revoked/);
  });
});

describe('expiry', () => {
  test('never approved: expired when the authorization window ends (mandate.expired)', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const m = await newMandate(key);
    const expired = await waitStatus(key, m.id, 'expired', AUTHORIZATION_S * 1000 + 30_000);
    assert.ok(expired.expired_at >= m.authorization_expires_at);
    assert.equal(expired.activated_at, null);
    assert.deepEqual(await eventTypesOf(http, key, m.id), ['mandate.expired']);
    assert.match((await getPage(m.authorization_url)).html, /Mandate expired/);
  });

  test('active: expired by itself at expire_at', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const m = await newMandate(key, { expire_at: now() + 8 });
    assert.equal((await answer(m.authorization_url, 'success@upi')).status, 303);
    const expired = await waitStatus(key, m.id, 'expired');
    assert.ok(expired.expired_at >= m.expire_at);
    assert.ok(expired.activated_at);
    assert.deepEqual(await eventTypesOf(http, key, m.id), ['mandate.active', 'mandate.expired']);
    assertApiError(await http.post(`/v1/mandates/${m.id}/revoke`, { key }), 409, 'invalid_state');
  });
});
