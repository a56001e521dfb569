// An active mandate whose expire_at passes while the whole service is stopped (npm start, SIGTERM: API, worker,
// Temporal dev server and PostgreSQL all down) is `expired`, with its mandate.expired event, right after the service
// starts again: its expiry is a durable timer, not a process's memory.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createHttp } from '../helpers/http.ts';
import { type NpmStartHarness, npmStartHarness, waitForValue } from '../helpers/npm-start.ts';
import { getPage, tokenOf } from '../helpers/payment-links.ts';

const VALIDITY_S = 15;

let harness: NpmStartHarness | undefined;
after(() => harness?.cleanup());

test('expire_at passes while the service is stopped: the mandate is expired with its event right after the next start', async () => {
  harness = await npmStartHarness({}, 'mandate-restart');
  const first = await harness.start();
  const key = /Its sandbox key \(shown once\):\s+(\S+)/.exec(first.output())?.[1];
  assert.ok(key, `npm start printed the demo key:\n${first.output()}`);
  const http = createHttp(harness.apiUrl);

  const customer = await http.post('/v1/customers', { key, json: { name: 'Asha Rao', email: 'asha@example.com', phone: '+919812345678', vpa: 'asha@okhdfc' } });
  assert.equal(customer.status, 200, customer.text);
  const expireAt = Math.floor(Date.now() / 1000) + VALIDITY_S;
  const created = await http.post('/v1/mandates', { key, json: { customer_id: customer.body.id, max_amount: 100_000, frequency: 'monthly', expire_at: expireAt } });
  assert.equal(created.status, 200, created.text);
  const mandate = created.body;
  const form = new URLSearchParams({ token: tokenOf((await getPage(mandate.authorization_url)).html), vpa: 'success@upi' });
  const approved = await fetch(mandate.authorization_url, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  assert.equal(approved.status, 303, await approved.text());
  assert.equal((await http.get(`/v1/mandates/${mandate.id}`, { key })).body.status, 'active');

  // Stop everything well before expire_at, as an operator's Ctrl-C would.
  process.kill(-first.child.pid!, 'SIGTERM');
  await new Promise<void>((resolve) => (first.child.exitCode !== null ? resolve() : first.child.once('exit', () => resolve())));
  assert.ok(Date.now() / 1000 < expireAt, 'the service stopped before expire_at');
  await waitForValue('no process of the service left', async () => (harness!.processes().size === 0 ? true : undefined), 30_000);
  const wait = expireAt * 1000 + 2_000 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));

  await harness.start();
  const expired = await waitForValue(
    'the mandate expired after the start',
    async () => {
      const res = await http.get(`/v1/mandates/${mandate.id}`, { key });
      return res.body?.status === 'expired' ? res.body : undefined;
    },
    30_000,
    200,
  );
  assert.ok(expired.expired_at >= expireAt, 'not before expire_at');
  const events = await http.get('/v1/events?type=mandate.expired', { key });
  assert.equal(events.status, 200, events.text);
  assert.deepEqual(
    events.body.data.filter((e: any) => e.data.object.id === mandate.id).map((e: any) => e.data.object.status),
    ['expired'],
  );
  assert.ok((await (await fetch(mandate.authorization_url)).text()).includes('Mandate expired'));
});
