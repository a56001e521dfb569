// UPI AutoPay's non-peak windows through the real API (issue #38; docs/decisions.md, "Windows in tests"): the windows
// are a setting a test run may move (UPI_AUTOPAY_WINDOWS, with COLLECTION_INTERVAL_MS set; to the second in test runs),
// so this test does not depend on the hour it runs at. The window open now closes 30 s after the service is asked to
// start; the next opens 15 s later. A debit announced now, with a notice period longer than what is left of the open
// window, waits for the next one.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { activeMandate, chargesOf, collectionEventTypes, waitForCollection } from '../helpers/collections.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const IST_OFFSET_S = 19_800;
const NOTICE_S = 35;
/** Where the open window closes, and the next opens and closes, in seconds after the service is asked to start. */
const OPEN_CLOSES_S = 30;
const NEXT = { opens: 45, closes: 75 };

let service: TestService;
let http: Http;
/** Unix seconds where the window open at the start closes, and where the next opens and closes. */
let windows: { openCloses: number; opens: number; closes: number };

const hhmmss = (second: number) => [Math.floor(second / 3600), Math.floor(second / 60) % 60, second % 60].map((n) => String(n).padStart(2, '0')).join(':');

before(async () => {
  // Near midnight the windows would wrap: wait for the new day (at most two minutes, once a day).
  while ((Math.floor(Date.now() / 1000) + IST_OFFSET_S) % 86_400 > 86_400 - 120) await new Promise((r) => setTimeout(r, 5_000));
  const nowS = Math.floor(Date.now() / 1000);
  const second = (nowS + IST_OFFSET_S) % 86_400;
  windows = { openCloses: nowS + OPEN_CLOSES_S, opens: nowS + NEXT.opens, closes: nowS + NEXT.closes };
  service = await startTestService({
    COLLECTION_INTERVAL_MS: String(86_400_000),
    COLLECTION_NOTICE_SECONDS: String(NOTICE_S),
    UPI_AUTOPAY_WINDOWS: `${hhmmss(Math.max(0, second - 60))}-${hhmmss(second + OPEN_CLOSES_S)},${hhmmss(second + NEXT.opens)}-${hhmmss(second + NEXT.closes)}`,
  });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

test('a debit whose notice outlasts the open window waits for the next window: announced for it, charged in it, never before', async () => {
  const { sandboxKey: key } = await service.newAccount();
  const mandate = await activeMandate(http, key);
  assert.ok(Date.now() / 1000 + NOTICE_S > windows.openCloses, 'the notice outlasts the open window');
  assert.ok(Date.now() / 1000 < windows.openCloses, `the service started before the open window closed (it took too long: ${Math.round(windows.openCloses - Date.now() / 1000)} s)`);
  const created = await http.post('/v1/collections', { key, json: { mandate_id: mandate.id, amount: 2_500, schedule: 'monthly' } });
  assert.equal(created.status, 200, created.text);
  const id = created.body.id;

  const announced = await waitForCollection(http, key, id, (c) => c.next_charge_at >= windows.opens, 30_000);
  const upcoming = (await http.get('/v1/events?type=collection.upcoming', { key })).body.data[0];
  assert.equal(upcoming.data.object.id, id);
  assert.equal(upcoming.data.amount, 2_500);
  assert.equal(upcoming.data.debit_at, announced.next_charge_at);
  assert.ok(upcoming.data.debit_at >= upcoming.created_at + NOTICE_S, 'the notice period before the debit');
  assert.ok(upcoming.data.debit_at >= windows.opens && upcoming.data.debit_at < windows.closes, `debit_at ${upcoming.data.debit_at} in the next window [${windows.opens}, ${windows.closes})`);

  const charged = await waitForCollection(http, key, id, (c) => c.paid_count === 1, 120_000);
  const [payment] = await chargesOf(http, key, id);
  assert.equal(payment.status, 'captured');
  assert.ok(payment.created_at >= windows.opens && payment.created_at < windows.closes + 5, `charged at ${payment.created_at}, in the next window`);
  assert.equal(charged.status, 'active');
  assert.deepEqual(await collectionEventTypes(http, key, id, { upcoming: true }), ['collection.upcoming', 'collection.charged']);
});
