import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, knownVariables, loadConfig } from '../../src/config.ts';

function assertConfigError(env: NodeJS.ProcessEnv, variable: string): void {
  assert.throws(
    () => loadConfig(env),
    (err: unknown) => {
      assert.ok(err instanceof ConfigError, `expected ConfigError, got ${String(err)}`);
      assert.equal(err.variable, variable);
      assert.match(err.message, new RegExp(variable));
      return true;
    },
  );
}

test('with no variables set, every setting has its documented default', () => {
  const config = loadConfig({});
  assert.equal(config.PORT, 3000);
  assert.equal(config.HOST, '127.0.0.1');
  assert.equal(config.DATA_DIR, path.resolve('./.data'));
  assert.ok(path.isAbsolute(config.DATA_DIR));
  assert.equal(config.DATABASE_URL, undefined);
  assert.equal(config.TEMPORAL_ADDRESS, undefined);
  assert.equal(config.TEMPORAL_NAMESPACE, 'default');
  assert.equal(config.TEMPORAL_UI_PORT, 8233);
  assert.equal(config.TRUST_PROXY, false);
  assert.equal(config.RATE_LIMIT_LIVE, 100);
  assert.equal(config.RATE_LIMIT_SANDBOX, 25);
  assert.equal(config.LOG_LEVEL, 'info');
  assert.equal(config.tls, undefined);
  assert.equal(config.publicBaseUrl, 'http://127.0.0.1:3000');
});

test('variables outside the known list are ignored, and an empty value means unset', () => {
  const config = loadConfig({ PORT: '', DATABASE_URL: '', SOMETHING_ELSE: 'x', PATH: '/bin' });
  assert.equal(config.PORT, 3000);
  assert.equal(config.DATABASE_URL, undefined);
  assert.ok(!('SOMETHING_ELSE' in config));
});

test('the operations variables of docs/api.md are all known', () => {
  for (const name of [
    'PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'TEMPORAL_ADDRESS', 'TEMPORAL_NAMESPACE', 'TEMPORAL_CLI_PATH',
    'TEMPORAL_UI_PORT', 'PUBLIC_BASE_URL', 'TLS_CERT_FILE', 'TLS_KEY_FILE', 'TRUST_PROXY', 'RATE_LIMIT_LIVE',
    'RATE_LIMIT_SANDBOX', 'LOG_LEVEL',
  ]) {
    assert.ok(knownVariables.includes(name), `${name} is not in knownVariables`);
  }
});

test('values given as strings are parsed into their types', () => {
  const config = loadConfig({
    PORT: '8080',
    HOST: '0.0.0.0',
    DATABASE_URL: 'postgresql://u:p@db.internal:5432/paygate',
    TEMPORAL_ADDRESS: 'temporal:7233',
    TRUST_PROXY: 'true',
    RATE_LIMIT_LIVE: '500',
    RATE_LIMIT_SANDBOX: '5',
    LOG_LEVEL: 'warn',
  });
  assert.equal(config.PORT, 8080);
  assert.equal(config.DATABASE_URL, 'postgresql://u:p@db.internal:5432/paygate');
  assert.equal(config.TEMPORAL_ADDRESS, 'temporal:7233');
  assert.equal(config.TRUST_PROXY, true);
  assert.equal(config.RATE_LIMIT_LIVE, 500);
  assert.equal(config.RATE_LIMIT_SANDBOX, 5);
  assert.equal(config.LOG_LEVEL, 'warn');
  // Listening on every interface still gives a base URL a browser on this machine can open.
  assert.equal(config.publicBaseUrl, 'http://127.0.0.1:8080');
});

test('PUBLIC_BASE_URL wins over host and port, without a trailing slash', () => {
  assert.equal(loadConfig({ PUBLIC_BASE_URL: 'https://pay.example.com/' }).publicBaseUrl, 'https://pay.example.com');
});

test('TRUST_PROXY accepts true/false/1/0/yes/no only', () => {
  assert.equal(loadConfig({ TRUST_PROXY: 'yes' }).TRUST_PROXY, true);
  assert.equal(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY, false);
  assertConfigError({ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY');
});

test('a bad PORT is a ConfigError naming PORT', () => {
  for (const value of ['abc', '70000', '-1', '80.5']) assertConfigError({ PORT: value }, 'PORT');
});

test('a bad DATABASE_URL is a ConfigError naming DATABASE_URL', () => {
  for (const value of ['not a url', 'mysql://root@localhost/paygate', 'localhost:5432']) {
    assertConfigError({ DATABASE_URL: value }, 'DATABASE_URL');
  }
});

test('a bad RATE_LIMIT_LIVE is a ConfigError naming RATE_LIMIT_LIVE', () => {
  for (const value of ['0', '-5', 'fast', '1.5']) assertConfigError({ RATE_LIMIT_LIVE: value }, 'RATE_LIMIT_LIVE');
});

test('other malformed values are ConfigErrors naming their variable', () => {
  assertConfigError({ TEMPORAL_ADDRESS: 'temporal' }, 'TEMPORAL_ADDRESS');
  assertConfigError({ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL');
  assertConfigError({ PUBLIC_BASE_URL: 'pay.example.com' }, 'PUBLIC_BASE_URL');
  assertConfigError({ RATE_LIMIT_SANDBOX: '0' }, 'RATE_LIMIT_SANDBOX');
});

test('collection retry gaps: 1, 3 and 5 days by default, or a comma-separated list of milliseconds', () => {
  assert.deepEqual(loadConfig({}).COLLECTION_RETRY_DELAYS_MS, [86_400_000, 259_200_000, 432_000_000]);
  assert.equal(loadConfig({}).COLLECTION_INTERVAL_MS, undefined);
  assert.deepEqual(loadConfig({ COLLECTION_RETRY_DELAYS_MS: '500, 1000,2000' }).COLLECTION_RETRY_DELAYS_MS, [500, 1000, 2000]);
  assert.deepEqual(loadConfig({ COLLECTION_RETRY_DELAYS_MS: '60000' }).COLLECTION_RETRY_DELAYS_MS, [60000]);
  assert.equal(loadConfig({ PAYGATE_TEST_RUN: '1', COLLECTION_INTERVAL_MS: '2500' }).COLLECTION_INTERVAL_MS, 2500);
  for (const bad of ['1d,3d', '0,100', '100,,200', '-5', '1.5']) assertConfigError({ COLLECTION_RETRY_DELAYS_MS: bad }, 'COLLECTION_RETRY_DELAYS_MS');
  assertConfigError({ PAYGATE_TEST_RUN: '1', COLLECTION_INTERVAL_MS: '0' }, 'COLLECTION_INTERVAL_MS');
  // UPI AutoPay: one attempt and at most three retries per cycle; a fourth gap would never be used.
  for (const tooMany of ['1,2,3,4', '1,2,3,4,5,6,7,8,9,10']) assertConfigError({ COLLECTION_RETRY_DELAYS_MS: tooMany }, 'COLLECTION_RETRY_DELAYS_MS');
});

test('UPI AutoPay windows default to NPCI non-peak hours and the pre-debit notice to 24 hours', () => {
  const config = loadConfig({});
  assert.deepEqual(config.UPI_AUTOPAY_WINDOWS, [
    { start: 0, end: 600 },
    { start: 780, end: 1020 },
    { start: 1290, end: 1440 },
  ]);
  assert.equal(config.COLLECTION_NOTICE_SECONDS, 86_400);
  // The same windows written otherwise are the same setting, allowed everywhere.
  assert.deepEqual(loadConfig({ UPI_AUTOPAY_WINDOWS: '00:00-05:00, 05:00-10:00, 13:00-17:00, 21:30-24:00' }).UPI_AUTOPAY_WINDOWS, config.UPI_AUTOPAY_WINDOWS);
  // A longer notice is never refused.
  assert.equal(loadConfig({ COLLECTION_NOTICE_SECONDS: '172800' }).COLLECTION_NOTICE_SECONDS, 172_800);
});

test('only test runs (PAYGATE_TEST_RUN=1) may change the AutoPay windows or shorten the notice, COLLECTION_INTERVAL_MS set or not', () => {
  for (const env of [{}, { PAYGATE_TEST_RUN: '0' }]) {
    assertConfigError({ ...env, UPI_AUTOPAY_WINDOWS: '00:00-24:00' }, 'UPI_AUTOPAY_WINDOWS');
    assertConfigError({ ...env, UPI_AUTOPAY_WINDOWS: '00:00:00-00:00:05' }, 'UPI_AUTOPAY_WINDOWS');
    assertConfigError({ ...env, UPI_AUTOPAY_WINDOWS: '00:00-10:00,13:00-17:00' }, 'UPI_AUTOPAY_WINDOWS');
    assertConfigError({ ...env, COLLECTION_NOTICE_SECONDS: '86399' }, 'COLLECTION_NOTICE_SECONDS');
  }
  assert.throws(() => loadConfig({ COLLECTION_NOTICE_SECONDS: '60' }), /only a test run \(PAYGATE_TEST_RUN=1\) may shorten it/);
  // COLLECTION_INTERVAL_MS no longer marks a test run: outside one it is refused itself.
  assertConfigError({ COLLECTION_INTERVAL_MS: '2000', COLLECTION_NOTICE_SECONDS: '2' }, 'COLLECTION_INTERVAL_MS');

  const testRun = loadConfig({ PAYGATE_TEST_RUN: '1', COLLECTION_INTERVAL_MS: '2000', UPI_AUTOPAY_WINDOWS: '01:00-05:00', COLLECTION_NOTICE_SECONDS: '2' });
  assert.equal(testRun.PAYGATE_TEST_RUN, true);
  assert.deepEqual(testRun.UPI_AUTOPAY_WINDOWS, [{ start: 60, end: 300 }]);
  assert.equal(testRun.COLLECTION_NOTICE_SECONDS, 2);
  // The switch alone is enough: a test run need not set COLLECTION_INTERVAL_MS to keep a short notice.
  assert.equal(loadConfig({ PAYGATE_TEST_RUN: '1', COLLECTION_NOTICE_SECONDS: '2' }).COLLECTION_NOTICE_SECONDS, 2);
});

test('PAYGATE_TEST_RUN is 1, 0 or unset: anything else is a ConfigError naming it', () => {
  assert.equal(loadConfig({}).PAYGATE_TEST_RUN, false);
  assert.equal(loadConfig({ PAYGATE_TEST_RUN: '0' }).PAYGATE_TEST_RUN, false);
  for (const bad of ['true', 'yes', '2']) assertConfigError({ PAYGATE_TEST_RUN: bad }, 'PAYGATE_TEST_RUN');
});

test('outside a test run, each test-only setting stops the process with a message naming it', () => {
  for (const [name, value] of [
    ['COLLECTION_INTERVAL_MS', '2000'],
    ['PAYMENT_LINK_MIN_EXPIRY_SECONDS', '5'],
    ['MANDATE_AUTHORIZATION_SECONDS', '30'],
    ['PAYOUT_SCHEDULE_MIN_SECONDS', '1'],
  ]) {
    assertConfigError({ [name]: value }, name);
    assert.throws(() => loadConfig({ [name]: value }), new RegExp(`${name}: is a test-only setting; only a test run \\(PAYGATE_TEST_RUN=1\\) may set it`));
    // Also at the value a deployment might think harmless (the default): setting it at all is the mistake.
    assertConfigError({ PAYGATE_TEST_RUN: '0', [name]: value }, name);
  }
  assertConfigError({ PAYMENT_LINK_MIN_EXPIRY_SECONDS: '900' }, 'PAYMENT_LINK_MIN_EXPIRY_SECONDS');
  const testRun = loadConfig({ PAYGATE_TEST_RUN: '1', COLLECTION_INTERVAL_MS: '2000', PAYMENT_LINK_MIN_EXPIRY_SECONDS: '5', MANDATE_AUTHORIZATION_SECONDS: '30' });
  assert.equal(testRun.COLLECTION_INTERVAL_MS, 2000);
  assert.equal(testRun.PAYMENT_LINK_MIN_EXPIRY_SECONDS, 5);
  assert.equal(testRun.MANDATE_AUTHORIZATION_SECONDS, 30);
});

test('outside a test run, provider retry delays are at least 60,120,300 s and the lookup window at least 3600 s', () => {
  assert.deepEqual(loadConfig({}).PROVIDER_RETRY_DELAYS_SECONDS, [60, 120, 300]);
  assert.equal(loadConfig({}).PROVIDER_LOOKUP_WINDOW_SECONDS, 3600);
  // Longer is always allowed, and so are fewer sends; a fourth delay keeps the last floor.
  assert.deepEqual(loadConfig({ PROVIDER_RETRY_DELAYS_SECONDS: '90,600,900,300' }).PROVIDER_RETRY_DELAYS_SECONDS, [90, 600, 900, 300]);
  assert.deepEqual(loadConfig({ PROVIDER_RETRY_DELAYS_SECONDS: '60' }).PROVIDER_RETRY_DELAYS_SECONDS, [60]);
  assert.equal(loadConfig({ PROVIDER_LOOKUP_WINDOW_SECONDS: '7200' }).PROVIDER_LOOKUP_WINDOW_SECONDS, 7200);
  for (const short of ['1,1,1', '59,120,300', '60,119,300', '60,120,299', '60,120,300,299']) {
    assertConfigError({ PROVIDER_RETRY_DELAYS_SECONDS: short }, 'PROVIDER_RETRY_DELAYS_SECONDS');
  }
  assert.throws(() => loadConfig({ PROVIDER_RETRY_DELAYS_SECONDS: '1,1,1' }), /at least 60,120,300.*only a test run \(PAYGATE_TEST_RUN=1\)/);
  assertConfigError({ PROVIDER_LOOKUP_WINDOW_SECONDS: '3599' }, 'PROVIDER_LOOKUP_WINDOW_SECONDS');
  assertConfigError({ COLLECTION_INTERVAL_MS: '2000', PROVIDER_LOOKUP_WINDOW_SECONDS: '4' }, 'COLLECTION_INTERVAL_MS');
  const testRun = loadConfig({ PAYGATE_TEST_RUN: '1', PROVIDER_RETRY_DELAYS_SECONDS: '1,1,1', PROVIDER_LOOKUP_WINDOW_SECONDS: '4' });
  assert.deepEqual(testRun.PROVIDER_RETRY_DELAYS_SECONDS, [1, 1, 1]);
  assert.equal(testRun.PROVIDER_LOOKUP_WINDOW_SECONDS, 4);
});

test('outside a test run a payout queues at least 3600 s (PAYOUT_QUEUE_SECONDS, default 3 days); PAYOUT_SCHEDULE_MIN_SECONDS is a test run\'s only', () => {
  assert.equal(loadConfig({}).PAYOUT_QUEUE_SECONDS, 259_200);
  assert.equal(loadConfig({ PAYOUT_QUEUE_SECONDS: '3600' }).PAYOUT_QUEUE_SECONDS, 3600);
  assertConfigError({ PAYOUT_QUEUE_SECONDS: '3599' }, 'PAYOUT_QUEUE_SECONDS');
  assertConfigError({ PAYOUT_SCHEDULE_MIN_SECONDS: '2' }, 'PAYOUT_SCHEDULE_MIN_SECONDS');
  const testRun = loadConfig({ PAYGATE_TEST_RUN: '1', PAYOUT_QUEUE_SECONDS: '5', PAYOUT_SCHEDULE_MIN_SECONDS: '2' });
  assert.equal(testRun.PAYOUT_QUEUE_SECONDS, 5);
  assert.equal(testRun.PAYOUT_SCHEDULE_MIN_SECONDS, 2);
});

test('outside a test run a live verification waits for the bank at least 3600 s (VERIFICATION_PENDING_SECONDS, default 5 days)', () => {
  assert.equal(loadConfig({}).VERIFICATION_PENDING_SECONDS, 432_000);
  assert.equal(loadConfig({ VERIFICATION_PENDING_SECONDS: '3600' }).VERIFICATION_PENDING_SECONDS, 3600);
  assertConfigError({ VERIFICATION_PENDING_SECONDS: '3599' }, 'VERIFICATION_PENDING_SECONDS');
  assert.equal(loadConfig({ PAYGATE_TEST_RUN: '1', VERIFICATION_PENDING_SECONDS: '15' }).VERIFICATION_PENDING_SECONDS, 15);
});

test('malformed AutoPay windows or notice are ConfigErrors naming their variable, in test runs too', () => {
  for (const bad of ['10:00-09:00', '13:00-17:00,00:00-10:00', '00:00-10:00,09:00-11:00', '9-10', '24:00-24:00', ',']) {
    assertConfigError({ PAYGATE_TEST_RUN: '1', UPI_AUTOPAY_WINDOWS: bad }, 'UPI_AUTOPAY_WINDOWS');
  }
  assert.throws(() => loadConfig({ PAYGATE_TEST_RUN: '1', UPI_AUTOPAY_WINDOWS: '13:00-17:00,00:00-10:00' }), /in order of the day/);
  for (const bad of ['0', '-1', '1.5', 'a day']) assertConfigError({ PAYGATE_TEST_RUN: '1', COLLECTION_NOTICE_SECONDS: bad }, 'COLLECTION_NOTICE_SECONDS');
});

test('TLS files must come together, and must exist', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'paygate-config-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  writeFileSync(cert, 'cert');
  writeFileSync(key, 'key');

  assertConfigError({ TLS_CERT_FILE: cert }, 'TLS_KEY_FILE');
  assertConfigError({ TLS_KEY_FILE: key }, 'TLS_CERT_FILE');
  assertConfigError({ TLS_CERT_FILE: path.join(dir, 'missing.pem'), TLS_KEY_FILE: key }, 'TLS_CERT_FILE');
  assertConfigError({ TLS_CERT_FILE: cert, TLS_KEY_FILE: path.join(dir, 'missing.pem') }, 'TLS_KEY_FILE');

  const config = loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key, PORT: '8443' });
  assert.deepEqual(config.tls, { cert, key });
  assert.equal(config.publicBaseUrl, 'https://127.0.0.1:8443');
});

test('TEMPORAL_CLI_PATH must name an existing file', () => {
  assertConfigError({ TEMPORAL_CLI_PATH: '/nonexistent/temporal' }, 'TEMPORAL_CLI_PATH');
});

test("a connection's base URL: https or http to loopback outside a test run; loopback only in one", async () => {
  const { providerBaseUrlProblem } = await import('../../src/domain/provider-base-url.ts');
  for (const ok of ['https://api.razorpay.com', 'http://127.0.0.1:9', 'http://localhost:4010', 'http://[::1]:8080', 'https://127.0.0.2']) {
    assert.equal(providerBaseUrlProblem(ok, false), null, ok);
  }
  for (const [bad, reason] of [
    ['http://api.razorpay.com', /http is for loopback addresses only/],
    ['http://10.0.0.5', /http is for loopback addresses only/],
    ['http://127.0.0.1.example.com', /http is for loopback addresses only/],
    ['ftp://127.0.0.1', /must be an http\(s\) URL/],
    ['not a url', /not a URL/],
  ] as const) {
    assert.match(providerBaseUrlProblem(bad, false) ?? '', reason, bad);
  }
  for (const ok of ['http://127.0.0.1:9', 'https://localhost:4010', 'http://[::1]:1']) assert.equal(providerBaseUrlProblem(ok, true), null, ok);
  assert.match(providerBaseUrlProblem('https://api.razorpay.com', true) ?? '', /a test run \(PAYGATE_TEST_RUN=1\) reaches only loopback addresses, not api\.razorpay\.com/);
});
