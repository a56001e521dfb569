// What the service tells the provider about people, through the real API against the Razorpay stand-in: the paying
// customer's IP address and user agent exactly as the caller gave them (never made-up values; live netbanking,
// whose provider call requires the IP, is refused without it; the sandbox accepts and ignores them), UPI intent only
// (collect requests are retired: no `--upi-collect`, no UPI-ID form on a live link), a beneficiary's email and phone
// on its provider contact, and statement lines made in the reconciliation cursor's own second.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { RazorpayStandin } from '../standins/razorpay/index.ts';
import { connectedAccount, type ConnectedAccount } from '../helpers/connections.ts';
import { assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { payctlFor, type Payctl } from '../helpers/payctl.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };
const IP = '203.0.113.7';
const UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

let service: TestService;
let http: Http;
const standins: RazorpayStandin[] = [];

before(async () => {
  service = await startTestService({ TRUST_PROXY: 'true', PROVIDER_POLL_SECONDS: '5', PROVIDER_MAX_RPS: '50' });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
  for (const rzp of standins) await rzp.stop();
});

interface Live extends ConnectedAccount {
  customerId: string;
}

async function live(options: Parameters<typeof connectedAccount>[1] = {}): Promise<Live> {
  const a = await connectedAccount(service, options);
  standins.push(a.rzp);
  const customer = await http.post('/v1/customers', { key: a.liveKey, headers: HTTPS, json: { name: 'Meera Iyer', email: 'meera@example.com', phone: '+919812345678' } });
  assert.equal(customer.status, 200, customer.text);
  return { ...a, customerId: customer.body.id };
}

const post = (key: string, url: string, json: Record<string, unknown>) => http.post(url, { key, headers: HTTPS, idempotencyKey: randomUUID(), json });

// Generous: on a machine busy with two test files at once a link's QR code took 38 s (retried by its activity).
async function until<T>(what: string, read: () => T | undefined | Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`never saw ${what}`);
}

const bodiesTo = (rzp: RazorpayStandin, p: string) => rzp.control.requests({ method: 'POST', path: p }).map((r) => r.body as Record<string, unknown>);

/** The provider's payment attempt made for our payment (its order's receipt is our id), and the request that made it. */
async function attemptOf(rzp: RazorpayStandin, paymentId: string, p: string): Promise<Record<string, unknown>> {
  const order = await until('the order', () => rzp.control.orders().find((o) => o.receipt === paymentId));
  return until('the payment attempt', () => bodiesTo(rzp, p).find((b) => b.order_id === order.id));
}

/** payctl as an operator runs it, on the service's database and Temporal (in-process: test/helpers/payctl.ts). */
const payctl: Payctl = (args, env) => payctlFor(service, {})(args, env);

describe("the paying customer's details", () => {
  test('a live netbanking payment reaches the provider with exactly the caller\'s customer_ip and user_agent', async () => {
    const a = await live();
    const res = await post(a.liveKey, '/v1/payments', { amount: 10_000, currency: 'INR', method: 'netbanking', bank: 'HDFC', customer_id: a.customerId, customer_ip: IP, user_agent: UA });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.next_action.type, 'redirect');
    const sent = await attemptOf(a.rzp, res.body.id, '/v1/payments/create/json');
    assert.deepEqual([sent.ip, sent.user_agent, sent.referer], [IP, UA, undefined]);
    assert.ok(!JSON.stringify(a.rzp.control.requests()).includes('paygate.invalid'), 'no made-up referer anywhere');
  });

  test('a live netbanking payment without customer_ip is 400 param customer_ip, and nothing reaches the provider', async () => {
    const a = await live();
    const res = await post(a.liveKey, '/v1/payments', { amount: 10_000, currency: 'INR', method: 'netbanking', bank: 'HDFC', customer_id: a.customerId, user_agent: UA });
    assertApiError(res, 400, 'invalid_request', 'customer_ip');
    assert.equal(a.rzp.control.orders().length, 0);
    assert.equal((await http.get('/v1/payments', { key: a.liveKey, headers: HTTPS })).body.data.length, 0);
  });

  test('a live netbanking payment given no customer details is refused, and no made-up ip or referer (127.0.0.1, paygate.invalid) reaches the provider', async () => {
    // Only fields every version of the API takes: a caller who names no customer_ip and no user_agent.
    const a = await live();
    const res = await post(a.liveKey, '/v1/payments', { amount: 10_000, currency: 'INR', method: 'netbanking', bank: 'HDFC', customer_id: a.customerId });
    await new Promise((r) => setTimeout(r, 2_000)); // time for an attempt, were one made, to reach the stand-in
    const sent = bodiesTo(a.rzp, '/v1/payments/create/json').map((b) => [b.ip, b.referer]);
    assert.deepEqual(sent, [], 'no netbanking attempt, and so no made-up ip or referer, reaches the provider');
    assert.ok(!JSON.stringify(a.rzp.control.requests()).includes('paygate.invalid'), 'no made-up referer anywhere');
    assertApiError(res, 400, 'invalid_request', 'customer_ip');
  });

  test('a live UPI payment sends the caller\'s customer_ip and user_agent, and without them sends none (never 127.0.0.1)', async () => {
    const a = await live();
    const given = await post(a.liveKey, '/v1/payments', { amount: 10_000, currency: 'INR', method: 'upi', customer_id: a.customerId, customer_ip: IP, user_agent: UA });
    assert.equal(given.status, 200, given.text);
    const sent = await attemptOf(a.rzp, given.body.id, '/v1/payments/create/upi');
    assert.deepEqual([sent.ip, sent.user_agent], [IP, UA]);
    const bare = await post(a.liveKey, '/v1/payments', { amount: 10_000, currency: 'INR', method: 'upi', customer_id: a.customerId });
    assert.equal(bare.status, 200, bare.text);
    const none = await attemptOf(a.rzp, bare.body.id, '/v1/payments/create/upi');
    assert.deepEqual(['ip', 'referer', 'user_agent'].filter((f) => f in none), []);
  });

  test('customer_ip that is no IP address, or a user_agent with a control character, is 400 in both modes', async () => {
    const a = await live();
    const { sandboxKey } = await service.newAccount();
    for (const key of [a.liveKey, sandboxKey]) {
      const json = { amount: 10_000, currency: 'INR', method: 'upi', vpa: 'success@upi', customer_id: key === a.liveKey ? a.customerId : undefined };
      assertApiError(await post(key, '/v1/payments', { ...json, customer_ip: 'localhost' }), 400, 'invalid_request', 'customer_ip');
      assertApiError(await post(key, '/v1/payments', { ...json, user_agent: 'a\u0000b' }), 400, 'invalid_request', 'user_agent');
    }
    assert.equal(a.rzp.control.orders().length, 0);
  });

  test('a sandbox payment and a sandbox mandate accept customer_ip and user_agent and ignore them', async () => {
    const { sandboxKey } = await service.newAccount();
    const paid = await post(sandboxKey, '/v1/payments', { amount: 10_000, currency: 'INR', method: 'upi', vpa: 'success@upi', customer_ip: IP, user_agent: UA });
    assert.equal(paid.status, 200, paid.text);
    assert.equal(paid.body.status, 'captured');
    const [row] = await service.sql<{ customer_ip: string | null; user_agent: string | null }>('select customer_ip, user_agent from payments where id = ?', [paid.body.id]);
    assert.deepEqual(row, { customer_ip: null, user_agent: null });
    const customer = await http.post('/v1/customers', { key: sandboxKey, headers: HTTPS, json: { name: 'Meera', email: 'meera@example.com', phone: '+919812345678', vpa: 'success@upi' } });
    assert.equal(customer.status, 200, customer.text);
    const mandate = await post(sandboxKey, '/v1/mandates', { customer_id: customer.body.id, max_amount: 500_000, frequency: 'monthly', customer_ip: IP, user_agent: UA });
    assert.equal(mandate.status, 200, mandate.text);
  });

  test("a live mandate's registration at the provider carries the caller's customer_ip and user_agent", async () => {
    const a = await live();
    const mandate = await post(a.liveKey, '/v1/mandates', { customer_id: a.customerId, max_amount: 500_000, frequency: 'monthly', customer_ip: IP, user_agent: UA });
    assert.equal(mandate.status, 200, mandate.text);
    const order = await until('the registration order', () => a.rzp.control.orders().find((o) => o.receipt === mandate.body.id));
    const sent = await until('the registration payment', () => bodiesTo(a.rzp, '/v1/payments/create/upi').find((b) => b.order_id === order.id));
    assert.deepEqual([sent.ip, sent.user_agent, sent.recurring], [IP, UA, '1']);
  });
});

describe('UPI collect is retired', () => {
  test('payctl connections add --upi-collect is refused as an unknown option, and no connection is made', async () => {
    const { accountId } = await service.newAccount({ live: true });
    const run = await payctl(
      ['connections', 'add', '--account', accountId, '--provider', 'razorpay', '--key-id', 'rzp_live_Collect0001', '--payout-account-number', '7878780080316316', '--base-url', 'http://127.0.0.1:9', '--upi-collect', '--json'],
      { RAZORPAY_KEY_SECRET: `k-${randomUUID()}`, RAZORPAY_WEBHOOK_SECRET: `w-${randomUUID()}` },
    );
    assert.notEqual(run.code, 0, run.stdout);
    assert.match(run.stderr, /unknown option '--upi-collect'/);
    assert.deepEqual(await service.sql('select id from connections where account_id = ?', [accountId]), []);
  });

  test('a live payment with a vpa is UPI intent anyway, on an account whose provider still takes collect requests', async () => {
    const a = await live({ upiCollect: true });
    const res = await post(a.liveKey, '/v1/payments', { amount: 10_000, currency: 'INR', method: 'upi', vpa: 'meera@okhdfc', customer_id: a.customerId });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.next_action.type, 'upi_intent');
    assert.equal(res.body.vpa, null, 'a live UPI ID is not used');
    const sent = await attemptOf(a.rzp, res.body.id, '/v1/payments/create/upi');
    assert.deepEqual(sent.upi, { flow: 'intent' });
    assert.equal(JSON.stringify(a.rzp.control.requests()).includes('meera@okhdfc'), false, 'the UPI ID never reaches the provider');
  });

  test('a live link page has no UPI-ID form, and a form post to it starts no payment', async () => {
    const a = await live({ upiCollect: true });
    const link = await post(a.liveKey, '/v1/payment_links', { amount: 10_000, customer: { name: 'Asha', email: 'asha@example.com', phone: '+919876543210' } });
    assert.equal(link.status, 200, link.text);
    const page = await until('the page with its code', async () => {
      const res = await fetch(link.body.short_url, { headers: HTTPS });
      const html = await res.text();
      return html.includes('data-testid="upi-intent"') ? html : undefined;
    });
    assert.ok(!page.includes('name="vpa"'), 'no UPI-ID form on a live link');
    const posted = await fetch(link.body.short_url, { method: 'POST', headers: { ...HTTPS, 'content-type': 'application/x-www-form-urlencoded' }, body: 'vpa=asha%40okaxis&token=x', redirect: 'manual' });
    assert.equal(posted.status, 400);
    assert.equal((await http.get(`/v1/payments?payment_link_id=${link.body.id}`, { key: a.liveKey, headers: HTTPS })).body.data.length, 0);
    assert.equal(a.rzp.control.payments().length, 0);
  });
});

describe("a payout beneficiary's contact", () => {
  test('the provider contact carries the beneficiary\'s email and phone', async () => {
    const a = await live();
    a.rzp.control.deposit(100_000);
    const bene = await http.post('/v1/beneficiaries', {
      key: a.liveKey,
      headers: HTTPS,
      json: { name: 'Asha Kumar', type: 'vpa', vpa: `asha${Date.now()}@okaxis`, email: 'asha@example.com', phone: '+919876543210' },
    });
    assert.equal(bene.status, 200, bene.text);
    // Live `available` follows the provider's deposit (its webhook), then the payout goes.
    await until('the deposit in live available', async () => {
      const b = await http.get('/v1/balance', { key: a.liveKey, headers: HTTPS });
      return Number(b.body.available) >= 5_000 ? b : undefined;
    });
    const payout = await post(a.liveKey, '/v1/payouts', { beneficiary_id: bene.body.id, amount: 5_000, mode: 'upi' });
    assert.equal(payout.status, 200, payout.text);
    const contact = await until('the contact', () => a.rzp.control.contacts().find((c) => c.reference_id === bene.body.id));
    assert.deepEqual([contact.name, contact.email, contact.contact], ['Asha Kumar', 'asha@example.com', '+919876543210']);
  });
});

describe("statement lines in the reconciliation cursor's own second", () => {
  test('a line made after a reconciliation, in the same second as the last line it read, is recorded by the next one', async () => {
    // The stand-in's clock stops at one second after the connection was made: every line below is of that second.
    let frozen: number | null = null;
    const a = await live({ now: () => frozen ?? Date.now() });
    a.rzp.control.dropWebhooks({ event: 'transaction.created', count: 10 });
    frozen = Math.ceil(Date.now() / 1000) * 1000 + 1_000;
    const reconcile = async () => {
      const run = await payctl(['connections', 'reconcile', a.connectionId, '--json']);
      assert.equal(run.code, 0, run.stderr);
      return JSON.parse(run.stdout);
    };
    const first = a.rzp.control.deposit(40_000);
    assert.equal((await reconcile()).deposits_read, 1);
    const second = a.rzp.control.deposit(2_500);
    assert.equal(first.created_at, second.created_at, 'both lines are of one second');
    const next = await reconcile();
    assert.equal(next.deposits_read, 1);
    assert.equal(next.difference, 0);
    const topUps = (await http.get('/v1/top_ups?limit=10', { key: a.liveKey, headers: HTTPS })).body.data;
    assert.deepEqual(topUps.map((t: any) => t.provider_reference).sort(), [first.id, second.id].sort());
    assert.equal(Number((await http.get('/v1/balance', { key: a.liveKey, headers: HTTPS })).body.available), 42_500);
  });
});
