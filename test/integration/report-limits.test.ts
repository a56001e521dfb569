// Transaction reports' limits and retention through the real API, worker, Temporal and PostgreSQL:
//   - the POST does not wait for a report that is not ready: a report held pending (a trigger in PostgreSQL
//     holds its file's storage) is answered `pending` at once, although WORKFLOW_ANSWER_TIMEOUT_MS would let
//     the call wait 45 s;
//   - at most 5 reports pending per account and mode: the sixth is `429 rate_limited` with Retry-After, binds
//     no key, and other modes and accounts are not counted;
//   - files older than 30 days are deleted by the cleanup Schedule (triggered here through its handle): gone
//     from storage, the report still readable, its links `410 expired`;
//   - the stored replay of a report POST (it holds a signed download link) is sealed, and replays byte for byte.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { waitUntil } from '../helpers/webhook-receiver.ts';

let service: TestService;
let http: Http;

before(async () => {
  // The longest a creation may wait for its workflow: a report POST that waited for its file would take 45 s.
  service = await startTestService({ WORKFLOW_ANSWER_TIMEOUT_MS: '60000', TRUST_PROXY: 'true' });
  http = createHttp(service.url);
  // While an account is listed in report_hold, storing its reports' files waits: they stay pending.
  await service.sql(`create table if not exists report_hold (account_id text primary key)`);
  await service.sql(`create or replace function hold_report_chunks() returns trigger language plpgsql as $$ begin
    while exists (select 1 from report_hold h join reports r on r.account_id = h.account_id where r.id = new.report_id) loop
      perform pg_sleep(0.05);
    end loop;
    return new; end $$`);
  await service.sql(`create trigger hold_report_chunks before insert on report_chunks for each row execute function hold_report_chunks()`);
});
after(async () => {
  await service?.sql(`drop trigger if exists hold_report_chunks on report_chunks`).catch(() => {});
  await service?.sql(`drop function if exists hold_report_chunks()`).catch(() => {});
  await service?.sql(`delete from report_hold`).catch(() => {});
  await service?.stop();
});

const hold = (accountId: string) => service.sql(`insert into report_hold (account_id) values (?)`, [accountId]);
const release = (accountId: string) => service.sql(`delete from report_hold where account_id = ?`, [accountId]);

/** Resolves with the POST's answer, or 'still waiting' when it has not answered after `ms` (5x the contract's 2 s). */
function answeredWithin<T>(call: Promise<T>, ms = 10_000): Promise<T | 'still waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still waiting'>((resolve) => (timer = setTimeout(() => resolve('still waiting'), ms)));
  return Promise.race([call, late]).finally(() => clearTimeout(timer));
}

async function readyReport(key: string, id: string): Promise<any> {
  return waitUntil('the report is ready', async () => {
    const got = await http.get(`/v1/reports/${id}`, { key });
    return got.body.status === 'ready' ? got.body : undefined;
  }, 30_000);
}

describe('pending reports', () => {
  test('a report held pending is answered pending, not waited for; the sixth pending one is 429 with Retry-After and binds no key', async () => {
    const { accountId, sandboxKey: key, liveKey } = await service.newAccount({ live: true });
    await hold(accountId);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const answer = await answeredWithin(http.post('/v1/reports/transactions', { key, json: { from: '2026-10-01', to: '2026-10-31' } }));
        assert.notEqual(answer, 'still waiting', `POST ${i + 1} waited for a report held pending`);
        if (answer === 'still waiting') return;
        assert.equal(answer.status, 200, answer.text);
        assert.equal(answer.body.status, 'pending');
        ids.push(answer.body.id);
      }
      const sixth = await http.post('/v1/reports/transactions', { key, json: { from: '2026-10-01', to: '2026-10-31' }, idempotencyKey: 'sixth' });
      assertApiError(sixth, 429, 'rate_limited');
      assert.ok(Number(sixth.headers.get('retry-after')) >= 1, 'Retry-After');
      const [{ n }] = await service.sql<{ n: number }>(`select count(*)::int as n from reports where account_id = ? and mode = 'sandbox'`, [accountId]);
      assert.equal(n, 5, 'the refused report was not made');
      // The other mode has a limit of its own.
      const live = await http.post('/v1/reports/transactions', { key: liveKey!, json: { from: '2026-10-01', to: '2026-10-31' }, headers: { 'x-forwarded-proto': 'https' } });
      assert.notEqual(live.status, 429, live.text);

      await release(accountId);
      for (const id of ids) await readyReport(key, id);
      // The refused request's key was left free: the same request now makes its report.
      const again = await http.post('/v1/reports/transactions', { key, json: { from: '2026-10-01', to: '2026-10-31' }, idempotencyKey: 'sixth' });
      assert.equal(again.status, 200, again.text);
      assert.equal(again.headers.get('idempotent-replayed'), null);
    } finally {
      await release(accountId);
    }
  });
});

describe('files kept 30 days', () => {
  test('the cleanup Schedule deletes files older than 30 days from storage; the report stays readable and its links answer 410', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const post = await http.post('/v1/reports/transactions', { key, json: { from: '2026-10-01', to: '2026-10-31' } });
    assert.equal(post.status, 200, post.text);
    const old = await readyReport(key, post.body.id);
    const fresh = await readyReport(key, (await http.post('/v1/reports/transactions', { key, json: { from: '2026-09-01', to: '2026-09-30' } })).body.id);
    const chunks = async (id: string) => (await service.sql<{ n: number }>(`select count(*)::int as n from report_chunks where report_id = ?`, [id]))[0].n;
    assert.ok((await chunks(old.id)) > 0, 'the file is stored');
    await service.sql(`update reports set ready_at = now() - interval '30 days 1 minute' where id = ?`, [old.id]);
    await service.sql(`update reports set ready_at = now() - interval '29 days 23 hours' where id = ?`, [fresh.id]);

    const handle = service.stack.temporal!.client.schedule.getHandle(`report-cleanup/${service.config.TEMPORAL_TASK_QUEUE}`);
    assert.equal((await handle.describe()).action.workflowType, 'reportCleanupWorkflow');
    await handle.trigger();
    await waitUntil('the old file is deleted', async () => ((await chunks(old.id)) === 0 ? true : undefined), 30_000);
    assert.ok((await chunks(fresh.id)) > 0, 'a file younger than 30 days is kept');

    const got = await http.get(`/v1/reports/${old.id}`, { key });
    assert.equal(got.status, 200, got.text);
    assert.equal(got.body.status, 'ready');
    assert.equal(got.body.download_url, null);
    assertApiError(await http.get(old.download_url.slice(service.url.length)), 410, 'expired');
    const kept = await http.get(`/v1/reports/${fresh.id}`, { key });
    assert.equal((await fetch(kept.body.download_url)).status, 200);
  });
});

describe('the stored replay', () => {
  test('a report POST\'s stored replay holds its download link sealed, and a replay returns it byte for byte', async () => {
    const { accountId, sandboxKey: key } = await service.newAccount();
    const idem = `rpt-${randomUUID()}`;
    const first = await http.post('/v1/reports/transactions', { key, json: { from: '2026-10-01', to: '2026-10-01' }, idempotencyKey: idem });
    assert.equal(first.status, 200, first.text);
    const signature = new URL(first.body.download_url).searchParams.get('signature')!;
    const [stored] = await service.sql<{ response_body: string }>(`select response_body from idempotency_records where account_id = ? and mode = 'sandbox' and key = ?`, [accountId, idem]);
    assert.ok(stored, 'a stored replay');
    assert.ok(!stored.response_body.includes(signature), 'the stored replay holds the signed link in clear text');
    assert.ok(!stored.response_body.includes(first.body.id), 'the stored replay is readable');
    assert.ok(stored.response_body.startsWith('sealed:v1:'));

    const replay = await http.post('/v1/reports/transactions', { key, json: { from: '2026-10-01', to: '2026-10-01' }, idempotencyKey: idem });
    assert.equal(replay.status, 200);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.text, first.text);

    // The same route spelled with a trailing slash (the router takes it) is sealed too.
    const slashed = `rpt-${randomUUID()}`;
    const other = await http.post('/v1/reports/transactions/', { key, json: { from: '2026-10-02', to: '2026-10-02' }, idempotencyKey: slashed });
    assert.equal(other.status, 200, other.text);
    const [otherStored] = await service.sql<{ response_body: string }>(`select response_body from idempotency_records where account_id = ? and mode = 'sandbox' and key = ?`, [accountId, slashed]);
    assert.ok(otherStored.response_body.startsWith('sealed:v1:'), 'a replay stored under /v1/reports/transactions/ is sealed');
    const otherReplay = await http.post('/v1/reports/transactions/', { key, json: { from: '2026-10-02', to: '2026-10-02' }, idempotencyKey: slashed });
    assert.equal(otherReplay.text, other.text);

    // A replay an older version stored in clear text: the next start seals it (and a replay then opens it).
    await service.sql(`update idempotency_records set response_body = ? where account_id = ? and mode = 'sandbox' and key = ?`, [other.text, accountId, slashed]);
    const next = await startTestService({ TRUST_PROXY: 'true' }, { role: 'api' });
    try {
      const [resealed] = await service.sql<{ response_body: string }>(`select response_body from idempotency_records where account_id = ? and mode = 'sandbox' and key = ?`, [accountId, slashed]);
      assert.ok(resealed.response_body.startsWith('sealed:v1:'), 'sealed by the next start');
    } finally {
      await next.stop();
    }
    assert.equal((await http.post('/v1/reports/transactions/', { key, json: { from: '2026-10-02', to: '2026-10-02' }, idempotencyKey: slashed })).text, other.text);
  });
});
