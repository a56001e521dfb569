// Two API processes of one deployment, each with what it keeps in memory (issue #39): the API keys it has looked up
// (a cache PostgreSQL tells of every key change through LISTEN/NOTIFY) and a per-key budget of requests it lets
// through between writes to the shared counter. What a caller sees must not change:
// - a revoked key is refused by the next request in every API process, however it was revoked (payctl, another
//   process), also right after a process lost its listening connection; a change PostgreSQL never announced still
//   ends within the cache's maximum age (10 s);
// - the per-key limit holds across processes within the documented overshoot (README, Configuration: one chunk, a
//   tenth of the limit, per process and window), and no request is refused before the key has used its limit.
// The second process is `node src/main-api.ts` in a process of its own.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { revokeApiKey } from '../../src/db/accounts.ts';
import { chunkOf } from '../../src/db/rate-budget.ts';
import { assertApiError, sleep } from '../helpers/api-assert.ts';
import { startApiProcess, type ApiProcess } from '../helpers/api-process.ts';
import { createHttp, type ApiResponse, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const LISTENER = 'paygate api key changes';

/** payctl as an operator runs it, in a directory of its own; its parsed --json output. */
function payctl(service: TestService, args: string[]): Promise<Record<string, unknown>> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'payctl-cwd-'));
  const entry = path.resolve('src/cli/payctl.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args, '--json'], {
      cwd,
      env: { PATH: process.env.PATH, DATABASE_URL: service.config.DATABASE_URL, LOG_LEVEL: 'warn' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      rmSync(cwd, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`payctl ${args.join(' ')} failed (${code}): ${stderr}`));
      resolve(JSON.parse(stdout) as Record<string, unknown>);
    });
  });
}

async function listeners(service: TestService): Promise<number> {
  const [row] = await service.sql<{ n: number }>(`select count(*)::int as n from pg_stat_activity where application_name = ?`, [LISTENER]);
  return row.n;
}

/** Waits (generously) until at least `n` processes listen for key changes. */
async function untilListening(service: TestService, n: number): Promise<void> {
  for (let i = 0; i < 200 && (await listeners(service)) < n; i++) await sleep(100);
  assert.ok((await listeners(service)) >= n, `fewer than ${n} API processes listen for key changes`);
}

describe('a revoked key in every API process', () => {
  let service: TestService;
  let second: ApiProcess;
  let one: Http;
  let two: Http;

  before(async () => {
    service = await startTestService({}, { role: 'api' });
    second = await startApiProcess(service);
    one = createHttp(service.url);
    two = createHttp(second.url);
    await untilListening(service, 2);
  });
  after(async () => {
    await Promise.all([second?.stop(), service?.stop()]);
  });

  /** A fresh key, used (and so cached) in both processes. */
  async function keyKnownToBoth() {
    const account = await service.newAccount();
    for (const http of [one, two, one, two]) {
      const res = await http.get('/v1/balance', { key: account.sandboxKey });
      assert.equal(res.status, 200, res.text);
    }
    return account;
  }

  test('revoked through payctl: the next request to either process is 401', async () => {
    const { sandboxKey, sandboxKeyId } = await keyKnownToBoth();
    const out = await payctl(service, ['keys', 'revoke', sandboxKeyId]);
    assert.equal(out.id, sandboxKeyId);
    assertApiError(await two.get('/v1/balance', { key: sandboxKey }), 401, 'authentication_failed');
    assertApiError(await one.get('/v1/balance', { key: sandboxKey }), 401, 'authentication_failed');
    assertApiError(await two.post('/v1/test_helpers/top_ups', { key: sandboxKey, form: { amount: '100' } }), 401, 'authentication_failed');
  });

  test('revoked through one process: the other refuses the next request', async () => {
    const { sandboxKey, sandboxKeyId } = await keyKnownToBoth();
    await revokeApiKey(service.stack.orm.em.fork(), sandboxKeyId);
    assertApiError(await two.get('/v1/balance', { key: sandboxKey, scheme: 'bearer' }), 401, 'authentication_failed');
    assertApiError(await one.get('/v1/balance', { key: sandboxKey }), 401, 'authentication_failed');
  });

  test('revoked while the other process is too busy to hear of it: the revoke answers only once it has forgotten the key', async () => {
    const { sandboxKey, sandboxKeyId } = await keyKnownToBoth();
    // A busy machine, made certain: the other process runs nothing at all until it is continued.
    second.child.kill('SIGSTOP');
    let revoked = false;
    let revoking: Promise<unknown>;
    try {
      revoking = revokeApiKey(service.stack.orm.em.fork(), sandboxKeyId).then(() => (revoked = true));
      await sleep(1_500);
      assert.equal(revoked, false, 'the revoke answered while another API process had not heard of it');
    } finally {
      second.child.kill('SIGCONT');
    }
    const started = Date.now();
    await revoking;
    assert.ok(Date.now() - started < 10_000, 'the revoke waited past the cache maximum age');
    assertApiError(await two.get('/v1/balance', { key: sandboxKey }), 401, 'authentication_failed');
    assertApiError(await one.get('/v1/balance', { key: sandboxKey }), 401, 'authentication_failed');
  });

  test('right after the listening connections are cut, a revocation is still refused at once; then they come back', async () => {
    const { sandboxKey, sandboxKeyId } = await keyKnownToBoth();
    await service.sql(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ?`, [LISTENER]);
    await sleep(200); // the processes read the termination from their sockets
    await revokeApiKey(service.stack.orm.em.fork(), sandboxKeyId);
    assertApiError(await two.get('/v1/balance', { key: sandboxKey }), 401, 'authentication_failed');
    assertApiError(await one.get('/v1/balance', { key: sandboxKey }), 401, 'authentication_failed');

    // Both listen again, and a key revoked now is refused at once as before.
    await untilListening(service, 2);
    const again = await keyKnownToBoth();
    await payctl(service, ['keys', 'revoke', again.sandboxKeyId]);
    assertApiError(await two.get('/v1/balance', { key: again.sandboxKey }), 401, 'authentication_failed');
  });

  test('a revocation PostgreSQL never announced (trigger disabled) still ends within the 10 s maximum age', async () => {
    const { sandboxKey, sandboxKeyId } = await keyKnownToBoth();
    await service.sql(`alter table api_keys disable trigger api_keys_notify_change`);
    try {
      await service.sql(`update api_keys set revoked_at = now() where id = ?`, [sandboxKeyId]);
    } finally {
      await service.sql(`alter table api_keys enable trigger api_keys_notify_change`);
    }
    // Unannounced, the processes still answer from memory (which is what makes a request cheap)...
    const cached = await two.get('/v1/balance', { key: sandboxKey });
    assert.equal(cached.status, 200, `the key cache was not in use: ${cached.text}`);
    // ...until the entry's maximum age has passed.
    let refused: ApiResponse | undefined;
    for (let i = 0; i < 300 && !refused; i++) {
      const res = await two.get('/v1/balance', { key: sandboxKey });
      if (res.status === 401) refused = res;
      else await sleep(100);
    }
    assert.ok(refused, 'the revoked key still works after the maximum age');
    assertApiError(refused, 401, 'authentication_failed');
    assertApiError(await one.get('/v1/balance', { key: sandboxKey }), 401, 'authentication_failed');
  });
});

describe('the per-key limit across two API processes', () => {
  const LIMIT = 50;
  const CHUNK = chunkOf(LIMIT);
  let service: TestService;
  let second: ApiProcess;
  let one: Http;
  let two: Http;

  before(async () => {
    service = await startTestService({ RATE_LIMIT_SANDBOX: String(LIMIT) }, { role: 'api' });
    second = await startApiProcess(service);
    one = createHttp(service.url);
    two = createHttp(second.url);
  });
  after(async () => {
    await Promise.all([second?.stop(), service?.stop()]);
  });

  const windowOf = (res: ApiResponse) => res.headers.get('x-ratelimit-reset') ?? 'none';
  const burst = (http: Http, key: string, n: number) => Promise.all(Array.from({ length: n }, () => http.get('/v1/balance', { key })));

  /** Runs `check` with fresh keys until one run falls in one window (the same X-RateLimit-Reset), then verifies it. */
  async function inOneWindow(check: (key: string) => Promise<{ responses: ApiResponse[]; verify: () => void }>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const { sandboxKey } = await service.newAccount();
      const { responses, verify } = await check(sandboxKey);
      const windows = new Set(responses.map(windowOf));
      if (windows.size === 1) return verify();
      assert.ok(attempt < 8, `runs kept straddling windows (${[...windows].join(', ')})`);
    }
  }

  test(`a burst through both: at least the limit and at most one chunk (${CHUNK}) per process over it in one window`, async () => {
    assert.ok(CHUNK >= 1, 'the limit is large enough for a chunk');
    await inOneWindow(async (key) => {
      const [first, other] = await Promise.all([burst(one, key, 40), burst(two, key, 40)]);
      const responses = [...first, ...other];
      return {
        responses,
        verify: () => {
          const ok = responses.filter((r) => r.status === 200).length;
          for (const res of responses) if (res.status !== 200) assertApiError(res, 429, 'rate_limited');
          assert.ok(ok >= LIMIT, `only ${ok} of 80 requests got through a limit of ${LIMIT}/s: refused before the key used its limit`);
          assert.ok(ok <= LIMIT + 2 * CHUNK, `${ok} requests got through two processes, over the limit ${LIMIT} + 2 chunks of ${CHUNK}`);
        },
      };
    });
  });

  test('a key at its limit through one process is refused by the other at once', async () => {
    await inOneWindow(async (key) => {
      const first = await burst(one, key, 2 * LIMIT);
      const res = await two.get('/v1/balance', { key });
      return {
        responses: [...first, res],
        verify: () => {
          assert.ok(first.some((r) => r.status === 429), 'the first process limits the key');
          assertApiError(res, 429, 'rate_limited');
          assert.equal(res.headers.get('x-ratelimit-remaining'), '0');
          assert.match(res.headers.get('retry-after') ?? '', /^[0-9]+$/);
        },
      };
    });
  });
});
