// UPI AutoPay's non-peak windows through the real API (issue #38; DECISIONS.md, "Windows in tests"): the windows
// are a setting a test run may move (UPI_AUTOPAY_WINDOWS, with COLLECTION_INTERVAL_MS set), so this test does not
// depend on the hour it runs at. The window open now closes at the next minute; the next opens a minute after that.
// A debit announced now, with a notice period longer than what is left of the open window, waits for the next one.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { activeMandate, chargesOf, collectionEventTypes, waitForCollection } from '../helpers/collections.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const IST_OFFSET_S = 19_800;
const NOTICE_S = 61;

let service: TestService;
let http: Http;
/** Unix seconds where the second window opens and closes. */
let nextWindow: { opens: number; closes: number };

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

before(async () => {
  // Near midnight the windows would wrap: wait for the new day (at most a few minutes, once a day).
  for (;;) {
    const minute = Math.floor(((Math.floor(Date.now() / 1000) + IST_OFFSET_S) % 86_400) / 60);
    if (minute <= 1435) break;
    await new Promise((r) => setTimeout(r, 10_000));
  }
  const nowS = Math.floor(Date.now() / 1000);
  const minute = Math.floor(((nowS + IST_OFFSET_S) % 86_400) / 60);
  const midnight = nowS - ((nowS + IST_OFFSET_S) % 86_400);
  nextWindow = { opens: midnight + (minute + 2) * 60, closes: midnight + (minute + 3) * 60 };
  service = await startTestService({
    COLLECTION_INTERVAL_MS: String(86_400_000),
    COLLECTION_NOTICE_SECONDS: String(NOTICE_S),
    UPI_AUTOPAY_WINDOWS: `${hhmm(minute)}-${hhmm(minute + 1)},${hhmm(minute + 2)}-${hhmm(minute + 3)}`,
  });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

test('a debit whose notice outlasts the open window waits for the next window: announced for it, charged in it, never before', async () => {
  const { sandboxKey: key } = await service.newAccount();
  const mandate = await activeMandate(http, key);
  const created = await http.post('/v1/collections', { key, json: { mandate_id: mandate.id, amount: 2_500, schedule: 'monthly' } });
  assert.equal(created.status, 200, created.text);
  const id = created.body.id;

  const announced = await waitForCollection(http, key, id, (c) => c.next_charge_at >= nextWindow.opens, 30_000);
  const upcoming = (await http.get('/v1/events?type=collection.upcoming', { key })).body.data[0];
  assert.equal(upcoming.data.object.id, id);
  assert.equal(upcoming.data.amount, 2_500);
  assert.equal(upcoming.data.debit_at, announced.next_charge_at);
  assert.ok(upcoming.data.debit_at >= upcoming.created_at + NOTICE_S, 'the notice period before the debit');
  assert.ok(upcoming.data.debit_at >= nextWindow.opens && upcoming.data.debit_at < nextWindow.closes, `debit_at ${upcoming.data.debit_at} in the next window [${nextWindow.opens}, ${nextWindow.closes})`);

  const charged = await waitForCollection(http, key, id, (c) => c.paid_count === 1, 240_000);
  const [payment] = await chargesOf(http, key, id);
  assert.equal(payment.status, 'captured');
  assert.ok(payment.created_at >= nextWindow.opens && payment.created_at < nextWindow.closes + 5, `charged at ${payment.created_at}, in the next window`);
  assert.equal(charged.status, 'active');
  assert.deepEqual(await collectionEventTypes(http, key, id, { upcoming: true }), ['collection.upcoming', 'collection.charged']);
});
