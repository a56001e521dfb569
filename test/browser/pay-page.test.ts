// The hosted payment link page in a real browser: Debian's Chromium (the `chromium` package; CHROMIUM_PATH
// overrides) driven by playwright-core, on a phone-sized viewport, against the real service. Nothing
// downloads a browser; a machine without one fails here and says what to install.
//   - with JavaScript off, as the page must work: see the amount and the QR code, pay with success@upi,
//     see the success page and land on callback_url with the outcome in its query string;
//   - pay with failure@upi, see the decline, try again and pay;
//   - a description of <script>alert(1)</script> shows as text and runs nothing (JavaScript on, so a
//     script that slipped through would run).
// Screenshots go to .artifacts/browser/ (printed), to be looked at.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium, screenshot } from '../helpers/browser.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { createLink, linkPayments } from '../helpers/payment-links.ts';
import { waitFor } from '../helpers/payments.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-IN' };

let service: TestService;
let api: Http;
let browser: Browser;
let shop: http.Server;
let shopUrl: string;

before(async () => {
  browser = await launchChromium();
  // Page requests of every test file come from 127.0.0.1 and share the per-address counter in the database.
  service = await startTestService({ PAYMENT_LINK_PAGE_REQUESTS_PER_MINUTE: '100000' });
  api = createHttp(service.url);
  // The business's own site, where a successful payment sends the customer.
  shop = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Shop</title><h1>Thanks from the shop</h1>');
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});
after(async () => {
  await browser?.close();
  shop?.close();
  await service?.stop();
});

async function phone(javaScriptEnabled: boolean): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, javaScriptEnabled });
}

test('no JavaScript, phone-sized: the amount and QR code show; success@upi pays, shows success, then goes to callback_url', async () => {
  const { sandboxKey: key } = await service.newAccount();
  const link = await createLink(api, key, { amount: 123_450, description: 'Diwali hamper — 2 boxes', callback_url: `${shopUrl}/thanks?order=7` });
  const context = await phone(false);
  try {
    const page = await context.newPage();
    const opened = await page.goto(link.short_url);
    assert.equal(opened?.status(), 200);
    await page.getByTestId('amount-due').waitFor();
    assert.equal((await page.getByTestId('amount-due').textContent())?.trim(), '₹1,234.50');
    assert.equal((await page.getByTestId('description').textContent())?.trim(), 'Diwali hamper — 2 boxes');
    const qr = page.locator('figure.qr svg');
    assert.ok(await qr.isVisible(), 'the QR code is visible');
    const box = await qr.boundingBox();
    assert.ok(box && box.width >= 150 && box.width <= 390, `the QR code fits the phone (${JSON.stringify(box)})`);
    const pay = page.getByRole('button', { name: /Pay/ });
    const payBox = await pay.boundingBox();
    assert.ok(payBox && payBox.x >= 0 && payBox.x + payBox.width <= 390, 'the pay button fits the screen');
    await screenshot(page, 'link-page');

    await page.getByLabel('Or pay from your UPI ID').fill('success@upi');
    await pay.click();
    await page.getByText('Payment successful').waitFor();
    await screenshot(page, 'success');
    // The success page goes on to the business's site by itself (meta refresh, no script).
    await page.waitForURL((url) => url.toString().startsWith(`${shopUrl}/thanks`), { timeout: 15_000 });
    const landed = new URL(page.url());
    assert.equal(landed.searchParams.get('order'), '7');
    assert.equal(landed.searchParams.get('payment_link_id'), link.id);
    assert.equal(landed.searchParams.get('status'), 'paid');
    const paymentId = landed.searchParams.get('payment_id');
    assert.match(paymentId ?? '', /^pay_/);
    const paid = await waitFor(api, key, `/v1/payment_links/${link.id}`, (l) => l.status === 'paid');
    assert.deepEqual(paid.payments, [paymentId]);

    // Back on the link: it says it has been paid and offers no form.
    await page.goto(link.short_url);
    await page.getByText('This link has been paid').waitFor();
    assert.equal(await page.locator('form').count(), 0);
  } finally {
    await context.close();
  }
});

test('failure@upi shows the decline; trying again with success@upi pays', async () => {
  const { sandboxKey: key } = await service.newAccount();
  const link = await createLink(api, key, { amount: 49_900, description: 'Tuition, April' });
  const context = await phone(false);
  try {
    const page = await context.newPage();
    await page.goto(link.short_url);
    await page.getByLabel('Or pay from your UPI ID').fill('failure@upi');
    await page.getByRole('button', { name: /Pay/ }).click();
    await page.getByText('Payment declined').waitFor();
    await screenshot(page, 'declined');
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByLabel('Or pay from your UPI ID').fill('success@upi');
    await page.getByRole('button', { name: /Pay/ }).click();
    await page.getByText('Payment successful').waitFor();
    const payments = await linkPayments(api, key, link.id);
    assert.deepEqual(payments.map((p) => p.status), ['failed', 'captured']);
  } finally {
    await context.close();
  }
});

test('a description of <script>alert(1)</script> shows as text and runs nothing', async () => {
  const { sandboxKey: key } = await service.newAccount();
  const attack = '<script>alert(1)</script><img src=x onerror=alert(2)>';
  const link = await createLink(api, key, { amount: 1_000, description: attack });
  const context = await phone(true);
  try {
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    await page.goto(link.short_url);
    assert.equal((await page.getByTestId('description').textContent())?.trim(), attack);
    assert.equal(await page.locator('main script').count(), 0, 'no script element from the description');
    assert.equal(await page.locator('main img').count(), 0, 'no img element from the description');
    await page.waitForTimeout(500);
    assert.deepEqual(dialogs, [], 'nothing ran');
    await screenshot(page, 'escaped-description');
  } finally {
    await context.close();
  }
});
