// Key roles through the real API, payctl and the MCP tools (docs/api.md, "Key roles"): `payctl keys create --role
// approver --name --holder` makes a key that may read, create reports and decide on waiting payouts, and nothing
// else; `--role maker` a key with spending limits that may do everything but approve, reject, set the approval policy
// and write webhook endpoints, and refund only with `--refunds allow`, within its daily amount. A refused call is
// answered 403 permission_denied before anything runs, so nothing is made and its Idempotency-Key stays free for a
// key that may use it; GET /v1/keys/current tells each key its role, holder and limits; keys made before roles, and
// keys made without --role, are `full`. Making and revoking a key emit api_key.created and api_key.revoked.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { capturedPayment } from '../helpers/payments.ts';
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
      limits: { max_amount: null, daily_amount: null, approval: null, refunds: null },
    });
    assert.ok(!mine.text.includes(a.approverKey.slice(8)), 'no secret in the answer');
    const full = await http.get('/v1/keys/current', { key: a.fullKey });
    assert.equal(full.status, 200, full.text);
    assert.equal(full.body.role, 'full', 'the account\'s first key, made without a role, is full');
    assert.equal(full.body.holder, full.body.id);
    assert.deepEqual(full.body.limits, { max_amount: null, daily_amount: null, approval: null, refunds: null }, 'limits are a maker\'s only');
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
      // Judged per tool, as the call it makes, not by its HTTP method: a report is a POST the approver may make.
      const today = new Date(Date.now() + 19_800_000).toISOString().slice(0, 10);
      const report = await client.callTool({ name: 'create_transaction_report', arguments: { from: today, to: today, idempotency_key: randomUUID() } });
      assert.ok(!report.isError, text(report));
      const names = (await client.listTools()).tools.map((t) => t.name);
      if (names.includes('cancel_payout')) {
        // Reaches the route (404 for an unknown payout), not the role's 403.
        const cancel = await client.callTool({ name: 'cancel_payout', arguments: { id: 'po_00000000000000000000000000', idempotency_key: randomUUID() } });
        assert.match(text(cancel), /not_found/);
      }
      // Approve and reject are not MCP tools (docs/api.md, "Payouts that wait"): people approve, not agents.
      for (const name of ['approve_payout', 'reject_payout', 'approve_payout_batch', 'reject_payout_batch']) assert.ok(!names.includes(name), `${name}: people approve, not agents`);
    } finally {
      await client.close();
    }
    assert.deepEqual((await http.get('/v1/payouts', { key: a.fullKey })).body.data, []);
  });
});

/** `payctl keys create --role maker` with `limits`, for a new sandbox account with money; its full key beside it. */
async function accountWithMaker(limits: string[]): Promise<{ accountId: string; fullKey: string; makerKey: string; makerId: string; made: any }> {
  const { accountId, sandboxKey } = await service.newAccount();
  const topUp = await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, idempotencyKey: randomUUID(), json: { amount: 1_000_000 } });
  assert.equal(topUp.status, 200, topUp.text);
  const made = payctlJson(await payctl(['keys', 'create', '--account', accountId, '--mode', 'sandbox', '--role', 'maker', '--name', 'payouts agent', ...limits, '--json']));
  return { accountId, fullKey: sandboxKey, makerKey: made.key, makerId: made.id, made };
}

describe('payctl keys create --role maker', () => {
  test('makes a maker key with its limits; a maker without --daily-amount or --approval always, limits on another role, or a bad amount is a usage error and makes nothing', async () => {
    const { accountId } = await service.newAccount();
    const keysOf = async () => service.sql('select count(*)::int as n from api_keys where account_id = ?', [accountId]);
    const before = await keysOf();
    const refusals: [string[], RegExp][] = [
      [['--role', 'maker'], /--daily-amount.*--approval always/],
      [['--role', 'maker', '--max-amount', '5000', '--refunds', 'allow'], /--daily-amount.*--approval always/],
      [['--role', 'approver', '--daily-amount', '5000'], /--role maker only/],
      [['--role', 'full', '--refunds', 'allow'], /--role maker only/],
      [['--max-amount', '5000'], /--role maker only/],
      [['--role', 'maker', '--approval', 'never'], /always/],
      [['--role', 'maker', '--daily-amount', '5000', '--refunds', 'deny'], /allow/],
    ];
    for (const amount of ['0', '-5', '1.5', 'abc', '1e3', '0x10', '', ' 7', '9007199254740992', '99999999999999999999']) {
      refusals.push([['--role', 'maker', '--daily-amount', amount], /--daily-amount takes a whole number of paise/]);
    }
    refusals.push([['--role', 'maker', '--approval', 'always', '--max-amount', '00'], /--max-amount takes a whole number of paise/]);
    for (const [args, message] of refusals) {
      const run = await payctl(['keys', 'create', '--account', accountId, '--mode', 'sandbox', ...args]);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stdout}${run.stderr}`);
      assert.match(run.stderr, message, args.join(' '));
    }
    assert.deepEqual(await keysOf(), before, 'no key made');

    const maker = payctlJson(await payctl(['keys', 'create', '--account', accountId, '--mode', 'sandbox', '--role', 'maker', '--max-amount', '50000', '--daily-amount', '9007199254740991', '--refunds', 'allow', '--json']));
    assert.equal(maker.role, 'maker');
    assert.deepEqual(maker.limits, { max_amount: 50_000, daily_amount: 9_007_199_254_740_991, approval: null, refunds: 'allow' });
    const always = payctlJson(await payctl(['keys', 'create', '--account', accountId, '--mode', 'live', '--role', 'maker', '--approval', 'always', '--json']));
    assert.deepEqual(always.limits, { max_amount: null, daily_amount: null, approval: 'always', refunds: null });
    const approver = payctlJson(await payctl(['keys', 'create', '--account', accountId, '--mode', 'sandbox', '--role', 'approver', '--json']));
    assert.deepEqual(approver.limits, { max_amount: null, daily_amount: null, approval: null, refunds: null });
    const human = await payctl(['keys', 'create', '--account', accountId, '--mode', 'sandbox', '--role', 'maker', '--daily-amount', '100000']);
    assert.equal(human.code, 0, human.stderr);
    assert.match(human.stdout, /Limits: 100000 paise a day before approval; may not refund\./);
  });

  test('GET /v1/keys/current answers the maker key with its limits', async () => {
    const m = await accountWithMaker(['--holder', 'agent-7', '--max-amount', '20000', '--daily-amount', '100000', '--refunds', 'allow']);
    const mine = await http.get('/v1/keys/current', { key: m.makerKey });
    assert.equal(mine.status, 200, mine.text);
    assert.deepEqual(mine.body, {
      id: m.makerId,
      object: 'api_key',
      name: 'payouts agent',
      holder: 'agent-7',
      role: 'maker',
      mode: 'sandbox',
      limits: { max_amount: 20_000, daily_amount: 100_000, approval: null, refunds: 'allow' },
    });
  });

  test('makes and revokes keys with api_key.created and api_key.revoked events, the key as GET /v1/keys/current shows it, never its secret', async () => {
    const m = await accountWithMaker(['--approval', 'always']);
    const shown = (await http.get('/v1/keys/current', { key: m.makerKey })).body;
    const revoked = await payctl(['keys', 'revoke', m.makerId, '--json']);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.equal(payctlJson(await payctl(['keys', 'revoke', m.makerId, '--json'])).id, m.makerId, 'revoking again is no error');
    for (const type of ['api_key.created', 'api_key.revoked']) {
      const events = await http.get(`/v1/events?type=${type}`, { key: m.fullKey });
      assert.equal(events.status, 200, events.text);
      assert.equal(events.body.data.length, 1, `one ${type}: ${events.text}`);
      assert.deepEqual(events.body.data[0].data.object, shown, type);
      assert.ok(!events.text.includes(m.makerKey.slice(11)), `no secret in ${type}`);
    }
    assertApiError(await http.get('/v1/keys/current', { key: m.makerKey }), 401, 'authentication_failed');
  });
});

describe('a maker key', () => {
  test('may add a beneficiary and top up the sandbox, and cannot approve, set the approval policy, write webhook endpoints or refund without --refunds allow: 403 permission_denied, nothing changed, its Idempotency-Key free', async () => {
    const m = await accountWithMaker(['--daily-amount', '100000']);
    const bene = await http.post('/v1/beneficiaries', { key: m.makerKey, idempotencyKey: randomUUID(), json: { name: 'Asha Kumar', type: 'vpa', vpa: 'success@upi' } });
    assert.equal(bene.status, 200, bene.text);
    const topUp = await http.post('/v1/test_helpers/top_ups', { key: m.makerKey, idempotencyKey: randomUUID(), json: { amount: 5_000 } });
    assert.equal(topUp.status, 200, topUp.text);

    const endpoint = { url: 'https://example.com/hooks', enabled_events: ['payout.completed'] };
    const endpointKey = randomUUID();
    assertApiError(await http.post('/v1/webhook_endpoints', { key: m.makerKey, idempotencyKey: endpointKey, json: endpoint }), 403, 'permission_denied');
    const policyBefore = await http.get('/v1/approval_policy', { key: m.fullKey });
    const paymentId = await capturedPayment(http, m.fullKey, 10_000);
    const refused: [string, string, Record<string, unknown>][] = [
      ['POST', '/v1/payouts/po_00000000000000000000000000/approve', {}],
      ['POST', '/v1/payouts/po_00000000000000000000000000/reject', { reason: 'no' }],
      ['POST', '/v1/approval_policy', { rules: [{ min_amount: 1, approvals: 1 }] }],
      ['POST', '/v1/refunds', { payment_id: paymentId, amount: 1_000 }],
    ];
    for (const [method, path, json] of refused) assertApiError(await http.request(method, path, { key: m.makerKey, idempotencyKey: randomUUID(), json }), 403, 'permission_denied');
    assertApiError(await http.request('DELETE', '/v1/webhook_endpoints/we_00000000000000000000000000', { key: m.makerKey }), 403, 'permission_denied');

    assert.deepEqual((await http.get('/v1/refunds', { key: m.fullKey })).body.data, []);
    assert.deepEqual((await http.get('/v1/approval_policy', { key: m.fullKey })).body, policyBefore.body, 'the policy unchanged');
    // The refused endpoint took nothing: the full key's endpoint with the same Idempotency-Key is made, not a replay.
    const made = await http.post('/v1/webhook_endpoints', { key: m.fullKey, idempotencyKey: endpointKey, json: endpoint });
    assert.equal(made.status, 200, made.text);
    assert.equal(made.headers.get('idempotent-replayed'), null);
  });

  test('with --refunds allow refunds within its daily amount and gets 403 permission_denied beyond it, nothing made and its Idempotency-Key free', async () => {
    const m = await accountWithMaker(['--daily-amount', '10000', '--refunds', 'allow']);
    const paymentId = await capturedPayment(http, m.fullKey, 20_000);
    const refund = (amount: number | undefined, idempotencyKey: string = randomUUID()) =>
      http.post('/v1/refunds', { key: m.makerKey, idempotencyKey, json: { payment_id: paymentId, ...(amount === undefined ? {} : { amount }) } });
    const first = await refund(6_000);
    assert.equal(first.status, 200, first.text);
    const overKey = randomUUID();
    assertApiError(await refund(5_000, overKey), 403, 'permission_denied');
    // A refund in full counts as what is left of the payment (14,000 here).
    assertApiError(await refund(undefined), 403, 'permission_denied');
    assert.equal((await http.get('/v1/refunds', { key: m.fullKey })).body.data.length, 1, 'nothing made beyond the limit');
    // The refused key is free: the same key with an amount within the day makes the refund.
    const rest = await refund(4_000, overKey);
    assert.equal(rest.status, 200, rest.text);
    assert.equal(rest.headers.get('idempotent-replayed'), null);
    assertApiError(await refund(1), 403, 'permission_denied');
    // A full key's refunds are no maker's: they count toward no key's day.
    const byFull = await http.post('/v1/refunds', { key: m.fullKey, idempotencyKey: randomUUID(), json: { payment_id: paymentId, amount: 1_000 } });
    assert.equal(byFull.status, 200, byFull.text);
    assert.deepEqual(
      await service.sql('select id, created_by_key_id from refunds where payment_id = ? order by created_at', [paymentId]),
      [
        { id: first.body.id, created_by_key_id: m.makerId },
        { id: rest.body.id, created_by_key_id: m.makerId },
        { id: byFull.body.id, created_by_key_id: null },
      ],
    );
  });

  test('refunds of one maker key sent at once are counted one after the other: no more than its daily amount is made', async () => {
    const m = await accountWithMaker(['--daily-amount', '10000', '--refunds', 'allow']);
    const paymentId = await capturedPayment(http, m.fullKey, 30_000);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => http.post('/v1/refunds', { key: m.makerKey, idempotencyKey: randomUUID(), json: { payment_id: paymentId, amount: 3_000 } })),
    );
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 200, 403], answers.map((a) => a.text).join('\n'));
    assert.equal((await http.get('/v1/refunds', { key: m.fullKey })).body.data.length, 3);
  });

  test('through the MCP tools: create_beneficiary works, create_webhook_endpoint carries 403 permission_denied', async () => {
    const m = await accountWithMaker(['--daily-amount', '100000']);
    const client = new Client({ name: 'paygate-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${service.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${m.makerKey}` } } }));
    try {
      const text = (r: Awaited<ReturnType<Client['callTool']>>) => (r.content as { text: string }[])[0].text;
      const bene = await client.callTool({ name: 'create_beneficiary', arguments: { name: 'Asha Kumar', type: 'vpa', vpa: 'success@upi', idempotency_key: randomUUID() } });
      assert.ok(!bene.isError, text(bene));
      const hook = await client.callTool({ name: 'create_webhook_endpoint', arguments: { url: 'https://example.com/hooks', enabled_events: ['*'], idempotency_key: randomUUID() } });
      assert.equal(hook.isError, true);
      assert.match(text(hook), /permission_denied/);
    } finally {
      await client.close();
    }
    assert.deepEqual((await http.get('/v1/webhook_endpoints', { key: m.fullKey })).body.data, []);
  });
});
