// The approval policy through the real API (docs/api.md, "Approval policy"): the default until one is set, a change
// merges the fields given (`rules` as a whole list, `beneficiaries` key by key), every refusal names its field and
// changes nothing, each change emits approval_policy.updated with the policy as GET shows it, and a policy belongs to
// one account and mode.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { createApiKey } from '../../src/db/accounts.ts';
import { assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http, type RequestOptions } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;

before(async () => {
  // Behind a trusted proxy, so that a live key may call over the test's plain HTTP.
  service = await startTestService({ TRUST_PROXY: 'true' });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

const URL = '/v1/approval_policy';
const HTTPS = { 'x-forwarded-proto': 'https' };
const DEFAULT = { rules: [], expires_after: 604_800, beneficiaries: { new: 'allow', unverified: 'allow', mismatch: 'allow' } };

const read = async (key: string) => {
  const res = await http.get(URL, { key, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return res.body;
};
const change = async (key: string, body: Pick<RequestOptions, 'form' | 'json'>) => {
  const res = await http.post(URL, { key, idempotencyKey: randomUUID(), headers: HTTPS, ...body });
  assert.equal(res.status, 200, res.text);
  return res.body;
};
/** The policy without its time, to compare one answer with another. */
const fields = ({ updated_at: _, ...rest }: Record<string, unknown>) => rest;

test('the default until one is set, for every role; a form sets rules (smallest first) and beneficiaries, and the event carries the answer', async () => {
  const { accountId, sandboxKey: key } = await service.newAccount();
  const approver = await createApiKey(service.stack.orm.em.fork(), accountId, 'sandbox', { role: 'approver' });
  for (const k of [key, approver.secret]) assert.deepEqual(await read(k), { object: 'approval_policy', mode: 'sandbox', ...DEFAULT, updated_at: null });

  const set = await change(key, {
    form: {
      'rules[0][min_amount]': '5000000',
      'rules[0][approvals]': '2',
      'rules[1][min_amount]': '500000',
      'rules[1][approvals]': '1',
      'beneficiaries[new]': 'approve',
      'beneficiaries[unverified]': 'refuse',
    },
  });
  assert.deepEqual(fields(set), {
    object: 'approval_policy',
    mode: 'sandbox',
    rules: [{ min_amount: 500_000, approvals: 1 }, { min_amount: 5_000_000, approvals: 2 }],
    expires_after: 604_800,
    beneficiaries: { new: 'approve', unverified: 'refuse', mismatch: 'allow' },
  });
  assert.ok(Math.abs(set.updated_at - Date.now() / 1000) < 60, `updated_at ${set.updated_at}`);
  assert.deepEqual(await read(approver.secret), set);

  const events = await http.get('/v1/events?type=approval_policy.updated', { key });
  assert.equal(events.status, 200, events.text);
  assert.equal(events.body.data.length, 1);
  assert.deepEqual(events.body.data[0].data.object, set);
});

test('a change keeps what it does not name: expires_after alone keeps the rules, rules replace the whole list, rules= clears it', async () => {
  const { sandboxKey: key } = await service.newAccount();
  await change(key, { json: { rules: [{ min_amount: 100_000, approvals: 1 }, { min_amount: 900_000, approvals: 2 }], beneficiaries: { new: 'approve' } } });
  const longer = await change(key, { form: { expires_after: '86400' } });
  assert.deepEqual(longer.rules, [{ min_amount: 100_000, approvals: 1 }, { min_amount: 900_000, approvals: 2 }]);
  assert.equal(longer.expires_after, 86_400);
  const replaced = await change(key, { json: { rules: [{ min_amount: 300_000, approvals: 2 }], beneficiaries: { unverified: 'approve' } } });
  assert.deepEqual(fields(replaced), {
    ...fields(longer),
    rules: [{ min_amount: 300_000, approvals: 2 }],
    beneficiaries: { new: 'approve', unverified: 'approve', mismatch: 'allow' },
  });
  const cleared = await change(key, { form: { rules: '' } });
  assert.deepEqual(cleared.rules, []);
  assert.equal(cleared.expires_after, 86_400);
  assert.deepEqual(fields(await change(key, { json: { rules: [{ min_amount: 1, approvals: 1 }] } })).rules, [{ min_amount: 1, approvals: 1 }]);
  assert.deepEqual((await change(key, { json: { rules: [] } })).rules, []);
  const events = await http.get('/v1/events?type=approval_policy.updated', { key });
  assert.equal(events.body.data.length, 6, 'one event per change');
});

test('each refusal is a 400 naming its field, and changes nothing; an approver key may not change it', async () => {
  const { accountId, sandboxKey: key } = await service.newAccount();
  await change(key, { json: { rules: [{ min_amount: 100_000, approvals: 1 }], beneficiaries: { unverified: 'approve' } } });
  const before = await read(key);
  const eleven = Array.from({ length: 11 }, (_, i) => ({ min_amount: (i + 1) * 1000, approvals: 1 }));
  const refused: [Record<string, unknown>, string][] = [
    [{ rules: [{ min_amount: 100, approvals: 1 }, { min_amount: 200, approvals: 3 }] }, 'rules[1][approvals]'],
    [{ rules: [{ min_amount: 0, approvals: 1 }] }, 'rules[0][min_amount]'],
    [{ rules: [{ min_amount: 100, approvals: 1 }, { min_amount: 200, approvals: 2 }, { min_amount: 100, approvals: 2 }] }, 'rules[2][min_amount]'],
    [{ rules: [{ min_amount: 100 }] }, 'rules[0][approvals]'],
    [{ rules: eleven }, 'rules'],
    [{ rules: 'none' }, 'rules'],
    [{ expires_after: 0 }, 'expires_after'],
    [{ expires_after: 90 * 86_400 + 1 }, 'expires_after'],
    [{ beneficiaries: { new: 'sometimes' } }, 'beneficiaries[new]'],
    [{ beneficiaries: { stale: 'allow' } }, 'beneficiaries[stale]'],
    // Judged on the policy the change leaves: unverified is `approve`, so a mismatch may not refuse...
    [{ beneficiaries: { mismatch: 'refuse' } }, 'beneficiaries[unverified]'],
    // ...nor may unverified become laxer than the mismatch setting it asks for.
    [{ beneficiaries: { unverified: 'allow', mismatch: 'approve' } }, 'beneficiaries[unverified]'],
    [{ colour: 'red' }, 'colour'],
  ];
  for (const [json, param] of refused) assertApiError(await http.post(URL, { key, idempotencyKey: randomUUID(), json }), 400, 'invalid_request', param);
  assertApiError(await http.post(URL, { key, idempotencyKey: randomUUID(), form: { 'rules[0][min_amount]': '1.5', 'rules[0][approvals]': '1' } }), 400, 'invalid_request', 'rules[0][min_amount]');

  const approver = await createApiKey(service.stack.orm.em.fork(), accountId, 'sandbox', { role: 'approver' });
  assertApiError(await http.post(URL, { key: approver.secret, idempotencyKey: randomUUID(), json: { rules: [] } }), 403, 'permission_denied');

  assert.deepEqual(await read(key), before);
  assert.equal((await http.get('/v1/events?type=approval_policy.updated', { key })).body.data.length, 1, 'only the first change emitted an event');
});

test("a policy is its account's and mode's: a sandbox policy does not show on live, nor to another account", async () => {
  const mine = await service.newAccount({ live: true });
  const other = await service.newAccount();
  await change(mine.sandboxKey, { json: { rules: [{ min_amount: 50_000, approvals: 2 }], expires_after: 7200 } });
  assert.deepEqual(await read(mine.liveKey!), { object: 'approval_policy', mode: 'live', ...DEFAULT, updated_at: null });
  assert.deepEqual(fields(await read(other.sandboxKey)), { object: 'approval_policy', mode: 'sandbox', ...DEFAULT });
  const live = await change(mine.liveKey!, { json: { beneficiaries: { new: 'refuse' } } });
  assert.deepEqual(live.rules, []);
  assert.deepEqual((await read(mine.sandboxKey)).beneficiaries, DEFAULT.beneficiaries);
  assert.deepEqual((await read(mine.sandboxKey)).rules, [{ min_amount: 50_000, approvals: 2 }]);
  assert.deepEqual((await http.get('/v1/events?type=approval_policy.updated', { key: other.sandboxKey })).body.data, []);
});
