// Every curl example of the README, run in order against the real service as a reader would run them (issue 35:
// a wrong example is a defect). `$API` is the service's /v1, `$KEY` a fresh sandbox key, and an id written as
// `pout_...` is the id of that kind the examples before it produced (the README's own order: the beneficiary
// before its payout, the payment before its refund). Each must be answered 2xx, and the report's download link
// (written `<download_url>`) must give the file. A mandate is approved on its page (the customer's step) when made.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout } from 'node:timers/promises';
import { answerMandate } from '../helpers/collections.ts';
import { readmeCurlCommands } from '../helpers/readme.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
before(async () => {
  // The sandbox bank answers at once, so the payouts of the examples have completed when the events example lists them.
  // The page requests of a whole run come from 127.0.0.1 and are counted in the shared database (the fuzz test's too).
  service = await startTestService({ SANDBOX_PAYOUT_DELAY_MS: '1', PAYMENT_LINK_PAGE_REQUESTS_PER_MINUTE: '100000' });
});
after(async () => {
  await service?.stop();
});

/** The ids an answer names: the object's own, or the first of a list's. */
function idsOf(body: any): string[] {
  const first = Array.isArray(body?.data) ? body.data[0] : body;
  return [first?.id].filter((id): id is string => typeof id === 'string');
}

test('every curl example of the README is answered 2xx by the service, in the order the README gives them', async () => {
  const { sandboxKey } = await service.newAccount();
  const latest = new Map<string, string>();
  const fill = (text: string) =>
    text.replace(/\b([a-z]+)_\.\.\./g, (placeholder, prefix: string) => {
      const id = latest.get(prefix);
      assert.ok(id, `${placeholder}: no example before it produced one`);
      return id;
    });
  const commands = readmeCurlCommands();
  assert.ok(commands.length >= 25);
  for (const command of commands) {
    const json = command.headers.some(([name, value]) => /^content-type$/i.test(name) && value.startsWith('application/json'));
    const headers = new Headers([
      ...command.headers,
      ['Authorization', `Basic ${Buffer.from(`${sandboxKey}:`).toString('base64')}`],
      ...(command.data.length > 0 && !json ? [['Content-Type', 'application/x-www-form-urlencoded'] as [string, string]] : []),
    ]);
    const url = `${service.url}${fill(command.url).replace('$API', '/v1')}`;
    const body = command.data.length > 0 ? fill(command.data.join('&')) : undefined;
    const res = await fetch(url, { method: command.method, headers, body });
    const text = await res.text();
    assert.ok(res.ok, `${command.argv.join(' ')}\n  → ${res.status} ${text}`);
    const answer = JSON.parse(text);
    for (const id of idsOf(answer)) latest.set(id.slice(0, id.indexOf('_')), id);
    // A new mandate, or a collection waiting for the mandate made for it: the customer approves it at its
    // authorization_url, as the README says, before it charges.
    if ((answer?.object === 'mandate' || answer?.object === 'collection') && answer.status === 'created') {
      assert.equal(await answerMandate(answer.authorization_url, 'success@upi'), 303);
      const path = answer.object === 'mandate' ? `/v1/mandates/${answer.id}` : `/v1/collections/${answer.id}`;
      let approved: any;
      do {
        if (approved) await setTimeout(100);
        approved = await (await fetch(`${service.url}${path}`, { headers: { Authorization: `Bearer ${sandboxKey}` } })).json();
      } while (approved.status === 'created');
      assert.equal(approved.status, 'active');
    }
  }
  // `curl -o report.csv '<download_url>'`: the link of the report the examples read, once it is ready.
  const report = latest.get('rpt');
  assert.ok(report, 'no example created a report');
  let read: any;
  do {
    if (read) await setTimeout(100);
    read = await (await fetch(`${service.url}/v1/reports/${report}`, { headers: { Authorization: `Bearer ${sandboxKey}` } })).json();
  } while (read.status === 'pending');
  assert.equal(read.status, 'ready');
  const file = await fetch(read.download_url);
  assert.equal(file.status, 200, 'the report downloads by its link');
  assert.match(await file.text(), /^id,type,source_id,amount/);
});
