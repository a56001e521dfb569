// A pending pay attempt holds its payment link for at most PAYMENT_LINK_ATTEMPT_HOLD_SECONDS (docs/api.md, Live payment
// links): within the hold a second attempt is told the link is busy; after it, another customer may pay, and the
// first payment, should it still capture, is refunded in full as `duplicate`, so the link never keeps more than its
// amount. Sandbox, with slow@upi standing for a customer who has not approved yet; the settings are shortened.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createHttp, type Http } from '../helpers/http.ts';
import { createLink, getPage, linkPayments, submitPay, tokenOf } from '../helpers/payment-links.ts';
import { assertLedgerBalanced, waitFor } from '../helpers/payments.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService({
    SANDBOX_SLOW_DELAY_MS: '8000',
    PAYMENT_LINK_PAY_WAIT_MS: '500',
    PAYMENT_LINK_ATTEMPT_HOLD_SECONDS: '2',
    // Page requests are counted per client address in the database the whole run shares: every file's come from
    // 127.0.0.1, and the fuzz test's thousands an instant earlier would leave this file none (the limits themselves
    // are tested in payment-links.test.ts, on their defaults).
    PAYMENT_LINK_PAGE_REQUESTS_PER_MINUTE: '100000',
  });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

test('a pending attempt holds the link only for the hold; a later payment takes the link and the first is refunded as duplicate', async () => {
  const { accountId, sandboxKey: key } = await service.newAccount();
  // Sandbox refunds draw on available (captured money waits in pending for the daily settlement): fund it.
  const funded = await http.post('/v1/test_helpers/top_ups', { key, form: { amount: '5000' } });
  assert.equal(funded.status, 200, funded.text);
  const link = await createLink(http, key, { amount: 2_000 });
  const otherPhone = tokenOf((await getPage(link.short_url)).html);
  const first = await submitPay(link.short_url, { vpa: 'slow@upi' });
  assert.equal(first.status, 303, first.html);

  // Within the hold: busy.
  const during = await submitPay(link.short_url, { vpa: 'success@upi', token: otherPhone });
  assert.equal(during.status, 409, during.html);
  assert.ok(during.html.includes('already in progress'), during.html);

  // After it, the page takes a payment again while the first is still pending.
  const deadline = Date.now() + 15_000;
  let page = await getPage(link.short_url);
  while (!page.html.includes('name="token"') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    page = await getPage(link.short_url);
  }
  assert.ok(page.html.includes('name="token"'), `the pay form is back after the hold:\n${page.html}`);
  const [slow] = await linkPayments(http, key, link.id);
  assert.equal(slow.status, 'pending', JSON.stringify(slow));
  const second = await submitPay(link.short_url, { vpa: 'success@upi' });
  assert.equal(second.status, 303, second.html);
  const paid = await waitFor(http, key, `/v1/payment_links/${link.id}`, (l) => l.status === 'paid');
  assert.equal(paid.amount_paid, 2_000);

  // The first payment captures later: refunded in full as duplicate; the link keeps its amount.
  const refunded = await waitFor(http, key, `/v1/payments/${slow.id}`, (p) => p.amount_refunded === 2_000, 30_000);
  assert.equal(refunded.status, 'captured');
  const refunds = await http.get(`/v1/refunds?payment_id=${slow.id}`, { key });
  assert.equal(refunds.status, 200, refunds.text);
  assert.deepEqual(refunds.body.data.map((r: any) => [r.amount, r.reason, r.status]), [[2_000, 'duplicate', 'processed']]);
  const kept = await waitFor(http, key, `/v1/payment_links/${link.id}`, (l) => l.status === 'paid');
  assert.equal(kept.amount_paid, 2_000);
  assert.deepEqual((await linkPayments(http, key, link.id)).map((p) => p.status), ['captured', 'captured']);
  await assertLedgerBalanced(service, accountId);
});
