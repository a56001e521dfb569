// A live link's page in a real browser (API.md, Live payments ... and payment links): the QR code it draws holds
// exactly the provider's `image_content` (the module matrix read back from the drawn SVG equals the matrix that
// content encodes), the "Pay with a UPI app" button carries the same intent, and no configured VPA appears anywhere.
// No QR decoder library is kept in package.json, so the drawn code is read back module by module rather than decoded.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import QRCode from 'qrcode';
import { insertConnection } from '../../src/db/connections.ts';
import { createSecretBox } from '../../src/db/sealed.ts';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';
import { launchChromium, screenshot } from '../helpers/browser.ts';
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

/** The dark modules of the qrcode library's SVG path (`M x y` moves, `h n` dark runs, `m dx dy` relative moves). */
function modulesOfPath(d: string, size: number, margin: number): boolean[] {
  const dark = new Array<boolean>(size * size).fill(false);
  let x = 0;
  let y = 0;
  for (const [, cmd, args] of d.matchAll(/([Mmh])([^Mmh]*)/g)) {
    const n = args.trim().split(/[\s,]+/).map(Number);
    if (cmd === 'M') [x, y] = [n[0], Math.floor(n[1])];
    else if (cmd === 'm') [x, y] = [x + n[0], y + Math.floor(n[1])];
    else {
      for (let i = 0; i < n[0]; i++) dark[(y - margin) * size + (x - margin + i)] = true;
      x += n[0];
    }
  }
  return dark;
}

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
  const viewBox = (await svg.getAttribute('viewBox'))!.split(/\s+/).map(Number);
  const d = await page.locator('[data-testid="qr"] svg path[stroke]').getAttribute('d');
  assert.ok(d);
  const expected = QRCode.create(qr.image_content, { errorCorrectionLevel: 'M' }).modules;
  const margin = (viewBox[2] - expected.size) / 2;
  assert.equal(margin, 1);
  const drawn = modulesOfPath(d, expected.size, margin);
  const wanted = Array.from(expected.data, (bit) => bit === 1);
  assert.deepEqual(drawn, wanted, 'the drawn code holds the provider\'s image_content');

  assert.equal(await page.locator('[data-testid="upi-intent"]').getAttribute('href'), qr.image_content);
  assert.equal(await page.locator('[data-testid="upi-intent"]').innerText(), 'Pay with a UPI app');
  const html = await page.content();
  assert.ok(!html.includes(CONFIGURED_VPA), 'no configured VPA on the live page');
  assert.equal(await page.locator('input[name="vpa"]').count(), 0, 'no UPI-ID form without collect');
  await page.context().close();
});
