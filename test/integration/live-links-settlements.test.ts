// Live payment links paid through the provider's single-use UPI QR code, and live settlements (docs/api.md, Live
// payments, refunds, settlements and payment links), against the Razorpay stand-in: the link's QR code made with
// the link for the amount due (close_by = expire_by), its page drawing that code and never a configured VPA, a
// payment to the code becoming the link's payment with its fee; each provider settlement becoming ours once (by its
// webhook, or by the settlements sync when the webhook was lost), moving the settled money out of live `pending`.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { insertConnection } from '../../src/db/connections.ts';
import { createSecretBox } from '../../src/db/sealed.ts';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { getPage } from '../helpers/payment-links.ts';
import { TEST_SECRETS_KEY, startTestService, type TestService } from '../helpers/service.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };
const KEY_ID = 'rzp_live_links01';
const KEY_SECRET = 'standin-links-secret';
const WEBHOOK_SECRET = 'standin-links-webhook-secret';
const CONFIGURED_VPA = 'configured.payee@upi';

let service: TestService;
let http: Http;
const standins: RazorpayStandin[] = [];

before(async () => {
  service = await startTestService({ TRUST_PROXY: 'true', PROVIDER_MAX_RPS: '50', PAYMENT_LINK_PAYEE_VPA: CONFIGURED_VPA });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
  for (const rzp of standins) await rzp.stop();
});

interface Live {
  accountId: string;
  liveKey: string;
  connectionId: string;
  rzp: RazorpayStandin;
}

/** An account connected to its own stand-in, whose webhooks reach the connection's URL. */
async function connectedAccount(): Promise<Live> {
  const rzp = await startRazorpayStandin({ keyId: KEY_ID, keySecret: KEY_SECRET, accountNumber: '7878780080316316' });
  standins.push(rzp);
  const { accountId, liveKey } = await service.newAccount({ live: true });
  assert.ok(liveKey);
  const connectionId = await insertConnection(service.stack.orm.em.fork(), createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')), {
    accountId,
    provider: 'razorpay',
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    payoutAccountNumber: '7878780080316316',
    baseUrl: rzp.baseUrl,
  });
  rzp.control.setWebhook({ url: `${service.url}/connectors/razorpay/${connectionId}/webhooks`, secret: WEBHOOK_SECRET });
  return { accountId, liveKey, connectionId, rzp };
}

async function until<T>(what: string, read: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    assert.ok(Date.now() < deadline, `waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function createLiveLink(a: Live, body: Record<string, unknown> = {}): Promise<any> {
  const res = await http.post('/v1/payment_links', {
    key: a.liveKey,
    headers: HTTPS,
    idempotencyKey: randomUUID(),
    json: { amount: 10_000, description: 'Invoice 7', ...body },
  });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.mode, 'live');
  return res.body;
}

/** The link's open QR code at the provider. */
async function qrOf(a: Live, linkId: string, amount?: number) {
  return until(`a QR code for ${linkId}`, () =>
    a.rzp.control.qrCodes().find((q) => q.notes.payment_link_id === linkId && q.status === 'active' && (amount === undefined || q.payment_amount === amount)),
  );
}

async function linkAt(a: Live, linkId: string, status: string): Promise<any> {
  return until(`link ${linkId} ${status}`, async () => {
    const res = await http.get(`/v1/payment_links/${linkId}`, { key: a.liveKey, headers: HTTPS });
    return res.body.status === status ? res.body : undefined;
  });
}

async function balance(a: Live): Promise<{ available: number; pending: number }> {
  const res = await http.get('/v1/balance', { key: a.liveKey, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return { available: Number(res.body.available), pending: Number(res.body.pending) };
}

async function eventsOf(a: Live, type: string): Promise<any[]> {
  const res = await http.get(`/v1/events?type=${type}&limit=100`, { key: a.liveKey, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

async function balanceTransactions(a: Live, type: string): Promise<any[]> {
  const res = await http.get(`/v1/balance_transactions?type=${type}&limit=100`, { key: a.liveKey, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

async function settlements(a: Live): Promise<any[]> {
  const res = await http.get('/v1/settlements?limit=100', { key: a.liveKey, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

/** A live link paid through its QR code; answers the link and its payment. */
async function paidByQr(a: Live, amount = 10_000): Promise<{ link: any; payment: any }> {
  const link = await createLiveLink(a, { amount });
  const qr = await qrOf(a, link.id);
  a.rzp.control.payQr(qr.id, { vpa: 'customer@okaxis' });
  const paid = await linkAt(a, link.id, 'paid');
  const res = await http.get(`/v1/payments?payment_link_id=${link.id}`, { key: a.liveKey, headers: HTTPS });
  assert.equal(res.body.data.length, 1);
  return { link: paid, payment: res.body.data[0] };
}

function syncSettlements(a: Live): Promise<{ read: number; settlementIds: string[] }> {
  const temporal = service.stack.temporal;
  assert.ok(temporal, 'the test service runs a Temporal client');
  return temporal.client.workflow.execute('providerSettlementsSyncWorkflow', {
    taskQueue: service.config.TEMPORAL_TASK_QUEUE,
    workflowId: `test-settlements-sync/${a.connectionId}/${randomUUID()}`,
    args: [a.connectionId],
  });
}

describe('live payment links paid by QR code', () => {
  test('a live link gets the provider\'s single-use QR for its amount, closing at expire_by; its page draws it and never a configured VPA', async () => {
    const a = await connectedAccount();
    const expireBy = Math.floor(Date.now() / 1000) + 2 * 24 * 3600;
    const link = await createLiveLink(a, { amount: 25_050, expire_by: expireBy });
    const qr = await qrOf(a, link.id);
    assert.equal(qr.type, 'upi_qr');
    assert.equal(qr.usage, 'single_use');
    assert.equal(qr.fixed_amount, true);
    assert.equal(qr.payment_amount, 25_050);
    assert.equal(qr.close_by, expireBy);
    const page = await until('the page shows the code', async () => {
      const p = await getPage(link.short_url);
      return p.html.includes('data-testid="upi-intent"') ? p : undefined;
    });
    assert.equal(page.status, 200);
    assert.match(page.html, /<svg/);
    const intent = /data-testid="upi-intent" href="([^"]+)"/.exec(page.html)?.[1];
    assert.equal(intent?.replaceAll('&amp;', '&'), qr.image_content);
    assert.ok(!page.html.includes(CONFIGURED_VPA), 'the live page names no configured VPA');
    assert.ok(!page.html.includes('name="vpa"'), 'no UPI-ID form on a live link (collect is retired)');
  });

  test('with fewer than 15 minutes left, the page offers the UPI-intent button only', async () => {
    const a = await connectedAccount();
    const link = await createLiveLink(a);
    const qr = await qrOf(a, link.id);
    await until('the page shows the code', async () => (await getPage(link.short_url)).html.includes('data-testid="upi-intent"'));
    // The link's last minutes, as the page reads them (the code made with the link still takes payments until then).
    await service.sql(`update payment_links set expire_by = now() + interval '10 minutes', qr_close_by = now() + interval '10 minutes' where id = ?`, [link.id]);
    const page = await getPage(link.short_url);
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.html, /<svg/, 'no QR code drawn');
    const intent = /data-testid="upi-intent" href="([^"]+)"/.exec(page.html)?.[1];
    assert.equal(intent?.replaceAll('&amp;', '&'), qr.image_content, 'the intent button only');
  });

  test('a live link paid by QR: the link is paid, its payment captured with the provider\'s fee, with their events', async () => {
    const a = await connectedAccount();
    const { link, payment } = await paidByQr(a);
    assert.equal(link.amount_paid, 10_000);
    assert.deepEqual(link.payments, [payment.id]);
    assert.equal(payment.status, 'captured');
    assert.equal(payment.amount, 10_000);
    assert.equal(payment.payment_link_id, link.id);
    assert.equal(payment.mode, 'live');
    const providerPayment = a.rzp.control.payments().find((p) => p.notes.payment_link_id === link.id)!;
    assert.equal(providerPayment.fee, 236);
    await until('the events', async () => (await eventsOf(a, 'payment_link.paid')).length === 1 && (await eventsOf(a, 'payment.captured')).length === 1);
    const fees = await balanceTransactions(a, 'fee');
    assert.deepEqual(fees.map((f) => [f.source_id, f.amount]), [[payment.id, -236]]);
    assert.deepEqual(await balance(a), { available: 0, pending: 10_000 - 236 });
  });
});

describe('live settlements', () => {
  test('a settlement by webhook becomes ours once (a duplicate webhook changes nothing), moving the money out of pending', async () => {
    const a = await connectedAccount();
    const { payment } = await paidByQr(a);
    const { payment: second } = await paidByQr(a, 5_000);
    assert.equal((await balance(a)).pending, 10_000 - 236 + 5_000 - 118);
    a.rzp.control.duplicateWebhooks({ event: 'settlement.processed' });
    const provider = a.rzp.control.settle({ utr: 'AXISCN0000000042' });
    const [setl] = await until('the settlement', async () => ((await settlements(a)).length > 0 ? settlements(a) : undefined), 20_000);
    await a.rzp.control.webhooksIdle();
    assert.equal(a.rzp.control.webhookDeliveries().filter((d) => d.event === 'settlement.processed').length, 2);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await settlements(a)).length, 1, 'one settlement for two deliveries of its webhook');
    assert.equal(setl.mode, 'live');
    assert.equal(setl.provider_reference, provider.id);
    assert.equal(setl.utr, 'AXISCN0000000042');
    assert.equal(setl.amount, provider.amount);
    assert.equal(setl.amount, 15_000 - 354);
    assert.equal(setl.fees, 354);
    assert.equal(setl.payment_count, 2);
    for (const id of [payment.id, second.id]) {
      const res = await http.get(`/v1/payments/${id}`, { key: a.liveKey, headers: HTTPS });
      assert.equal(res.body.settlement_id, setl.id);
    }
    assert.deepEqual(await balance(a), { available: 0, pending: 0 });
    const moved = await balanceTransactions(a, 'settlement');
    assert.deepEqual(moved.map((t) => [t.source_id, t.amount]), [[setl.id, -(15_000 - 354)]]);
    // No new fee: the fees were recorded at capture, once each.
    assert.equal((await balanceTransactions(a, 'fee')).length, 2);
    const all = await balanceTransactions(a, 'payment');
    const sum = [...all, ...(await balanceTransactions(a, 'fee')), ...moved].reduce((s, t) => s + Number(t.amount), 0);
    assert.equal(sum, 0, 'payments less fees less the settlement: nothing left unsettled');
    assert.equal((await eventsOf(a, 'settlement.processed')).length, 1);
  });

  test('a settlement whose webhook was lost is found by reconciliation (its settlements sync), once however often it runs', async () => {
    const a = await connectedAccount();
    const { payment } = await paidByQr(a);
    a.rzp.control.dropWebhooks({ event: 'settlement.processed' });
    const provider = a.rzp.control.settle();
    await a.rzp.control.webhooksIdle();
    assert.equal((await settlements(a)).length, 0);
    // Reconciliation (its Schedule's workflow, as `payctl connections reconcile` starts it) finds it.
    const temporal = service.stack.temporal;
    assert.ok(temporal);
    await temporal.client.workflow.execute('reconcileConnectionWorkflow', {
      taskQueue: service.config.TEMPORAL_TASK_QUEUE,
      workflowId: `test-reconcile/${a.connectionId}/${randomUUID()}`,
      args: [{ connectionId: a.connectionId }],
    });
    assert.equal((await settlements(a)).length, 1);
    const again = await syncSettlements(a);
    assert.equal(again.read, 0, 'the cursor moved past what was recorded');
    // The webhook arriving late finds the settlement the sync recorded.
    const dropped = a.rzp.control.droppedWebhooks().find((w) => w.event === 'settlement.processed');
    assert.ok(dropped);
    await a.rzp.control.resendWebhook(dropped.id);
    await a.rzp.control.webhooksIdle();
    await new Promise((r) => setTimeout(r, 500));
    const list = await settlements(a);
    assert.equal(list.length, 1);
    assert.equal(list[0].provider_reference, provider.id);
    assert.equal(list[0].amount, 10_000 - 236);
    const res = await http.get(`/v1/payments/${payment.id}`, { key: a.liveKey, headers: HTTPS });
    assert.equal(res.body.settlement_id, list[0].id);
    assert.deepEqual(await balance(a), { available: 0, pending: 0 });
  });

  test('the daily sandbox settlement settles sandbox payments only', async () => {
    const a = await connectedAccount();
    await paidByQr(a);
    const temporal = service.stack.temporal;
    assert.ok(temporal);
    await temporal.client.workflow.execute('dailySettlementWorkflow', {
      taskQueue: service.config.TEMPORAL_TASK_QUEUE,
      workflowId: `test-daily-settlement/${randomUUID()}`,
      args: [{}],
    });
    const [row] = await service.sql<{ n: number }>(`select count(*)::int as n from payments where account_id = ? and mode = 'live' and settlement_id is not null`, [a.accountId]);
    assert.equal(row.n, 0);
    assert.equal((await balance(a)).pending, 10_000 - 236);
  });
});
