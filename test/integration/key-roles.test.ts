// Key roles through the real API, payctl and the MCP tools (docs/api.md, "Key roles"): `payctl keys create --role
// approver --name --holder` makes a key that may read and create reports and nothing else; every other write is
// answered 403 permission_denied before anything runs, so nothing is made and its Idempotency-Key stays free for a
// key that may use it; GET /v1/keys/current tells each key its role, holder and limits; keys made before roles, and
// keys made without --role, are `full`.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { payctlFor, payctlJson, type Payctl } from '../helpers/payctl.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;
let payctl: Payctl;

before(async () => {
  service = await startTestService();
  http = createHttp(service.url);
  payctl = payctlFor(service, { LOG_LEVEL: 'silent' });
});
after(async () => {
  await service?.stop();
});

/** A sandbox account with money and a beneficiary, its full key, and an approver key made by payctl. */
async function accountWithApprover(): Promise<{ accountId: string; fullKey: string; approverKey: string; approverId: string; beneficiaryId: string }> {
  const { accountId, sandboxKey } = await service.newAccount();
  const topUp = await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, idempotencyKey: randomUUID(), json: { amount: 1_000_000 } });
  assert.equal(topUp.status, 200, topUp.text);
  const bene = await http.post('/v1/beneficiaries', { key: sandboxKey, json: { name: 'Asha Kumar', type: 'vpa', vpa: 'success@upi' } });
  assert.equal(bene.status, 200, bene.text);
  const made = payctlJson(await payctl(['keys', 'create', '--account', accountId, '--mode', 'sandbox', '--role', 'approver', '--name', 'Priya (finance)', '--holder', 'priya@example.com', '--json']));
  return { accountId, fullKey: sandboxKey, approverKey: made.key, approverId: made.id, beneficiaryId: bene.body.id };
}

describe('payctl keys create --role', () => {
  test('makes an approver key with its name and holder; without --role a key is full and its own holder; an unknown role or an empty name is a usage error', async () => {
    const { accountId } = await service.newAccount();
    const approver = payctlJson(await payctl(['keys', 'create', '--account', accountId, '--mode', 'sandbox', '--role', 'approver', '--name', 'Priya (finance)', '--holder', 'priya@example.com', '--json']));
    assert.equal(approver.role, 'approver');
    assert.equal(approver.name, 'Priya (finance)');
    assert.equal(approver.holder, 'priya@example.com');
    assert.match(approver.key, /^sk_sandbox_/);
    const plain = payctlJson(await payctl(['keys', 'create', '--account', accountId, '--mode', 'sandbox', '--json']));
    assert.equal(plain.role, 'full');
    assert.equal(plain.name, null);
    assert.equal(plain.holder, plain.id);

    const before = await service.sql('select count(*)::int as n from api_keys where account_id = ?', [accountId]);
    for (const args of [['--role', 'owner'], ['--name', '   '], ['--holder', 'x'.repeat(101)], ['--name', 'tab\there']]) {
      const run = await payctl(['keys', 'create', '--account', accountId, '--mode', 'sandbox', ...args]);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stdout}${run.stderr}`);
    }
    assert.deepEqual(await service.sql('select count(*)::int as n from api_keys where account_id = ?', [accountId]), before, 'no key made');
  });
});

describe('GET /v1/keys/current', () => {
  test("answers the calling key's id, name, holder, role, mode and limits, never its secret", async () => {
    const a = await accountWithApprover();
    const mine = await http.get('/v1/keys/current', { key: a.approverKey });
    assert.equal(mine.status, 200, mine.text);
    assert.deepEqual(mine.body, {
      id: a.approverId,
      object: 'api_key',
      name: 'Priya (finance)',
      holder: 'priya@example.com',
      role: 'approver',
      mode: 'sandbox',
      limits: { max_amount: null, daily_amount: null, approval: null, refunds: 'deny' },
    });
    assert.ok(!mine.text.includes(a.approverKey.slice(8)), 'no secret in the answer');
    const full = await http.get('/v1/keys/current', { key: a.fullKey });
    assert.equal(full.status, 200, full.text);
    assert.equal(full.body.role, 'full', 'the account\'s first key, made without a role, is full');
    assert.equal(full.body.holder, full.body.id);
    assert.deepEqual(full.body.limits, { max_amount: null, daily_amount: null, approval: null, refunds: 'allow' });
    assertApiError(await http.get('/v1/keys/current?extra=1', { key: a.fullKey }), 400, 'invalid_request', 'extra');
  });
});

describe('an approver key', () => {
  test('reads everything of its account and creates reports', async () => {
    const a = await accountWithApprover();
    for (const path of ['/v1/balance', '/v1/payouts', '/v1/beneficiaries', `/v1/beneficiaries/${a.beneficiaryId}`, '/v1/events', '/v1/balance_transactions']) {
      const res = await http.get(path, { key: a.approverKey });
      assert.equal(res.status, 200, `${path}: ${res.text}`);
    }
    const today = new Date(Date.now() + 19_800_000).toISOString().slice(0, 10);
    const report = await http.post('/v1/reports/transactions', { key: a.approverKey, idempotencyKey: randomUUID(), json: { from: today, to: today } });
    assert.equal(report.status, 200, report.text);
  });

  test('cannot pay, refund, top up, add payees or webhook endpoints: 403 permission_denied, nothing made, and its Idempotency-Key stays free', async () => {
    const a = await accountWithApprover();
    const balanceBefore = (await http.get('/v1/balance', { key: a.fullKey })).body;
    const payoutKey = randomUUID();
    const payout = { beneficiary_id: a.beneficiaryId, amount: 5_000, mode: 'upi' };
    assertApiError(await http.post('/v1/payouts', { key: a.approverKey, idempotencyKey: payoutKey, json: payout }), 403, 'permission_denied');
    const refused: [string, Record<string, unknown>][] = [
      ['/v1/payout_batches', { payouts: [{ ...payout, idempotency_key: 'b-1' }] }],
      ['/v1/test_helpers/top_ups', { amount: 1_000 }],
      ['/v1/beneficiaries', { name: 'Mallory', type: 'vpa', vpa: 'mallory@upi' }],
      ['/v1/webhook_endpoints', { url: 'https://example.com/hooks', events: ['payout.completed'] }],
      ['/v1/payments', { amount: 10_000, currency: 'INR', method: 'upi', vpa: 'success@upi' }],
      ['/v1/refunds', { payment_id: 'pay_00000000000000000000000000' }],
      ['/v1/payment_links', { amount: 10_000 }],
    ];
    for (const [path, json] of refused) assertApiError(await http.post(path, { key: a.approverKey, idempotencyKey: randomUUID(), json }), 403, 'permission_denied');
    // A malformed body is refused the same way: the role is judged before the body is read.
    assertApiError(await http.post('/v1/payouts', { key: a.approverKey, idempotencyKey: randomUUID(), raw: { body: '{not json', contentType: 'application/json' } }), 403, 'permission_denied');
    assertApiError(await http.request('DELETE', `/v1/beneficiaries/${a.beneficiaryId}`, { key: a.approverKey }), 403, 'permission_denied');

    assert.deepEqual((await http.get('/v1/payouts', { key: a.fullKey })).body.data, []);
    assert.deepEqual((await http.get('/v1/payout_batches', { key: a.fullKey })).body.data, []);
    assert.equal((await http.get('/v1/beneficiaries', { key: a.fullKey })).body.data.length, 1);
    assert.deepEqual((await http.get('/v1/webhook_endpoints', { key: a.fullKey })).body.data, []);
    assert.deepEqual((await http.get('/v1/balance', { key: a.fullKey })).body, balanceBefore);
    assert.equal((await http.get(`/v1/beneficiaries/${a.beneficiaryId}`, { key: a.fullKey })).status, 200);

    // The refused call took nothing: the full key's payout with the same Idempotency-Key is made, not a replay of a 403.
    const paid = await http.post('/v1/payouts', { key: a.fullKey, idempotencyKey: payoutKey, json: payout });
    assert.equal(paid.status, 200, paid.text);
    assert.equal(paid.headers.get('idempotent-replayed'), null);
    // And the approver cannot replay it either.
    assertApiError(await http.post('/v1/payouts', { key: a.approverKey, idempotencyKey: payoutKey, json: payout }), 403, 'permission_denied');
  });

  test('through the MCP tools: get_current_api_key says approver, a read works, and create_payout carries 403 permission_denied', async () => {
    const a = await accountWithApprover();
    const client = new Client({ name: 'paygate-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${service.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.approverKey}` } } }));
    try {
      const text = (r: Awaited<ReturnType<Client['callTool']>>) => (r.content as { text: string }[])[0].text;
      const current = await client.callTool({ name: 'get_current_api_key', arguments: {} });
      assert.equal(JSON.parse(text(current)).role, 'approver');
      const balance = await client.callTool({ name: 'get_balance', arguments: {} });
      assert.ok(!balance.isError, text(balance));
      const pay = await client.callTool({ name: 'create_payout', arguments: { beneficiary_id: a.beneficiaryId, amount: 5_000, mode: 'upi', idempotency_key: randomUUID() } });
      assert.equal(pay.isError, true);
      assert.match(text(pay), /permission_denied/);
    } finally {
      await client.close();
    }
    assert.deepEqual((await http.get('/v1/payouts', { key: a.fullKey })).body.data, []);
  });
});
