// Provider events are wake-ups, matched only through what the service sent (docs/live-money.md,
// docs/architecture.md), against the Razorpay stand-in through the real API and the real webhook route: a payment made elsewhere on
// the same provider account whose notes name our payment or link changes nothing; a payout event whose amount is not
// ours changes nothing; a credit to another account of the same provider account is no deposit; events about one
// payout sent one after the other's answer end in the state that order implies, every time; the workflow that
// applies a payment's events keeps the customer's email and phone out of its history; the route answers garbage in
// its connection id with 404 and limits unknown connection ids per client address.
import assert from 'node:assert/strict';
import { randomInt, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { RazorpayStandin } from '../standins/razorpay/index.ts';
import { connectedAccount as connectedTo, STANDIN_ACCOUNT_NUMBER, STANDIN_KEY_ID, STANDIN_KEY_SECRET } from '../helpers/connections.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { paymentWorkflowId } from '../../src/domain/workflow-ids.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };
/** RATE_LIMIT_UNAUTHENTICATED of this file's service: the per-address limit the route's unknown connection ids share. */
const UNAUTHENTICATED_PER_MINUTE = 5;

let service: TestService;
let http: Http;
const standins: RazorpayStandin[] = [];

before(async () => {
  service = await startTestService({
    TRUST_PROXY: 'true',
    PROVIDER_MAX_RPS: '50',
    PROVIDER_POLL_SECONDS: '3',
    RATE_LIMIT_UNAUTHENTICATED: String(UNAUTHENTICATED_PER_MINUTE),
  });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
  for (const rzp of standins) await rzp.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Live {
  accountId: string;
  liveKey: string;
  connectionId: string;
  rzp: RazorpayStandin;
  customerId: string;
  email: string;
  phone: string;
}

async function connectedAccount(): Promise<Live> {
  const a = await connectedTo(service, { autoCapture: true });
  standins.push(a.rzp);
  const email = `meera.${randomUUID().slice(0, 8)}@example.com`;
  const phone = `+9198${randomInt(10_000_000, 99_999_999)}`;
  const customer = await http.post('/v1/customers', { key: a.liveKey, headers: HTTPS, json: { name: 'Meera Iyer', email, phone } });
  assert.equal(customer.status, 200, customer.text);
  return { ...a, customerId: customer.body.id, email, phone };
}

async function get(a: Live, path: string): Promise<any> {
  const res = await http.get(path, { key: a.liveKey, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

async function until<T>(what: string, read: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    const value = await read();
    if (value) return value;
    last = value;
    assert.ok(Date.now() < deadline, `waited ${timeoutMs} ms for ${what} (last ${JSON.stringify(last)})`);
    await sleep(150);
  }
}

async function pay(a: Live, amount: number): Promise<any> {
  const res = await http.post('/v1/payments', {
    key: a.liveKey,
    headers: HTTPS,
    idempotencyKey: randomUUID(),
    json: { amount, currency: 'INR', method: 'upi', customer_id: a.customerId },
  });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.status, 'pending');
  return res.body;
}

/** Our payment's one attempt at the provider (on the order whose receipt is our payment id). */
async function providerPaymentOf(a: Live, paymentId: string) {
  return until(`the provider's payment for ${paymentId}`, () => {
    const order = a.rzp.control.orders().find((o) => o.receipt === paymentId);
    return order && a.rzp.control.payments().find((p) => p.order_id === order.id);
  });
}

async function eventTypesOf(a: Live, objectId: string): Promise<string[]> {
  const body = await get(a, '/v1/events?limit=100');
  return body.data.filter((e: any) => e.data.object.id === objectId).map((e: any) => e.type).sort();
}

/** paygate_provider_events_ignored_total{reason} as /metrics shows it now (0 when absent). */
async function ignored(reason: string): Promise<number> {
  const res = await http.get('/metrics');
  assert.equal(res.status, 200);
  const line = res.text.split('\n').find((l: string) => l.startsWith('paygate_provider_events_ignored_total{') && l.includes(`reason="${reason}"`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** Lets the service act on what the stand-in delivered (nothing should move: there is nothing to wait for). */
async function settle(a: Live): Promise<void> {
  await a.rzp.control.webhooksIdle();
  await sleep(2_000);
}

describe('payments and links are matched through what we sent, never through notes', () => {
  test('a ₹1 payment made elsewhere whose notes name our pending ₹50,000 payment leaves it pending; the real one captures', async () => {
    const a = await connectedAccount();
    const payment = await pay(a, 5_000_000);
    const ours = await providerPaymentOf(a, payment.id);
    const before = await ignored('unknown_object');
    const elsewhere = a.rzp.control.payElsewhere({ amount: 100, notes: { payment_id: payment.id } });
    assert.equal(elsewhere.status, 'captured');
    await settle(a);
    const still = await get(a, `/v1/payments/${payment.id}`);
    assert.equal(still.status, 'pending');
    assert.deepEqual(await eventTypesOf(a, payment.id), []);
    assert.equal(Number((await get(a, '/v1/balance')).pending), 0);
    assert.ok((await ignored('unknown_object')) > before, 'the events about the payment made elsewhere are counted as ignored');

    a.rzp.control.authorizePayment(ours.id);
    const done = await until('captured', async () => {
      const p = await get(a, `/v1/payments/${payment.id}`);
      return p.status === 'captured' && p;
    });
  });

  test('an order made elsewhere under our payment id as its receipt, paid ₹1: our payment stays pending, its lookups undisturbed; the real one captures', async () => {
    const a = await connectedAccount();
    const key = randomUUID();
    const res = await http.post('/v1/payments', { key: a.liveKey, headers: HTTPS, idempotencyKey: key, json: { amount: 5_000_000, currency: 'INR', method: 'upi', customer_id: a.customerId } });
    assert.equal(res.status, 200, res.text);
    const payment = res.body;
    const ours = await providerPaymentOf(a, payment.id);
    a.rzp.control.payElsewhere({ amount: 100, receipt: payment.id, notes: { payment_id: payment.id } });
    // Two of the payment's looks at the provider (PROVIDER_POLL_SECONDS 3) go by.
    await settle(a);
    await sleep(5_000);
    assert.equal((await get(a, `/v1/payments/${payment.id}`)).status, 'pending');
    const described = await service.stack.temporal!.client.workflow.getHandle(paymentWorkflowId(a.accountId, 'live', key)).describe();
    for (const activity of described.raw.pendingActivities ?? []) {
      assert.ok((activity.attempt ?? 1) <= 1, `the payment's ${activity.activityType?.name} is on attempt ${activity.attempt}: ${activity.lastFailure?.message}`);
    }
    a.rzp.control.authorizePayment(ours.id);
    await until('captured', async () => (await get(a, `/v1/payments/${payment.id}`)).status === 'captured');
    assert.equal((await get(a, `/v1/payments/${payment.id}`)).amount, 5_000_000);
  });

  test('a spoofed payment.failed (another order, notes naming our payment) leaves the genuine payment to capture normally, with no refund', async () => {
    const a = await connectedAccount();
    const payment = await pay(a, 10_000);
    const ours = await providerPaymentOf(a, payment.id);
    a.rzp.control.payElsewhere({ amount: 10_000, notes: { payment_id: payment.id }, outcome: 'failed' });
    await settle(a);
    assert.equal((await get(a, `/v1/payments/${payment.id}`)).status, 'pending');

    a.rzp.control.authorizePayment(ours.id);
    await until('captured', async () => (await get(a, `/v1/payments/${payment.id}`)).status === 'captured');
    await settle(a);
    const after = await get(a, `/v1/payments/${payment.id}`);
    assert.equal(after.status, 'captured');
    assert.equal(after.amount_refunded, 0);
    assert.deepEqual((await get(a, `/v1/refunds?payment_id=${payment.id}`)).data, []);
    assert.deepEqual(a.rzp.control.refunds(), []);
    assert.deepEqual(await eventTypesOf(a, payment.id), ['payment.captured']);
  });

  test("a QR payment made elsewhere whose notes name our live link leaves the link unpaid; a payment to the link's own QR code pays it", async () => {
    const a = await connectedAccount();
    const created = await http.post('/v1/payment_links', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { amount: 10_000, description: 'Invoice 9' } });
    assert.equal(created.status, 200, created.text);
    const link = created.body;
    const qr = await until('the link QR code', () => a.rzp.control.qrCodes().find((q) => q.notes.payment_link_id === link.id && q.status === 'active'));
    a.rzp.control.payElsewhere({ amount: 10_000, notes: { ...qr.notes }, qr: true });
    await settle(a);
    const unpaid = await get(a, `/v1/payment_links/${link.id}`);
    assert.equal(unpaid.status, link.status);
    assert.equal(unpaid.amount_paid, 0);
    assert.equal(Number((await get(a, '/v1/balance')).pending), 0);

    a.rzp.control.payQr(qr.id);
    const paid = await until('the link paid', async () => {
      const l = await get(a, `/v1/payment_links/${link.id}`);
      return l.status === 'paid' && l;
    });
    assert.equal(paid.amount_paid, 10_000);
  });
});

describe('a QR code the link no longer shows is still the link\'s', () => {
  test("a payment to the link's code whose webhook arrives after the link was cancelled is the link's: refunded in full as duplicate", async () => {
    const a = await connectedAccount();
    // A full refund draws on pending, which holds a captured payment net of its fee: another payment covers the fee.
    const earlier = await pay(a, 10_000);
    a.rzp.control.authorizePayment((await providerPaymentOf(a, earlier.id)).id);
    await until('the earlier payment captured', async () => (await get(a, `/v1/payments/${earlier.id}`)).status === 'captured');
    const created = await http.post('/v1/payment_links', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { amount: 10_000, description: 'Invoice 11' } });
    assert.equal(created.status, 200, created.text);
    const link = created.body;
    const qr = await until('the link QR code', () => a.rzp.control.qrCodes().find((q) => q.notes.payment_link_id === link.id && q.status === 'active'));
    // The customer pays the code; its webhooks are late, and meanwhile the business cancels the link.
    a.rzp.control.holdWebhooks();
    a.rzp.control.payQr(qr.id, { vpa: 'late.payer@okaxis' });
    const cancelled = await http.post(`/v1/payment_links/${link.id}/cancel`, { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID() });
    assert.equal(cancelled.status, 200, cancelled.text);
    await until('the link forgot its code', async () => (await service.sql('select qr_provider_reference from payment_links where id = ?', [link.id]))[0].qr_provider_reference === null);
    await a.rzp.control.releaseWebhooks('in-order');
    const refund = await until('the late payment refunded', async () => {
      const res = await get(a, '/v1/refunds?limit=10');
      return res.data[0];
    });
    assert.equal(refund.reason, 'duplicate');
    assert.equal(refund.amount, 10_000);
    const linkPayments = (await get(a, `/v1/payments?payment_link_id=${link.id}`)).data;
    assert.deepEqual(linkPayments.map((p: any) => [p.status, p.amount]), [['captured', 10_000]]);
    assert.equal(refund.payment_id, linkPayments[0].id);
    assert.equal((await get(a, `/v1/payment_links/${link.id}`)).status, 'cancelled');
  });
});

describe('refunds and mandates are matched through what we sent, never through receipts or notes', () => {
  test('refunds made elsewhere (another payment) whose receipt names our pending refund, one failed and one processed there: ours stays pending, then processes by its own', async () => {
    const a = await connectedAccount();
    const payment = await pay(a, 10_000);
    a.rzp.control.authorizePayment((await providerPaymentOf(a, payment.id)).id);
    await until('captured', async () => (await get(a, `/v1/payments/${payment.id}`)).status === 'captured');
    const created = await http.post('/v1/refunds', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { payment_id: payment.id, amount: 5_000 } });
    assert.equal(created.status, 200, created.text);
    const refund = created.body;
    const ours = await until('our refund at the provider', () => a.rzp.control.refunds().find((r) => r.receipt === refund.id && r.amount === 5_000));

    // Another integration of the same provider account refunds payments of its own under our refund's id.
    const failedThere = a.rzp.control.refundElsewhere(a.rzp.control.payElsewhere({ amount: 5_000 }).id, { receipt: refund.id, notes: { refund_id: refund.id } });
    a.rzp.control.failRefund(failedThere.id);
    const processedThere = a.rzp.control.refundElsewhere(a.rzp.control.payElsewhere({ amount: 300 }).id, { receipt: refund.id, notes: { refund_id: refund.id } });
    a.rzp.control.processRefund(processedThere.id);
    await settle(a);
    const still = await get(a, `/v1/refunds/${refund.id}`);
    assert.equal(still.status, 'pending', 'neither refund made elsewhere decides ours');
    assert.equal(still.amount, 5_000);
    assert.deepEqual(await eventTypesOf(a, refund.id), []);

    a.rzp.control.processRefund(ours.id, { rrn: '512345678901' });
    const done = await until('our refund processed', async () => {
      const r = await get(a, `/v1/refunds/${refund.id}`);
      return r.status === 'processed' && r;
    });
    assert.equal(done.amount, 5_000);
    assert.equal((await get(a, `/v1/payments/${payment.id}`)).amount_refunded, 5_000);
    assert.deepEqual(await eventTypesOf(a, refund.id), ['refund.processed']);
    assert.equal(a.rzp.control.refunds().filter((r) => r.payment_id === ours.payment_id).length, 1, 'one refund of our payment');
  });

  test('mandates registered elsewhere whose notes and receipt name our mandate, one declined and one approved there: ours waits for its own customer, then is active with its own token', async () => {
    const a = await connectedAccount();
    const res = await http.post('/v1/mandates', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { customer_id: a.customerId, max_amount: 500_000, frequency: 'monthly' } });
    assert.equal(res.status, 200, res.text);
    const mandate = res.body;
    const order = await until('our registration at the provider', () => {
      const o = a.rzp.control.orders().find((x) => x.receipt === mandate.id);
      return o && a.rzp.control.payments().some((p) => p.order_id === o.id) && o;
    });
    const waiting = (await get(a, `/v1/mandates/${mandate.id}`)).status;

    const declined = a.rzp.control.registerMandateElsewhere({ notes: { mandate_id: mandate.id }, receipt: mandate.id, outcome: 'declined' });
    const approved = a.rzp.control.registerMandateElsewhere({ notes: { mandate_id: mandate.id }, receipt: mandate.id, outcome: 'approved' });
    await settle(a);
    const still = await get(a, `/v1/mandates/${mandate.id}`);
    assert.equal(still.status, waiting, 'neither registration made elsewhere decides ours');
    assert.equal(still.provider_reference ?? null, null);
    assert.deepEqual(await eventTypesOf(a, mandate.id), []);

    const { token } = a.rzp.control.approveMandate(order.id, { vpa: 'meera@okicici' });
    const active = await until('our mandate active', async () => {
      const m = await get(a, `/v1/mandates/${mandate.id}`);
      return m.status === 'active' && m;
    });
    assert.equal(active.provider_reference, token.id);
    assert.notEqual(active.provider_reference, approved.token.id);
    assert.notEqual(active.provider_reference, declined.token.id);
    assert.deepEqual(await eventTypesOf(a, mandate.id), ['mandate.active']);
  });
});

/** A deposit the service saw, then a beneficiary to pay. */
async function fundedForPayouts(a: Live): Promise<string> {
  a.rzp.control.deposit(10_000_000);
  await until('the deposit', async () => Number((await get(a, '/v1/balance')).available) === 10_000_000);
  const bene = await http.post('/v1/beneficiaries', { key: a.liveKey, headers: HTTPS, json: { name: 'Ravi Shankar', type: 'vpa', vpa: 'ravi.trust@okicici' } });
  assert.equal(bene.status, 200, bene.text);
  return bene.body.id;
}

async function submittedPayout(a: Live, beneficiaryId: string, amount = 10_000): Promise<{ id: string; providerId: string }> {
  const res = await http.post('/v1/payouts', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { beneficiary_id: beneficiaryId, amount, mode: 'upi' } });
  assert.equal(res.status, 200, res.text);
  const sent = await until('the payout at the provider', async () => {
    const p = await get(a, `/v1/payouts/${res.body.id}`);
    return p.provider_reference !== null && p;
  });
  await a.rzp.control.webhooksIdle();
  return { id: res.body.id, providerId: sent.provider_reference };
}

describe('payout events', () => {
  test('a payout event whose amount differs from ours changes nothing; the payout completes by its own', async () => {
    const a = await connectedAccount();
    const bene = await fundedForPayouts(a);
    const p = await submittedPayout(a, bene);
    const fundAccount = a.rzp.control.payout(p.providerId).fund_account_id;
    // Another integration of the same provider account makes a ₹1 payout naming our payout id as its reference_id.
    const auth = `Basic ${Buffer.from(`${STANDIN_KEY_ID}:${STANDIN_KEY_SECRET}`).toString('base64')}`;
    const res = await fetch(`${a.rzp.baseUrl}/v1/payouts`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json', 'x-payout-idempotency': randomUUID() },
      body: JSON.stringify({ account_number: STANDIN_ACCOUNT_NUMBER, fund_account_id: fundAccount, amount: 100, currency: 'INR', mode: 'UPI', purpose: 'payout', queue_if_low_balance: false, reference_id: p.id }),
    });
    assert.equal(res.status, 200, await res.clone().text());
    const other = (await res.json()) as { id: string };
    const before = await ignored('amount_mismatch');
    a.rzp.control.failPayout(other.id, { source: 'beneficiary_bank', reason: 'bank_account_invalid', description: 'Not ours' });
    await settle(a);
    assert.equal((await get(a, `/v1/payouts/${p.id}`)).status, 'initiated');
    assert.ok((await ignored('amount_mismatch')) > before, 'counted as ignored');

    a.rzp.control.processPayout(p.providerId, { utr: 'HDFCN00000000901' });
    const done = await until('completed', async () => {
      const x = await get(a, `/v1/payouts/${p.id}`);
      return x.status === 'completed' && x;
    });
    assert.equal(done.utr, 'HDFCN00000000901');
  });

  test('processed then reversed, each sent after the answer to the one before: reversed every time, announced completed first', async () => {
    const a = await connectedAccount();
    const bene = await fundedForPayouts(a);
    for (let round = 0; round < 6; round++) {
      const p = await submittedPayout(a, bene);
      // The stand-in delivers one event after the answer to the one before (its default order).
      a.rzp.control.processPayout(p.providerId, { utr: `HDFCN0000000100${round}` });
      a.rzp.control.reversePayout(p.providerId, { source: 'beneficiary_bank', reason: 'beneficiary_bank_rejected', description: 'Rejected' });
      await a.rzp.control.webhooksIdle();
      const reversed = await until(`round ${round}: reversed`, async () => {
        const x = await get(a, `/v1/payouts/${p.id}`);
        return x.status !== 'initiated' && x.status !== 'completed' && x;
      });
      assert.equal(reversed.status, 'reversed', `round ${round}`);
      assert.deepEqual(await eventTypesOf(a, p.id), ['payout.completed', 'payout.initiated', 'payout.reversed'], `round ${round}`);
    }
  });

  test('reversed then processed, each sent after the answer to the one before: failed every time, the late processed ignored', async () => {
    const a = await connectedAccount();
    const bene = await fundedForPayouts(a);
    for (let round = 0; round < 6; round++) {
      const p = await submittedPayout(a, bene);
      a.rzp.control.holdWebhooks();
      a.rzp.control.processPayout(p.providerId, { utr: `HDFCN0000000110${round}` });
      a.rzp.control.reversePayout(p.providerId, { source: 'beneficiary_bank', reason: 'beneficiary_bank_rejected', description: 'Rejected' });
      // Released one after another, the reversal first.
      await a.rzp.control.releaseWebhooks('reverse');
      await a.rzp.control.webhooksIdle();
      const failed = await until(`round ${round}: failed`, async () => {
        const x = await get(a, `/v1/payouts/${p.id}`);
        return x.status !== 'initiated' && x;
      });
      await sleep(300);
      assert.equal((await get(a, `/v1/payouts/${p.id}`)).status, 'failed', `round ${round}`);
      assert.equal(failed.failure_reason.provider.reason, 'beneficiary_bank_rejected');
      assert.deepEqual(await eventTypesOf(a, p.id), ['payout.failed', 'payout.initiated'], `round ${round}`);
    }
  });
});

describe('deliveries as the provider may make them', () => {
  test('a pretty-printed body verifies over its exact bytes and applies', async () => {
    const a = await connectedAccount();
    const bene = await fundedForPayouts(a);
    const p = await submittedPayout(a, bene);
    a.rzp.control.prettyPrintWebhooks({ event: 'payout.processed' });
    a.rzp.control.processPayout(p.providerId, { utr: 'HDFCN00000000951' });
    await a.rzp.control.webhooksIdle();
    const sent = a.rzp.control.webhookEvents().filter((e) => e.event === 'payout.processed').at(-1)!;
    assert.match(sent.body, /\n  "event": "payout.processed"/);
    const delivery = a.rzp.control.webhookDeliveries().filter((d) => d.eventId === sent.id);
    assert.deepEqual(delivery.map((d) => d.status), [200]);
    const done = await until('completed', async () => {
      const x = await get(a, `/v1/payouts/${p.id}`);
      return x.status === 'completed' && x;
    });
    assert.equal(done.utr, 'HDFCN00000000951');
  });

  test("events of several payouts delivered concurrently and out of order, some twice: each payout ends as its own events say, one event per transition", async () => {
    const a = await connectedAccount();
    const bene = await fundedForPayouts(a);
    const payouts = [];
    for (let i = 0; i < 4; i++) payouts.push(await submittedPayout(a, bene));
    a.rzp.control.deliverWebhooksConcurrently(true, 80);
    a.rzp.control.duplicateWebhooks({ event: 'payout.*', count: 2 });
    payouts.forEach((p, i) => a.rzp.control.processPayout(p.providerId, { utr: `HDFCN0000000096${i}` }));
    a.rzp.control.deposit(50_000);
    await a.rzp.control.webhooksIdle();
    a.rzp.control.deliverWebhooksConcurrently(false);
    for (const [i, p] of payouts.entries()) {
      const done = await until(`payout ${i} completed`, async () => {
        const x = await get(a, `/v1/payouts/${p.id}`);
        return x.status === 'completed' && x;
      });
      assert.equal(done.utr, `HDFCN0000000096${i}`);
      assert.deepEqual(await eventTypesOf(a, p.id), ['payout.completed', 'payout.initiated']);
    }
    await until('the deposit', async () => (await get(a, '/v1/top_ups')).data.length === 2);
  });
});

describe('deposits', () => {
  test("a credit to another account of the same provider account is no deposit; one to the connection's payout account is", async () => {
    const a = await connectedAccount();
    const before = await ignored('other_account');
    a.rzp.control.depositToOtherAccount(250_000, '2323230041626905');
    await settle(a);
    assert.equal(Number((await get(a, '/v1/balance')).available), 0);
    assert.deepEqual((await get(a, '/v1/top_ups')).data, []);
    assert.ok((await ignored('other_account')) > before, 'counted as ignored');
    a.rzp.control.deposit(120_000);
    await until('the deposit', async () => Number((await get(a, '/v1/balance')).available) === 120_000);
  });
});

/** Every byte string in a Temporal history, decoded (payloads are JSON inside bytes). */
function historyText(value: unknown, out: string[] = []): string[] {
  if (value instanceof Uint8Array) out.push(Buffer.from(value).toString('utf8'));
  else if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) historyText(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) historyText(v, out);
  return out;
}

describe('provider bodies stay out of workflow histories', () => {
  test("the workflows that applied a payment's events hold neither the customer's email nor phone", async () => {
    const a = await connectedAccount();
    const payment = await pay(a, 10_000);
    const ours = await providerPaymentOf(a, payment.id);
    a.rzp.control.authorizePayment(ours.id, { vpa: 'meera.private@okhdfc' });
    await until('captured', async () => (await get(a, `/v1/payments/${payment.id}`)).status === 'captured');
    await a.rzp.control.webhooksIdle();
    const sent = a.rzp.control.payment(ours.id);
    assert.ok(sent.email && sent.contact, 'the provider payment carries the customer email and phone');
    const bodies = a.rzp.control.webhookEvents().filter((e) => e.body.includes(ours.id));
    assert.ok(bodies.some((e) => e.body.includes(sent.email!)), 'the webhook bodies carry them');
    const client = service.stack.temporal!.client;
    const histories: string[] = [];
    await until('the event workflows closed', async () => {
      histories.length = 0;
      const query = `TaskQueue = '${service.config.TEMPORAL_TASK_QUEUE}' AND (WorkflowType = 'providerEventWorkflow' OR WorkflowType = 'providerObjectEventsWorkflow')`;
      let open = 0;
      for await (const wf of client.workflow.list({ query })) {
        if (wf.status.name === 'RUNNING') open++;
        const history = await client.workflow.getHandle(wf.workflowId, wf.runId).fetchHistory();
        histories.push(historyText(history).join('\n'));
      }
      return open === 0 && histories.some((h) => h.includes(ours.id));
    });
    for (const h of histories) {
      assert.ok(!h.includes(sent.email!), 'no email in an event workflow history');
      assert.ok(!h.includes(sent.contact!), 'no phone in an event workflow history');
      assert.ok(!h.includes('meera.private@okhdfc'), 'no VPA in an event workflow history');
    }
  });
});

describe('the webhook route', () => {
  // A client address of each call's own (the per-address counters live in the database every test file shares).
  let last = randomInt(1, 120);
  const forwardedFrom = () => ({ 'x-forwarded-for': `203.0.113.${++last}`, 'content-type': 'application/json' });

  test('a NUL or other garbage in the connection id answers 404, never 5xx', async () => {
    for (const id of ['%00', 'conn_%00abc', '%FF%FE', 'conn_%E2%80%AE', 'x'.repeat(3_000), '%2e%2e', 'conn_🙂']) {
      const res = await fetch(`${service.url}/connectors/razorpay/${id}/webhooks`, { method: 'POST', headers: forwardedFrom(), body: '{"event":"payment.captured"}' });
      assert.ok(res.status === 404 || res.status === 400, `${id.slice(0, 20)}: ${res.status} ${await res.text()}`);
    }
  });

  test('unknown connection ids are limited per client address: 429 after the per-minute count', async () => {
    const headers = forwardedFrom();
    const statuses: number[] = [];
    for (let i = 0; i < UNAUTHENTICATED_PER_MINUTE + 2; i++) {
      const res = await fetch(`${service.url}/connectors/razorpay/conn_${randomUUID().replaceAll('-', '')}/webhooks`, { method: 'POST', headers, body: '{}' });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    assert.deepEqual(statuses.slice(0, UNAUTHENTICATED_PER_MINUTE), Array(UNAUTHENTICATED_PER_MINUTE).fill(404));
    assert.deepEqual(statuses.slice(UNAUTHENTICATED_PER_MINUTE), [429, 429]);
    // Another address is not limited by them.
    const other = await fetch(`${service.url}/connectors/razorpay/conn_unknown/webhooks`, { method: 'POST', headers: forwardedFrom(), body: '{}' });
    assert.equal(other.status, 404);
  });
});
