// Customers through the real API: create (form and JSON), validation, scoping by account and mode, lists
// with the email filter, updates with POST /v1/customers/:id (Stripe's metadata merge), and idempotent replay.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;

// Live keys need HTTPS; the service trusts the proxy header so that tests can send live requests over HTTP.
const viaTls = { 'x-forwarded-proto': 'https' };

before(async () => {
  service = await startTestService({ TRUST_PROXY: 'true' });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

const customerForm = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+919876543210',
  vpa: 'asha.rao@okhdfc',
};

async function createCustomer(key: string, form: Record<string, string> = {}) {
  const res = await http.post('/v1/customers', { key, form: { ...customerForm, ...form } });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

interface CustomerRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  vpa: string | null;
  metadata: Record<string, string>;
  created_at: string;
  updated_at: string;
  updated_since_created: boolean;
}

async function customerRows(accountId: string): Promise<CustomerRow[]> {
  return service.stack.orm.em
    .fork()
    .execute(
      `select id, name, email, phone, vpa, metadata, created_at::text as created_at, updated_at::text as updated_at,
              updated_at > created_at as updated_since_created
       from customers where account_id = ? order by id`,
      [accountId],
    );
}

describe('POST /v1/customers', () => {
  test('metadata lengths count characters, as the document does: 40 emoji make a key, 41 do not', async () => {
    const { sandboxKey } = await service.newAccount();
    const key40 = '😀'.repeat(40);
    const ok = await http.post('/v1/customers', { key: sandboxKey, json: { ...customerForm, metadata: { [key40]: '₹'.repeat(10) + '😀'.repeat(490) } } });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(Object.keys(ok.body.metadata)[0], key40);
    const tooLong = await http.post('/v1/customers', { key: sandboxKey, json: { ...customerForm, metadata: { [`${key40}😀`]: 'x' } } });
    assertApiError(tooLong, 400, 'invalid_request', `metadata[${key40}😀]`);
    const valueTooLong = await http.post('/v1/customers', { key: sandboxKey, json: { ...customerForm, metadata: { k: '😀'.repeat(501) } } });
    assertApiError(valueTooLong, 400, 'invalid_request', 'metadata[k]');
  });

  test('every text length counts characters, as the document does: a name of 100 emoji is taken, 101 are not', async () => {
    const { sandboxKey } = await service.newAccount();
    const name = '😀'.repeat(100);
    const ok = await http.post('/v1/customers', { key: sandboxKey, json: { ...customerForm, name } });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.name, name);
    const tooLong = await http.post('/v1/customers', { key: sandboxKey, json: { ...customerForm, name: `${name}😀` } });
    assertApiError(tooLong, 400, 'invalid_request', 'name');
    assert.match(tooLong.body.error.message, /at most 100 characters/);
    const empty = await http.post('/v1/customers', { key: sandboxKey, json: { ...customerForm, name: '' } });
    assertApiError(empty, 400, 'invalid_request', 'name');
  });

  test('an email is what the document\'s email format calls one: a local part of 64 characters is taken; 65, or a domain label ending in a hyphen, is a 400 naming email', async () => {
    const { sandboxKey } = await service.newAccount();
    const longest = `${'a'.repeat(64)}@example.com`;
    const ok = await http.post('/v1/customers', { key: sandboxKey, json: { ...customerForm, email: longest } });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.email, longest);
    for (const email of [`${'a'.repeat(65)}@example.com`, 'asha@example-.com', 'asha@ex--ample.com', `asha@${'b'.repeat(64)}.com`]) {
      const res = await http.post('/v1/customers', { key: sandboxKey, json: { ...customerForm, email } });
      assertApiError(res, 400, 'invalid_request', 'email');
    }
    const listed = await http.get('/v1/customers?limit=100', { key: sandboxKey });
    assert.equal(listed.body.data.length, 1, 'only the valid one was created');
  });

  test('a customer from a form body, with a UPI ID and metadata', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const res = await http.post('/v1/customers', { key: sandboxKey, form: { ...customerForm, 'metadata[crm_id]': 'c-42' } });
    assert.equal(res.status, 200, res.text);
    assert.match(res.body.id, /^cust_[0-9A-Z]{26}$/);
    assert.deepEqual(res.body, {
      id: res.body.id,
      object: 'customer',
      mode: 'sandbox',
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '+919876543210',
      vpa: 'asha.rao@okhdfc',
      metadata: { crm_id: 'c-42' },
      created_at: res.body.created_at,
    });
    assert.ok(Math.abs(res.body.created_at - Date.now() / 1000) < 60, `created_at ${res.body.created_at}`);
    const rows = await customerRows(accountId);
    assert.deepEqual(
      rows.map((r) => r.id),
      [res.body.id],
    );
    assert.equal(rows[0].updated_since_created, false);
  });

  test('a customer from a JSON body, without a UPI ID', async () => {
    const { sandboxKey } = await service.newAccount();
    const res = await http.post('/v1/customers', { key: sandboxKey, json: { name: 'Ravi', email: 'ravi@example.com', phone: '9876543210' } });
    assert.equal(res.status, 200, res.text);
    assert.match(res.body.id, /^cust_/);
    assert.equal(res.body.name, 'Ravi');
    assert.equal(res.body.email, 'ravi@example.com');
    assert.equal(res.body.phone, '9876543210');
    assert.equal(res.body.vpa, null);
    assert.deepEqual(res.body.metadata, {});
  });

  test('a live key creates a live customer, invisible to the sandbox key of the same account', async () => {
    const owner = await service.newAccount({ live: true });
    const live = await http.post('/v1/customers', { key: owner.liveKey, headers: viaTls, json: customerForm });
    assert.equal(live.status, 200, live.text);
    assert.equal(live.body.mode, 'live');
    assert.equal((await http.get(`/v1/customers/${live.body.id}`, { key: owner.liveKey, headers: viaTls })).status, 200);
    assertApiError(await http.get(`/v1/customers/${live.body.id}`, { key: owner.sandboxKey }), 404, 'not_found', 'id');
    assert.deepEqual((await http.get('/v1/customers', { key: owner.sandboxKey })).body.data, []);
  });

  const invalid: { name: string; form: Record<string, string | undefined>; param: string }[] = [
    { name: 'a missing name', form: { name: undefined }, param: 'name' },
    { name: 'an empty name', form: { name: '' }, param: 'name' },
    { name: 'a name over 100 characters', form: { name: 'x'.repeat(101) }, param: 'name' },
    { name: 'a missing email', form: { email: undefined }, param: 'email' },
    { name: 'a malformed email', form: { email: 'not-an-email' }, param: 'email' },
    { name: 'an email over 254 characters', form: { email: `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.example.com` }, param: 'email' },
    { name: 'a missing phone', form: { phone: undefined }, param: 'phone' },
    { name: 'a phone of 9 digits', form: { phone: '987654321' }, param: 'phone' },
    { name: 'a phone with letters', form: { phone: '98765abc10' }, param: 'phone' },
    { name: 'a vpa without @', form: { vpa: 'asha.okhdfc' }, param: 'vpa' },
    { name: 'a vpa with digits in the handle', form: { vpa: 'asha@ok1' }, param: 'vpa' },
    { name: 'a vpa with a one-character name', form: { vpa: 'a@okhdfc' }, param: 'vpa' },
    { name: 'an empty vpa', form: { vpa: '' }, param: 'vpa' },
    { name: 'an unknown parameter', form: { nickname: 'A' }, param: 'nickname' },
    { name: 'metadata that is not a group', form: { metadata: 'x' }, param: 'metadata' },
    { name: 'a metadata key over 40 characters', form: { [`metadata[${'k'.repeat(41)}]`]: 'v' }, param: `metadata[${'k'.repeat(41)}]` },
  ];
  for (const c of invalid) {
    test(`${c.name} is 400 invalid_request naming ${c.param} and creates nothing`, async () => {
      const { accountId, sandboxKey } = await service.newAccount();
      const form: Record<string, string> = {};
      for (const [k, v] of Object.entries({ ...customerForm, ...c.form })) if (v !== undefined) form[k] = v;
      const res = await http.post('/v1/customers', { key: sandboxKey, form });
      assertApiError(res, 400, 'invalid_request', c.param);
      assert.deepEqual(await customerRows(accountId), []);
    });
  }

  test('replaying a create with the same Idempotency-Key returns the same customer and creates nothing', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const first = await http.post('/v1/customers', { key: sandboxKey, form: customerForm, idempotencyKey: 'cust-create-1' });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    const second = await http.post('/v1/customers', { key: sandboxKey, form: customerForm, idempotencyKey: 'cust-create-1' });
    assert.equal(second.status, 200, second.text);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    assert.equal(second.text, first.text);
    assert.equal((await customerRows(accountId)).length, 1);

    const other = await http.post('/v1/customers', { key: sandboxKey, form: { ...customerForm, name: 'Someone else' }, idempotencyKey: 'cust-create-1' });
    assertApiError(other, 422, 'idempotency_key_reused');
    assert.equal((await customerRows(accountId)).length, 1);
  });
});

describe('GET /v1/customers/:id', () => {
  test('returns the customer to its own account and mode only', async () => {
    const owner = await service.newAccount({ live: true });
    const stranger = await service.newAccount();
    const created = await createCustomer(owner.sandboxKey);

    const res = await http.get(`/v1/customers/${created.id}`, { key: owner.sandboxKey });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, created);

    assertApiError(await http.get(`/v1/customers/${created.id}`, { key: stranger.sandboxKey }), 404, 'not_found', 'id');
    assertApiError(await http.get(`/v1/customers/${created.id}`, { key: owner.liveKey, headers: viaTls }), 404, 'not_found', 'id');
    assertApiError(await http.get('/v1/customers/cust_01JD3Y8X4W0000000000000000', { key: owner.sandboxKey }), 404, 'not_found', 'id');
  });

  test('an unknown query parameter is 400', async () => {
    const { sandboxKey } = await service.newAccount();
    const created = await createCustomer(sandboxKey);
    assertApiError(await http.get(`/v1/customers/${created.id}?expand=x`, { key: sandboxKey }), 400, 'invalid_request', 'expand');
  });
});

describe('GET /v1/customers', () => {
  test('lists newest first and pages with limit, starting_after and ending_before', async () => {
    const { sandboxKey } = await service.newAccount();
    const stranger = await service.newAccount();
    await createCustomer(stranger.sandboxKey);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createCustomer(sandboxKey, { name: `Customer ${i}` })).id);
    const newestFirst = [...ids].reverse();
    const page = async (query: string) => {
      const res = await http.get(`/v1/customers${query}`, { key: sandboxKey });
      assert.equal(res.status, 200, res.text);
      return { ids: res.body.data.map((c: { id: string }) => c.id), hasMore: res.body.has_more };
    };

    const all = await http.get('/v1/customers', { key: sandboxKey });
    assert.equal(all.status, 200, all.text);
    assert.equal(all.body.object, 'list');
    assert.equal(all.body.url, '/v1/customers');
    assert.equal(all.body.has_more, false);
    assert.deepEqual(
      all.body.data.map((c: { id: string }) => c.id),
      newestFirst,
    );
    assert.deepEqual(await page('?limit=2'), { ids: newestFirst.slice(0, 2), hasMore: true });
    assert.deepEqual(await page(`?limit=2&starting_after=${newestFirst[1]}`), { ids: newestFirst.slice(2, 4), hasMore: true });
    assert.deepEqual(await page(`?limit=2&starting_after=${newestFirst[3]}`), { ids: newestFirst.slice(4), hasMore: false });
    assert.deepEqual(await page(`?limit=2&ending_before=${newestFirst[4]}`), { ids: newestFirst.slice(2, 4), hasMore: true });

    assertApiError(await http.get('/v1/customers?limit=0', { key: sandboxKey }), 400, 'invalid_request', 'limit');
    assertApiError(await http.get('/v1/customers?limit=101', { key: sandboxKey }), 400, 'invalid_request', 'limit');
    const foreign = (await http.get('/v1/customers', { key: stranger.sandboxKey })).body.data[0].id;
    assertApiError(await http.get(`/v1/customers?starting_after=${foreign}`, { key: sandboxKey }), 400, 'invalid_request', 'starting_after');
    assertApiError(await http.get('/v1/customers?name=x', { key: sandboxKey }), 400, 'invalid_request', 'name');
  });

  test('filters by email, with pagination inside the filter', async () => {
    const { sandboxKey } = await service.newAccount();
    const stranger = await service.newAccount();
    await createCustomer(stranger.sandboxKey, { email: 'shared@example.com' });
    const a1 = await createCustomer(sandboxKey, { email: 'shared@example.com' });
    const other = await createCustomer(sandboxKey, { email: 'other@example.com' });
    const a2 = await createCustomer(sandboxKey, { email: 'shared@example.com' });
    const ids = async (query: string) => (await http.get(`/v1/customers${query}`, { key: sandboxKey })).body.data.map((c: { id: string }) => c.id);

    assert.deepEqual(await ids('?email=shared@example.com'), [a2.id, a1.id]);
    assert.deepEqual(await ids(`?email=${encodeURIComponent('other@example.com')}`), [other.id]);
    assert.deepEqual(await ids('?email=shared@example.com&limit=1'), [a2.id]);
    assert.deepEqual(await ids(`?email=shared@example.com&starting_after=${a2.id}`), [a1.id]);
    assert.deepEqual(await ids('?email=nobody@example.com'), []);
    assertApiError(await http.get('/v1/customers?email=', { key: sandboxKey }), 400, 'invalid_request', 'email');
  });
});

describe('POST /v1/customers/:id', () => {
  test('a new vpa is saved and shown by GET; the other fields stay and updated_at moves', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const created = await createCustomer(sandboxKey, { 'metadata[crm_id]': 'c-42' });
    const [before] = await customerRows(accountId);

    const res = await http.post(`/v1/customers/${created.id}`, { key: sandboxKey, form: { vpa: 'asha.new@okicici' } });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { ...created, vpa: 'asha.new@okicici' });
    assert.deepEqual((await http.get(`/v1/customers/${created.id}`, { key: sandboxKey })).body, res.body);
    const [after] = await customerRows(accountId);
    assert.equal(after.vpa, 'asha.new@okicici');
    assert.equal(after.created_at, before.created_at);
    assert.equal(before.updated_since_created, false);
    assert.equal(after.updated_since_created, true);
  });

  test('name, email and phone change from a JSON body; a customer without a vpa gets one', async () => {
    const { sandboxKey } = await service.newAccount();
    const created = (await http.post('/v1/customers', { key: sandboxKey, json: { name: 'Ravi', email: 'ravi@example.com', phone: '9876543210' } })).body;
    assert.equal(created.vpa, null);
    const res = await http.post(`/v1/customers/${created.id}`, {
      key: sandboxKey,
      json: { name: 'Ravi Kumar', email: 'ravi.kumar@example.com', phone: '+919999999999', vpa: 'ravi@okaxis' },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { ...created, name: 'Ravi Kumar', email: 'ravi.kumar@example.com', phone: '+919999999999', vpa: 'ravi@okaxis' });
    assert.deepEqual((await http.get(`/v1/customers/${created.id}`, { key: sandboxKey })).body, res.body);
    assert.deepEqual((await http.get('/v1/customers?email=ravi.kumar@example.com', { key: sandboxKey })).body.data, [res.body]);
    assert.deepEqual((await http.get('/v1/customers?email=ravi@example.com', { key: sandboxKey })).body.data, []);
  });

  test('metadata merges: given keys are set, a key given an empty value is removed, the others stay', async () => {
    const { sandboxKey } = await service.newAccount();
    const created = await createCustomer(sandboxKey, { 'metadata[crm_id]': 'c-42', 'metadata[tier]': 'gold', 'metadata[region]': 'south' });
    const res = await http.post(`/v1/customers/${created.id}`, {
      key: sandboxKey,
      form: { 'metadata[tier]': 'platinum', 'metadata[region]': '', 'metadata[source]': 'web' },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.metadata, { crm_id: 'c-42', tier: 'platinum', source: 'web' });
    assert.equal(res.body.name, created.name);
    assert.equal(res.body.vpa, created.vpa);
    assert.deepEqual((await http.get(`/v1/customers/${created.id}`, { key: sandboxKey })).body.metadata, res.body.metadata);
  });

  test('more than 20 metadata keys after the merge is 400 naming metadata and changes nothing', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const initial: Record<string, string> = {};
    for (let i = 0; i < 15; i++) initial[`metadata[k${i}]`] = 'v';
    const created = await createCustomer(sandboxKey, initial);
    const extra: Record<string, string> = {};
    for (let i = 15; i < 21; i++) extra[`metadata[k${i}]`] = 'v';
    const before = await customerRows(accountId);
    assertApiError(await http.post(`/v1/customers/${created.id}`, { key: sandboxKey, form: extra }), 400, 'invalid_request', 'metadata');
    assert.deepEqual(await customerRows(accountId), before);
    // Removing keys in the same update makes room.
    const res = await http.post(`/v1/customers/${created.id}`, { key: sandboxKey, form: { ...extra, 'metadata[k0]': '' } });
    assert.equal(res.status, 200, res.text);
    assert.equal(Object.keys(res.body.metadata).length, 20);
  });

  const invalidUpdates: { name: string; form: Record<string, string>; param: string }[] = [
    { name: 'a malformed vpa', form: { vpa: 'asha@ok1' }, param: 'vpa' },
    { name: 'an empty vpa', form: { vpa: '' }, param: 'vpa' },
    { name: 'a malformed email', form: { email: 'asha@' }, param: 'email' },
    { name: 'an empty name', form: { name: '' }, param: 'name' },
    { name: 'a malformed phone', form: { phone: '12345' }, param: 'phone' },
    { name: 'an unknown parameter', form: { vpa: 'asha.new@okicici', nickname: 'A' }, param: 'nickname' },
    { name: 'an unknown parameter of beneficiaries', form: { type: 'vpa' }, param: 'type' },
    { name: 'metadata that is not a group', form: { metadata: 'x' }, param: 'metadata' },
  ];
  for (const c of invalidUpdates) {
    test(`an update with ${c.name} is 400 invalid_request naming ${c.param} and changes nothing`, async () => {
      const { accountId, sandboxKey } = await service.newAccount();
      const created = await createCustomer(sandboxKey);
      const before = await customerRows(accountId);
      assertApiError(await http.post(`/v1/customers/${created.id}`, { key: sandboxKey, form: c.form }), 400, 'invalid_request', c.param);
      assert.deepEqual(await customerRows(accountId), before);
      assert.deepEqual((await http.get(`/v1/customers/${created.id}`, { key: sandboxKey })).body, created);
    });
  }

  test('another account, the other mode or an unknown id is 404 and changes nothing', async () => {
    const owner = await service.newAccount({ live: true });
    const stranger = await service.newAccount();
    const created = await createCustomer(owner.sandboxKey);
    const before = await customerRows(owner.accountId);
    const update = { form: { vpa: 'thief@okaxis' } };
    assertApiError(await http.post(`/v1/customers/${created.id}`, { key: stranger.sandboxKey, ...update }), 404, 'not_found', 'id');
    assertApiError(await http.post(`/v1/customers/${created.id}`, { key: owner.liveKey, headers: viaTls, ...update }), 404, 'not_found', 'id');
    assertApiError(await http.post('/v1/customers/cust_01JD3Y8X4W0000000000000000', { key: owner.sandboxKey, ...update }), 404, 'not_found', 'id');
    assert.deepEqual(await customerRows(owner.accountId), before);
    assert.equal((await http.get(`/v1/customers/${created.id}`, { key: owner.sandboxKey })).body.vpa, created.vpa);
  });

  test('replaying an update with the same Idempotency-Key answers the first result and changes nothing more', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const created = await createCustomer(sandboxKey);
    const first = await http.post(`/v1/customers/${created.id}`, { key: sandboxKey, form: { vpa: 'asha.v2@okicici' }, idempotencyKey: 'cust-update-1' });
    assert.equal(first.status, 200, first.text);
    const [afterFirst] = await customerRows(accountId);
    const second = await http.post(`/v1/customers/${created.id}`, { key: sandboxKey, form: { vpa: 'asha.v2@okicici' }, idempotencyKey: 'cust-update-1' });
    assert.equal(second.status, 200, second.text);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    assert.equal(second.text, first.text);
    assert.deepEqual(await customerRows(accountId), [afterFirst]);
  });
});
