// Idempotency (docs/api.md, Idempotency and Sandbox): scope account + mode + key; a repeat replays the
// original status and body byte for byte with Idempotent-Replayed: true and creates nothing; a different
// method, path or parameters is 422; a refusal that changed nothing (400, 415, 429 ...) leaves the key free.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { allBalanceTransactions, assertApiError, balanceOf, topUpRows } from '../helpers/api-assert.ts';
import { createHttp, type ApiResponse, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { waitUntil } from '../helpers/webhook-receiver.ts';

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService();
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

const TOP_UPS = '/v1/test_helpers/top_ups';

/** Exactly one top-up exists for (account, key), of this amount, and it is all the account holds. */
async function assertExactlyOneTopUp(accountId: string, sandboxKey: string, idempotencyKey: string, amount: number): Promise<string> {
  const rows = await topUpRows(service, accountId, idempotencyKey);
  assert.equal(rows.length, 1, `top-ups with key ${idempotencyKey}: ${JSON.stringify(rows)}`);
  assert.equal(Number(rows[0].amount), amount);
  const txns = await allBalanceTransactions(http, sandboxKey, 'type=top_up');
  assert.equal(txns.length, 1, JSON.stringify(txns));
  assert.equal(txns[0].source_id, rows[0].id);
  assert.equal((await balanceOf(http, sandboxKey)).available, amount);
  return rows[0].id;
}

function assertOriginal(res: ApiResponse): void {
  assert.equal(res.status, 200, res.text);
  assert.equal(res.headers.get('idempotent-replayed'), null, 'the first answer is not a replay');
}

function assertReplayOf(replay: ApiResponse, original: ApiResponse): void {
  assert.equal(replay.status, original.status, replay.text);
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assert.equal(replay.text, original.text, 'byte for byte the original body');
  assert.equal(replay.headers.get('content-type'), original.headers.get('content-type'));
  assert.match(replay.headers.get('request-id') ?? '', /^req_/);
}

describe('replay', () => {
  test('the repeat returns the identical status and body with Idempotent-Replayed: true; one top-up exists', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const form = { amount: '1500', description: 'once', 'metadata[run]': '7' };
    const first = await http.post(TOP_UPS, { key: sandboxKey, form, idempotencyKey: 'replay-1' });
    assertOriginal(first);
    assert.equal(first.body.idempotency_key, 'replay-1');
    for (let i = 0; i < 3; i++) {
      assertReplayOf(await http.post(TOP_UPS, { key: sandboxKey, form, idempotencyKey: 'replay-1' }), first);
    }
    // Bearer instead of Basic is the same caller.
    assertReplayOf(await http.post(TOP_UPS, { key: sandboxKey, scheme: 'bearer', form, idempotencyKey: 'replay-1' }), first);
    const id = await assertExactlyOneTopUp(accountId, sandboxKey, 'replay-1', 1500);
    assert.equal(id, first.body.id);
  });

  test('the same parameters sent as JSON, or in another order, are the same request', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const first = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '900', description: 'd' }, idempotencyKey: 'enc-1' });
    assertOriginal(first);
    assertReplayOf(await http.post(TOP_UPS, { key: sandboxKey, json: { amount: 900, description: 'd' }, idempotencyKey: 'enc-1' }), first);
    assertReplayOf(await http.post(TOP_UPS, { key: sandboxKey, form: { description: 'd', amount: '900' }, idempotencyKey: 'enc-1' }), first);
    await assertExactlyOneTopUp(accountId, sandboxKey, 'enc-1', 900);
  });

  test('each POST without Idempotency-Key gets a fresh key of its own (no deduplication)', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const one = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '100' } });
    const two = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '100' } });
    assertOriginal(one);
    assertOriginal(two);
    assert.notEqual(one.body.id, two.body.id);
    assert.equal(typeof one.body.idempotency_key, 'string');
    assert.ok(one.body.idempotency_key.length > 0);
    assert.notEqual(one.body.idempotency_key, two.body.idempotency_key);
    assert.equal((await topUpRows(service, accountId)).length, 2);
    assert.equal((await balanceOf(http, sandboxKey)).available, 200);
  });

  test('keys of 255 printable characters are accepted; 256 or an empty key are 400 and create nothing', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const long = `k${'~ !'.repeat(85)}`.slice(0, 254) + 'z'; // header values lose surrounding spaces in transit
    assert.equal(long.length, 255);
    const ok = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '10' }, idempotencyKey: long });
    assertOriginal(ok);
    assert.equal(ok.body.idempotency_key, long);
    const tooLong = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '10' }, idempotencyKey: 'x'.repeat(256) });
    assertApiError(tooLong, 400, 'invalid_request');
    const empty = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '10' }, headers: { 'idempotency-key': '' } });
    assertApiError(empty, 400, 'invalid_request');
    assert.equal((await topUpRows(service, accountId)).length, 1);
  });
});

describe('422 idempotency_key_reused', () => {
  test('changed parameters → 422, nothing created, and the original still replays', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const first = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '1000' }, idempotencyKey: 'changed-1' });
    assertOriginal(first);
    const variants: Record<string, string>[] = [
      { amount: '1001' },
      { amount: '1000', description: 'now with a description' },
      { amount: '1000', 'metadata[x]': 'y' },
      {},
    ];
    for (const form of variants) {
      const res = await http.post(TOP_UPS, { key: sandboxKey, form, idempotencyKey: 'changed-1' });
      assertApiError(res, 422, 'idempotency_key_reused');
      assert.equal(res.headers.get('idempotent-replayed'), null);
    }
    assertApiError(await http.post(TOP_UPS, { key: sandboxKey, json: { amount: 2000 }, idempotencyKey: 'changed-1' }), 422, 'idempotency_key_reused');
    assertReplayOf(await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '1000' }, idempotencyKey: 'changed-1' }), first);
    await assertExactlyOneTopUp(accountId, sandboxKey, 'changed-1', 1000);
  });

  test('the same key with a different path → 422', async () => {
    // The foundation has one POST route; the same route spelled with a trailing slash is a different path.
    const { accountId, sandboxKey } = await service.newAccount();
    const first = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '300' }, idempotencyKey: 'path-1' });
    assertOriginal(first);
    const other = await http.post(`${TOP_UPS}/`, { key: sandboxKey, form: { amount: '300' }, idempotencyKey: 'path-1' });
    assertApiError(other, 422, 'idempotency_key_reused');
    await assertExactlyOneTopUp(accountId, sandboxKey, 'path-1', 300);
  });
});

describe('refusals do not bind the key', () => {
  test('a 400 (bad amount) does not bind: the fixed request with the same key succeeds', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const bad = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '1.5' }, idempotencyKey: 'fix-1' });
    assertApiError(bad, 400, 'invalid_request', 'amount');
    // The same bad request again is judged again (not replayed).
    const badAgain = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '1.5' }, idempotencyKey: 'fix-1' });
    assertApiError(badAgain, 400, 'invalid_request', 'amount');
    assert.equal(badAgain.headers.get('idempotent-replayed'), null);
    const fixed = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '150' }, idempotencyKey: 'fix-1' });
    assertOriginal(fixed);
    assert.equal(fixed.body.amount, 150);
    assertReplayOf(await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '150' }, idempotencyKey: 'fix-1' }), fixed);
    await assertExactlyOneTopUp(accountId, sandboxKey, 'fix-1', 150);
  });

  test('a 415 (wrong content type) does not bind the key', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const bad = await http.post(TOP_UPS, { key: sandboxKey, raw: { body: 'amount=60', contentType: 'text/plain' }, idempotencyKey: 'fix-415' });
    assertApiError(bad, 415, 'unsupported_media_type');
    const fixed = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '60' }, idempotencyKey: 'fix-415' });
    assertOriginal(fixed);
    await assertExactlyOneTopUp(accountId, sandboxKey, 'fix-415', 60);
  });

  test('a request refused with 429 (Sandbox-Simulate: rate_limited) does not bind its key', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const limited = await http.post(TOP_UPS, {
      key: sandboxKey,
      form: { amount: '999' },
      idempotencyKey: 'after-429',
      headers: { 'sandbox-simulate': 'rate_limited' },
    });
    assertApiError(limited, 429, 'rate_limited');
    assert.deepEqual(await topUpRows(service, accountId), []);
    // Different parameters with the same key: had the 429 bound the key this would be a 422 or a replay.
    const retry = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '500' }, idempotencyKey: 'after-429' });
    assertOriginal(retry);
    assert.equal(retry.body.amount, 500);
    await assertExactlyOneTopUp(accountId, sandboxKey, 'after-429', 500);
  });
});

describe('scope', () => {
  test('the same key in two accounts is independent', async () => {
    const a = await service.newAccount();
    const b = await service.newAccount();
    const ra = await http.post(TOP_UPS, { key: a.sandboxKey, form: { amount: '111' }, idempotencyKey: 'shared-key' });
    const rb = await http.post(TOP_UPS, { key: b.sandboxKey, form: { amount: '222' }, idempotencyKey: 'shared-key' });
    assertOriginal(ra);
    assertOriginal(rb);
    assert.notEqual(ra.body.id, rb.body.id);
    assert.equal(rb.body.amount, 222);
    await assertExactlyOneTopUp(a.accountId, a.sandboxKey, 'shared-key', 111);
    await assertExactlyOneTopUp(b.accountId, b.sandboxKey, 'shared-key', 222);
    assertReplayOf(await http.post(TOP_UPS, { key: b.sandboxKey, form: { amount: '222' }, idempotencyKey: 'shared-key' }), rb);
  });

  test('no key can spell another key\'s workflow: one written as "sha256-" and the hash of another is a key of its own', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const first = 'pay run #1'; // a space and a '#': keys like this used to enter the workflow id as their hash
    const lookalike = `sha256-${createHash('sha256').update(first).digest('hex')}`;
    const ra = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '111' }, idempotencyKey: first });
    const rb = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '222' }, idempotencyKey: lookalike });
    assertOriginal(ra);
    assertOriginal(rb);
    assert.notEqual(rb.body.id, ra.body.id);
    assert.equal(rb.body.amount, 222);
    assert.equal((await topUpRows(service, accountId, first)).length, 1);
    assert.equal((await topUpRows(service, accountId, lookalike)).length, 1);
    assert.equal((await balanceOf(http, sandboxKey)).available, 333);
  });
});

/**
 * Holds every top-up insert of `accountId` inside PostgreSQL until `release()`: a trigger waits for an advisory
 * lock this session holds. `blocked()` says whether an insert is waiting on it now (the request is held).
 */
async function holdTopUpInserts(accountId: string): Promise<{ blocked(): Promise<boolean>; release(): Promise<void> }> {
  const lock = 1 + Math.floor(Math.random() * 2 ** 30);
  const name = `hold_top_ups_${lock}`;
  const holder = new pg.Client({ connectionString: service.config.DATABASE_URL });
  await holder.connect();
  await holder.query('select pg_advisory_lock($1)', [lock]);
  await service.sql(
    `create function ${name}() returns trigger language plpgsql as $$ begin if new.account_id = '${accountId}' then perform pg_advisory_xact_lock(${lock}); end if; return new; end $$`,
  );
  await service.sql(`create trigger ${name} before insert on top_ups for each row execute function ${name}()`);
  let released = false;
  return {
    async blocked() {
      const waiting = await service.sql(`select 1 from pg_locks where locktype = 'advisory' and objid = ? and not granted`, [lock]);
      return waiting.length > 0;
    },
    async release() {
      if (released) return;
      released = true;
      await holder.end(); // ends the session, and with it the lock
      await service.sql(`drop trigger if exists ${name} on top_ups`);
      await service.sql(`drop function if exists ${name}()`);
    },
  };
}

describe('concurrency and lost answers', () => {
  test('while the first request with a key is still running, the same request again is 409 idempotency_key_in_use; once it finished, the key replays', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const form = { amount: '2500' };
    const hold = await holdTopUpInserts(accountId);
    let first: Promise<ApiResponse> | undefined;
    try {
      first = http.post(TOP_UPS, { key: sandboxKey, form, idempotencyKey: 'held-1' });
      await waitUntil('the first request is held inside its insert', () => hold.blocked(), 30_000);
      const concurrent = await http.post(TOP_UPS, { key: sandboxKey, form, idempotencyKey: 'held-1' });
      assertApiError(concurrent, 409, 'idempotency_key_in_use', 'Idempotency-Key');
      assert.equal(concurrent.headers.get('idempotent-replayed'), null);
      assert.equal(await hold.blocked(), true, 'the first request was still running when the 409 came');
    } finally {
      await hold.release();
    }
    const original = await first;
    assertOriginal(original);
    assert.equal(original.body.amount, 2500);
    // The 409 bound nothing of its own: the key now replays the first request's answer, and one top-up exists.
    assertReplayOf(await http.post(TOP_UPS, { key: sandboxKey, form, idempotencyKey: 'held-1' }), original);
    await assertExactlyOneTopUp(accountId, sandboxKey, 'held-1', 2500);
  });

  test('50 concurrent requests with one key → exactly one top-up', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => http.post(TOP_UPS, { key: sandboxKey, form: { amount: '4321' }, idempotencyKey: 'storm-1' })),
    );
    const ok = responses.filter((r) => r.status === 200);
    const inUse = responses.filter((r) => r.status === 409);
    assert.equal(ok.length + inUse.length, 50, `unexpected statuses: ${responses.map((r) => `${r.status} ${r.text}`).join('\n')}`);
    for (const r of inUse) assertApiError(r, 409, 'idempotency_key_in_use');
    const originals = ok.filter((r) => r.headers.get('idempotent-replayed') === null);
    assert.equal(originals.length, 1, 'exactly one answer is the original');
    for (const r of ok) assert.equal(r.text, originals[0].text);
    // Once it has finished, every retry gets the stored answer.
    assertReplayOf(await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '4321' }, idempotencyKey: 'storm-1' }), originals[0]);
    await assertExactlyOneTopUp(accountId, sandboxKey, 'storm-1', 4321);
  });

  test('Sandbox-Simulate: timeout drops the connection; the retry with the same key gets the stored result', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    await assert.rejects(
      http.post(TOP_UPS, { key: sandboxKey, form: { amount: '8000' }, idempotencyKey: 'lost-1', headers: { 'sandbox-simulate': 'timeout' } }),
      'the caller hears nothing back',
    );
    // The work was done before the connection dropped.
    assert.equal((await balanceOf(http, sandboxKey)).available, 8000);
    const retry = await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '8000' }, idempotencyKey: 'lost-1' });
    assert.equal(retry.status, 200, retry.text);
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    assert.equal(retry.body.amount, 8000);
    assert.equal(retry.body.idempotency_key, 'lost-1');
    const id = await assertExactlyOneTopUp(accountId, sandboxKey, 'lost-1', 8000);
    assert.equal(retry.body.id, id);
    assertReplayOf(await http.post(TOP_UPS, { key: sandboxKey, form: { amount: '8000' }, idempotencyKey: 'lost-1' }), retry);
  });
});
