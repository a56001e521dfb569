// The hosted mandate authorization page in a real browser (Debian's Chromium through playwright-core, as the pay
// page's test), phone-sized with JavaScript off, as the page must work: the business, the maximum amount, the
// frequency and the validity show; success@upi approves and the page shows the outcome; the API agrees.
// Screenshots go to .artifacts/browser/ (printed), to be looked at.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium, screenshot } from '../helpers/browser.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { createCustomer, waitFor } from '../helpers/payments.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-IN' };

let service: TestService;
let api: Http;
let browser: Browser;

before(async () => {
  browser = await launchChromium();
  // Page requests of every test file come from 127.0.0.1 and share the per-address counter in the database.
  service = await startTestService({ PAYMENT_LINK_PAGE_REQUESTS_PER_MINUTE: '100000' });
  api = createHttp(service.url);
});
after(async () => {
  await browser?.close();
  await service?.stop();
});

test('no JavaScript, phone-sized: the terms show; success@upi approves and the page says so', async () => {
  const { accountId, sandboxKey: key } = await service.newAccount();
  const [{ name: business }] = await service.sql<{ name: string }>(`select name from accounts where id = ?`, [accountId]);
  const customer = await createCustomer(api, key, 'asha@okhdfc');
  const startAt = Math.floor(Date.UTC(2027, 0, 1, 4, 30) / 1000); // 1 Jan 2027, 10:00 IST
  const expireAt = Math.floor(Date.UTC(2028, 0, 1, 4, 30) / 1000);
  const res = await api.post('/v1/mandates', { key, json: { customer_id: customer, max_amount: 1_234_560, frequency: 'monthly', start_at: startAt, expire_at: expireAt, description: 'Gym membership' } });
  assert.equal(res.status, 200, res.text);
  const mandate = res.body;
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const opened = await page.goto(mandate.authorization_url);
    assert.equal(opened?.status(), 200);
    assert.equal((await page.locator('.merchant').textContent())?.trim(), business);
    assert.equal((await page.getByTestId('max-amount').textContent())?.trim(), 'Up to ₹12,345.60');
    assert.equal((await page.getByTestId('frequency').textContent())?.trim(), 'Monthly');
    const validity = (await page.getByTestId('validity').textContent())?.trim() ?? '';
    assert.match(validity, /1 Jan 2027.*10:00.*to 1 Jan 2028.*IST/i, validity);
    assert.equal((await page.getByTestId('description').textContent())?.trim(), 'Gym membership');
    const approve = page.getByRole('button', { name: 'Approve mandate' });
    const box = await approve.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'the approve button fits the screen');
    await screenshot(page, 'mandate-page');

    await page.getByLabel('Your UPI ID').fill('success@upi');
    await approve.click();
    await page.getByText('Mandate approved').waitFor();
    await screenshot(page, 'mandate-approved');
    assert.equal(await page.locator('form').count(), 0, 'nothing more to approve');
    const active = await waitFor(api, key, `/v1/mandates/${mandate.id}`, (m) => m.status === 'active');
    assert.equal(active.vpa, 'success@upi');
  } finally {
    await context.close();
  }
});
