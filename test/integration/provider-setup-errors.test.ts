// Set-up errors are not declines (docs/live-money.md): when the provider says its account is not set up for a call
// (a feature not enabled: "The requested URL was not found on the server"; the caller's IP address not allow-listed:
// "Access Denied"; errors/common.md), the connection shows `attention_required` with the reason per capability
// (payctl connections show, /metrics, one warning line per change), a live payment fails `provider_unavailable`, and a
// payout stays `initiated`, tried again on the provider retry schedule: sent once the set-up is fixed, else failed
// `processing_failed` with nothing sent once the lookup window has passed. Through the real API and payctl.
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { RazorpayStandin } from '../standins/razorpay/index.ts';
import { connectedAccount, type FundedAccount, fundedAccount } from '../helpers/connections.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { assertLedgerBalanced } from '../helpers/payments.ts';
import { getPage } from '../helpers/payment-links.ts';
import { type Payctl, payctlFor } from '../helpers/payctl.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };
/** PROVIDER_LOOKUP_WINDOW_SECONDS of this file's service. */
const WINDOW_SECONDS = 8;

let service: TestService;
let http: Http;
/** payctl as an operator runs it, on the service's database (in-process). */
let payctl: Payctl;
const standins: RazorpayStandin[] = [];
/** The service's log lines (warnings and above). */
const logLines: string[] = [];

before(async () => {
  service = await startTestService(
    {
      TRUST_PROXY: 'true',
      PROVIDER_RETRY_DELAYS_SECONDS: '1,1,1',
      PROVIDER_LOOKUP_WINDOW_SECONDS: String(WINDOW_SECONDS),
      PROVIDER_POLL_SECONDS: '1',
      PROVIDER_MAX_RPS: '50',
      LOG_LEVEL: 'warn',
    },
    { logTo: (line) => void logLines.push(line) },
  );
  http = createHttp(service.url);
  payctl = payctlFor(service, { LOG_LEVEL: 'silent' });
});
after(async () => {
  await service?.stop();
  for (const rzp of standins) await rzp.stop();
});

async function until<T>(what: string, read: () => T | Promise<T>, done: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  do {
    last = await read();
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 150));
  } while (Date.now() < deadline);
  assert.fail(`${what} never happened; last seen ${JSON.stringify(last)}`);
}

const get = async (key: string, p: string) => {
  const res = await http.get(p, { key, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return res.body;
};

async function show(connectionId: string): Promise<any> {
  const run = await payctl(['connections', 'show', connectionId, '--json']);
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout);
}

const attentionSeries = async (connectionId: string) =>
  (await http.get('/metrics')).text.split('\n').filter((l) => l.startsWith('paygate_connection_attention{') && l.includes(`connection_id="${connectionId}"`));

const warningsAbout = (connectionId: string, words: string) => logLines.filter((l) => l.includes(connectionId) && l.includes(words)).length;

async function funded(amount: number): Promise<FundedAccount> {
  const a = await fundedAccount(service, amount);
  standins.push(a.rzp);
  return a;
}

async function payout(a: FundedAccount, amount: number): Promise<any> {
  const res = await http.post('/v1/payouts', {
    key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(),
    json: { beneficiary_id: a.beneficiaryId, amount, mode: 'upi', narration: 'Invoice 7' },
  });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

describe('a feature not enabled on the provider account', () => {
  test('a live payment fails provider_unavailable, not payment_declined; the connection says attention_required (show, /metrics, one warning) until a payment goes through', async () => {
    const a = await connectedAccount(service);
    standins.push(a.rzp);
    const customer = await http.post('/v1/customers', { key: a.liveKey, headers: HTTPS, json: { name: 'Meera Iyer', email: 'meera@example.com', phone: '+919812345678' } });
    assert.equal(customer.status, 200, customer.text);
    const pay = async () => {
      const res = await http.post('/v1/payments', {
        key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(),
        json: { amount: 10_000, currency: 'INR', method: 'upi', customer_id: customer.body.id },
      });
      assert.equal(res.status, 200, res.text);
      return res.body;
    };
    a.rzp.control.setFeature('s2s', false);
    const first = await pay();
    const failed = await until('the payment settling', () => get(a.liveKey, `/v1/payments/${first.id}`), (p) => p.status !== 'pending');
    assert.equal(failed.status, 'failed');
    assert.equal(failed.failure_code, 'provider_unavailable', 'no customer declined it');

    const shown = await show(a.connectionId);
    assert.equal(shown.status, 'attention_required');
    assert.equal(shown.attention.payments.reason, 'feature_not_enabled');
    assert.match(shown.attention.payments.description, /requested URL was not found/);
    const human = await payctl(['connections', 'show', a.connectionId]);
    assert.match(human.stdout, /attention_required/);
    assert.match(human.stdout, /payments: feature_not_enabled/);
    const listed = await payctl(['connections', 'list', '--account', a.accountId]);
    assert.match(listed.stdout, /attention_required \(payments: feature_not_enabled\)/);
    assert.deepEqual(await attentionSeries(a.connectionId), [`paygate_connection_attention{connection_id="${a.connectionId}",reason="feature_not_enabled"} 1`]);

    // A second refusal is no change: still one warning line.
    const second = await pay();
    assert.equal((await until('the second payment settling', () => get(a.liveKey, `/v1/payments/${second.id}`), (p) => p.status !== 'pending')).failure_code, 'provider_unavailable');
    assert.equal(warningsAbout(a.connectionId, 'needs attention'), 1);

    // The provider enables the feature: the next payment goes through and clears the mark.
    a.rzp.control.setFeature('s2s', true);
    const third = await pay();
    const waiting = await get(a.liveKey, `/v1/payments/${third.id}`);
    assert.notEqual(waiting.status, 'failed');
    await until('the mark cleared', () => show(a.connectionId), (c) => c.status === 'active');
    assert.deepEqual((await show(a.connectionId)).attention, {});
    assert.deepEqual(await attentionSeries(a.connectionId), []);
    assert.equal(warningsAbout(a.connectionId, 'attention cleared'), 1);
  });
});

describe('QR image content not enabled on the provider account', () => {
  test("a live link gets no QR code and its page draws none; the connection says attention_required (payments: feature_not_enabled) and the refused call is not sent again by itself; once enabled, the next link gets its code and the mark clears", async () => {
    const a = await connectedAccount(service);
    standins.push(a.rzp);
    const link = async () => {
      const res = await http.post('/v1/payment_links', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { amount: 10_000, description: 'Invoice 9' } });
      assert.equal(res.status, 200, res.text);
      return res.body;
    };
    const qrCalls = () => a.rzp.control.requests({ method: 'POST', path: '/v1/payments/qr_codes' }).length;
    a.rzp.control.setFeature('qr_codes', false);
    const first = await link();
    const shown = await until('the mark', () => show(a.connectionId), (c) => c.status === 'attention_required', 20_000);
    assert.equal(shown.attention.payments.reason, 'feature_not_enabled');
    assert.match(shown.attention.payments.description, /requested URL was not found/);
    assert.deepEqual(await attentionSeries(a.connectionId), [`paygate_connection_attention{connection_id="${a.connectionId}",reason="feature_not_enabled"} 1`]);
    // The provider profile would send the call again after 5 s: a set-up refusal waits for the operator instead.
    await new Promise((r) => setTimeout(r, 7_000));
    assert.equal(qrCalls(), 1, 'the refused QR code was asked for once');
    assert.deepEqual(a.rzp.control.qrCodes(), []);
    const page = await getPage(first.short_url);
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.html, /<svg/, 'no QR code drawn');
    assert.doesNotMatch(page.html, /data-testid="upi-intent"/);
    assert.equal((await get(a.liveKey, `/v1/payment_links/${first.id}`)).status, 'created', 'the link still takes payment');

    a.rzp.control.setFeature('qr_codes', true);
    const second = await link();
    await until('the second link\'s code', () => a.rzp.control.qrCodes().filter((q) => q.notes.payment_link_id === second.id), (codes) => codes.length === 1);
    await until('the mark cleared', () => show(a.connectionId), (c) => c.status === 'active');
    assert.deepEqual(await attentionSeries(a.connectionId), []);
  });
});

describe('a caller the provider account has not allow-listed', () => {
  test('a payout stays initiated and is tried again; past the lookup window it fails processing_failed with nothing sent and its money released', async () => {
    const a = await funded(50_000);
    a.rzp.control.setIpAllowlist(['203.0.113.7']);
    const created = await payout(a, 10_000);
    assert.equal(created.status, 'initiated');
    await until('the connection marked', () => show(a.connectionId), (c) => c.attention?.payouts?.reason === 'ip_not_allowlisted');
    const refusedAt = Date.now();
    // Tried again on the retry schedule, and still waiting.
    await until('a few refused tries', () => a.rzp.control.requests().filter((r) => r.status === 400).length, (n) => n >= 3, 20_000);
    assert.equal((await get(a.liveKey, `/v1/payouts/${created.id}`)).status, 'initiated');
    assert.equal((await show(a.connectionId)).status, 'attention_required');

    const ended = await until('the payout settling', () => get(a.liveKey, `/v1/payouts/${created.id}`), (p) => p.status !== 'initiated', 60_000);
    assert.ok(Date.now() - refusedAt >= (WINDOW_SECONDS - 2) * 1000, 'not before the lookup window');
    assert.equal(ended.status, 'failed');
    assert.equal(ended.failure_reason?.code, 'processing_failed');
    assert.equal(a.rzp.control.payouts().length, 0, 'nothing sent');
    const balance = await get(a.liveKey, '/v1/balance');
    assert.equal(Number(balance.available), 50_000, 'its money released');
    assert.equal(Number(balance.reserved), 0);
    await assertLedgerBalanced(service, a.accountId);
  });

  test('a payout waiting on the allow-list goes out once the address is allow-listed, once, and the mark clears', async () => {
    const a = await funded(50_000);
    a.rzp.control.setIpAllowlist(['203.0.113.7']);
    const created = await payout(a, 10_000);
    await until('the connection marked', () => show(a.connectionId), (c) => c.attention?.payouts?.reason === 'ip_not_allowlisted');
    assert.equal((await get(a.liveKey, `/v1/payouts/${created.id}`)).status, 'initiated');
    a.rzp.control.setIpAllowlist(['127.0.0.1']);
    const atProvider = await until('the payout at the provider', () => a.rzp.control.payouts(), (p) => p.length > 0, 30_000);
    a.rzp.control.processPayout(atProvider[0].id, { utr: 'UTRSETUP0001' });
    const done = await until('the payout completing', () => get(a.liveKey, `/v1/payouts/${created.id}`), (p) => p.status !== 'initiated', 60_000);
    assert.equal(done.status, 'completed');
    assert.equal(a.rzp.control.payouts().length, 1, 'one payout at the provider');
    await until('the mark cleared', () => show(a.connectionId), (c) => c.status === 'active');
    await assertLedgerBalanced(service, a.accountId);
  });
});
