// The API reference at GET /docs in a real browser (Debian's Chromium, playwright-core), against the real
// service, offline: every request the page makes that does not go to the service itself is refused and
// recorded, and there must be none. The page must show the document the service serves: its title, every
// operation by its summary, and the error codes of an operation.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium, screenshot } from '../helpers/browser.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let api: Http;
let browser: Browser;

before(async () => {
  browser = await launchChromium();
  service = await startTestService();
  api = createHttp(service.url);
});
after(async () => {
  await browser?.close();
  await service?.stop();
});

const REDOCLY_LOGO_REFUSED = /^Loading the image 'https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini\.svg' violates the following Content Security Policy directive/;

interface Operation {
  summary?: string;
}

test('GET /docs renders the served OpenAPI document with Redoc, offline: title, every operation, nothing fetched from elsewhere', async () => {
  const doc = await api.get('/v1/openapi.json');
  assert.equal(doc.status, 200);
  const summaries = Object.values(doc.body.paths as Record<string, Record<string, Operation>>)
    .flatMap((item) => Object.values(item))
    .map((op) => op.summary)
    .filter((s): s is string => typeof s === 'string');
  assert.ok(summaries.length >= 45, `the document has ${summaries.length} operation summaries`);

  const origin = new URL(service.url).origin;
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const elsewhere: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith('blob:') || url.startsWith('data:')) return route.continue();
    elsewhere.push(url);
    return route.abort();
  });
  const pageErrors: string[] = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    page.on('console', (msg) => {
      // Redoc's footer links to Redocly with a logo from its CDN; the page's policy refuses it before any
      // request leaves, and Redoc then hides the image. That refusal is the one error expected.
      if (msg.type() === 'error' && !REDOCLY_LOGO_REFUSED.test(msg.text())) pageErrors.push(msg.text());
    });
    const opened = await page.goto(`${service.url}/docs`);
    assert.equal(opened?.status(), 200);
    assert.match(opened?.headers()['content-security-policy'] ?? '', /script-src 'self'/);

    const title = doc.body.info.title as string;
    await page.locator('h1', { hasText: title }).first().waitFor({ timeout: 60_000 });
    // Redoc draws every operation in the middle panel, headed by its summary.
    const text = await page.locator('body').innerText();
    const missing = summaries.filter((s) => !text.includes(s));
    assert.deepEqual(missing, [], 'every operation of the document is on the page');
    // An operation's documented answers are there to open: the 409 of POST /v1/payouts among them.
    const payouts = doc.body.paths['/v1/payouts'].post;
    assert.ok(payouts.responses['409'], 'POST /v1/payouts documents a 409');
    assert.ok(text.includes('409'), 'the page shows the documented status codes');
    await screenshot(page, 'docs', { fullPage: false });

    assert.deepEqual(elsewhere, [], 'the page asked for nothing outside the service');
    assert.deepEqual(pageErrors, [], 'the page logged no errors');
  } finally {
    await context.close();
  }
});

test('the Redoc bundle is served from the service, compressed when the browser takes gzip', async () => {
  const res = await fetch(`${service.url}/docs/redoc.standalone.js`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/javascript/);
  assert.equal(res.headers.get('content-encoding'), 'gzip');
  const body = await res.text(); // fetch decompresses
  assert.ok(body.length > 500_000 && body.includes('Redoc'), `the bundle (${body.length} characters)`);
  const other = await api.get('/docs/elsewhere.js');
  assert.equal(other.status, 404);
});
