// A live link's page in a real browser (docs/api.md, Live payments ... and payment links): the QR code it draws holds
// exactly the provider's `image_content` (decoded from the pixels Chromium draws), the "Pay with a UPI app" button
// carries the same intent, and no configured VPA appears anywhere.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { insertConnection } from '../../src/db/connections.ts';
import { createSecretBox } from '../../src/db/sealed.ts';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';
import { decodeDrawnQr, launchChromium, screenshot } from '../helpers/browser.ts';
import { createHttp } from '../helpers/http.ts';
import { TEST_SECRETS_KEY, startTestService, type TestService } from '../helpers/service.ts';

const CONFIGURED_VPA = 'configured.payee@upi';
let service: TestService;
let rzp: RazorpayStandin;
let browser: Browser;

before(async () => {
  service = await startTestService({ TRUST_PROXY: 'true', PROVIDER_MAX_RPS: '50', PAYMENT_LINK_PAYEE_VPA: CONFIGURED_VPA });
  rzp = await startRazorpayStandin({ keyId: 'rzp_live_browser01', keySecret: 'browser-secret', accountNumber: '7878780080316316' });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await rzp?.stop();
  await service?.stop();
});

test('the live page draws the provider\'s QR content, offers the same intent, and never shows a configured VPA', async () => {
  const { accountId, liveKey } = await service.newAccount({ live: true });
  const connectionId = await insertConnection(service.stack.orm.em.fork(), createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')), {
    accountId,
    provider: 'razorpay',
    keyId: 'rzp_live_browser01',
    keySecret: 'browser-secret',
    webhookSecret: 'browser-webhook-secret',
    payoutAccountNumber: '7878780080316316',
    baseUrl: rzp.baseUrl,
  });
  assert.ok(connectionId);
  const http = createHttp(service.url);
  const res = await http.post('/v1/payment_links', {
    key: liveKey!,
    headers: { 'x-forwarded-proto': 'https' },
    idempotencyKey: randomUUID(),
    json: { amount: 123_450, description: 'Tiffin, March' },
  });
  assert.equal(res.status, 200, res.text);
  const link = res.body;
  let qr: ReturnType<RazorpayStandin['control']['qrCodes']>[number] | undefined;
  for (let i = 0; i < 300 && !qr; i++) {
    qr = rzp.control.qrCodes().find((q) => q.notes.payment_link_id === link.id);
    if (!qr) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(qr, 'the provider made the link\'s QR code');

  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  for (let i = 0; i < 50; i++) {
    await page.goto(link.short_url);
    if ((await page.locator('[data-testid="upi-intent"]').count()) > 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await screenshot(page, 'live-link-qr');
  const svg = page.locator('[data-testid="qr"] svg');
  assert.equal(await svg.count(), 1, 'the page draws one QR code');
  assert.equal(await decodeDrawnQr(page), qr.image_content, 'the drawn code decodes to the provider\'s image_content');

  assert.equal(await page.locator('[data-testid="upi-intent"]').getAttribute('href'), qr.image_content);
  assert.equal(await page.locator('[data-testid="upi-intent"]').innerText(), 'Pay with a UPI app');
  const html = await page.content();
  assert.ok(!html.includes(CONFIGURED_VPA), 'no configured VPA on the live page');
  assert.equal(await page.locator('input[name="vpa"]').count(), 0, 'no UPI-ID form without collect');
  await page.context().close();

  // On a computer the QR code is the way to pay: the button that opens a UPI app is not shown.
  const desktop = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await desktop.goto(link.short_url);
  assert.equal(await desktop.locator('[data-testid="qr"] svg').count(), 1);
  assert.equal(await desktop.locator('[data-testid="upi-intent"]').isVisible(), false, 'no UPI-app button on a computer');
  await desktop.context().close();
});
