// Beneficiaries through the real API: create (form and JSON), validation, scoping by account and mode,
// lists, DELETE as deactivation, and idempotent replay of a create.
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

const bankForm = {
  name: 'Asha Rao',
  type: 'bank_account',
  'bank_account[account_number]': '123456789012',
  'bank_account[ifsc]': 'HDFC0001234',
};

async function createBank(key: string, form: Record<string, string> = {}) {
  const res = await http.post('/v1/beneficiaries', { key, form: { ...bankForm, ...form } });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

async function beneficiaryRows(accountId: string): Promise<{ id: string; active: boolean; deactivated_at: string | null }[]> {
  return service.stack.orm.em.fork().execute(`select id, active, deactivated_at::text as deactivated_at from beneficiaries where account_id = ? order by id`, [accountId]);
}

describe('POST /v1/beneficiaries', () => {
  test('a bank account from a form body shows only last4 and ifsc, never the full account number', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const res = await http.post('/v1/beneficiaries', {
      key: sandboxKey,
      form: { ...bankForm, email: 'asha@example.com', phone: '+919876543210', 'metadata[vendor]': 'v-42' },
    });
    assert.equal(res.status, 200, res.text);
    assert.match(res.body.id, /^bene_[0-9A-Z]{26}$/);
    assert.deepEqual(res.body, {
      id: res.body.id,
      object: 'beneficiary',
      mode: 'sandbox',
      name: 'Asha Rao',
      type: 'bank_account',
      bank_account: { last4: '9012', ifsc: 'HDFC0001234' },
      vpa: null,
      email: 'asha@example.com',
      phone: '+919876543210',
      metadata: { vendor: 'v-42' },
      active: true,
      created_at: res.body.created_at,
      verification: null,
    });
    assert.ok(Math.abs(res.body.created_at - Date.now() / 1000) < 60, `created_at ${res.body.created_at}`);
    assert.equal(res.text.includes('123456789012'), false, res.text);
    assert.equal(res.text.includes('12345678'), false, res.text);
    const rows = await beneficiaryRows(accountId);
    assert.deepEqual(
      rows.map((r) => r.id),
      [res.body.id],
    );
  });

  test('a UPI ID from a JSON body', async () => {
    const { sandboxKey } = await service.newAccount();
    const res = await http.post('/v1/beneficiaries', { key: sandboxKey, json: { name: 'Ravi', type: 'vpa', vpa: 'ravi.k-1@okhdfc' } });
    assert.equal(res.status, 200, res.text);
    assert.match(res.body.id, /^bene_/);
    assert.equal(res.body.type, 'vpa');
    assert.equal(res.body.vpa, 'ravi.k-1@okhdfc');
    assert.equal(res.body.bank_account, null);
    assert.equal(res.body.email, null);
    assert.equal(res.body.phone, null);
    assert.deepEqual(res.body.metadata, {});
    assert.equal(res.body.active, true);
  });

  const invalid: { name: string; form: Record<string, string | undefined>; param: string }[] = [
    { name: 'an ifsc in lower case', form: { 'bank_account[ifsc]': 'hdfc0001234' }, param: 'bank_account[ifsc]' },
    { name: 'an ifsc without the 0 in fifth place', form: { 'bank_account[ifsc]': 'HDFC1001234' }, param: 'bank_account[ifsc]' },
    { name: 'an ifsc too short', form: { 'bank_account[ifsc]': 'HDFC000123' }, param: 'bank_account[ifsc]' },
    { name: 'an account number of 8 digits', form: { 'bank_account[account_number]': '12345678' }, param: 'bank_account[account_number]' },
    { name: 'an account number of 19 digits', form: { 'bank_account[account_number]': '1234567890123456789' }, param: 'bank_account[account_number]' },
    { name: 'an account number with letters', form: { 'bank_account[account_number]': '12345678901A' }, param: 'bank_account[account_number]' },
    { name: 'a missing ifsc', form: { 'bank_account[ifsc]': undefined }, param: 'bank_account[ifsc]' },
    { name: 'a missing bank_account for type bank_account', form: { 'bank_account[ifsc]': undefined, 'bank_account[account_number]': undefined }, param: 'bank_account' },
    { name: 'an unknown type', form: { type: 'card' }, param: 'type' },
    { name: 'a missing type', form: { type: undefined }, param: 'type' },
    { name: 'a missing name', form: { name: undefined }, param: 'name' },
    { name: 'an empty name', form: { name: '' }, param: 'name' },
    { name: 'a name over 100 characters', form: { name: 'x'.repeat(101) }, param: 'name' },
    { name: 'a malformed email', form: { email: 'not-an-email' }, param: 'email' },
    { name: 'a malformed phone', form: { phone: '12345' }, param: 'phone' },
    { name: 'a vpa with type bank_account', form: { vpa: 'ravi@okhdfc' }, param: 'vpa' },
    { name: 'an unknown parameter', form: { nickname: 'A' }, param: 'nickname' },
    { name: 'an unknown nested parameter', form: { 'bank_account[branch]': 'Fort' }, param: 'bank_account[branch]' },
    { name: 'metadata that is not a group', form: { metadata: 'x' }, param: 'metadata' },
  ];
  for (const c of invalid) {
    test(`${c.name} is 400 invalid_request naming ${c.param}`, async () => {
      const { accountId, sandboxKey } = await service.newAccount();
      const form: Record<string, string> = {};
      for (const [k, v] of Object.entries({ ...bankForm, ...c.form })) if (v !== undefined) form[k] = v;
      const res = await http.post('/v1/beneficiaries', { key: sandboxKey, form });
      assertApiError(res, 400, 'invalid_request', c.param);
      assert.deepEqual(await beneficiaryRows(accountId), []);
    });
  }

  const invalidVpa: { name: string; json: Record<string, unknown>; param: string }[] = [
    { name: 'a vpa without @', json: { vpa: 'ravi.okhdfc' }, param: 'vpa' },
    { name: 'a vpa with digits in the handle', json: { vpa: 'ravi@ok1' }, param: 'vpa' },
    { name: 'a vpa with a one-character name', json: { vpa: 'r@okhdfc' }, param: 'vpa' },
    { name: 'a missing vpa for type vpa', json: { vpa: undefined }, param: 'vpa' },
    { name: 'bank_account given with type vpa', json: { bank_account: { account_number: '123456789012', ifsc: 'HDFC0001234' } }, param: 'bank_account' },
    { name: 'an account number sent as a JSON number', json: { type: 'bank_account', vpa: undefined, bank_account: { account_number: 123456789012, ifsc: 'HDFC0001234' } }, param: 'bank_account[account_number]' },
  ];
  for (const c of invalidVpa) {
    test(`${c.name} is 400 invalid_request naming ${c.param}`, async () => {
      const { accountId, sandboxKey } = await service.newAccount();
      const res = await http.post('/v1/beneficiaries', { key: sandboxKey, json: { name: 'Ravi', type: 'vpa', vpa: 'ravi@okhdfc', ...c.json } });
      assertApiError(res, 400, 'invalid_request', c.param);
      assert.deepEqual(await beneficiaryRows(accountId), []);
    });
  }

  test('replaying a create with the same Idempotency-Key returns the same beneficiary and creates nothing', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const first = await http.post('/v1/beneficiaries', { key: sandboxKey, form: bankForm, idempotencyKey: 'bene-create-1' });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    const second = await http.post('/v1/beneficiaries', { key: sandboxKey, form: bankForm, idempotencyKey: 'bene-create-1' });
    assert.equal(second.status, 200, second.text);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    assert.equal(second.text, first.text);
    assert.equal(second.body.id, first.body.id);
    assert.equal((await beneficiaryRows(accountId)).length, 1);

    const other = await http.post('/v1/beneficiaries', { key: sandboxKey, form: { ...bankForm, name: 'Someone else' }, idempotencyKey: 'bene-create-1' });
    assertApiError(other, 422, 'idempotency_key_reused');
    assert.equal((await beneficiaryRows(accountId)).length, 1);
  });
});

describe('GET /v1/beneficiaries/:id', () => {
  test('returns the beneficiary to its own account and mode only', async () => {
    const owner = await service.newAccount({ live: true });
    const stranger = await service.newAccount();
    const created = await createBank(owner.sandboxKey);

    const res = await http.get(`/v1/beneficiaries/${created.id}`, { key: owner.sandboxKey });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, created);
    assert.equal(res.text.includes('123456789012'), false, res.text);

    assertApiError(await http.get(`/v1/beneficiaries/${created.id}`, { key: stranger.sandboxKey }), 404, 'not_found', 'id');
    assertApiError(await http.get(`/v1/beneficiaries/${created.id}`, { key: owner.liveKey, headers: viaTls }), 404, 'not_found', 'id');
    assertApiError(await http.get('/v1/beneficiaries/bene_01JD3Y8X4W0000000000000000', { key: owner.sandboxKey }), 404, 'not_found', 'id');
  });

  test('a live key creates live beneficiaries, invisible to the sandbox key of the same account', async () => {
    const owner = await service.newAccount({ live: true });
    const live = await http.post('/v1/beneficiaries', { key: owner.liveKey, headers: viaTls, json: { name: 'Live', type: 'vpa', vpa: 'live@okaxis' } });
    assert.equal(live.status, 200, live.text);
    assert.equal(live.body.mode, 'live');
    assert.equal((await http.get(`/v1/beneficiaries/${live.body.id}`, { key: owner.liveKey, headers: viaTls })).status, 200);
    assertApiError(await http.get(`/v1/beneficiaries/${live.body.id}`, { key: owner.sandboxKey }), 404, 'not_found', 'id');
    const sandboxList = await http.get('/v1/beneficiaries', { key: owner.sandboxKey });
    assert.deepEqual(sandboxList.body.data, []);
  });

  test('an unknown query parameter is 400', async () => {
    const { sandboxKey } = await service.newAccount();
    const created = await createBank(sandboxKey);
    assertApiError(await http.get(`/v1/beneficiaries/${created.id}?expand=x`, { key: sandboxKey }), 400, 'invalid_request', 'expand');
  });
});

describe('GET /v1/beneficiaries', () => {
  test('lists newest first and pages with limit, starting_after and ending_before', async () => {
    const { sandboxKey } = await service.newAccount();
    const stranger = await service.newAccount();
    await createBank(stranger.sandboxKey);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createBank(sandboxKey, { name: `Payee ${i}` })).id);
    const newestFirst = [...ids].reverse();

    const all = await http.get('/v1/beneficiaries', { key: sandboxKey });
    assert.equal(all.status, 200, all.text);
    assert.equal(all.body.object, 'list');
    assert.equal(all.body.url, '/v1/beneficiaries');
    assert.equal(all.body.has_more, false);
    assert.deepEqual(
      all.body.data.map((b: { id: string }) => b.id),
      newestFirst,
    );
    assert.equal(all.text.includes('123456789012'), false);

    const page1 = await http.get('/v1/beneficiaries?limit=2', { key: sandboxKey });
    assert.deepEqual(
      page1.body.data.map((b: { id: string }) => b.id),
      newestFirst.slice(0, 2),
    );
    assert.equal(page1.body.has_more, true);
    const page2 = await http.get(`/v1/beneficiaries?limit=2&starting_after=${newestFirst[1]}`, { key: sandboxKey });
    assert.deepEqual(
      page2.body.data.map((b: { id: string }) => b.id),
      newestFirst.slice(2, 4),
    );
    assert.equal(page2.body.has_more, true);
    const page3 = await http.get(`/v1/beneficiaries?limit=2&starting_after=${newestFirst[3]}`, { key: sandboxKey });
    assert.deepEqual(
      page3.body.data.map((b: { id: string }) => b.id),
      newestFirst.slice(4),
    );
    assert.equal(page3.body.has_more, false);
    const back = await http.get(`/v1/beneficiaries?limit=2&ending_before=${newestFirst[4]}`, { key: sandboxKey });
    assert.deepEqual(
      back.body.data.map((b: { id: string }) => b.id),
      newestFirst.slice(2, 4),
    );
    assert.equal(back.body.has_more, true);

    assertApiError(await http.get('/v1/beneficiaries?limit=0', { key: sandboxKey }), 400, 'invalid_request', 'limit');
    assertApiError(await http.get('/v1/beneficiaries?limit=101', { key: sandboxKey }), 400, 'invalid_request', 'limit');
    const foreign = (await http.get('/v1/beneficiaries', { key: stranger.sandboxKey })).body.data[0].id;
    assertApiError(await http.get(`/v1/beneficiaries?starting_after=${foreign}`, { key: sandboxKey }), 400, 'invalid_request', 'starting_after');
  });

  test('filters by type', async () => {
    const { sandboxKey } = await service.newAccount();
    const bank = await createBank(sandboxKey);
    const vpa = await http.post('/v1/beneficiaries', { key: sandboxKey, form: { name: 'Ravi', type: 'vpa', vpa: 'ravi@okhdfc' } });
    assert.equal(vpa.status, 200, vpa.text);
    const vpas = await http.get('/v1/beneficiaries?type=vpa', { key: sandboxKey });
    assert.deepEqual(
      vpas.body.data.map((b: { id: string }) => b.id),
      [vpa.body.id],
    );
    const banks = await http.get('/v1/beneficiaries?type=bank_account', { key: sandboxKey });
    assert.deepEqual(
      banks.body.data.map((b: { id: string }) => b.id),
      [bank.id],
    );
    assertApiError(await http.get('/v1/beneficiaries?type=card', { key: sandboxKey }), 400, 'invalid_request', 'type');
    assertApiError(await http.get('/v1/beneficiaries?status=active', { key: sandboxKey }), 400, 'invalid_request', 'status');
  });
});

describe('DELETE /v1/beneficiaries/:id', () => {
  test('deactivates and answers with the beneficiary; deleting again changes nothing', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const created = await createBank(sandboxKey);

    const res = await http.request('DELETE', `/v1/beneficiaries/${created.id}`, { key: sandboxKey });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { ...created, active: false });
    const [row] = await beneficiaryRows(accountId);
    assert.equal(row.active, false);
    assert.ok(row.deactivated_at, 'deactivated_at is set');

    const again = await http.request('DELETE', `/v1/beneficiaries/${created.id}`, { key: sandboxKey });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.text, res.text);
    const [rowAgain] = await beneficiaryRows(accountId);
    assert.equal(rowAgain.deactivated_at, row.deactivated_at);

    const read = await http.get(`/v1/beneficiaries/${created.id}`, { key: sandboxKey });
    assert.equal(read.body.active, false);
    const list = await http.get('/v1/beneficiaries', { key: sandboxKey });
    assert.deepEqual(
      list.body.data.map((b: { id: string; active: boolean }) => [b.id, b.active]),
      [[created.id, false]],
    );
  });

  test('another account, the other mode or an unknown id is 404 and changes nothing', async () => {
    const owner = await service.newAccount({ live: true });
    const stranger = await service.newAccount();
    const created = await createBank(owner.sandboxKey);
    assertApiError(await http.request('DELETE', `/v1/beneficiaries/${created.id}`, { key: stranger.sandboxKey }), 404, 'not_found', 'id');
    assertApiError(await http.request('DELETE', `/v1/beneficiaries/${created.id}`, { key: owner.liveKey, headers: viaTls }), 404, 'not_found', 'id');
    assertApiError(await http.request('DELETE', '/v1/beneficiaries/bene_unknown', { key: owner.sandboxKey }), 404, 'not_found', 'id');
    const read = await http.get(`/v1/beneficiaries/${created.id}`, { key: owner.sandboxKey });
    assert.equal(read.body.active, true);
  });
});
