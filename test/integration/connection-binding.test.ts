// Each live object keeps the connection that carried it, and one provider account has one connection (docs/live-money.md,
// Connections), through the real API and `payctl` against provider stand-ins: a second
// `connections add` to a provider account is refused (enabled or disabled); `rotate-key`, `update` and `enable` keep
// the connection, so reconciliation brings no second opening balance and no QR payment twice; a payout in flight
// when the account moves to another provider account is followed where it was sent; a refund of a payment goes to
// the payment's connection even when it is disabled; a disabled connection makes no QR code.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { topUpPosting } from '../../src/domain/ledger.ts';
import { post } from '../../src/ledger/ledger.ts';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';
import { assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { payctlFor, payctlJson, type Payctl, type PayctlRun } from '../helpers/payctl.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };

let service: TestService;
let http: Http;
const standins: RazorpayStandin[] = [];

before(async () => {
  service = await startTestService({
    TRUST_PROXY: 'true',
    PROVIDER_RETRY_DELAYS_SECONDS: '1,1,1',
    PROVIDER_LOOKUP_WINDOW_SECONDS: '4',
    PROVIDER_POLL_SECONDS: '1',
    PROVIDER_MAX_RPS: '50',
  });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
  for (const rzp of standins) await rzp.stop();
});

/** payctl as an operator runs it, on the service's database and Temporal (in-process: test/helpers/payctl.ts). */
const payctl: Payctl = (args, env) => payctlFor(service, {})(args, env);
const json = payctlJson;

/** A provider account of its own: a stand-in with a key pair and a payout account number no other test uses. */
interface ProviderAccount {
  rzp: RazorpayStandin;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  accountNumber: string;
}

async function providerAccount(openingBalance = 0): Promise<ProviderAccount> {
  const keyId = `rzp_live_${randomBytes(8).toString('hex')}`;
  const keySecret = `key-${randomUUID()}`;
  const accountNumber = String(BigInt(`0x${randomBytes(7).toString('hex')}`)).padStart(16, '7').slice(0, 16);
  const rzp = await startRazorpayStandin({ keyId, keySecret, accountNumber, ...(openingBalance ? { openingBalance } : {}) });
  standins.push(rzp);
  return { rzp, keyId, keySecret, webhookSecret: `hook-${randomUUID()}`, accountNumber };
}

/** `payctl connections add` of the account to the provider account, its webhooks pointed at the new connection. */
function add(accountId: string, p: ProviderAccount, over: { keyId?: string; accountNumber?: string } = {}): Promise<PayctlRun> {
  return payctl(
    ['connections', 'add', '--account', accountId, '--provider', 'razorpay', '--key-id', over.keyId ?? p.keyId, '--payout-account-number', over.accountNumber ?? p.accountNumber, '--base-url', p.rzp.baseUrl, '--json'],
    { RAZORPAY_KEY_SECRET: p.keySecret, RAZORPAY_WEBHOOK_SECRET: p.webhookSecret },
  );
}

async function connect(accountId: string, p: ProviderAccount): Promise<string> {
  const { connection_id: id } = json(await add(accountId, p));
  p.rzp.control.setWebhook({ url: `${service.url}/connectors/razorpay/${id}/webhooks`, secret: p.webhookSecret });
  return id;
}

const show = async (id: string) => json(await payctl(['connections', 'show', id, '--json']));
const reconcile = async (id: string) => json(await payctl(['connections', 'reconcile', id, '--json']));

async function until<T>(what: string, read: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    assert.ok(Date.now() < deadline, `waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function get(key: string, url: string): Promise<any> {
  const res = await http.get(url, { key, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

/** A live account with a beneficiary and, in live `available`, what its provider account holds. */
async function liveAccount(available = 0): Promise<{ accountId: string; liveKey: string; beneficiaryId: string }> {
  const { accountId, liveKey } = await service.newAccount({ live: true });
  assert.ok(liveKey);
  if (available > 0) {
    await service.stack.orm.em.fork().transactional((tx) => post(tx, { accountId, mode: 'live', posting: topUpPosting(available), sourceId: `tu_${randomUUID()}`, description: 'provider deposit' }));
  }
  const bene = await http.post('/v1/beneficiaries', { key: liveKey, headers: HTTPS, json: { name: 'Asha Kumar', type: 'vpa', vpa: `asha${Date.now()}@okaxis` } });
  assert.equal(bene.status, 200, bene.text);
  return { accountId, liveKey, beneficiaryId: bene.body.id };
}

async function createPayout(liveKey: string, beneficiaryId: string, amount: number): Promise<any> {
  const res = await http.post('/v1/payouts', { key: liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { beneficiary_id: beneficiaryId, amount, mode: 'upi', narration: 'Invoice 42' } });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

async function providerPayout(rzp: RazorpayStandin, payoutId: string) {
  return until(`payout ${payoutId} at the provider`, () => rzp.control.payouts().find((p) => p.reference_id === payoutId));
}

/** A captured live UPI payment of the account at its provider account. */
async function capturedPayment(liveKey: string, rzp: RazorpayStandin, amount: number): Promise<any> {
  const customer = await http.post('/v1/customers', { key: liveKey, headers: HTTPS, json: { name: 'Meera Iyer', email: 'meera@example.com', phone: '+919812345678' } });
  assert.equal(customer.status, 200, customer.text);
  const res = await http.post('/v1/payments', { key: liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { amount, currency: 'INR', method: 'upi', customer_id: customer.body.id } });
  assert.equal(res.status, 200, res.text);
  const order = await until('the order at the provider', () => rzp.control.orders().find((o) => o.receipt === res.body.id));
  const attempt = await until('the payment at the provider', () => rzp.control.payments().find((p) => p.order_id === order.id));
  rzp.control.authorizePayment(attempt.id);
  return until('captured', async () => {
    const p = await get(liveKey, `/v1/payments/${res.body.id}`);
    return p.status === 'captured' ? p : undefined;
  });
}

describe('one connection per provider account', () => {
  test('add refuses a second connection to a provider account that has one, enabled or disabled, by key id or payout account number, and changes nothing', async () => {
    const p = await providerAccount();
    const { accountId } = await liveAccount();
    const id = await connect(accountId, p);
    const other = await providerAccount();
    const rowsBefore = await service.sql('select id, status from connections order by id');

    const sameKey = await add(accountId, other, { keyId: p.keyId });
    assert.equal(sameKey.code, 1, sameKey.stderr);
    assert.match(sameKey.stderr, new RegExp(`provider account already has a connection: ${id}`));
    json(await payctl(['connections', 'disable', id, '--json']));
    // Disabled, it still holds the provider account: adding again would record its balance and its QR payments twice.
    const again = await add(accountId, p);
    assert.equal(again.code, 1, again.stderr);
    assert.match(again.stderr, new RegExp(`provider account already has a connection: ${id} \\(disabled\\)`));
    assert.match(again.stderr, /rotate-key|enable/);
    const sameNumber = await add((await liveAccount()).accountId, other, { accountNumber: p.accountNumber });
    assert.equal(sameNumber.code, 1, sameNumber.stderr);
    assert.match(sameNumber.stderr, /same payout account number/);
    assert.equal(again.stdout + sameKey.stdout + sameNumber.stdout, '');
    assert.deepEqual(await service.sql('select id, status from connections order by id'), rowsBefore.map((r: any) => (r.id === id ? { ...r, status: 'disabled' } : r)));

    // enable brings it back, unless the account has another active connection meanwhile.
    const enabled = json(await payctl(['connections', 'enable', id, '--json']));
    assert.equal(enabled.status, 'active');
    json(await payctl(['connections', 'disable', id, '--json']));
    await connect(accountId, other);
    const refused = await payctl(['connections', 'enable', id]);
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, /already has an active connection/);
    assert.equal((await show(id)).status, 'disabled');
  });

  test('rotate-key keeps the connection: a payout goes with the new key, and reconciliation records no second opening balance and no QR payment twice', async () => {
    const p = await providerAccount(50_000);
    // The statement's clock has whole seconds: the connection is made in a later one than the opening balance.
    await new Promise((r) => setTimeout(r, 1_100));
    const a = await liveAccount();
    const id = await connect(a.accountId, p);
    assert.equal((await reconcile(id)).difference, 0);
    const link = (await http.post('/v1/payment_links', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { amount: 10_000, description: 'Invoice 7' } })).body;
    const qr = await until('the link QR', () => p.rzp.control.qrCodes().find((q) => q.notes.payment_link_id === link.id && q.status === 'active'));
    p.rzp.control.payQr(qr.id, { vpa: 'customer@okaxis' });
    await until('the link paid', async () => (await get(a.liveKey, `/v1/payment_links/${link.id}`)).status === 'paid');

    // The merchant regenerates the keys at the provider; the operator gives the connection the new pair.
    const newKeyId = `rzp_live_${randomBytes(8).toString('hex')}`;
    const newSecret = `key-${randomUUID()}`;
    p.rzp.control.regenerateKeys(newKeyId, newSecret);
    const rotated = json(await payctl(['connections', 'rotate-key', id, '--key-id', newKeyId, '--json'], { RAZORPAY_KEY_SECRET: newSecret }));
    assert.equal(rotated.id, id);
    assert.equal(rotated.key_id, newKeyId);
    assert.equal(rotated.status, 'active');
    const [row] = await service.sql('select key_secret from connections where id = ?', [id]);
    assert.ok(!String(row.key_secret).includes(newSecret), 'sealed at rest');

    const payout = await createPayout(a.liveKey, a.beneficiaryId, 1_000);
    const sent = await providerPayout(p.rzp, payout.id);
    p.rzp.control.processPayout(sent.id, { utr: 'HDFCN00000000077' });
    await until('the payout completed', async () => (await get(a.liveKey, `/v1/payouts/${payout.id}`)).status === 'completed');

    const result = await reconcile(id);
    assert.equal(result.difference, 0, JSON.stringify(result));
    const topUps = (await get(a.liveKey, '/v1/top_ups?limit=100')).data;
    assert.deepEqual(topUps.map((t: any) => t.amount), [50_000], 'one opening balance');
    const payments = (await get(a.liveKey, '/v1/payments?limit=100')).data;
    assert.equal(payments.length, 1, 'the QR payment once');
    assert.deepEqual((await service.sql('select id from connections where account_id = ?', [a.accountId])).map((r: any) => r.id), [id]);
  });

  test('update --payout-account-number is refused while a payout sent from the old number is initiated, and keeps the connection', async () => {
    const p = await providerAccount();
    p.rzp.control.deposit(20_000);
    const a = await liveAccount(20_000);
    const id = await connect(a.accountId, p);
    const payout = await createPayout(a.liveKey, a.beneficiaryId, 1_000);
    const sent = await providerPayout(p.rzp, payout.id);
    const refused = await payctl(['connections', 'update', id, '--payout-account-number', '2323230099887766']);
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, new RegExp(`${payout.id}|initiated`));
    assert.equal((await show(id)).payout_account_number_last4, p.accountNumber.slice(-4));
    p.rzp.control.processPayout(sent.id, { utr: 'HDFCN00000000078' });
    await until('the payout completed', async () => (await get(a.liveKey, `/v1/payouts/${payout.id}`)).status === 'completed');
    const updated = json(await payctl(['connections', 'update', id, '--payout-account-number', '2323230099887766', '--json']));
    assert.equal(updated.id, id);
    assert.equal(updated.payout_account_number_last4, '7766');
    const [row] = await service.sql('select payout_account_number, connection_id from payouts where id = ?', [payout.id]);
    assert.deepEqual(row, { payout_account_number: p.accountNumber, connection_id: id });
  });
});

describe('each object keeps its connection', () => {
  test('a payout in flight when the account moves to another provider account is looked up where it was sent and completes there, paid once', async () => {
    const old = await providerAccount();
    old.rzp.control.deposit(20_000);
    const a = await liveAccount(20_000);
    const oldId = await connect(a.accountId, old);
    // The webhook is lost: only the payout's lookups can learn what happened.
    old.rzp.control.dropWebhooks({ event: 'payout.*', count: 10 });
    const payout = await createPayout(a.liveKey, a.beneficiaryId, 5_000);
    const sent = await providerPayout(old.rzp, payout.id);
    assert.equal(sent.status, 'processing');

    json(await payctl(['connections', 'disable', oldId, '--json']));
    const next = await providerAccount();
    const nextId = await connect(a.accountId, next);
    // Longer than PROVIDER_LOOKUP_WINDOW_SECONDS: a lookup sent to the new provider account would have failed it.
    await new Promise((r) => setTimeout(r, 6_000));
    assert.equal((await get(a.liveKey, `/v1/payouts/${payout.id}`)).status, 'initiated');
    old.rzp.control.processPayout(sent.id, { utr: 'HDFCN00000000079' });
    const done = await until('the payout completed', async () => {
      const p = await get(a.liveKey, `/v1/payouts/${payout.id}`);
      return p.status !== 'initiated' ? p : undefined;
    });
    assert.equal(done.status, 'completed', JSON.stringify(done));
    assert.equal(done.utr, 'HDFCN00000000079');
    assert.equal(old.rzp.control.payouts().filter((p) => p.reference_id === payout.id).length, 1);
    assert.deepEqual(next.rzp.control.requests({ path: '/v1/payouts*' }), [], 'nothing about it asked of the new provider account');
    const [row] = await service.sql('select connection_id, payout_account_number from payouts where id = ?', [payout.id]);
    assert.deepEqual(row, { connection_id: oldId, payout_account_number: old.accountNumber });

    // A new payout goes through the connection that follows the account now.
    next.rzp.control.deposit(10_000);
    const second = await createPayout(a.liveKey, a.beneficiaryId, 1_000);
    await providerPayout(next.rzp, second.id);
    const [secondRow] = await service.sql('select connection_id from payouts where id = ?', [second.id]);
    assert.equal(secondRow.connection_id, nextId);
  });

  test('a refund of a payment made on a connection disabled since goes to that connection, also when the account has no active one', async () => {
    const old = await providerAccount();
    const a = await liveAccount();
    const oldId = await connect(a.accountId, old);
    const first = await capturedPayment(a.liveKey, old.rzp, 10_000);
    const second = await capturedPayment(a.liveKey, old.rzp, 10_000);
    json(await payctl(['connections', 'disable', oldId, '--json']));

    // No active connection: a refund of the disabled connection's own payment still goes, there.
    const alone = await http.post('/v1/refunds', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { payment_id: first.id, amount: 2_000 } });
    assert.equal(alone.status, 200, alone.text);
    await until('the refund at the old provider account', () => old.rzp.control.refunds().find((r) => r.receipt === alone.body.id));
    // New money still needs an active connection.
    assertApiError(await http.post('/v1/payments', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { amount: 1_000, currency: 'INR', method: 'upi' } }), 403, 'connection_required');

    const next = await providerAccount();
    await connect(a.accountId, next);
    const res = await http.post('/v1/refunds', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { payment_id: second.id, amount: 3_000 } });
    assert.equal(res.status, 200, res.text);
    const atOld = await until('the refund at the old provider account', () => old.rzp.control.refunds().find((r) => r.receipt === res.body.id));
    assert.equal(atOld.amount, 3_000);
    assert.deepEqual(next.rzp.control.requests({ path: '/v1/payments*' }), []);
    const refund = await get(a.liveKey, `/v1/refunds/${res.body.id}`);
    assert.notEqual(refund.status, 'failed', JSON.stringify(refund));
    const rows = await service.sql('select connection_id from refunds where id in (?, ?)', [alone.body.id, res.body.id]);
    assert.deepEqual(rows.map((r: any) => r.connection_id), [oldId, oldId]);
  });

  test('a disabled connection makes no QR code: a live link is refused 403 connection_required and nothing reaches the provider', async () => {
    const p = await providerAccount();
    const a = await liveAccount();
    const id = await connect(a.accountId, p);
    json(await payctl(['connections', 'disable', id, '--json']));
    const res = await http.post('/v1/payment_links', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { amount: 10_000, description: 'Invoice 8' } });
    assertApiError(res, 403, 'connection_required');
    await new Promise((r) => setTimeout(r, 1_000));
    assert.deepEqual(p.rzp.control.qrCodes(), []);
    assert.deepEqual(p.rzp.control.requests({ path: '/v1/payments/qr_codes*' }), []);
  });

  test("a link made while its connection was active, whose QR code is still being made when the connection is disabled, gets no code on the disabled connection", async () => {
    const p = await providerAccount();
    const a = await liveAccount();
    const id = await connect(a.accountId, p);
    // The link's first QR code call is answered 500 (the provider made nothing): its activity tries again a few seconds later.
    p.rzp.control.failNext({ path: '/v1/payments/qr_codes', method: 'POST', status: 500 });
    const res = await http.post('/v1/payment_links', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { amount: 10_000, description: 'Invoice 9' } });
    assert.equal(res.status, 200, res.text);
    await until('the first QR code call', () => p.rzp.control.requests({ method: 'POST', path: '/v1/payments/qr_codes' }).length > 0);
    json(await payctl(['connections', 'disable', id, '--json']));
    // Past the activity's next attempts (5 s, then 10 s after it).
    await new Promise((r) => setTimeout(r, 20_000));
    assert.deepEqual(p.rzp.control.qrCodes().map((q) => q.id), [], 'no QR code made on the disabled connection');
  });
});
