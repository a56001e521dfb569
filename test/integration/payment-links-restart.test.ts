// A payment link whose expire_by passes while the whole service is stopped (npm start, SIGTERM: API,
// worker, Temporal dev server and PostgreSQL all down) is `expired`, with its payment_link.expired event,
// right after the service starts again: its expiry is a durable timer, not a process's memory. A payout scheduled
// for a time inside the same stop goes on and completes right after the start, for the same reason (one restart
// serves both, to keep the run short).
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createHttp } from '../helpers/http.ts';
import { type NpmStartHarness, npmStartHarness, waitForValue } from '../helpers/npm-start.ts';

const EXPIRY_S = 12;

let harness: NpmStartHarness | undefined;
after(() => harness?.cleanup());

test("expire_by and a payout's scheduled_at pass while the service is stopped: the link is expired with its event, and the payout paid, right after the next start", async () => {
  harness = await npmStartHarness({ PAYMENT_LINK_MIN_EXPIRY_SECONDS: '5', PAYOUT_SCHEDULE_MIN_SECONDS: '5' }, 'link-restart');
  const first = await harness.start();
  const key = /Its sandbox key \(shown once\):\s+(\S+)/.exec(first.output())?.[1];
  assert.ok(key, `npm start printed the demo key:\n${first.output()}`);
  const http = createHttp(harness.apiUrl);

  const expireBy = Math.floor(Date.now() / 1000) + EXPIRY_S;
  const created = await http.post('/v1/payment_links', { key, json: { amount: 25_000, description: 'Restart', expire_by: expireBy } });
  assert.equal(created.status, 200, created.text);
  const link = created.body;
  const topUp = await http.post('/v1/test_helpers/top_ups', { key, idempotencyKey: 'restart-top-up', json: { amount: 100_000 } });
  assert.equal(topUp.status, 200, topUp.text);
  const bene = await http.post('/v1/beneficiaries', { key, json: { name: 'Restart Payee', type: 'vpa', vpa: 'success@upi' } });
  assert.equal(bene.status, 200, bene.text);
  const scheduled = await http.post('/v1/payouts', { key, idempotencyKey: 'restart-scheduled', json: { beneficiary_id: bene.body.id, amount: 10_000, mode: 'upi', scheduled_at: expireBy } });
  assert.equal(scheduled.status, 200, scheduled.text);
  assert.equal(scheduled.body.status, 'scheduled');

  // Stop everything well before expire_by, as an operator's Ctrl-C would.
  process.kill(-first.child.pid!, 'SIGTERM');
  await new Promise<void>((resolve) => (first.child.exitCode !== null ? resolve() : first.child.once('exit', () => resolve())));
  assert.ok(Date.now() / 1000 < expireBy, 'the service stopped before expire_by');
  await waitForValue('no process of the service left', async () => (harness!.processes().size === 0 ? true : undefined), 30_000);
  const wait = expireBy * 1000 + 2_000 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));

  const startedAt = Date.now();
  await harness.start();
  const expired = await waitForValue(
    'the link expired after the start',
    async () => {
      const res = await http.get(`/v1/payment_links/${link.id}`, { key });
      return res.body?.status === 'expired' ? res.body : undefined;
    },
    30_000,
    200,
  );
  const after = Math.round((Date.now() - startedAt) / 100) / 10;
  console.log(`# expired ${after} s after the service was ready again (expire_by passed ${Math.round((startedAt - expireBy * 1000) / 1000)} s before)`);
  assert.ok(expired.expired_at >= expireBy, 'not before expire_by');
  const events = await http.get('/v1/events?type=payment_link.expired', { key });
  assert.equal(events.status, 200, events.text);
  assert.deepEqual(
    events.body.data.filter((e: any) => e.data.object.id === link.id).map((e: any) => e.data.object.status),
    ['expired'],
  );
  const paid = await waitForValue(
    'the scheduled payout completed after the start',
    async () => {
      const res = await http.get(`/v1/payouts/${scheduled.body.id}`, { key });
      return res.body?.status === 'completed' ? res.body : undefined;
    },
    30_000,
    200,
  );
  assert.equal(paid.amount, 10_000);
  // Its page says so and takes nothing.
  const page = await fetch(link.short_url);
  assert.ok((await page.text()).includes('This link has expired'));
});
