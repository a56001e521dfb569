// Live money needs a provider connection (docs/api.md, Live mode and Errors): a live write that would move money, on an
// account without an active connection, answers 403 connection_required at once, creates nothing and leaves its
// Idempotency-Key free. Reads and writes that move no money work in live mode all along; the sandbox never needs one.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { disableConnection } from '../../src/db/connections.ts';
import { assertApiError } from '../helpers/api-assert.ts';
import { connectAccount } from '../helpers/connections.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;
/** Live keys through a trusted TLS proxy (TRUST_PROXY=true and X-Forwarded-Proto: https). */
const HTTPS = { 'x-forwarded-proto': 'https' };

before(async () => {
  service = await startTestService({ TRUST_PROXY: 'true' });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

interface LiveAccount {
  accountId: string;
  liveKey: string;
  sandboxKey: string;
  beneficiaryId: string;
  customerId: string;
}

/** An account with a live key and the live objects a money write names (creating them moves no money). */
async function liveAccount(): Promise<LiveAccount> {
  const { accountId, liveKey, sandboxKey } = await service.newAccount({ live: true });
  assert.ok(liveKey);
  const bene = await http.post('/v1/beneficiaries', { key: liveKey, headers: HTTPS, json: { name: 'Live Payee', type: 'vpa', vpa: 'payee@okaxis' } });
  assert.equal(bene.status, 200, bene.text);
  const customer = await http.post('/v1/customers', { key: liveKey, headers: HTTPS, json: { name: 'Live Payer', email: 'payer@example.com', phone: '+919876543210', vpa: 'payer@okaxis' } });
  assert.equal(customer.status, 200, customer.text);
  return { accountId, liveKey, sandboxKey, beneficiaryId: bene.body.id, customerId: customer.body.id };
}

/** Every write that moves money, with a body that is otherwise valid. */
function moneyWrites(a: LiveAccount): { path: string; json: Record<string, unknown> }[] {
  return [
    { path: '/v1/payouts', json: { beneficiary_id: a.beneficiaryId, amount: 1_000, mode: 'upi' } },
    { path: '/v1/payout_batches', json: { payouts: [{ idempotency_key: 'item-1', beneficiary_id: a.beneficiaryId, amount: 1_000, mode: 'upi' }] } },
    { path: '/v1/payments', json: { amount: 1_000, method: 'upi', vpa: 'payer@okaxis' } },
    { path: '/v1/refunds', json: { payment_id: 'pay_01JD3Y8X4W0000000000000000' } },
    { path: '/v1/payment_links', json: { amount: 1_000, description: 'Order 42' } },
    { path: '/v1/collections', json: { customer_id: a.customerId, amount: 1_000, schedule: 'monthly' } },
    { path: '/v1/mandates', json: { customer_id: a.customerId, max_amount: 1_000, frequency: 'monthly' } },
  ];
}

const resourceTables = ['payouts', 'payout_batches', 'payments', 'refunds', 'payment_links', 'collections', 'mandates', 'balance_transactions', 'events'];

async function liveRows(accountId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of resourceTables) {
    const [row] = await service.sql<{ n: number }>(`select count(*)::int as n from ${table} where account_id = ? and mode = 'live'`, [accountId]);
    counts[table] = row.n;
  }
  const [keys] = await service.sql<{ n: number }>(`select count(*)::int as n from idempotency_records where account_id = ? and mode = 'live'`, [accountId]);
  counts.idempotency_records = keys.n;
  return counts;
}

const nothing = Object.fromEntries([...resourceTables, 'idempotency_records'].map((t) => [t, 0]));

describe('live writes that move money, without a connection', () => {
  test('each answers 403 connection_required at once, creates nothing, and leaves its Idempotency-Key free', async () => {
    const a = await liveAccount();
    for (const { path, json } of moneyWrites(a)) {
      const idempotencyKey = `no-connection-${randomUUID()}`;
      const first = await http.post(path, { key: a.liveKey, headers: HTTPS, json, idempotencyKey });
      assertApiError(first, 403, 'connection_required', null);
      // A refusal binds nothing: the same key is refused again (not replayed), and another body with it is no 422.
      const again = await http.post(path, { key: a.liveKey, headers: HTTPS, json, idempotencyKey });
      assertApiError(again, 403, 'connection_required', null);
      assert.equal(again.headers.get('idempotent-replayed'), null, `${path}: a refusal is not replayed`);
      assertApiError(await http.post(path, { key: a.liveKey, headers: HTTPS, json: { ...json, amount: 2_000 }, idempotencyKey }), 403, 'connection_required');
    }
    assert.deepEqual(await liveRows(a.accountId), nothing);
    const balance = await http.get('/v1/balance', { key: a.liveKey, headers: HTTPS });
    assert.equal(balance.status, 200, balance.text);
    assert.deepEqual([balance.body.available, balance.body.pending, balance.body.reserved], [0, 0, 0]);
  });

  test('the refusal comes before validation: a malformed body is still 403 connection_required', async () => {
    const a = await liveAccount();
    for (const { path } of moneyWrites(a)) {
      assertApiError(await http.post(path, { key: a.liveKey, headers: HTTPS, json: { amount: -1, colour: 'red' } }), 403, 'connection_required');
    }
    assert.deepEqual(await liveRows(a.accountId), nothing);
  });

  test('reads always work, and so do live writes that move no money', async () => {
    const a = await liveAccount();
    for (const path of ['/v1/payouts', '/v1/payout_batches', '/v1/payments', '/v1/refunds', '/v1/payment_links', '/v1/collections', '/v1/mandates', '/v1/balance', '/v1/balance_transactions', '/v1/events', '/v1/beneficiaries', '/v1/customers']) {
      const res = await http.get(path, { key: a.liveKey, headers: HTTPS });
      assert.equal(res.status, 200, `${path}: ${res.text}`);
    }
    assert.equal((await http.get(`/v1/beneficiaries/${a.beneficiaryId}`, { key: a.liveKey, headers: HTTPS })).status, 200);
    const endpoint = await http.post('/v1/webhook_endpoints', { key: a.liveKey, headers: HTTPS, json: { url: 'https://93.184.215.14/hook', enabled_events: ['*'] } });
    assert.equal(endpoint.status, 200, endpoint.text);
  });

  test('an agent over /mcp meets the same refusal: create_payout with a live key is an error result with code connection_required', async () => {
    const a = await liveAccount();
    const res = await fetch(`${service.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.liveKey}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...HTTPS },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'create_payout', arguments: { beneficiary_id: a.beneficiaryId, amount: 1_000, mode: 'upi', idempotency_key: `mcp-${randomUUID()}` } },
      }),
    });
    assert.equal(res.status, 200);
    const answer = (await res.json()) as { result: { isError?: boolean; content: { text: string }[] } };
    assert.equal(answer.result.isError, true);
    assert.equal(JSON.parse(answer.result.content[0]!.text).error.code, 'connection_required');
    assert.deepEqual(await liveRows(a.accountId), nothing);
  });

  test('the sandbox of the same account needs no connection', async () => {
    const a = await liveAccount();
    const res = await http.post('/v1/payments', { key: a.sandboxKey, json: { amount: 1_000, method: 'upi', vpa: 'success@upi' } });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'captured');
  });
});

describe('with a connection', () => {
  test('an active connection lets the write through with the key a refusal left free; a disabled one refuses again', async () => {
    const a = await liveAccount();
    const idempotencyKey = `link-${randomUUID()}`;
    const body = { amount: 1_000, description: 'Order 43' };
    assertApiError(await http.post('/v1/payment_links', { key: a.liveKey, headers: HTTPS, json: body, idempotencyKey }), 403, 'connection_required');

    const connectionId = await connectAccount(service, a.accountId);
    assert.match(connectionId, /^conn_[0-9A-HJKMNP-TV-Z]{26}$/);
    const created = await http.post('/v1/payment_links', { key: a.liveKey, headers: HTTPS, json: body, idempotencyKey });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.headers.get('idempotent-replayed'), null);
    assert.equal(created.body.mode, 'live');

    // One active connection per account.
    await assert.rejects(connectAccount(service, a.accountId), /connections_one_active_idx|unique/);

    assert.equal(await disableConnection(service.stack.orm.em.fork(), connectionId), true);
    assertApiError(await http.post('/v1/payment_links', { key: a.liveKey, headers: HTTPS, json: body }), 403, 'connection_required');
    // A key bound before still replays what it created (docs/api.md, Idempotency): nothing moves again.
    const replay = await http.post('/v1/payment_links', { key: a.liveKey, headers: HTTPS, json: body, idempotencyKey });
    assert.equal(replay.status, 200, replay.text);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.body.id, created.body.id);
  });

  test('secrets are stored sealed, never in clear text', async () => {
    const a = await liveAccount();
    const id = await connectAccount(service, a.accountId);
    const [row] = await service.sql<{ key_secret: string; webhook_secret: string; status: string }>(`select key_secret, webhook_secret, status from connections where id = ?`, [id]);
    assert.equal(row.status, 'active');
    for (const sealed of [row.key_secret, row.webhook_secret]) {
      assert.match(sealed, /^sealed:v1:/);
      assert.doesNotMatch(sealed, /test-(key|webhook)-secret/);
    }
  });
});
