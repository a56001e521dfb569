// @paygate/client in a browser bundle: webpack (the bundler already installed, through Temporal's worker) bundles
// the client and its webhook verifier for the web, from the built package as a project would import it. The
// bundle must pull in nothing from Node (no `node:` module, no builtin, no polyfill) and be only the package's own
// files. Then the bundle runs in Chromium on a page of the service's origin (a secure context, as
// http://127.0.0.1 is): it creates a beneficiary with an idempotency key, retrieves it, pages through a list,
// meets a typed error, and verifies a webhook with Web Crypto.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import webpack from 'webpack';
import { signWebhook } from '../../src/webhooks/signing.ts';
import { launchChromium } from '../helpers/browser.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT_DIST = path.join(ROOT, 'packages/client/dist');

const ENTRY = `
import { Paygate, PaygateError, NotFoundError } from '@paygate/client';
import { verifyWebhook, WebhookSignatureError } from '@paygate/client/webhooks';
globalThis.paygateClient = { Paygate, PaygateError, NotFoundError, verifyWebhook, WebhookSignatureError };
`;

let workdir: string;
let bundle: string;
let service: TestService;
let browser: Browser;

before(async () => {
  workdir = await mkdtemp(path.join(tmpdir(), 'paygate-client-bundle-'));
  browser = await launchChromium();
  service = await startTestService();
});
after(async () => {
  await browser?.close();
  await service?.stop();
  if (workdir) await rm(workdir, { recursive: true, force: true });
});

test('webpack bundles the client for the browser with nothing from Node', async () => {
  await writeFile(path.join(workdir, 'entry.js'), ENTRY);
  const compiler = webpack({
    mode: 'production',
    target: 'web',
    context: workdir,
    entry: './entry.js',
    output: { path: workdir, filename: 'bundle.js' },
    // The project's node_modules, where the workspace links @paygate/client to packages/client.
    resolve: { modules: [path.join(ROOT, 'node_modules')] },
    optimization: { minimize: false },
    devtool: false,
  });
  const stats = await new Promise<webpack.Stats>((resolve, reject) => compiler.run((err, result) => (err || !result ? reject(err) : resolve(result))));
  await new Promise((resolve) => compiler.close(resolve));
  const info = stats.toJson({ all: false, errors: true, warnings: true, modules: true, nestedModules: true });
  assert.deepEqual(info.errors?.map((e) => e.message) ?? [], []);
  assert.deepEqual(info.warnings?.map((e) => e.message) ?? [], []);

  const modules = (info.modules ?? []).flatMap((m) => [m, ...(m.modules ?? [])]).map((m) => m.nameForCondition ?? m.name ?? '');
  const foreign = modules.filter((name) => name && name !== path.join(workdir, 'entry.js') && !name.startsWith(`${CLIENT_DIST}${path.sep}`));
  assert.deepEqual(foreign, [], 'only the entry and the package\'s built files');
  assert.ok(!modules.some((name) => name.endsWith('crypto-node.js')), 'the browser gets the global Web Crypto, not node:crypto');

  bundle = await readFile(path.join(workdir, 'bundle.js'), 'utf8');
  assert.doesNotMatch(bundle, /["'`]node:/, 'no node: specifier');
  const builtins = builtinModules.filter((name) => !name.startsWith('_'));
  const required = [...bundle.matchAll(/(?<![\w$])(?:require|import)\s*\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
  assert.deepEqual(required.filter((name) => builtins.includes(name)), [], 'no require or import of a Node builtin');
  assert.doesNotMatch(bundle, /\bprocess\.(env|versions)|\bBuffer\.from\b/, 'no Node globals');
});

test('the bundle runs in Chromium: create with an idempotency key, retrieve, list, a typed error, a verified webhook', async () => {
  assert.ok(bundle, 'the bundle of the test above');
  const { sandboxKey: key } = await service.newAccount();
  const secret = `whsec_${Buffer.from('a secret of thirty-two bytes ok!').toString('base64')}`;
  const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payout.completed', data: { object: { id: 'pout_1', amount: 1000 } } });
  const delivery = { body, secret, headers: signWebhook(secret, 'evt_1', body) };

  const origin = new URL(service.url).origin;
  // The API's answers carry a Content-Security-Policy for documents; the test's own script is not the page's.
  const context = await browser.newContext({ bypassCSP: true });
  const elsewhere: string[] = [];
  await context.route('**/*', (route) => {
    if (route.request().url().startsWith(`${origin}/`)) return route.continue();
    elsewhere.push(route.request().url());
    return route.abort();
  });
  try {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(`${origin}/v1/openapi.json`);
    await page.addScriptTag({ content: bundle });
    const out = await page.evaluate(
      async ({ key, delivery }) => {
        type Client = typeof import('@paygate/client') & typeof import('@paygate/client/webhooks');
        // The page's globals, typed here: the project compiles without the DOM's types.
        const page = globalThis as unknown as { paygateClient: Client; location: { origin: string }; isSecureContext: boolean };
        const { Paygate, NotFoundError, verifyWebhook, WebhookSignatureError } = page.paygateClient;
        const paygate = new Paygate(key, { baseUrl: page.location.origin });
        const made: string[] = [];
        for (const name of ['Asha', 'Bilal']) made.push((await paygate.beneficiaries.create({ type: 'vpa', name, vpa: 'success@upi' }, { idempotencyKey: `browser-${name}` })).id);
        const again = await paygate.beneficiaries.create({ type: 'vpa', name: 'Asha', vpa: 'success@upi' }, { idempotencyKey: 'browser-Asha' });
        const generatedKey = await paygate.customers.create({ name: 'Chitra', email: 'chitra@example.com', phone: '+919876543210' });
        const retrieved = await paygate.beneficiaries.retrieve(made[0]);
        const listed: string[] = [];
        for await (const b of paygate.beneficiaries.list({ limit: 1 })) listed.push(b.id);
        const missing = await paygate.payouts.retrieve('pout_00000000000000000000000000').catch((e: unknown) => e);
        const event = await verifyWebhook(delivery.body, delivery.headers, delivery.secret);
        const forged = await verifyWebhook(delivery.body.replace('1000', '9000'), delivery.headers, delivery.secret).catch((e: unknown) => e);
        return {
          secureContext: page.isSecureContext,
          made,
          againId: again.id,
          customerId: generatedKey.id,
          retrievedId: retrieved.id,
          listed,
          missing: missing instanceof NotFoundError ? { code: missing.code, statusCode: missing.statusCode, requestId: missing.requestId } : String(missing),
          event,
          forged: forged instanceof WebhookSignatureError,
          sameVerifier: paygate.webhooks.verify === verifyWebhook,
        };
      },
      { key, delivery },
    );
    assert.equal(out.secureContext, true);
    assert.equal(out.againId, out.made[0], 'the same idempotency key answers the same beneficiary');
    assert.match(out.customerId, /^cust_/, 'a POST without a key gets one made with Web Crypto');
    assert.equal(out.retrievedId, out.made[0]);
    assert.deepEqual(out.listed, [...out.made].reverse());
    assert.equal(typeof out.missing, 'object', String(out.missing));
    assert.deepEqual({ ...(out.missing as object), requestId: undefined }, { code: 'not_found', statusCode: 404, requestId: undefined });
    assert.deepEqual(out.event, JSON.parse(body));
    assert.equal(out.forged, true);
    assert.equal(out.sameVerifier, true);
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(elsewhere, [], 'nothing fetched from elsewhere');
  } finally {
    await context.close();
  }
});
