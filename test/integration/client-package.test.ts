// What a caller installs is what is tested: `npm pack` of packages/client, the tarball installed into an empty
// project with no dev dependencies, and a script run there by the machine's own `node` (not the project's Node
// 24 from node_modules/.bin) that drives the running service through the installed package: top-up,
// beneficiaries and a payout with idempotency keys, retrieve, a list that pages on by itself, refused writes with
// their typed errors, and a webhook checked with @paygate/client/webhooks. Also: the server's own tarball, were
// anyone to pack it, holds no tests, fixtures or CI files.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { signWebhook } from '../../src/webhooks/signing.ts';
import { createHttp } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT_DIR = path.join(ROOT, 'packages/client');

/** PATH without the project's node_modules/.bin folders (nor npm's own helpers), so `node` is the machine's. */
const plainPath = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => dir && !dir.includes('node_modules')).join(path.delimiter);

function plainNode(): string {
  for (const dir of plainPath.split(path.delimiter)) {
    const candidate = path.join(dir, 'node');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new Error(`no node on PATH outside node_modules (PATH=${process.env.PATH})`);
}

/** The environment of a fresh shell: none of the npm_* settings of the `npm test` this may run under. */
function plainEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  return { ...env, PATH: plainPath, ...extra };
}

let service: TestService;
let workdir: string;
let tarball: string;

before(async () => {
  service = await startTestService();
  workdir = await mkdtemp(path.join(tmpdir(), 'paygate-client-package-'));
});
after(async () => {
  await service?.stop();
  if (workdir) await rm(workdir, { recursive: true, force: true });
});

test('npm pack: the tarball holds the built JavaScript, its .d.ts, the README and CHANGELOG, and nothing else', async () => {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', workdir], { cwd: CLIENT_DIR, maxBuffer: 16 << 20 });
  const [packed] = JSON.parse(stdout) as { name: string; version: string; filename: string; files: { path: string }[] }[];
  tarball = path.join(workdir, packed.filename);
  assert.equal(packed.name, '@paygate/client');
  assert.match(packed.version, /^0\.\d+\.\d+$/, 'the version follows the API (0.x)');
  const files = packed.files.map((f) => f.path).sort();
  for (const expected of ['package.json', 'README.md', 'CHANGELOG.md', 'dist/index.js', 'dist/index.d.ts', 'dist/webhooks.js', 'dist/webhooks.d.ts', 'dist/generated/openapi.d.ts']) {
    assert.ok(files.includes(expected), `${expected} is in the tarball (${files.join(', ')})`);
  }
  assert.deepEqual(files.filter((f) => !['package.json', 'README.md', 'CHANGELOG.md'].includes(f) && !f.startsWith('dist/')), [], 'only built files and the two documents');

  const manifest = JSON.parse(await readFile(path.join(CLIENT_DIR, 'package.json'), 'utf8'));
  assert.equal(manifest.dependencies, undefined, 'no runtime dependencies');
  assert.equal(manifest.engines.node, '>=18');
  assert.deepEqual(Object.keys(manifest.exports).filter((k) => k !== './package.json'), ['.', './webhooks']);
});

/** The caller's script: plain JavaScript, run by the machine's node inside the project that installed the tarball. */
const CALLER = `
import { Paygate, PaygateError, InsufficientFundsError, InvalidRequestError } from '@paygate/client';
import { verifyWebhook, WebhookSignatureError } from '@paygate/client/webhooks';

const paygate = new Paygate(process.env.PAYGATE_API_KEY, { baseUrl: process.env.PAYGATE_BASE_URL });
const out = { node: process.version };
const errorOf = (e) => ({ name: e.constructor.name, paygateError: e instanceof PaygateError, code: e.code, type: e.type, param: e.param, statusCode: e.statusCode, requestId: e.requestId });

out.topUp = await paygate.testHelpers.topUps.create({ amount: 100000 }, { idempotencyKey: 'top-up-1' });
out.beneficiaries = [];
for (const name of ['Asha', 'Bilal', 'Chitra']) {
  out.beneficiaries.push(await paygate.beneficiaries.create({ type: 'vpa', name, vpa: 'success@upi' }, { idempotencyKey: 'payee-' + name }));
}
const params = { beneficiary_id: out.beneficiaries[0].id, amount: 1000, mode: 'upi' };
out.payout = await paygate.payouts.create(params, { idempotencyKey: 'invoice-1042' });
out.again = await paygate.payouts.create(params, { idempotencyKey: 'invoice-1042' });
out.retrieved = await paygate.payouts.retrieve(out.payout.id);
out.listed = [];
for await (const b of paygate.beneficiaries.list({ limit: 1 })) out.listed.push(b.id);
out.firstPage = await paygate.beneficiaries.list({ limit: 1 });

try {
  await paygate.payouts.create({ ...params, amount: -1 }, { idempotencyKey: 'invoice-bad' });
} catch (e) {
  out.invalid = { ...errorOf(e), invalidRequestError: e instanceof InvalidRequestError };
}
try {
  await paygate.payouts.create({ ...params, amount: 10000000 }, { idempotencyKey: 'invoice-too-big' });
} catch (e) {
  out.unfunded = { ...errorOf(e), insufficientFundsError: e instanceof InsufficientFundsError };
}

const delivery = JSON.parse(process.env.DELIVERY);
out.sameVerifier = paygate.webhooks.verify === verifyWebhook;
out.event = await verifyWebhook(delivery.body, delivery.headers, delivery.secret);
out.forged = await verifyWebhook(delivery.body.replace('1000', '9000'), delivery.headers, delivery.secret).then(
  () => 'accepted',
  (e) => (e instanceof WebhookSignatureError ? 'WebhookSignatureError' : String(e)),
);
console.log(JSON.stringify(out));
`;

test('installed with the machine\'s node and no dev dependencies, the package drives the running service', async () => {
  assert.ok(tarball, 'the tarball of the test above');
  const node = plainNode();
  const project = path.join(workdir, 'caller');
  await mkdir(project);
  await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'caller', private: true, type: 'module' }));
  // No dependencies to fetch, so offline works; a registry lookup would fail the install.
  await run('npm', ['install', '--omit=dev', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project, env: plainEnv() });
  const installed = (await readdir(path.join(project, 'node_modules'))).filter((name) => !name.startsWith('.'));
  assert.deepEqual(installed, ['@paygate'], 'nothing but the client was installed');
  assert.deepEqual(await readdir(path.join(project, 'node_modules/@paygate')), ['client']);
  await writeFile(path.join(project, 'caller.js'), CALLER);

  const { sandboxKey: key } = await service.newAccount();
  const secret = `whsec_${Buffer.from('a secret of thirty-two bytes ok!').toString('base64')}`;
  const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payout.completed', data: { object: { id: 'pout_1', amount: 1000 } } });
  const delivery = { body, secret, headers: signWebhook(secret, 'evt_1', body) };
  const { stdout } = await run(node, ['caller.js'], {
    cwd: project,
    env: plainEnv({ PAYGATE_BASE_URL: service.url, PAYGATE_API_KEY: key, DELIVERY: JSON.stringify(delivery) }),
  });
  const out = JSON.parse(stdout);
  console.log(`# ${node} ${out.node} ran the installed client`);
  assert.ok(Number(/^v(\d+)/.exec(out.node)![1]) >= 18);

  assert.equal(out.topUp.amount, 100_000);
  assert.equal(out.again.id, out.payout.id, 'the same idempotency key answers the same payout');
  assert.equal(out.retrieved.id, out.payout.id);
  assert.equal(out.retrieved.amount, 1_000);
  const made = out.beneficiaries.map((b: { id: string }) => b.id);
  assert.deepEqual(out.listed, [...made].reverse(), 'three pages of one, newest first, each beneficiary once');
  assert.equal(out.firstPage.has_more, true);

  assert.deepEqual(
    { ...out.invalid, requestId: undefined },
    { name: 'InvalidRequestError', paygateError: true, invalidRequestError: true, code: 'invalid_request', type: 'invalid_request_error', param: 'amount', statusCode: 400, requestId: undefined },
  );
  assert.match(out.invalid.requestId, /^req_/);
  assert.deepEqual(
    { ...out.unfunded, requestId: undefined, param: undefined },
    { name: 'InsufficientFundsError', paygateError: true, insufficientFundsError: true, code: 'insufficient_funds', type: 'request_failed', statusCode: 402, requestId: undefined, param: undefined },
  );
  assert.match(out.unfunded.requestId, /^req_/);

  assert.equal(out.sameVerifier, true, 'paygate.webhooks.verify is @paygate/client/webhooks');
  assert.deepEqual(out.event, JSON.parse(body));
  assert.equal(out.forged, 'WebhookSignatureError');

  // What the service holds agrees: one payout, three beneficiaries.
  const http = createHttp(service.url);
  const payouts = await http.get('/v1/payouts', { key });
  assert.deepEqual(payouts.body.data.map((p: { id: string }) => p.id), [out.payout.id]);
  assert.equal((await http.get('/v1/beneficiaries', { key })).body.data.length, 3);
});

test('the server\'s own tarball (private, never published) holds no tests, fixtures or CI files', async () => {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, maxBuffer: 64 << 20 });
  const [packed] = JSON.parse(stdout) as { files: { path: string }[] }[];
  const files = packed.files.map((f) => f.path);
  assert.ok(files.includes('src/main.ts') && files.includes('bin/payctl.js'), 'it still holds the service');
  const unwanted = files.filter(
    (f) => /^(test|\.ci|\.github|packages)\//.test(f) || (f.startsWith('scripts/') && f !== 'scripts/check-node.cjs') || ['Dockerfile', 'docker-compose.yml', '.dockerignore'].includes(f),
  );
  assert.deepEqual(unwanted, []);
  assert.equal(JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')).private, true);
});
