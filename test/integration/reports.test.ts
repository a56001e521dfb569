// Transaction reports through the real API, worker, Temporal and PostgreSQL: the Asia/Kolkata day boundaries,
// every row equal to what GET /v1/balance_transactions shows (the CSV parsed back by csv-parse), jsonl, empty
// ranges, validation, the signed link's 403/409/410, byte-identical downloads, and isolation.
import assert from 'node:assert/strict';
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { createSecretBox } from '../../src/db/sealed.ts';
import { allBalanceTransactions, assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, TEST_SECRETS_KEY, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService({ TRUST_PROXY: 'true' });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

const COLUMNS = ['id', 'type', 'source_id', 'amount', 'fee', 'net', 'currency', 'status', 'created_at', 'reference', 'description'];

/** A balance transaction written straight into the table at a chosen moment (the API cannot backdate). */
async function insertTransaction(accountId: string, createdAt: string, extra: { description?: string | null; amount?: number; mode?: string } = {}): Promise<string> {
  const id = `txn_${randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase()}`;
  await service.sql(
    `insert into balance_transactions (id, account_id, mode, type, source_id, amount, fee, currency, status, description, created_at)
     values (?, ?, ?, 'adjustment', ?, ?, 0, 'INR', 'available', ?, ?::timestamptz)`,
    [id, accountId, extra.mode ?? 'sandbox', `adj_${id}`, extra.amount ?? 1_000, extra.description === undefined ? 'backdated' : extra.description, createdAt],
  );
  return id;
}

/** A report, once settled: the POST answers within 2 s, `pending` while the file is still being made. */
async function report(key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await http.post('/v1/reports/transactions', { key, json: body, headers });
  assert.equal(res.status, 200, res.text);
  let settled = res.body;
  for (let i = 0; settled.status === 'pending' && i < 300; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    settled = (await http.get(`/v1/reports/${res.body.id}`, { key, headers })).body;
  }
  return settled;
}

async function download(url: string): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const res = await fetch(url);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

const todayIst = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);

describe('what a report holds', () => {
  test('October on the Asia/Kolkata calendar: 00:00 IST on the 1st in, 23:59 IST on the 31st in, either side out; RFC 4180 quoting', async () => {
    const { accountId, sandboxKey: key } = await service.newAccount();
    const before = await insertTransaction(accountId, '2026-09-30T23:59:59+05:30');
    const first = await insertTransaction(accountId, '2026-10-01T00:00:00+05:30', { description: 'comma, "quotes" and\na new line — ₹ ✓' });
    const last = await insertTransaction(accountId, '2026-10-31T23:59:00+05:30', { description: null });
    const afterwards = await insertTransaction(accountId, '2026-11-01T00:01:00+05:30');
    const r = await report(key, { from: '2026-10-01', to: '2026-10-31', format: 'csv' });
    assert.equal(r.status, 'ready', JSON.stringify(r));
    assert.equal(r.row_count, 2);
    const file = await download(r.download_url);
    assert.equal(file.status, 200);
    assert.match(file.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(file.headers.get('content-disposition') ?? '', new RegExp(`attachment; filename="transactions_2026-10-01_2026-10-31_${r.id}\\.csv"`));
    const rows: string[][] = parse(file.bytes, { relax_column_count: false });
    assert.deepEqual(rows[0], COLUMNS);
    assert.deepEqual(rows.slice(1).map((row) => row[0]), [first, last]);
    assert.deepEqual(rows[1].slice(8), ['2026-10-01T00:00:00+05:30', '', 'comma, "quotes" and\na new line — ₹ ✓']);
    assert.deepEqual(rows[2].slice(8), ['2026-10-31T23:59:00+05:30', '', '']);
    assert.ok(!rows.some((row) => row[0] === before || row[0] === afterwards));
    assert.equal(file.bytes.length, r.size);
    assert.equal(createHash('sha256').update(file.bytes).digest('hex'), r.sha256);
  });

  test("every row equals GET /v1/balance_transactions, with the source's reference; jsonl says the same; downloads are byte-identical", async () => {
    const { sandboxKey: key } = await service.newAccount();
    assert.equal((await http.post('/v1/test_helpers/top_ups', { key, json: { amount: 500_000, description: 'Funding' } })).status, 200);
    const bene = await http.post('/v1/beneficiaries', { key, json: { type: 'vpa', name: 'Asha', vpa: 'success@upi' } });
    const payout = await http.post('/v1/payouts', { key, json: { beneficiary_id: bene.body.id, amount: 12_345, mode: 'upi', reference: 'INV-9' } });
    assert.equal(payout.status, 200, payout.text);
    const payment = await http.post('/v1/payments', { key, json: { amount: 7_000, method: 'upi', vpa: 'success@upi', receipt: 'order-7' } });
    assert.equal(payment.body.status, 'captured', payment.text);
    // The payout settles (a second movement) before the report is asked for.
    for (let i = 0; i < 100 && (await http.get(`/v1/payouts/${payout.body.id}`, { key })).body.status !== 'completed'; i++) await new Promise((r) => setTimeout(r, 100));

    const today = todayIst();
    const api = (await allBalanceTransactions(http, key)).reverse(); // oldest first
    const csv = await report(key, { from: today, to: today });
    assert.equal(csv.format, 'csv');
    assert.equal(csv.row_count, api.length);
    const one = await download(csv.download_url);
    const two = await download(csv.download_url);
    assert.ok(one.bytes.equals(two.bytes), 'the same bytes twice');
    const rows: string[][] = parse(one.bytes);
    assert.equal(rows.length - 1, api.length);
    const references: Record<string, string> = { [payout.body.id]: 'INV-9', [payment.body.id]: 'order-7' };
    rows.slice(1).forEach((row, i) => {
      const t = api[i];
      assert.deepEqual(row.slice(0, 8), [t.id, t.type, t.source_id, String(t.amount), String(t.fee), String(t.net), t.currency, t.status], `row ${i + 1}`);
      assert.equal(Date.parse(row[8]) / 1000, t.created_at, 'created_at as an instant');
      assert.match(row[8], /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
      assert.equal(row[9], references[t.source_id] ?? '');
      assert.equal(row[10], t.description ?? '');
    });
    assert.ok(rows.some((row) => row[9] === 'INV-9') && rows.some((row) => row[9] === 'order-7'), 'references present');
    assert.equal(rows.filter((row) => row[2] === payout.body.id).length, 2, 'a completed payout: its reservation and its settlement');

    const jsonl = await report(key, { from: today, to: today, format: 'jsonl' });
    const lines = await download(jsonl.download_url);
    assert.match(lines.headers.get('content-type') ?? '', /^application\/x-ndjson/);
    const objects = lines.bytes.toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    assert.equal(objects.length, api.length);
    assert.deepEqual(Object.keys(objects[0]), COLUMNS);
    objects.forEach((o, i) => {
      assert.equal(o.id, api[i].id);
      assert.equal(o.amount, api[i].amount);
      assert.equal(o.net, api[i].net);
      assert.equal(Date.parse(o.created_at) / 1000, api[i].created_at);
    });
  });

  test('a file of several stored chunks downloads whole and in order, characters cut by a chunk boundary included', async () => {
    const { accountId, sandboxKey: key } = await service.newAccount();
    const n = 8_000;
    await service.sql(
      `insert into balance_transactions (id, account_id, mode, type, source_id, amount, fee, currency, status, description, created_at)
       select 'txn_C' || lpad(g::text, 25, '0'), ?, 'sandbox', 'adjustment', 'adj_' || g, g, 0, 'INR', 'available',
              'line ' || g || ', "' || repeat('₹', 200) || '"', timestamptz '2026-09-01 00:00:00+05:30' + g * interval '1 second'
       from generate_series(1, ?) g`,
      [accountId, n],
    );
    const r = await report(key, { from: '2026-09-01', to: '2026-09-01' });
    assert.equal(r.row_count, n);
    assert.ok(r.size > 3 * 1024 * 1024, `more than three chunks (${r.size} bytes)`);
    const file = await download(r.download_url);
    assert.equal(file.bytes.length, r.size);
    assert.equal(createHash('sha256').update(file.bytes).digest('hex'), r.sha256);
    // The file is stored in 1 MiB chunks: at least one boundary falls inside a three-byte '₹' (a UTF-8
    // continuation byte starts the next chunk), so a download that decodes chunks as text would change bytes.
    const boundaries = Array.from({ length: Math.floor(file.bytes.length / (1024 * 1024)) }, (_, i) => (i + 1) * 1024 * 1024);
    const cut = boundaries.filter((at) => (file.bytes[at] & 0xc0) === 0x80);
    assert.ok(cut.length > 0, 'the fixture puts a character across a chunk boundary');
    const rows: string[][] = parse(file.bytes);
    assert.equal(rows.length, n + 1);
    rows.slice(1).forEach((row, i) => {
      assert.equal(row[3], String(i + 1), `row ${i + 1} in order`);
      assert.equal(row[10], `line ${i + 1}, "${'₹'.repeat(200)}"`);
    });
  });

  test('an empty range: a header only, row_count 0', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const r = await report(key, { from: '2025-01-01', to: '2025-12-31' });
    assert.equal(r.status, 'ready');
    assert.equal(r.row_count, 0);
    const file = await download(r.download_url);
    assert.equal(file.bytes.toString('utf8'), `${COLUMNS.join(',')}\n`);
    const empty = await report(key, { from: '2025-01-01', to: '2025-01-01', format: 'jsonl' });
    assert.equal((await download(empty.download_url)).bytes.length, 0);
    // Any real date is a day: years before 1970, 0 to 99 included (found by Schemathesis), hold no transactions.
    for (const [from, to] of [['0066-09-21', '0066-09-22'], ['0000-01-01', '0000-12-31'], ['1969-12-31', '1970-01-01']]) {
      const old = await report(key, { from, to });
      assert.equal(old.status, 'ready', `${from}..${to}`);
      assert.equal(old.row_count, 0);
    }
  });

  test('isolation: nothing of another account or mode; another account cannot read the report', async () => {
    const a = await service.newAccount({ live: true });
    const b = await service.newAccount();
    await insertTransaction(a.accountId, '2026-10-10T12:00:00+05:30');
    await insertTransaction(a.accountId, '2026-10-10T12:00:00+05:30', { mode: 'live' });
    const mine = await report(a.sandboxKey, { from: '2026-10-10', to: '2026-10-10' });
    assert.equal(mine.row_count, 1);
    const live = await report(a.liveKey!, { from: '2026-10-10', to: '2026-10-10' }, { 'x-forwarded-proto': 'https' });
    assert.equal(live.row_count, 1);
    assert.equal(live.mode, 'live');
    const theirs = await report(b.sandboxKey, { from: '2026-10-10', to: '2026-10-10' });
    assert.equal(theirs.row_count, 0);
    assertApiError(await http.get(`/v1/reports/${mine.id}`, { key: b.sandboxKey }), 404, 'not_found', 'id');
    assert.deepEqual((await http.get('/v1/reports', { key: b.sandboxKey })).body.data.map((r: any) => r.id), [theirs.id]);
  });
});

describe('requests and links', () => {
  test('validation: each bad parameter is a 400 naming it, and no report is made', async () => {
    const { accountId, sandboxKey: key } = await service.newAccount();
    const tomorrow = new Date(Date.now() + 5.5 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string][] = [
      [{ from: '2026-10-02', to: '2026-10-01' }, 'to'],
      [{ from: '2024-01-01', to: '2025-01-02' }, 'to'],
      [{ from: '2026-10-01', to: tomorrow }, 'to'],
      [{ from: '2026-13-01', to: '2026-10-01' }, 'from'],
      [{ from: '2026-02-30', to: '2026-10-01' }, 'from'],
      [{ from: '2026/10/01', to: '2026-10-01' }, 'from'],
      [{ from: '2026-10-01', to: 'yesterday' }, 'to'],
      [{ from: '2026-10-01', to: '2026-10-01', format: 'xlsx' }, 'format'],
      [{ to: '2026-10-01' }, 'from'],
      [{ from: '2026-10-01', to: '2026-10-01', colour: 'red' }, 'colour'],
    ];
    for (const [body, param] of cases) assertApiError(await http.post('/v1/reports/transactions', { key, json: body }), 400, 'invalid_request', param);
    const rows = await service.sql<{ n: number }>(`select count(*)::int as n from reports where account_id = ?`, [accountId]);
    assert.equal(rows[0].n, 0);
    // 366 days is allowed.
    assert.equal((await report(key, { from: '2025-01-01', to: '2026-01-01' })).status, 'ready');
  });

  test('the same Idempotency-Key answers with the same report', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const idem = `rpt-${randomUUID()}`;
    const one = await http.post('/v1/reports/transactions', { key, json: { from: '2026-10-01', to: '2026-10-31' }, idempotencyKey: idem });
    const two = await http.post('/v1/reports/transactions', { key, json: { from: '2026-10-01', to: '2026-10-31' }, idempotencyKey: idem });
    assert.equal(one.status, 200);
    assert.equal(two.body.id, one.body.id);
  });

  test('links: 403 when tampered, 410 after expires_at, 409 while pending; GET signs a fresh link', async () => {
    const { accountId, sandboxKey: key } = await service.newAccount();
    const r = await report(key, { from: '2026-10-01', to: '2026-10-01' });
    const url = new URL(r.download_url);
    assert.equal(url.origin, service.url);
    const tampered = new URL(url);
    tampered.searchParams.set('signature', (url.searchParams.get('signature')![0] === 'a' ? 'b' : 'a') + url.searchParams.get('signature')!.slice(1));
    assertApiError(await http.get(tampered.pathname + tampered.search), 403, 'invalid_signature');
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    assertApiError(await http.get(longer.pathname + longer.search), 403, 'invalid_signature');
    assertApiError(await http.get(`/reports/${r.id}/file`), 403, 'invalid_signature');

    // A link this deployment signed that has run out (the test knows the deployment's key).
    const sign = (id: string, expires: number) => createHmac('sha256', createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')).derive('report-download-links')).update(`${id}.${expires}`).digest('hex');
    const past = Math.floor(Date.now() / 1000) - 10;
    assertApiError(await http.get(`/reports/${r.id}/file?expires=${past}&signature=${sign(r.id, past)}`), 410, 'expired');

    // A report still pending.
    const pendingId = `rpt_${randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase()}`;
    await service.sql(
      `insert into reports (id, account_id, mode, from_date, to_date, format, status, requested_at, idempotency_key) values (?, ?, 'sandbox', '2026-10-01', '2026-10-01', 'csv', 'pending', now(), ?)`,
      [pendingId, accountId, `pending-${pendingId}`],
    );
    const soon = Math.floor(Date.now() / 1000) + 600;
    assertApiError(await http.get(`/reports/${pendingId}/file?expires=${soon}&signature=${sign(pendingId, soon)}`), 409, 'invalid_state');
    const pending = await http.get(`/v1/reports/${pendingId}`, { key });
    assert.equal(pending.body.status, 'pending');

    const again = await http.get(`/v1/reports/${r.id}`, { key });
    assert.equal(again.status, 200);
    assert.ok(again.body.expires_at >= r.expires_at);
    assert.ok(again.body.expires_at <= Math.floor(Date.now() / 1000) + 24 * 3600 + 1, 'valid 24 h');
    assert.equal((await download(again.body.download_url)).status, 200);

    // Thirty days after the file was made it is no longer kept: GET signs no link, and a signed link is 410.
    await service.sql(`update reports set ready_at = now() - interval '30 days 1 minute' where id = ?`, [r.id]);
    const old = await http.get(`/v1/reports/${r.id}`, { key });
    assert.equal(old.body.status, 'ready');
    assert.equal(old.body.download_url, null);
    assert.equal(old.body.expires_at, null);
    assertApiError(await http.get(`/reports/${r.id}/file?expires=${soon}&signature=${sign(r.id, soon)}`), 410, 'expired');
    assertApiError(await http.get(again.body.download_url.slice(service.url.length)), 410, 'expired');
  });

  test('a file that cannot be stored: the report is failed with report.failed, no link, and nothing half-made is served', async () => {
    const { accountId, sandboxKey: key } = await service.newAccount();
    await service.sql(
      `insert into balance_transactions (id, account_id, mode, type, source_id, amount, fee, currency, status, description, created_at)
       select 'txn_F' || lpad(g::text, 25, '0'), ?, 'sandbox', 'adjustment', 'adj_' || g, g, 0, 'INR', 'available', repeat('x', 400),
              timestamptz '2026-10-05 10:00:00+05:30' + g * interval '1 second'
       from generate_series(1, 3000) g`,
      [accountId],
    );
    // Storage refuses this account's second chunk (as a full disk would, part way through); every other account
    // is unaffected.
    const fn = `refuse_chunks_${accountId.toLowerCase()}`;
    await service.sql(
      `create function ${fn}() returns trigger language plpgsql as $$ begin
         if new.seq >= 1 and exists (select 1 from reports where id = new.report_id and account_id = '${accountId}') then raise exception 'could not extend file (test)'; end if;
         return new; end $$`,
    );
    await service.sql(`create trigger ${fn} before insert on report_chunks for each row execute function ${fn}()`);
    try {
      let r = await report(key, { from: '2026-10-01', to: '2026-10-31' });
      for (let i = 0; r.status === 'pending' && i < 100; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        r = (await http.get(`/v1/reports/${r.id}`, { key })).body;
      }
      assert.equal(r.status, 'failed', JSON.stringify(r));
      assert.equal(r.row_count, null);
      assert.equal(r.download_url, null);
      assert.equal(r.ready_at, null);
      const events = (await http.get('/v1/events?type=report.failed', { key })).body.data;
      assert.deepEqual(events.map((e: any) => [e.data.object.id, e.data.object.status]), [[r.id, 'failed']]);
      assert.equal((await http.get('/v1/events?type=report.ready', { key })).body.data.length, 0);
      const [{ n }] = await service.sql<{ n: string }>('select count(*) as n from report_chunks where report_id = ?', [r.id]);
      assert.equal(Number(n), 0, 'no part of the file is kept');
      const soon = Math.floor(Date.now() / 1000) + 600;
      const sign = (id: string, expires: number) => createHmac('sha256', createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')).derive('report-download-links')).update(`${id}.${expires}`).digest('hex');
      assertApiError(await http.get(`/reports/${r.id}/file?expires=${soon}&signature=${sign(r.id, soon)}`), 409, 'invalid_state');
    } finally {
      await service.sql(`drop trigger ${fn} on report_chunks`);
      await service.sql(`drop function ${fn}()`);
    }
  });
});
