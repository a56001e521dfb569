// Rate limits (docs/api.md, Rate limits and Sandbox): per API key; every response carries X-RateLimit-Limit,
// -Remaining and -Reset; a 429 adds Retry-After; a 429 changes nothing and leaves the idempotency key free.
// `Sandbox-Simulate: rate_limited` answers 429 at once and does nothing. The counters live in PostgreSQL, so
// two API processes of one deployment share every limit.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { allBalanceTransactions, assertApiError, balanceOf, sleep, topUpRows } from '../helpers/api-assert.ts';
import { createHttp, type ApiResponse, type Http } from '../helpers/http.ts';
import { startSecondApi, startTestService, type TestService } from '../helpers/service.ts';

const LIMIT = 5;
let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService({ RATE_LIMIT_SANDBOX: String(LIMIT) });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

const TOP_UPS = '/v1/test_helpers/top_ups';
const nowSeconds = () => Math.floor(Date.now() / 1000);

function assertRateLimitHeaders(res: ApiResponse): void {
  const where = `${res.status} ${res.text}`;
  assert.equal(res.headers.get('x-ratelimit-limit'), String(LIMIT), where);
  const remaining = res.headers.get('x-ratelimit-remaining');
  assert.match(remaining ?? '', /^[0-9]+$/, where);
  assert.ok(Number(remaining) <= LIMIT, where);
  const reset = res.headers.get('x-ratelimit-reset');
  assert.match(reset ?? '', /^[0-9]+$/, where);
  const now = nowSeconds();
  assert.ok(Number(reset) >= now - 1 && Number(reset) <= now + 60, `X-RateLimit-Reset ${reset} is not unix seconds near ${now}`);
}

/** The contract's 429: envelope, Retry-After in whole seconds, the X-RateLimit-* headers with nothing remaining. */
function assertRateLimited(res: ApiResponse): number {
  assertApiError(res, 429, 'rate_limited');
  assertRateLimitHeaders(res);
  const retryAfter = res.headers.get('retry-after');
  assert.match(retryAfter ?? '', /^[0-9]+$/, `Retry-After ${retryAfter}`);
  assert.ok(Number(retryAfter) >= 1 && Number(retryAfter) <= 60, `Retry-After ${retryAfter}`);
  return Number(retryAfter);
}

/** The window a response was counted in: the responses of one window all name its end as X-RateLimit-Reset. */
const windowOf = (res: ApiResponse) => res.headers.get('x-ratelimit-reset') ?? 'none';

/** How many of `responses` got through in each window they fell into. */
function passedPerWindow(responses: ApiResponse[]): Map<string, number> {
  const passed = new Map<string, number>();
  for (const res of responses) passed.set(windowOf(res), (passed.get(windowOf(res)) ?? 0) + (res.status === 200 ? 1 : 0));
  return passed;
}

/** Fires `n` balance reads at once with this key (through `client`, the first API process by default). */
function burst(key: string, n: number, client: Http = http): Promise<ApiResponse[]> {
  return Promise.all(Array.from({ length: n }, () => client.get('/v1/balance', { key })));
}

describe('rate limit headers', () => {
  test('successful and refused authenticated responses carry X-RateLimit-Limit, -Remaining and -Reset', async () => {
    const { sandboxKey } = await service.newAccount();
    const read = await http.get('/v1/balance', { key: sandboxKey });
    assert.equal(read.status, 200, read.text);
    assertRateLimitHeaders(read);
    assert.ok(Number(read.headers.get('x-ratelimit-remaining')) < LIMIT, 'the request itself counts');
    const write = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '10' } });
    assert.equal(write.status, 200, write.text);
    assertRateLimitHeaders(write);
    const invalid = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: 'x' } });
    assertApiError(invalid, 400, 'invalid_request', 'amount');
    assertRateLimitHeaders(invalid);
  });
});

describe('exceeding the limit', () => {
  test('gives 429 rate_limited with Retry-After and the X-RateLimit-* headers; after Retry-After it works again', async () => {
    const { sandboxKey } = await service.newAccount();
    const responses = await burst(sandboxKey, 3 * LIMIT);
    const ok = responses.filter((r) => r.status === 200);
    const limited = responses.filter((r) => r.status !== 200);
    assert.ok(ok.length >= 1, 'some requests get through');
    // At most the limit in each window the burst fell into (one, or two when it straddled a window's end).
    for (const [window, passed] of passedPerWindow(responses)) assert.ok(passed <= LIMIT, `${passed} requests got through the window ending ${window}, over a limit of ${LIMIT}/s`);
    assert.ok(limited.length >= 1, 'the burst was limited');
    let wait = 0;
    for (const res of limited) {
      wait = Math.max(wait, assertRateLimited(res));
      assert.equal(res.headers.get('x-ratelimit-remaining'), '0');
    }
    for (const res of ok) assertRateLimitHeaders(res);

    await sleep(wait * 1000 + 100);
    const again = await http.get('/v1/balance', { key: sandboxKey });
    assert.equal(again.status, 200, again.text);
    assertRateLimitHeaders(again);
  });

  test('the limit is per API key: another key is not limited', async () => {
    const busy = await service.newAccount();
    const calm = await service.newAccount();
    const responses = await burst(busy.sandboxKey, 3 * LIMIT);
    assert.ok(responses.some((r) => r.status === 429), 'the busy key is limited');
    const res = await http.get('/v1/balance', { key: calm.sandboxKey });
    assert.equal(res.status, 200, res.text);
    assertRateLimitHeaders(res);
  });

  test('a write refused with 429 creates nothing and does not bind its idempotency key', async () => {
    let refused: ApiResponse | undefined;
    let account: Awaited<ReturnType<TestService['newAccount']>> | undefined;
    for (let attempt = 0; attempt < 5 && !refused; attempt++) {
      account = await service.newAccount();
      await burst(account.sandboxKey, 3 * LIMIT);
      const res = await http.post(TOP_UPS, { key: account.sandboxKey, form: { amount: '700' }, idempotencyKey: 'slow-down' });
      if (res.status === 429) refused = res;
      else await sleep(1100); // the window turned over between the burst and the write; try again
    }
    assert.ok(refused && account, 'a write right after a burst is refused with 429');
    const wait = assertRateLimited(refused);
    assert.deepEqual(await topUpRows(service, account.accountId), []);

    await sleep(wait * 1000 + 100);
    // Different parameters with the same key: had the 429 bound the key this would be a 422 or a replay.
    const retry = await http.post(TOP_UPS, { key: account.sandboxKey, form: { amount: '800' }, idempotencyKey: 'slow-down' });
    assert.equal(retry.status, 200, retry.text);
    assert.equal(retry.headers.get('idempotent-replayed'), null);
    assert.equal(retry.body.amount, 800);
    const rows = await topUpRows(service, account.accountId, 'slow-down');
    assert.equal(rows.length, 1);
    assert.equal((await balanceOf(http, account.sandboxKey)).available, 800);
  });
});

describe('Sandbox-Simulate: rate_limited', () => {
  test('answers 429 at once with the headers and creates nothing', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const simulate = { 'sandbox-simulate': 'rate_limited' };
    const write = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '5000' }, idempotencyKey: 'sim-1', headers: simulate });
    assertRateLimited(write);
    const read = await http.get('/v1/balance', { key: sandboxKey, headers: simulate });
    assertRateLimited(read);

    await sleep(1100); // let the window turn over whatever the simulation did to it
    assert.deepEqual(await topUpRows(service, accountId), []);
    assert.deepEqual(await allBalanceTransactions(http, sandboxKey), []);
    assert.equal((await balanceOf(http, sandboxKey)).available, 0);
    // And the key is still free.
    const real = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '42' }, idempotencyKey: 'sim-1' });
    assert.equal(real.status, 200, real.text);
    assert.equal(real.headers.get('idempotent-replayed'), null);
    assert.equal(real.body.amount, 42);
  });
});

/**
 * Runs `check` with a fresh key until all the responses of one run fell into one window (they name the same
 * X-RateLimit-Reset; the window opens at the run's first request), then `verify`s that run. A run that straddled
 * two windows proves nothing about one window's limit, so it is run again with a new key.
 */
async function inOneWindow(check: (key: string) => Promise<{ responses: ApiResponse[]; verify: () => void }>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { sandboxKey } = await service.newAccount();
    const { responses, verify } = await check(sandboxKey);
    const windows = new Set(responses.map(windowOf));
    if (windows.size === 1) return verify();
    assert.ok(attempt < 5, `runs kept straddling windows (X-RateLimit-Reset ${[...windows].join(', ')}); cannot check one window`);
  }
}

describe('two API processes of one deployment', () => {
  let second: TestService;
  let secondHttp: Http;
  before(async () => {
    second = await startSecondApi(service);
    secondHttp = createHttp(second.url);
  });
  after(async () => {
    await second?.stop();
  });

  test('share one limit: a burst through both gets at most the limit per second in all', async () => {
    await inOneWindow(async (key) => {
      const [first, other] = await Promise.all([burst(key, 3 * LIMIT), burst(key, 3 * LIMIT, secondHttp)]);
      return {
        responses: [...first, ...other],
        verify: () => {
          const ok = (list: ApiResponse[]) => list.filter((r) => r.status === 200).length;
          for (const res of [...first, ...other]) {
            if (res.status === 200) assertRateLimitHeaders(res);
            else assertRateLimited(res);
          }
          assert.ok(ok(first) + ok(other) >= 1, 'some requests get through');
          assert.ok(ok(first) + ok(other) <= LIMIT, `${ok(first)} + ${ok(other)} requests got through the two processes, over the shared limit of ${LIMIT}/s`);
        },
      };
    });
  });

  test('a key limited through one process is limited through the other', async () => {
    await inOneWindow(async (key) => {
      const first = await burst(key, 2 * LIMIT);
      const res = await secondHttp.get('/v1/balance', { key });
      return {
        responses: [...first, res],
        verify: () => {
          assert.ok(first.some((r) => r.status === 429), 'the first process limits the key');
          assertRateLimited(res);
          assert.equal(res.headers.get('x-ratelimit-remaining'), '0');
        },
      };
    });
  });
});

describe('when the counters cannot be read or written', () => {
  test('requests still get an answer with the headers, and the limit holds in each process', async () => {
    // The store's table is moved away: every limiter query fails, as it does while the database is unreachable.
    await service.sql(`alter table rate_limits rename to rate_limits_away`);
    try {
      await inOneWindow(async (key) => {
        const responses = await burst(key, 3 * LIMIT);
        return {
          responses,
          verify: () => {
            const ok = responses.filter((r) => r.status === 200);
            assert.ok(ok.length >= 1, responses.map((r) => `${r.status} ${r.text}`).join('\n'));
            for (const res of ok) assertRateLimitHeaders(res);
            for (const res of responses.filter((r) => r.status !== 200)) assertRateLimited(res);
            assert.ok(ok.length <= LIMIT, `${ok.length} requests got through a limit of ${LIMIT}/s`);
          },
        };
      });
    } finally {
      await service.sql(`alter table rate_limits_away rename to rate_limits`);
    }
    const { sandboxKey } = await service.newAccount();
    const res = await http.get('/v1/balance', { key: sandboxKey });
    assert.equal(res.status, 200, res.text);
    const [row] = await service.sql<{ points: number }>(`select points from rate_limits where key like ?`, ['sandbox:%']);
    assert.ok(row, 'counted in the database again');
  });
});
