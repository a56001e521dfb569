// Unknown is unknown (docs/live-money.md): an answer of the provider that does not say what happened — here its 409
// "Another request with the same idempotency key is still in progress." (api/refunds/normal-refunds-idempotent.md;
// for payouts a switch of the stand-in) — is sent again with the same key and body and looked up, and never fails a
// refund or a payout while the provider goes on and makes it. Through the real API against the provider stand-in.
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { topUpPosting } from '../../src/domain/ledger.ts';
import { post } from '../../src/ledger/ledger.ts';
import type { RazorpayStandin } from '../standins/razorpay/index.ts';
import { connectedAccount } from '../helpers/connections.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { assertLedgerBalanced } from '../helpers/payments.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };

let service: TestService;
let http: Http;
const standins: RazorpayStandin[] = [];

before(async () => {
  service = await startTestService({
    TRUST_PROXY: 'true',
    PROVIDER_RETRY_DELAYS_SECONDS: '1,1,1',
    PROVIDER_LOOKUP_WINDOW_SECONDS: '60',
    PROVIDER_POLL_SECONDS: '1',
    PROVIDER_MAX_RPS: '50',
  });
  http = createHttp(service.url);
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

const get = async (key: string, path: string) => {
  const res = await http.get(path, { key, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return res.body;
};

/** Every status a resource was seen in by polling it until `done`. */
async function watch(key: string, path: string, done: (o: any) => boolean, timeoutMs = 90_000): Promise<{ last: any; seen: Set<string> }> {
  const seen = new Set<string>();
  const last = await until(`${path} settling`, async () => {
    const o = await get(key, path);
    seen.add(o.status);
    return o;
  }, (o) => done(o) || o.status === 'failed', timeoutMs);
  return { last, seen };
}

describe('an answer that says the request is still in progress', () => {
  test('a refund whose retry is answered 409 while the provider goes on and refunds: processed, one refund at the provider, never failed', async () => {
    const a = await connectedAccount(service);
    standins.push(a.rzp);
    const customer = await http.post('/v1/customers', { key: a.liveKey, headers: HTTPS, json: { name: 'Meera Iyer', email: 'meera@example.com', phone: '+919812345678' } });
    assert.equal(customer.status, 200, customer.text);
    const paid = await http.post('/v1/payments', {
      key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(),
      json: { amount: 10_000, currency: 'INR', method: 'upi', customer_id: customer.body.id },
    });
    assert.equal(paid.status, 200, paid.text);
    const attempt = await until('the provider payment', () => {
      const order = a.rzp.control.orders().find((o) => o.receipt === paid.body.id);
      return order ? a.rzp.control.payments().find((p) => p.order_id === order.id) : undefined;
    }, (p) => p !== undefined);
    a.rzp.control.authorizePayment(attempt!.id);
    await until('the capture', () => get(a.liveKey, `/v1/payments/${paid.body.id}`), (p) => p.status === 'captured');

    // The first create is taken and worked on for 8 s while its answer is lost; a retry meanwhile answers 409.
    const path = `/v1/payments/${attempt!.id}/refund`;
    a.rzp.control.inProgressNext({ method: 'POST', path, holdMs: 8_000 });
    const res = await http.post('/v1/refunds', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { payment_id: paid.body.id, amount: 4_000 } });
    assert.equal(res.status, 200, res.text);
    const refund = res.body;
    assert.equal(refund.status, 'pending');

    const atProvider = await until('the refund at the provider', () => a.rzp.control.refunds().filter((r) => r.receipt === refund.id), (r) => r.length > 0);
    await until('a retry answered 409', () => a.rzp.control.requests({ method: 'POST', path }).filter((r) => r.status === 409).length, (n) => n > 0);
    a.rzp.control.processRefund(atProvider[0].id, { rrn: '512300000077' });
    const { last, seen } = await watch(a.liveKey, `/v1/refunds/${refund.id}`, (r) => r.status === 'processed');
    assert.equal(last.status, 'processed', `the refund ended ${last.status} (${last.failure_code}: ${last.failure_message})`);
    assert.ok(!seen.has('failed'), 'never failed');
    assert.equal(last.utr, '512300000077');
    assert.equal(a.rzp.control.refunds().filter((r) => r.payment_id === attempt!.id).length, 1, 'one refund at the provider');
    for (const sent of a.rzp.control.requests({ method: 'POST', path })) {
      assert.equal(sent.idempotencyKey, refund.id, 'every send under the refund id');
      assert.deepEqual({ amount: (sent.body as any).amount, receipt: (sent.body as any).receipt }, { amount: 4_000, receipt: refund.id }, 'the same body');
    }
    assert.equal((await get(a.liveKey, `/v1/payments/${paid.body.id}`)).amount_refunded, 4_000);
    await assertLedgerBalanced(service, a.accountId);
  });

  test('a payout whose resend is answered 409 while the provider goes on and pays: completed, one payout at the provider, never failed', async () => {
    const a = await connectedAccount(service);
    standins.push(a.rzp);
    a.rzp.control.deposit(50_000);
    await service.stack.orm.em.fork().transactional((tx) =>
      post(tx, { accountId: a.accountId, mode: 'live', posting: topUpPosting(50_000), sourceId: `tu_${randomUUID()}`, description: 'provider deposit' }));
    const bene = await http.post('/v1/beneficiaries', { key: a.liveKey, headers: HTTPS, json: { name: 'Asha Kumar', type: 'vpa', vpa: `asha${Date.now()}@okaxis` } });
    assert.equal(bene.status, 200, bene.text);

    // The first create is worked on for 2.5 s while its answer is lost; resends under its key meanwhile answer 409.
    a.rzp.control.inProgressNext({ method: 'POST', path: '/v1/payouts', holdMs: 2_500 });
    const res = await http.post('/v1/payouts', {
      key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(),
      json: { beneficiary_id: bene.body.id, amount: 10_000, mode: 'upi', narration: 'Invoice 42' },
    });
    assert.equal(res.status, 200, res.text);
    const payout = res.body;
    const atProvider = await until('the payout at the provider', () => a.rzp.control.payouts().filter((p) => p.reference_id === payout.id), (p) => p.length > 0);
    await until('a resend answered 409', () => a.rzp.control.requests({ method: 'POST', path: '/v1/payouts' }).filter((r) => r.status === 409).length, (n) => n > 0);
    a.rzp.control.processPayout(atProvider[0].id, { utr: 'UTR409000001' });
    const { last, seen } = await watch(a.liveKey, `/v1/payouts/${payout.id}`, (p) => p.status === 'completed');
    assert.equal(last.status, 'completed', `the payout ended ${last.status} (${JSON.stringify(last.failure_reason ?? null)})`);
    assert.ok(!seen.has('failed'), 'never failed');
    assert.equal(a.rzp.control.payouts().length, 1, 'one payout at the provider');
    const sends = a.rzp.control.requests({ method: 'POST', path: '/v1/payouts' });
    assert.ok(sends.length >= 2);
    for (const sent of sends) {
      assert.equal(sent.idempotencyKey, payout.id, 'every send under the payout id');
      assert.deepEqual(sent.body, sends[0].body, 'the same body');
    }
    await assertLedgerBalanced(service, a.accountId);
  });
});
