// The Razorpay connector's HTTP client against the provider stand-in (and, where the stand-in does not go, a tiny
// local server): Basic auth with the connection's key pair, JSON, timeouts, and every kind of failure mapped to the
// connector errors a caller acts on (rejected with the provider's details, auth, rate-limited, answer unknown).
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  ConnectorError,
  ProviderAnswerUnknownError,
  ProviderAuthError,
  ProviderSetupError,
  ProviderRateLimitedError,
  ProviderRejectedError,
} from '../../src/connectors/errors.ts';
import { createRazorpayHttp, DEFAULT_RETRY_AFTER_MS, retryAfterMs, urlOf } from '../../src/connectors/razorpay/http.ts';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';

const KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
const KEY_SECRET = 'thisisasecret';
const ACCOUNT = '7878780080316316';
let rzp: RazorpayStandin;

before(async () => {
  rzp = await startRazorpayStandin({ keyId: KEY_ID, keySecret: KEY_SECRET, accountNumber: ACCOUNT });
});
after(async () => {
  await rzp?.stop();
});

const client = (overrides: { keySecret?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  createRazorpayHttp({ baseUrl: overrides.baseUrl ?? rzp.baseUrl, keyId: KEY_ID, keySecret: overrides.keySecret ?? KEY_SECRET, timeoutMs: overrides.timeoutMs });

async function rejection<E extends ConnectorError>(promise: Promise<unknown>, type: new (...args: any[]) => E): Promise<E> {
  const err = await promise.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof type, `expected ${type.name}, got ${String(err)}`);
  return err as E;
}

describe('answers', () => {
  test('a JSON answer comes back as it is, sent with HTTP Basic and a JSON body', async () => {
    const contact = await client().post<{ id: string; name: string }>('/v1/contacts', { body: { name: 'Gaurav Kumar', reference_id: 'bene_1' } });
    assert.match(contact.id, /^cont_/);
    assert.equal(contact.name, 'Gaurav Kumar');
    const fetched = await client().get<{ id: string }>(`/v1/contacts/${contact.id}`);
    assert.equal(fetched.id, contact.id);
  });

  test('a refusal carries the provider\'s details and is not retryable', async () => {
    const err = await rejection(client().post('/v1/contacts', { body: { name: 'Gaurav Kumar', unknown_field: 1 } }), ProviderRejectedError);
    assert.equal(err.retryable, false);
    assert.equal(err.status, 400);
    assert.equal(err.details.code, 'BAD_REQUEST_ERROR');
    assert.ok(err.details.description);
    assert.equal(typeof err.details.metadata, 'object');
    const field = await rejection(client().post('/v1/contacts', { body: { name: 'Gaurav Kumar', email: 'not-an-email' } }), ProviderRejectedError);
    assert.equal(field.details.field, 'email');
  });

  test('a wrong key pair is an auth error, not retryable, and the message holds no secret', async () => {
    const err = await rejection(client({ keySecret: 'wrong-secret-value' }).get('/v1/payouts', { query: { account_number: ACCOUNT } }), ProviderAuthError);
    assert.equal(err.retryable, false);
    assert.equal(err.status, 401);
    assert.ok(!err.message.includes('wrong-secret-value'));
  });

  test('429 is rate-limited and retryable, with the default wait when Retry-After is absent', async () => {
    rzp.control.throttleNext({ path: '/v1/payouts', method: 'GET' });
    const err = await rejection(client().get('/v1/payouts', { query: { account_number: ACCOUNT } }), ProviderRateLimitedError);
    assert.equal(err.retryable, true);
    assert.equal(err.retryAfterMs, DEFAULT_RETRY_AFTER_MS);
  });

  test('a 5xx, before or after the provider did the work, is "answer unknown" and retryable', async () => {
    for (const when of ['before', 'after'] as const) {
      rzp.control.failNext({ path: '/v1/contacts', method: 'POST', when, status: 503 });
      const err = await rejection(client().post('/v1/contacts', { body: { name: 'Ravi Traders', reference_id: `bene_${when}` } }), ProviderAnswerUnknownError);
      assert.equal(err.retryable, true);
      assert.equal(err.status, 503);
    }
  });

  test('no answer within the timeout is "answer unknown" without a status', async () => {
    rzp.control.timeoutNext({ path: '/v1/payouts', method: 'GET' });
    const err = await rejection(client({ timeoutMs: 300 }).get('/v1/payouts', { query: { account_number: ACCOUNT } }), ProviderAnswerUnknownError);
    assert.equal(err.status, null);
    assert.equal(err.retryable, true);
  });

  test('a refused connection is "answer unknown"', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rejection(client({ baseUrl: `http://127.0.0.1:${port}` }).get('/v1/payouts'), ProviderAnswerUnknownError);
  });
});

describe('what the stand-in does not send', () => {
  let server: http.Server;
  let base: string;
  const answers: { status: number; headers?: Record<string, string>; body: string; reset?: boolean }[] = [];
  before(async () => {
    server = http.createServer((req, res) => {
      const next = answers.shift() ?? { status: 200, body: '{}' };
      req.resume();
      req.on('end', () => {
        if (next.reset) return req.socket.destroy();
        res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
        res.end(next.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('Retry-After in seconds or as a date', async () => {
    answers.push({ status: 429, headers: { 'retry-after': '7' }, body: '{"error":{"code":"BAD_REQUEST_ERROR","description":"Too many requests"}}' });
    const err = await rejection(client({ baseUrl: base }).get('/v1/payouts'), ProviderRateLimitedError);
    assert.equal(err.retryAfterMs, 7000);
    assert.equal(retryAfterMs(new Date(10_000 + 3_000).toUTCString(), 10_000), 3000);
    assert.equal(retryAfterMs('soon'), DEFAULT_RETRY_AFTER_MS);
  });

  test('a reset connection and a 2xx that is not JSON are "answer unknown"', async () => {
    answers.push({ status: 200, body: '', reset: true });
    await rejection(client({ baseUrl: base }).post('/v1/payouts', { body: {} }), ProviderAnswerUnknownError);
    answers.push({ status: 200, body: '<html>gateway</html>' });
    await rejection(client({ baseUrl: base }).get('/v1/payouts'), ProviderAnswerUnknownError);
  });

  test('a BAD_REQUEST_ERROR naming a field is a refusal; "URL not found" and "Access Denied" are set-up errors; a 409, "in progress", a 4xx without the envelope and a 502 are unknown', async () => {
    answers.push({ status: 400, body: '{"error":{"code":"BAD_REQUEST_ERROR","description":"The amount must be at least INR 1.00.","source":"business","step":null,"reason":"input_validation_failed","metadata":{},"field":"amount"}}' });
    const refused = await rejection(client({ baseUrl: base }).get('/v1/payouts/pout_x'), ProviderRejectedError);
    assert.equal(refused.status, 400);
    assert.equal(refused.details.field, 'amount');
    answers.push({ status: 404, body: '{"error":{"code":"BAD_REQUEST_ERROR","description":"The requested URL was not found on the server.","source":"NA","step":"NA","reason":"NA","metadata":{}}}' });
    assert.equal((await rejection(client({ baseUrl: base }).get('/v1/payouts/pout_x'), ProviderSetupError)).reason, 'feature_not_enabled');
    answers.push({ status: 400, body: '{"error":{"code":"BAD_REQUEST_ERROR","description":"Access Denied","source":"NA","step":"NA","reason":"NA","metadata":{}}}' });
    assert.equal((await rejection(client({ baseUrl: base }).get('/v1/payouts'), ProviderSetupError)).reason, 'ip_not_allowlisted');
    answers.push({ status: 409, body: '{"error":{"code":"BAD_REQUEST_ERROR","description":"Another request with the same idempotency key is still in progress.","metadata":{}}}' });
    assert.equal((await rejection(client({ baseUrl: base }).post('/v1/payouts'), ProviderAnswerUnknownError)).status, 409);
    answers.push({ status: 400, body: '{"error":{"code":"BAD_REQUEST_ERROR","description":"The payout is in progress","metadata":{}}}' });
    assert.equal((await rejection(client({ baseUrl: base }).post('/v1/payouts'), ProviderAnswerUnknownError)).status, 400);
    answers.push({ status: 403, body: '<html>Forbidden</html>' });
    assert.equal((await rejection(client({ baseUrl: base }).post('/v1/payouts'), ProviderAnswerUnknownError)).status, 403);
    answers.push({ status: 502, body: '' });
    assert.equal((await rejection(client({ baseUrl: base }).get('/v1/payouts'), ProviderAnswerUnknownError)).status, 502);
  });

  test('the base URL is the connection\'s, with or without a trailing slash or a path of its own', () => {
    assert.equal(urlOf('https://api.razorpay.com', '/v1/payouts').href, 'https://api.razorpay.com/v1/payouts');
    assert.equal(urlOf('https://api.razorpay.com/', '/v1/payouts', { count: 100, skip: undefined }).href, 'https://api.razorpay.com/v1/payouts?count=100');
    assert.equal(urlOf('http://127.0.0.1:8080/rzp/', '/v1/payouts').href, 'http://127.0.0.1:8080/rzp/v1/payouts');
  });
});
