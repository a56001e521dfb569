// Payment links through the real API, worker, Temporal and PostgreSQL, and their hosted page as a phone
// without JavaScript uses it (plain GETs and form POSTs): creation (form and JSON) and its validation,
// idempotent replays, reads and filters, cancel rules, isolation; paying once, declines and retries,
// partial links, concurrent attempts, expiry, and what a paid, expired or cancelled link takes (nothing).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { ulid } from 'ulid';
import { amountsOf, assertApiError, sleep } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { createLink, getPage, linkPayments, payOnPage, postLink, submitPay, tokenOf } from '../helpers/payment-links.ts';
import { connectAccount } from '../helpers/connections.ts';
import { assertLedgerBalanced, eventTypesOf, waitFor } from '../helpers/payments.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { startWebhookReceiver, waitUntil } from '../helpers/webhook-receiver.ts';

/** The sandbox payee the test service's QR codes name (a live link's page must never show it). */
const PAYEE_VPA = 'configured.payee@icici';
/** The least expiry the test service allows sandbox links (PAYMENT_LINK_MIN_EXPIRY_SECONDS). */
const MIN_EXPIRY_S = 3;

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService({
    PAYMENT_LINK_MIN_EXPIRY_SECONDS: String(MIN_EXPIRY_S),
    SANDBOX_SLOW_DELAY_MS: '3000',
    PAYMENT_LINK_PAY_WAIT_MS: '500',
    TRUST_PROXY: 'true',
    PAYMENT_LINK_PAYEE_VPA: PAYEE_VPA,
    // Every page request of this file comes from 127.0.0.1; the limits themselves are tested below, on their defaults.
    PAYMENT_LINK_PAGE_REQUESTS_PER_MINUTE: '100000',
  });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

const now = () => Math.floor(Date.now() / 1000);
/** Live keys work over HTTPS only: the test service trusts the proxy header. */
const HTTPS = { 'x-forwarded-proto': 'https' };
const postLive = (key: string, json: Record<string, unknown>) => http.post('/v1/payment_links', { key, json: { amount: 10_000, ...json }, headers: HTTPS });

async function linkRows(accountId: string): Promise<number> {
  const rows = await service.sql<{ n: string }>(`select count(*) as n from payment_links where account_id = ?`, [accountId]);
  return Number(rows[0].n);
}

describe('creating and reading links', () => {
  test('JSON: every field as given, short_url on the service, GET one and the list', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const expireBy = now() + 3600;
    const link = await createLink(http, key, {
      amount: 123_456,
      description: 'Invoice #42 — tiffin service, March',
      customer: { name: 'Asha Rao', email: 'asha@example.com', phone: '+919812345678' },
      reference_id: 'INV-42',
      expire_by: expireBy,
      callback_url: 'http://shop.example/thanks?order=42',
      metadata: { order: '42' },
    });
    assert.match(link.id, /^plink_[0-9A-Z]{26}$/);
    assert.equal(link.object, 'payment_link');
    assert.equal(link.mode, 'sandbox');
    assert.equal(link.amount, 123_456);
    assert.equal(link.amount_paid, 0);
    assert.equal(link.currency, 'INR');
    assert.equal(link.description, 'Invoice #42 — tiffin service, March');
    assert.deepEqual(link.customer, { name: 'Asha Rao', email: 'asha@example.com', phone: '+919812345678' });
    assert.equal(link.reference_id, 'INV-42');
    assert.equal(link.accept_partial, false);
    assert.equal(link.first_min_partial_amount, null);
    assert.equal(link.expire_by, expireBy);
    assert.equal(link.callback_url, 'http://shop.example/thanks?order=42');
    assert.equal(link.short_url, `${service.url}/pay/${link.id}`);
    assert.deepEqual(link.payments, []);
    assert.deepEqual(link.metadata, { order: '42' });
    for (const k of ['paid_at', 'expired_at', 'cancelled_at']) assert.equal(link[k], null, k);

    const got = await http.get(`/v1/payment_links/${link.id}`, { key });
    assert.equal(got.status, 200, got.text);
    assert.deepEqual(got.body, link);
    const byRef = await http.get('/v1/payment_links?reference_id=INV-42', { key });
    assert.deepEqual(byRef.body.data.map((l: any) => l.id), [link.id]);
  });

  test('form encoded, with customer[...] and a partial link; default expiry 7 days', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const res = await http.post('/v1/payment_links', {
      key,
      form: { amount: '50000', 'customer[name]': 'Ravi', accept_partial: 'true', first_min_partial_amount: '10000', 'metadata[k]': 'v' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.accept_partial, true);
    assert.equal(res.body.first_min_partial_amount, 10_000);
    assert.deepEqual(res.body.customer, { name: 'Ravi', email: null, phone: null });
    assert.ok(Math.abs(res.body.expire_by - (now() + 7 * 86_400)) <= 5, `expire_by ${res.body.expire_by} is 7 days ahead`);
  });

  test('validation: each bad parameter is a 400 naming it, and nothing is created', async () => {
    const { accountId, sandboxKey: key } = await service.newAccount();
    await createLink(http, key, { reference_id: 'TAKEN-1' });
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, 'amount'],
      [{ amount: 1_000_000_000_001 }, 'amount'],
      [{ amount: '12.5' }, 'amount'],
      [{ amount: -100 }, 'amount'],
      [{ currency: 'USD' }, 'currency'],
      [{ description: 'x'.repeat(2049) }, 'description'],
      [{ reference_id: 'r'.repeat(41) }, 'reference_id'],
      [{ reference_id: 'TAKEN-1' }, 'reference_id'],
      [{ expire_by: now() + 1 }, 'expire_by'],
      [{ expire_by: now() - 60 }, 'expire_by'],
      [{ expire_by: now() + 181 * 86_400 }, 'expire_by'],
      [{ expire_by: 'tomorrow' }, 'expire_by'],
      [{ first_min_partial_amount: 100 }, 'first_min_partial_amount'],
      [{ accept_partial: false, first_min_partial_amount: 100 }, 'first_min_partial_amount'],
      [{ accept_partial: true, first_min_partial_amount: 10_001 }, 'first_min_partial_amount'],
      [{ accept_partial: 'yes' }, 'accept_partial'],
      [{ callback_url: 'ftp://example.com/x' }, 'callback_url'],
      [{ callback_url: 'not a url' }, 'callback_url'],
      [{ customer: { email: 'nope' } }, 'customer[email]'],
      [{ customer: { age: 3 } }, 'customer[age]'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [body, param] of cases) {
      const res = await postLink(http, key, body);
      assertApiError(res, 400, 'invalid_request', param);
    }
    assert.equal(await linkRows(accountId), 1, 'only the first link exists');
  });

  test('live keys: callback_url must be https, and expire_by keeps the 15-minute floor', async () => {
    const { accountId, liveKey } = await service.newAccount({ live: true });
    await connectAccount(service, accountId); // live money needs a connection
    assertApiError(await postLive(liveKey!, { callback_url: 'http://shop.example/thanks' }), 400, 'invalid_request', 'callback_url');
    assertApiError(await postLive(liveKey!, { expire_by: now() + 600 }), 400, 'invalid_request', 'expire_by');
    const ok = await postLive(liveKey!, { callback_url: 'https://shop.example/thanks', expire_by: now() + 16 * 60 });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.mode, 'live');
  });

  test('the same Idempotency-Key answers with the same link; another body with it is 422', async () => {
    const { accountId, sandboxKey: key } = await service.newAccount();
    const idem = `plink-${randomUUID()}`;
    const first = await postLink(http, key, { amount: 7_500, reference_id: 'REPLAY-1' }, idem);
    assert.equal(first.status, 200, first.text);
    const again = await postLink(http, key, { amount: 7_500, reference_id: 'REPLAY-1' }, idem);
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.id, first.body.id);
    assertApiError(await postLink(http, key, { amount: 9_999 }, idem), 422, 'idempotency_key_reused');
    assert.equal(await linkRows(accountId), 1);
  });

  test('isolation: another account and the other mode see nothing of a link, and cannot cancel it', async () => {
    const a = await service.newAccount({ live: true });
    await connectAccount(service, a.accountId); // its live link below needs a connection
    const b = await service.newAccount();
    const link = await createLink(http, a.sandboxKey, { reference_id: 'ISO-1' });
    assertApiError(await http.get(`/v1/payment_links/${link.id}`, { key: b.sandboxKey }), 404, 'not_found', 'id');
    assertApiError(await http.get(`/v1/payment_links/${link.id}`, { key: a.liveKey, headers: HTTPS }), 404, 'not_found', 'id');
    assertApiError(await http.post(`/v1/payment_links/${link.id}/cancel`, { key: b.sandboxKey }), 404, 'not_found', 'id');
    assert.deepEqual((await http.get('/v1/payment_links', { key: b.sandboxKey })).body.data, []);
    assert.deepEqual((await http.get('/v1/payment_links', { key: a.liveKey, headers: HTTPS })).body.data, []);
    // reference_id is unique per account and mode, not across them.
    assert.equal((await postLink(http, b.sandboxKey, { reference_id: 'ISO-1' })).status, 200);
    assert.equal((await postLive(a.liveKey!, { reference_id: 'ISO-1', expire_by: now() + 3600 })).status, 200);
  });

  test('list filters: status and reference_id', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const one = await createLink(http, key, { reference_id: 'F-1' });
    const two = await createLink(http, key, { reference_id: 'F-2' });
    const cancelled = await http.post(`/v1/payment_links/${two.id}/cancel`, { key });
    assert.equal(cancelled.status, 200, cancelled.text);
    const created = await http.get('/v1/payment_links?status=created', { key });
    assert.deepEqual(created.body.data.map((l: any) => l.id), [one.id]);
    const gone = await http.get('/v1/payment_links?status=cancelled', { key });
    assert.deepEqual(gone.body.data.map((l: any) => l.id), [two.id]);
    assert.deepEqual((await http.get('/v1/payment_links?reference_id=F-2', { key })).body.data.map((l: any) => l.id), [two.id]);
    assertApiError(await http.get('/v1/payment_links?status=open', { key }), 400, 'invalid_request', 'status');
  });
});

describe('cancel', () => {
  test('a created link is cancelled with its event; again, or a partially paid link, is 409', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const link = await createLink(http, key);
    const res = await http.post(`/v1/payment_links/${link.id}/cancel`, { key });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'cancelled');
    assert.ok(res.body.cancelled_at >= link.created_at);
    assertApiError(await http.post(`/v1/payment_links/${link.id}/cancel`, { key }), 409, 'invalid_state');
    await waitFor(http, key, `/v1/events?limit=100`, (page) => page.data.some((e: any) => e.type === 'payment_link.cancelled' && e.data.object.id === link.id));

    const partial = await createLink(http, key, { amount: 10_000, accept_partial: true });
    await payOnPage(partial.short_url, { vpa: 'success@upi', amount: '20' });
    assertApiError(await http.post(`/v1/payment_links/${partial.id}/cancel`, { key }), 409, 'invalid_state');
  });
});

describe('paying on the page', () => {
  test('the page shows the business, the amount in rupees, the description, a QR code and a form; paying captures once and tells the business', async () => {
    const { accountId, sandboxKey: key } = await service.newAccount();
    const link = await createLink(http, key, { amount: 12_345_678, description: 'Wedding catering <advance>' });
    const page = await getPage(link.short_url);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline|script-src/);
    assert.ok(page.html.includes('₹1,23,456.78'), 'amount with Indian digit grouping');
    assert.ok(page.html.includes('Wedding catering &lt;advance&gt;'), 'the description, escaped');
    assert.match(page.html, /<svg[^>]*viewBox/, 'an inline SVG QR code');
    assert.ok(page.html.includes('test '), 'the business name');
    assert.ok(page.html.includes('name="vpa"'));

    const { page: outcome, paymentId } = await payOnPage(link.short_url, { vpa: 'success@upi' });
    assert.ok(outcome.html.includes('Payment successful'), outcome.html);
    const paid = await waitFor(http, key, `/v1/payment_links/${link.id}`, (l) => l.status === 'paid');
    assert.equal(paid.amount_paid, 12_345_678);
    assert.deepEqual(paid.payments, [paymentId]);
    assert.ok(paid.paid_at);

    const payments = await linkPayments(http, key, link.id);
    assert.equal(payments.length, 1);
    assert.equal(payments[0].id, paymentId);
    assert.equal(payments[0].status, 'captured');
    assert.equal(payments[0].payment_link_id, link.id);
    assert.equal(payments[0].amount, 12_345_678);
    assert.equal((await amountsOf(http, key)).pending, 12_345_678);
    const types = await eventTypesOf(http, key, link.id);
    assert.deepEqual(types, ['payment_link.paid']);
    assert.deepEqual(await eventTypesOf(http, key, paymentId), ['payment.captured']);

    // The page of a paid link takes no more money; the customer's second submit changes nothing.
    const after = await getPage(link.short_url);
    assert.ok(after.html.includes('This link has been paid'), after.html);
    assert.ok(!after.html.includes('name="token"'), 'no form on a paid link');
    const again = await submitPay(link.short_url, { vpa: 'success@upi', token: tokenOf(page.html) });
    assert.notEqual(again.status, 500);
    assert.equal((await linkPayments(http, key, link.id)).length, 1);

    // Refundable like any payment (from the available balance: a top-up covers it before settlement).
    assert.equal((await http.post('/v1/test_helpers/top_ups', { key, json: { amount: 100_000 } })).status, 200);
    const refund = await http.post('/v1/refunds', { key, json: { payment_id: paymentId, amount: 1_000 } });
    assert.equal(refund.status, 200, refund.text);
    await assertLedgerBalanced(service, accountId);
  });

  test("the business's webhook endpoint receives payment.captured and payment_link.paid", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { sandboxKey: key } = await service.newAccount();
      const endpoint = await http.post('/v1/webhook_endpoints', { key, json: { url: receiver.url('/hooks'), enabled_events: ['payment_link.*', 'payment.captured'] } });
      assert.equal(endpoint.status, 200, endpoint.text);
      const link = await createLink(http, key, { amount: 6_500 });
      const { paymentId } = await payOnPage(link.short_url, { vpa: 'success@upi' });
      const got = await waitUntil('both webhooks arrived', () => {
        const bodies = receiver.received('/hooks').map((r) => JSON.parse(r.body));
        const types = bodies.map((b) => `${b.type} ${b.data.object.id}`);
        return types.includes(`payment.captured ${paymentId}`) && types.includes(`payment_link.paid ${link.id}`) ? bodies : undefined;
      });
      const paidEvent = got.find((b) => b.type === 'payment_link.paid');
      assert.equal(paidEvent.data.object.status, 'paid');
      assert.deepEqual(paidEvent.data.object.payments, [paymentId]);
      for (const r of receiver.received('/hooks')) assert.ok(r.headers['webhook-signature'], 'signed');
    } finally {
      await receiver.close();
    }
  });

  test('a declined payment shows the decline and the customer pays again', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const link = await createLink(http, key, { amount: 5_000 });
    const declined = await payOnPage(link.short_url, { vpa: 'failure@upi' });
    assert.ok(declined.page.html.includes('Payment declined'), declined.page.html);
    assert.ok(declined.page.html.includes('Try again'));
    assert.equal((await http.get(`/v1/payment_links/${link.id}`, { key })).body.status, 'created');
    const ok = await payOnPage(link.short_url, { vpa: 'success@upi' });
    assert.ok(ok.page.html.includes('Payment successful'));
    const payments = await linkPayments(http, key, link.id);
    assert.deepEqual(payments.map((p) => p.status), ['failed', 'captured']);
    const paid = await waitFor(http, key, `/v1/payment_links/${link.id}`, (l) => l.status === 'paid');
    assert.deepEqual(paid.payments, [ok.paymentId]);
  });

  test('slow@upi: the page says the payment is being processed, takes no second attempt meanwhile, then shows the outcome', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const link = await createLink(http, key, { amount: 2_000 });
    const otherPhone = tokenOf((await getPage(link.short_url)).html);
    const posted = await submitPay(link.short_url, { vpa: 'slow@upi' });
    assert.equal(posted.status, 303, posted.html);
    const target = new URL(posted.location!, link.short_url).toString();
    const pending = await getPage(target);
    assert.ok(pending.html.includes('Payment in progress'), pending.html);
    assert.match(pending.html, /http-equiv="refresh"/);
    // Meanwhile the link page says so, and a second attempt is answered at once, not queued.
    const meanwhile = await getPage(link.short_url);
    assert.ok(meanwhile.html.includes('being processed'), meanwhile.html);
    assert.ok(!meanwhile.html.includes('name="token"'), 'no pay form while a payment is in progress');
    const second = await submitPay(link.short_url, { vpa: 'success@upi', token: otherPhone });
    assert.equal(second.status, 409, second.html);
    assert.ok(second.html.includes('already in progress'), second.html);

    const deadline = Date.now() + 20_000;
    let last = pending;
    while (last.html.includes('Payment in progress') && Date.now() < deadline) {
      await sleep(250);
      last = await getPage(target);
    }
    assert.ok(last.html.includes('Payment successful'), last.html);
    assert.equal((await waitFor(http, key, `/v1/payment_links/${link.id}`, (l) => l.status === 'paid')).amount_paid, 2_000);
    assert.deepEqual((await linkPayments(http, key, link.id)).map((p) => p.status), ['captured']);
  });

  test('20 concurrent attempts on one link: exactly one captured payment; every other attempt is told on the page', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const link = await createLink(http, key, { amount: 9_900 });
    const tokens = await Promise.all(Array.from({ length: 20 }, async () => tokenOf((await getPage(link.short_url)).html)));
    // Each customer from an address of their own (one address makes at most 10 attempts a minute on a link).
    const pages = await Promise.all(tokens.map((token, i) => submitPay(link.short_url, { vpa: 'success@upi', token }, { 'x-forwarded-for': `10.9.0.${i + 1}` })));
    const started = pages.filter((p) => p.status === 303);
    const told = pages.filter((p) => p.status === 409);
    assert.equal(started.length + told.length, 20, pages.map((p) => `${p.status}`).join(','));
    for (const p of told) assert.match(p.html, /already in progress|takes no payment/, p.html);
    const payments = await linkPayments(http, key, link.id);
    assert.equal(payments.filter((p) => p.status === 'captured').length, 1, JSON.stringify(payments));
    const paid = await waitFor(http, key, `/v1/payment_links/${link.id}`, (l) => l.status === 'paid');
    assert.equal(paid.amount_paid, 9_900);
    assert.equal((await amountsOf(http, key)).pending, 9_900);
  });

  test('one form sent five times at once (double clicks) makes one payment', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const link = await createLink(http, key, { amount: 4_000 });
    const token = tokenOf((await getPage(link.short_url)).html);
    const pages = await Promise.all(Array.from({ length: 5 }, () => submitPay(link.short_url, { vpa: 'success@upi', token })));
    const locations = new Set(pages.map((p) => `${p.status} ${p.location}`));
    assert.equal(locations.size, 1, [...locations].join(' | '));
    assert.equal(pages[0].status, 303);
    assert.equal((await linkPayments(http, key, link.id)).length, 1);
  });

  test('a partial link paid in three parts never takes more than its amount', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const link = await createLink(http, key, { amount: 10_000, accept_partial: true, first_min_partial_amount: 5_000 });
    const page = await getPage(link.short_url);
    assert.ok(page.html.includes('name="amount"'), 'a partial link asks for the amount');

    const tooSmallFirst = await submitPay(link.short_url, { vpa: 'success@upi', amount: '30' });
    assert.equal(tooSmallFirst.status, 400);
    assert.ok(tooSmallFirst.html.includes('at least ₹50.00'), tooSmallFirst.html);
    const garbage = await submitPay(link.short_url, { vpa: 'success@upi', amount: '5e3' });
    assert.equal(garbage.status, 400);

    const first = await payOnPage(link.short_url, { vpa: 'success@upi', amount: '50' });
    assert.ok(first.page.html.includes('Payment successful'));
    let now = await waitFor(http, key, `/v1/payment_links/${link.id}`, (l) => l.amount_paid === 5_000);
    assert.equal(now.status, 'partially_paid');

    const over = await submitPay(link.short_url, { vpa: 'success@upi', amount: '60' });
    assert.equal(over.status, 400);
    assert.ok(over.html.includes('At most ₹50.00 is still due'), over.html);

    // Later parts may be small (at least ₹1).
    await payOnPage(link.short_url, { vpa: 'success@upi', amount: '30.00' });
    now = await waitFor(http, key, `/v1/payment_links/${link.id}`, (l) => l.amount_paid === 8_000);
    assert.equal(now.status, 'partially_paid');
    await payOnPage(link.short_url, { vpa: 'success@upi', amount: '20' });
    now = await waitFor(http, key, `/v1/payment_links/${link.id}`, (l) => l.status === 'paid');
    assert.equal(now.amount_paid, 10_000);
    assert.equal(now.payments.length, 3);
    const captured = (await linkPayments(http, key, link.id)).filter((p) => p.status === 'captured');
    assert.equal(captured.reduce((s, p) => s + p.amount, 0), 10_000);
    assert.deepEqual(await eventTypesOf(http, key, link.id), ['payment_link.partially_paid', 'payment_link.partially_paid', 'payment_link.paid']);
  });

  test('a link expires on time by itself with its event; its page then takes no money', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const link = await createLink(http, key, { amount: 3_000, expire_by: now() + MIN_EXPIRY_S + 1 });
    const token = tokenOf((await getPage(link.short_url)).html);
    const expired = await waitFor(http, key, `/v1/payment_links/${link.id}`, (l) => l.status === 'expired', 30_000);
    assert.ok(expired.expired_at >= link.expire_by, `expired at ${expired.expired_at}, not before expire_by ${link.expire_by}`);
    assert.ok(expired.expired_at <= link.expire_by + 10, 'on time');
    assert.deepEqual(await eventTypesOf(http, key, link.id), ['payment_link.expired']);
    const page = await getPage(link.short_url);
    assert.ok(page.html.includes('This link has expired'), page.html);
    const attempt = await submitPay(link.short_url, { vpa: 'success@upi', token });
    assert.equal(attempt.status, 409, attempt.html);
    assert.deepEqual(await linkPayments(http, key, link.id), []);
    assert.equal((await amountsOf(http, key)).pending, 0);
    assertApiError(await http.post(`/v1/payment_links/${link.id}/cancel`, { key }), 409, 'invalid_state');
  });

  test('a cancelled link takes no money', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const link = await createLink(http, key);
    const token = tokenOf((await getPage(link.short_url)).html);
    assert.equal((await http.post(`/v1/payment_links/${link.id}/cancel`, { key })).status, 200);
    const attempt = await submitPay(link.short_url, { vpa: 'success@upi', token });
    assert.equal(attempt.status, 409, attempt.html);
    assert.ok((await getPage(link.short_url)).html.includes('This link has been cancelled'));
    assert.deepEqual(await linkPayments(http, key, link.id), []);
  });

  test('bad input on the page: unknown links, forged tokens, bad UPI IDs and NUL bytes are pages, not errors', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const link = await createLink(http, key);
    assert.equal((await getPage(`${service.url}/pay/plink_00000000000000000000000000`)).status, 404);
    assert.equal((await getPage(`${service.url}/pay/%00`)).status, 404);
    assert.equal((await getPage(`${service.url}/pay/${link.id}/payments/pay_00000000000000000000000000`)).status, 404);
    const forged = await submitPay(link.short_url, { vpa: 'success@upi', token: '1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA' });
    assert.equal(forged.status, 400);
    assert.match(forged.headers.get('content-type') ?? '', /^text\/html/);
    const otherLinks = await createLink(http, key);
    const stolen = await submitPay(link.short_url, { vpa: 'success@upi', token: tokenOf((await getPage(otherLinks.short_url)).html) });
    assert.equal(stolen.status, 400, 'a token is good for its own link only');
    const badVpa = await submitPay(link.short_url, { vpa: 'not a vpa' });
    assert.equal(badVpa.status, 400);
    assert.ok(badVpa.html.includes('Enter a UPI ID'));
    const nul = await submitPay(link.short_url, { vpa: 'a\u0000b@upi' });
    assert.equal(nul.status, 400);
    const big = await fetch(link.short_url, { method: 'POST', body: `vpa=${'x'.repeat(20_000)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assert.equal(big.status, 413);
    assert.deepEqual(await linkPayments(http, key, link.id), []);
  });
});

describe('a live link\'s page', () => {
  test('before its provider QR code exists: no QR code, no UPI intent, no form and no configured UPI ID; a POST takes nothing', async () => {
    const { accountId } = await service.newAccount();
    // Written as a live link is before its workflow has the provider's QR code (live-links-settlements.test.ts: with it).
    const id = `plink_${ulid()}`;
    await service.sql(
      `insert into payment_links (id, account_id, mode, amount, description, status, expire_by, short_url, idempotency_key)
       values (?, ?, 'live', 250000, 'Live invoice 42', 'created', now() + interval '1 day', ?, ?)`,
      [id, accountId, `${service.url}/pay/${id}`, `live-${id}`],
    );
    const page = await getPage(`${service.url}/pay/${id}`);
    assert.equal(page.status, 200, page.html);
    assert.ok(page.html.includes('₹2,500.00'), 'the amount due');
    assert.ok(page.html.includes('data-testid="preparing"'), page.html);
    assert.ok(!page.html.includes(PAYEE_VPA), 'no configured UPI ID');
    assert.doesNotMatch(page.html, /<svg/i, 'no QR code');
    assert.doesNotMatch(page.html, /upi:\/\//i, 'no UPI intent');
    assert.doesNotMatch(page.html, /<form|name="token"/i, 'no pay form');

    // The sandbox page of the same service does show the configured payee's QR code.
    const { sandboxKey: key } = await service.newAccount();
    const sandbox = await getPage((await createLink(http, key)).short_url);
    assert.match(sandbox.html, /<svg[^>]*viewBox/);

    const posted = await fetch(`${service.url}/pay/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokenOf(sandbox.html), vpa: 'success@upi' }),
      redirect: 'manual',
    });
    assert.equal(posted.status, 400, 'no token of this link exists');
    const payments = await service.sql<{ n: number }>(`select count(*)::int as n from payments where payment_link_id = ?`, [id]);
    assert.equal(payments[0].n, 0);
  });
});

describe('rate limits of the page (the contract\'s defaults)', () => {
  let limited: TestService;
  before(async () => {
    limited = await startTestService({ TRUST_PROXY: 'true', PAYMENT_LINK_PAY_WAIT_MS: '500' });
  });
  after(async () => {
    await limited?.stop();
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  /** POSTs the pay form of `link` from client address `ip` (through the trusted proxy's header). */
  const postFrom = (ip: string, link: { short_url: string }, fields: Record<string, string>) =>
    fetch(link.short_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...from(ip) },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });
  /** A fresh form token of `link`'s page, read from address `ip`. */
  const tokenFrom = async (ip: string, link: { short_url: string }) => tokenOf(await (await fetch(link.short_url, { headers: from(ip) })).text());

  test('31st pay attempt on one link within a minute: a 429 page with Retry-After, and no payment', async () => {
    const api = createHttp(limited.url);
    const { sandboxKey: key } = await limited.newAccount();
    const link = await createLink(api, key, { amount: 1_000 });
    const token = await tokenFrom('10.1.1.1', link);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      // Each attempt from an address of its own, so only the per-link limit can apply; each carries the page's
      // token (only such an attempt counts), and a UPI ID the form refuses, so none makes a payment.
      const res = await postFrom(`10.1.0.${i + 1}`, link, { token, vpa: 'not a vpa' });
      statuses.push(res.status);
      if (i === 30) {
        assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
        assert.ok(Number(res.headers.get('retry-after')) >= 1, 'Retry-After');
        assert.ok((await res.text()).includes('Too many'));
      } else await res.arrayBuffer();
    }
    assert.deepEqual(statuses.slice(0, 30), Array(30).fill(400));
    assert.equal(statuses[30], 429);
    assert.deepEqual(await linkPayments(api, key, link.id), []);
    // Reading the page is not a pay attempt: it still opens.
    assert.equal((await fetch(link.short_url, { headers: from('10.1.1.1') })).status, 200);
  });

  test('40 POSTs without a valid form token from one address spend nothing of the link: a customer then pays', async () => {
    const api = createHttp(limited.url);
    const { sandboxKey: key } = await limited.newAccount();
    const link = await createLink(api, key, { amount: 1_000 });
    const junk: Record<string, string>[] = [{}, { token: '' }, { token: '1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA' }, { token: 'x'.repeat(60) }];
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await postFrom('10.3.0.1', link, { vpa: 'success@upi', ...junk[i % junk.length] });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    assert.deepEqual(statuses, Array(40).fill(400), 'each answered as a stale page, none as an attempt');
    assert.deepEqual(await linkPayments(api, key, link.id), []);

    const customer = await postFrom('10.3.0.2', link, { token: await tokenFrom('10.3.0.2', link), vpa: 'success@upi' });
    assert.equal(customer.status, 303, await customer.text());
    const paid = await waitFor(api, key, `/v1/payment_links/${link.id}`, (l) => l.status === 'paid');
    assert.equal(paid.payments.length, 1);
  });

  test('11th attempt with a valid token from one address within a minute is 429; another address still pays', async () => {
    const api = createHttp(limited.url);
    const { sandboxKey: key } = await limited.newAccount();
    const link = await createLink(api, key, { amount: 1_000 });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      // Declined payments: real attempts, each one a payment, none paying the link.
      const res = await postFrom('10.4.0.1', link, { token: await tokenFrom('10.4.0.1', link), vpa: 'failure@upi' });
      statuses.push(res.status);
      await res.arrayBuffer();
      if (res.status === 303) await waitFor(api, key, `/v1/payments?payment_link_id=${link.id}&limit=100`, (list) => list.data.every((p: any) => p.status !== 'pending'));
    }
    assert.deepEqual(statuses, Array(10).fill(303));
    const eleventh = await postFrom('10.4.0.1', link, { token: await tokenFrom('10.4.0.1', link), vpa: 'success@upi' });
    assert.equal(eleventh.status, 429);
    assert.ok(Number(eleventh.headers.get('retry-after')) >= 1, 'Retry-After');
    await eleventh.arrayBuffer();
    assert.equal((await linkPayments(api, key, link.id)).length, 10, 'the refused attempt made no payment');

    const other = await postFrom('10.4.0.2', link, { token: await tokenFrom('10.4.0.2', link), vpa: 'success@upi' });
    assert.equal(other.status, 303, await other.text());
    const paid = await waitFor(api, key, `/v1/payment_links/${link.id}`, (l) => l.status === 'paid');
    assert.equal(paid.payments.length, 1);
  });

  test('121st request from one address within a minute: a 429 page; another address is served', async () => {
    const api = createHttp(limited.url);
    const { sandboxKey: key } = await limited.newAccount();
    const link = await createLink(api, key, { amount: 1_000 });
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      const res = await fetch(link.short_url, { headers: from('10.2.0.1') });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    assert.equal(statuses.filter((s) => s === 200).length, 120);
    assert.equal(statuses[120], 429);
    assert.equal((await fetch(link.short_url, { headers: from('10.2.0.2') })).status, 200);
  });
});
