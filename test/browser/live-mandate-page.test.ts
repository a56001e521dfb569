// A live mandate's authorization page in a real browser (docs/api.md, Mandates, Live): on a phone, without JavaScript, it
// shows the business, the maximum amount, the frequency and the validity, an "Approve in a UPI app" button holding
// exactly the provider's UPI AutoPay intent link, and a QR code that decodes to the same link (read from the pixels
// Chromium draws); no form. Once the customer approves in their UPI app, the page (which refreshes itself) says so.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { decodeDrawnQr, launchChromium, screenshot } from '../helpers/browser.ts';
import { type ConnectedAccount, connectedAccount } from '../helpers/connections.ts';
import { createHttp } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };
let service: TestService;
let account: ConnectedAccount | undefined;
let browser: Browser;

before(async () => {
  service = await startTestService({ TRUST_PROXY: 'true', PROVIDER_MAX_RPS: '50', PAYMENT_LINK_PAGE_REQUESTS_PER_MINUTE: '100000' });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await account?.rzp.stop();
  await service?.stop();
});

test("the live page offers the provider's intent as a button and a QR code, takes no answer itself, and shows the approval", async () => {
  account = await connectedAccount(service);
  const a = account;
  const http = createHttp(service.url);
  const customer = await http.post('/v1/customers', { key: a.liveKey, headers: HTTPS, json: { name: 'Meera Iyer', email: 'meera@example.com', phone: '+919812345678' } });
  assert.equal(customer.status, 200, customer.text);
  const created = await http.post('/v1/mandates', {
    key: a.liveKey,
    headers: HTTPS,
    idempotencyKey: randomUUID(),
    json: { customer_id: customer.body.id, max_amount: 299_900, frequency: 'monthly', description: 'Tiffin service' },
  });
  assert.equal(created.status, 200, created.text);
  const mandate = created.body;

  let registration: { orderId: string; link: string } | undefined;
  for (let i = 0; i < 300 && !registration; i++) {
    const order = a.rzp.control.orders().find((o) => o.receipt === mandate.id);
    const payment = order && a.rzp.control.payments().find((p) => p.order_id === order.id);
    const link = payment ? a.rzp.control.mandateLink(payment.id) : null;
    if (order && link) registration = { orderId: order.id, link };
    else await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(registration, 'the provider registered the mandate and answered an intent link');

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, javaScriptEnabled: false });
  const page = await context.newPage();
  for (let i = 0; i < 50; i++) {
    await page.goto(mandate.authorization_url);
    if ((await page.locator('[data-testid="upi-intent"]').count()) > 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await screenshot(page, 'live-mandate-page');
  assert.equal(await page.locator('[data-testid="max-amount"]').innerText(), 'Up to ₹2,999.00');
  assert.equal(await page.locator('[data-testid="frequency"]').innerText(), 'Monthly');
  assert.match(await page.locator('[data-testid="validity"]').innerText(), /IST$/);
  assert.equal(await page.locator('[data-testid="upi-intent"]').getAttribute('href'), registration.link);
  assert.equal(await page.locator('form').count(), 0, 'a live mandate is approved in the UPI app, not on the page');
  await context.close();

  // The QR code, for a customer whose UPI app is on another phone (decoded where scripts run: the test's own context).
  const scanning = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await scanning.goto(mandate.authorization_url);
  assert.equal(await scanning.locator('[data-testid="qr"] svg').count(), 1, 'the page draws one QR code');
  assert.equal(await decodeDrawnQr(scanning), registration.link, "the drawn code decodes to the provider's intent link");

  a.rzp.control.approveMandate(registration.orderId, { vpa: 'meera@okicici' });
  let approved = false;
  for (let i = 0; i < 100 && !approved; i++) {
    await scanning.goto(mandate.authorization_url);
    approved = (await scanning.getByText('Mandate approved').count()) > 0;
    if (!approved) await new Promise((r) => setTimeout(r, 200));
  }
  await screenshot(scanning, 'live-mandate-approved');
  assert.ok(approved, 'the page shows the approval');
  await scanning.context().close();
});
