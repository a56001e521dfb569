// Limits that keep cheap requests cheap (docs/api.md, Rate limits and Conventions): requests with a missing or unknown key
// are limited per client address (429 after 60 a minute, on /v1 and /mcp only); each message of an MCP batch counts
// against the key's limit; one event is redelivered at most 10 times an hour, across API processes; and ids made in the
// same millisecond (Request-Ids among them) share nothing but their time.
import assert from 'node:assert/strict';
import { randomInt, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { recordEvent } from '../../src/db/events.ts';
import { assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startSecondApi, startTestService, type TestService } from '../helpers/service.ts';

/** Behind a trusted proxy: X-Forwarded-For names the client. The unknown-key limit at its default (60 a minute). */
let proxied: TestService;
let proxiedHttp: Http;
/** No trusted proxy, 5 requests a second per sandbox key; the unknown-key limit at its default. */
let strict: TestService;
let strictHttp: Http;

before(async () => {
  // An empty value is no value: the service takes the contract's default.
  proxied = await startTestService({ TRUST_PROXY: 'true', RATE_LIMIT_UNAUTHENTICATED: '' }, { role: 'api' });
  strict = await startTestService({ RATE_LIMIT_SANDBOX: '5', RATE_LIMIT_UNAUTHENTICATED: '' }, { role: 'api' });
  proxiedHttp = createHttp(proxied.url);
  strictHttp = createHttp(strict.url);
});
after(async () => {
  await Promise.all([proxied?.stop(), strict?.stop()]);
});

/** A client address of its own for each test run (the counters live in the shared database). */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const unknownKey = () => `sk_sandbox_${randomUUID().replaceAll('-', '')}`;

const mcpHeaders = (key: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${key}`,
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  ...extra,
});

function postMcp(baseUrl: string, key: string, body: unknown, extra: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/mcp`, { method: 'POST', headers: mcpHeaders(key, extra), body: JSON.stringify(body) });
}

async function asApiResponse(res: Response) {
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

describe('requests with a missing or unknown key, per client address', () => {
  test('60 a minute are answered 401; beyond that /v1 and /mcp answer 429 with Retry-After, while valid keys and other addresses go on', async () => {
    const address = freshAddress();
    const from = { 'x-forwarded-for': address };
    const { sandboxKey } = await proxied.newAccount();
    for (let i = 0; i < 60; i++) {
      const res =
        i % 3 === 0
          ? await proxiedHttp.get('/v1/balance', { headers: from })
          : i % 3 === 1
            ? await proxiedHttp.post('/v1/payouts', { key: unknownKey(), headers: from, json: { amount: 100 } })
            : await asApiResponse(await postMcp(proxied.url, unknownKey(), { jsonrpc: '2.0', id: 1, method: 'ping' }, from));
      assertApiError(res, 401, 'authentication_failed');
    }
    const limited = await proxiedHttp.get('/v1/balance', { key: unknownKey(), headers: from });
    assertApiError(limited, 429, 'rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    assertApiError(await proxiedHttp.get('/v1/balance', { headers: from }), 429, 'rate_limited');
    assertApiError(await asApiResponse(await postMcp(proxied.url, unknownKey(), { jsonrpc: '2.0', id: 1, method: 'ping' }, from)), 429, 'rate_limited');

    // A valid key from the same address is not held up, and another address still gets its 401.
    const own = await proxiedHttp.get('/v1/balance', { key: sandboxKey, headers: from });
    assert.equal(own.status, 200, own.text);
    assertApiError(await proxiedHttp.get('/v1/balance', { key: unknownKey(), headers: { 'x-forwarded-for': freshAddress() } }), 401, 'authentication_failed');

    // Routes without API keys are not limited this way.
    for (const path of ['/healthz', '/readyz', '/metrics', '/v1/openapi.json', '/docs']) {
      const res = await proxiedHttp.get(path, { headers: from });
      assert.equal(res.status, 200, `${path}: ${res.status}`);
    }
    assert.equal((await proxiedHttp.get('/pay/plink_01JD3Y8X4W0000000000000000', { headers: from })).status, 404);
    const inbound = await proxiedHttp.post('/connectors/razorpay/conn_01JD3Y8X4W0000000000000000/webhooks', { headers: from, json: { event: 'payout.processed' } });
    assert.notEqual(inbound.status, 429, inbound.text);
  });

  test('without a trusted proxy, X-Forwarded-For is not the client: changing it escapes nothing', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 61; i++) {
      answers.push((await strictHttp.get('/v1/balance', { key: unknownKey(), headers: { 'x-forwarded-for': freshAddress() } })).status);
    }
    // Every one counts against 127.0.0.1 (other test files' refusals may have counted there too).
    assert.ok(answers.includes(429), `answers: ${answers.join(',')}`);
    assert.ok(answers.every((s) => s === 401 || s === 429), `answers: ${answers.join(',')}`);
  });
});

describe('an MCP batch', () => {
  const pings = (n: number) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'ping' }));

  test('each message counts against the key: a batch within the budget runs, one beyond it is refused whole with 429', async () => {
    const { sandboxKey } = await strict.newAccount();
    const small = await postMcp(strict.url, sandboxKey, pings(3));
    assert.equal(small.status, 200);
    const answers = (await small.json()) as { id: number; result?: unknown }[];
    assert.deepEqual(answers.map((a) => a.id).sort(), [1, 2, 3]);
    assert.equal(small.headers.get('x-ratelimit-limit'), '5');
    assert.equal(small.headers.get('x-ratelimit-remaining'), '2', 'three messages spent three of five');

    const big = await asApiResponse(await postMcp(strict.url, sandboxKey, pings(6)));
    assertApiError(big, 429, 'rate_limited');
    assert.ok(Number(big.headers.get('retry-after')) >= 1);
  });

  test('a batch beyond the budget of one second spends that second: a flood of them is limited, not parsed for free', async () => {
    // The two requests must land in one window: a try counts when both answers name the same X-RateLimit-Reset.
    for (let attempt = 1; ; attempt++) {
      const { sandboxKey } = await strict.newAccount();
      const big = await asApiResponse(await postMcp(strict.url, sandboxKey, pings(6)));
      const small = await asApiResponse(await postMcp(strict.url, sandboxKey, pings(1)));
      assertApiError(big, 429, 'rate_limited');
      if (big.headers.get('x-ratelimit-reset') !== small.headers.get('x-ratelimit-reset') && attempt < 5) continue;
      assertApiError(small, 429, 'rate_limited');
      assert.equal(small.headers.get('x-ratelimit-remaining'), '0');
      break;
    }
  });

  test('a batch is counted like as many single requests: two batches of 3 in one window do not both pass', async () => {
    const { sandboxKey } = await strict.newAccount();
    // Sent together, so both land in the key's first one-second window (a window starts at its first request).
    const [a, b] = await Promise.all([postMcp(strict.url, sandboxKey, pings(3)), postMcp(strict.url, sandboxKey, pings(3))]);
    assert.deepEqual([a.status, b.status].sort(), [200, 429]);
  });
});

describe('POST /v1/events/:id/redeliver', () => {
  test('one event is sent again at most 10 times an hour, across API processes; replays cost nothing; other events are not held up', async () => {
    const { accountId, sandboxKey } = await proxied.newAccount();
    const endpoint = await proxiedHttp.post('/v1/webhook_endpoints', { key: sandboxKey, json: { url: 'http://127.0.0.1:9/hook', enabled_events: ['*'] } });
    assert.equal(endpoint.status, 200, endpoint.text);
    const em = proxied.stack.orm.em.fork();
    const event = (type: string) => recordEvent(em, { accountId, mode: 'sandbox', type, object: { id: `pout_${randomUUID()}`, object: 'payout' } });
    const eventId = await event('payout.completed');
    const second = await startSecondApi(proxied);
    try {
      const viaSecond = createHttp(second.url);
      const first = await proxiedHttp.post(`/v1/events/${eventId}/redeliver`, { key: sandboxKey, idempotencyKey: 'redeliver-1' });
      assert.equal(first.status, 200, first.text);
      assert.deepEqual(first.body.endpoint_ids, [endpoint.body.id]);
      const replay = await proxiedHttp.post(`/v1/events/${eventId}/redeliver`, { key: sandboxKey, idempotencyKey: 'redeliver-1' });
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      for (let i = 2; i <= 10; i++) {
        const via = i % 2 === 0 ? viaSecond : proxiedHttp;
        const res = await via.post(`/v1/events/${eventId}/redeliver`, { key: sandboxKey });
        assert.equal(res.status, 200, `send ${i}: ${res.text}`);
      }
      for (const via of [proxiedHttp, viaSecond]) {
        const refused = await via.post(`/v1/events/${eventId}/redeliver`, { key: sandboxKey, idempotencyKey: `over-${randomUUID()}` });
        assertApiError(refused, 429, 'rate_limited');
        const retryAfter = Number(refused.headers.get('retry-after'));
        assert.ok(retryAfter >= 1 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
      }
      // The first request's replay still answers; another event of the account is sent at once.
      assert.equal((await proxiedHttp.post(`/v1/events/${eventId}/redeliver`, { key: sandboxKey, idempotencyKey: 'redeliver-1' })).status, 200);
      const other = await proxiedHttp.post(`/v1/events/${await event('payout.failed')}/redeliver`, { key: sandboxKey });
      assert.equal(other.status, 200, other.text);
    } finally {
      await second.stop();
    }
  });
});

describe('ids', () => {
  /** The 80 random bits after the 48-bit time of a `<prefix>_<ULID>`. */
  const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const randomPart = (id: string) => [...id.slice(-16)].reduce((n, c) => n * 32n + BigInt(CROCKFORD.indexOf(c)), 0n);
  const timePart = (id: string) => id.slice(-26, -16);

  test('Request-Ids made in the same millisecond share only their time: the rest is not one more than another', async () => {
    let pairs = 0;
    for (let round = 0; round < 20 && pairs < 5; round++) {
      const responses = await Promise.all(Array.from({ length: 50 }, () => fetch(`${proxied.url}/healthz`)));
      const ids = responses.map((r) => r.headers.get('request-id') ?? '');
      for (const id of ids) assert.match(id, /^req_[0-9A-HJKMNP-TV-Z]{26}$/);
      const byMs = Map.groupBy(ids, timePart);
      for (const group of byMs.values()) {
        const sorted = group.map(randomPart).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        for (let i = 1; i < sorted.length; i++) {
          pairs++;
          // A monotonic factory makes them differ by exactly 1; 80 fresh bits land this close once in 2^40.
          assert.ok(sorted[i]! - sorted[i - 1]! > 1n << 40n, `same-millisecond Request-Ids ${group.join(', ')} are within a small step of each other`);
        }
      }
    }
    assert.ok(pairs > 0, 'no two Request-Ids were made in the same millisecond in 20 bursts of 50');
  });
});
