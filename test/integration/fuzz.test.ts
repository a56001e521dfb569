// Every write route against generated input (issue 11; docs/decisions.md: every write route joins it), the
// hosted payment page, and /mcp (issue 16).
// fast-check makes bodies and headers nobody would send on purpose: NUL and unpaired surrogates, huge and
// fractional numbers, deep nesting, unknown and repeated parameters, bracket tricks, reused keys. For each
// request the service must answer (no hang), never with a 5xx, and every 4xx in the contract's envelope.
// Afterwards no workflow of the account may be retrying an activity past its third attempt.
// Every property runs on one fixed seed, printed (FUZZ_SEED overrides it), so that a run can be repeated: a failure
// names its seed and fast-check's path to the failing case (FUZZ_SEED and FUZZ_PATH replay just that case).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { createHttp, authHeader, type Http } from '../helpers/http.ts';
import { createCustomer } from '../helpers/payments.ts';
import { activeMandate } from '../helpers/collections.ts';
import { buildTools } from '../../src/mcp/tools.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20_261_128;
assert.ok(Number.isSafeInteger(FUZZ_SEED), `FUZZ_SEED must be an integer, not ${process.env.FUZZ_SEED}`);

/** Runs `property` on the run's seed; a failure says how to replay it. */
async function fuzz<Ts>(name: string, property: fc.IAsyncProperty<Ts>, numRuns: number): Promise<void> {
  const path = process.env.FUZZ_PATH || undefined;
  console.log(`# ${name}: fast-check seed ${FUZZ_SEED}${path ? `, path ${path}` : ''}, ${numRuns} runs`);
  // endOnFailure: a request is not cheap, and the first failing one is the one to look at.
  const details = await fc.check(property, { seed: FUZZ_SEED, numRuns, endOnFailure: true, ...(path ? { path } : {}) });
  if (details.failed) {
    const replay = `FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath} (with --test-name-pattern for this test)`;
    console.log(`# ${name} failed; replay it with ${replay}`);
    throw new Error(`${name}: failed on seed ${details.seed}, path ${details.counterexamplePath}; replay it with ${replay}\n${fc.defaultReportMessage(details)}`);
  }
}

let service: TestService;
let http: Http;
let account: { accountId: string; sandboxKey: string };
const ids: Record<string, string> = {};

before(async () => {
  // Short waits so that generated requests that do succeed answer quickly.
  service = await startTestService({
    PAYMENT_SYNC_WAIT_MS: '300',
    SANDBOX_PAYOUT_DELAY_MS: '100',
    RATE_LIMIT_SANDBOX: '100000',
    // The page's limits would answer most generated page requests with a 429 before they reach a handler.
    PAYMENT_LINK_PAGE_REQUESTS_PER_MINUTE: '100000',
    PAYMENT_LINK_ATTEMPTS_PER_MINUTE: '100000',
    PAYMENT_LINK_PAY_WAIT_MS: '300',
  });
  http = createHttp(service.url);
  account = await service.newAccount();
  const key = account.sandboxKey;
  const ok = async (path: string, json: unknown) => {
    const res = await http.post(path, { key, json });
    assert.equal(res.status, 200, `${path}: ${res.text}`);
    return res.body;
  };
  ids.topUp = (await ok('/v1/test_helpers/top_ups', { amount: 100_000_000 })).id;
  ids.beneficiary = (await ok('/v1/beneficiaries', { type: 'vpa', name: 'Asha', vpa: 'success@upi' })).id;
  ids.customer = await createCustomer(http, key);
  ids.payment = (await ok('/v1/payments', { amount: 5_000, method: 'upi', vpa: 'success@upi' })).id;
  ids.payout = (await ok('/v1/payouts', { beneficiary_id: ids.beneficiary, amount: 1_000, mode: 'upi' })).id;
  ids.waitingBatch = (await ok('/v1/payout_batches', { scheduled_at: Math.floor(Date.now() / 1000) + 86_400, payouts: [{ beneficiary_id: ids.beneficiary, amount: 1_000, mode: 'upi', idempotency_key: 'fuzz-waiting-batch-1' }] })).id;
  ids.waiting = (await ok('/v1/payouts', { beneficiary_id: ids.beneficiary, amount: 1_000, mode: 'upi', scheduled_at: Math.floor(Date.now() / 1000) + 86_400 })).id;
  ids.activeMandate = (await activeMandate(http, key, ids.customer)).id;
  ids.collection = (await ok('/v1/collections', { mandate_id: ids.activeMandate, amount: 1_000, schedule: 'monthly', start_at: Math.floor(Date.now() / 1000) + 86_400 })).id;
  ids.link = (await ok('/v1/payment_links', { amount: 5_000, accept_partial: true })).id;
  ids.mandate = (await ok('/v1/mandates', { customer_id: ids.customer, max_amount: 100_000, frequency: 'monthly' })).id;
  ids.endpoint = (await ok('/v1/webhook_endpoints', { url: 'http://127.0.0.1:9/hook', enabled_events: ['payout.completed'] })).id;
  const events = await http.get('/v1/events', { key });
  ids.event = events.body.data[0]?.id ?? 'evt_00000000000000000000000000';
});
after(async () => {
  await service?.stop();
});

/** Text nobody means: NUL, lone surrogates, brackets, very long, non-ASCII, empty. */
const nastyText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\ud83d\ude00', '[]', 'a[b', 'a]b', '__proto__', 'constructor', ' ', '%00', '1e309', '-0', '0x10'),
  fc.string({ minLength: 300, maxLength: 600 }),
);
const nastyNumber = fc.oneof(fc.integer(), fc.double(), fc.bigInt({ min: 0n, max: 2n ** 80n }).map((b) => Number(b)), fc.constantFrom(0, -1, 1, 1e12, 1e12 + 1, 2 ** 53, Number.MAX_VALUE));
const leaf = fc.oneof(nastyText, nastyNumber, fc.boolean(), fc.constant(null));
const { value: nastyValue } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('list'), tie('object')),
  list: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(nastyText, tie('value'), { maxKeys: 4 }),
}));

/** A valid body per route: generated requests start from it and spoil some of it. */
const bases: Record<string, () => Record<string, unknown>> = {
  '/v1/test_helpers/top_ups': () => ({ amount: 100, description: 'fuzz', metadata: { a: 'b' } }),
  '/v1/beneficiaries': () => ({ type: 'vpa', name: 'Asha', vpa: 'success@upi', metadata: { a: 'b' }, verify: true }),
  '/v1/beneficiaries/:beneficiary/verify': () => ({}),
  '/v1/customers': () => ({ name: 'Asha', email: 'asha@example.com', phone: '+919876543210', vpa: 'success@upi', metadata: { a: 'b' } }),
  '/v1/customers/:customer': () => ({ name: 'Asha', email: 'asha@example.com', metadata: { a: 'b' } }),
  '/v1/payouts': () => ({ beneficiary_id: ids.beneficiary, amount: 100, mode: 'upi', reference: 'r', narration: 'n', metadata: { a: 'b' } }),
  '/v1/payout_batches': () => ({ reference: 'r', payouts: [{ beneficiary_id: ids.beneficiary, amount: 100, mode: 'upi', idempotency_key: 'k1' }] }),
  '/v1/payments': () => ({ amount: 100, method: 'upi', vpa: 'success@upi', receipt: 'r', description: 'd', metadata: { a: 'b' } }),
  '/v1/refunds': () => ({ payment_id: ids.payment, amount: 1, reason: 'r', metadata: { a: 'b' } }),
  '/v1/collections': () => ({ mandate_id: ids.activeMandate, amount: 100, schedule: 'monthly', start_at: Math.floor(Date.now() / 1000) + 86_400, description: 'd', metadata: { a: 'b' } }),
  '/v1/webhook_endpoints': () => ({ url: 'http://127.0.0.1:9/fuzz', enabled_events: ['payout.completed'], description: 'd' }),
  '/v1/reports/transactions': () => ({ from: '2026-10-01', to: '2026-10-31', format: 'csv' }),
  '/v1/approval_policy': () => ({ rules: [{ min_amount: 1_000_000, approvals: 1 }, { min_amount: 5_000_000, approvals: 2 }], expires_after: 3600, beneficiaries: { new: 'approve', unverified: 'allow', mismatch: 'allow' } }),
  '/v1/mandates': () => ({
    customer_id: ids.customer,
    max_amount: 100_000,
    frequency: 'monthly',
    start_at: Math.floor(Date.now() / 1000),
    expire_at: Math.floor(Date.now() / 1000) + 86_400 * 365,
    vpa: 'success@upi',
    description: 'd',
    metadata: { a: 'b' },
  }),
  '/v1/payment_links': () => ({
    amount: 1_000,
    description: 'd',
    customer: { name: 'Asha', email: 'asha@example.com', phone: '+919876543210' },
    accept_partial: true,
    first_min_partial_amount: 100,
    expire_by: Math.floor(Date.now() / 1000) + 3600,
    callback_url: 'http://127.0.0.1:9/cb',
    metadata: { a: 'b' },
  }),
};
/** Where a spoiled value goes: a top-level parameter, a metadata key or value, or a batch item's field. */
const spoil = fc.record({ where: fc.constantFrom('param', 'metadataKey', 'metadataValue', 'item'), pick: fc.nat(), value: fc.oneof(nastyValue, nastyText) });

const routes: Array<{ method: 'POST' | 'DELETE'; path: string }> = [
  ...Object.keys(bases).map((path) => ({ method: 'POST' as const, path })),
  { method: 'POST', path: '/v1/collections/:collection/pause' },
  { method: 'POST', path: '/v1/collections/:collection/resume' },
  { method: 'POST', path: '/v1/collections/:collection/cancel' },
  { method: 'POST', path: '/v1/payment_links/:link/cancel' },
  { method: 'POST', path: '/v1/mandates/:mandate/revoke' },
  { method: 'POST', path: '/v1/test_helpers/mandates/:mandate/pause' },
  { method: 'POST', path: '/v1/test_helpers/mandates/:mandate/resume' },
  { method: 'POST', path: '/v1/test_helpers/mandates/:mandate/revoke' },
  { method: 'POST', path: '/v1/test_helpers/collections/:collection/advance' },
  { method: 'POST', path: '/v1/test_helpers/payouts/:payout/complete' },
  { method: 'POST', path: '/v1/test_helpers/payouts/:payout/fail' },
  { method: 'POST', path: '/v1/test_helpers/payouts/:waiting/advance' },
  { method: 'POST', path: '/v1/payouts/:waiting/approve' },
  { method: 'POST', path: '/v1/payouts/:waiting/reject' },
  { method: 'POST', path: '/v1/payouts/:waiting/cancel' },
  { method: 'POST', path: '/v1/payout_batches/:waitingBatch/approve' },
  { method: 'POST', path: '/v1/payout_batches/:waitingBatch/reject' },
  { method: 'POST', path: '/v1/payout_batches/:waitingBatch/cancel' },
  { method: 'POST', path: '/v1/test_helpers/payout_batches/:waitingBatch/advance' },
  { method: 'POST', path: '/v1/test_helpers/settlements/run' },
  { method: 'POST', path: '/v1/events/:event/redeliver' },
  { method: 'DELETE', path: '/v1/beneficiaries/:beneficiary' },
];

/** The id a path names: usually a real one of the account, sometimes garbage (encoded as it comes). */
const pathId = (name: string) => fc.oneof({ weight: 3, arbitrary: fc.constant(ids[name] ?? 'x') }, { weight: 1, arbitrary: nastyText.map((t) => encodeURIComponent(t.replace(/[\ud800-\udfff]/g, '')) || 'x') });

/** A form body in bracket notation, raw: lone surrogates go out as the bytes of their (invalid) UTF-8. */
function formOf(value: unknown, prefix = ''): string[] {
  const enc = (s: string) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return Buffer.from(s, 'utf8').toString('latin1').replace(/[^A-Za-z0-9]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
    }
  };
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => formOf(v, prefix ? `${prefix}[${Array.isArray(value) ? k : enc(k)}]` : enc(k)));
  }
  return [`${prefix}=${enc(String(value))}`];
}

const request = fc.record({
  route: fc.constantFrom(...routes),
  ids: fc.record({ customer: pathId('customer'), collection: pathId('collection'), link: pathId('link'), payout: pathId('payout'), waiting: pathId('waiting'), waitingBatch: pathId('waitingBatch'), event: pathId('event'), beneficiary: pathId('beneficiary') }),
  // Mostly a valid body with one or two values spoiled (so requests reach the handlers), sometimes strangers too.
  spoils: fc.array(spoil, { minLength: 0, maxLength: 2 }),
  strangers: fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(nastyText, nastyValue, { maxKeys: 3 }) }),
  encoding: fc.constantFrom('json', 'form', 'raw'),
  rawAsJson: fc.boolean(),
  raw: fc.oneof(fc.constantFrom('{', '[]', 'null', '"x"', '{"a":'.repeat(100), 'a=1&a=2&a[b]=3', '=1', '&&&', '%', '%zz=1'), nastyText),
  idempotencyKey: fc.option(fc.oneof(fc.constantFrom('fuzz-1', 'fuzz-2', ' ', 'x'.repeat(256)), fc.string({ maxLength: 30 })), { nil: undefined }),
  simulate: fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('duplicate_webhooks', 'out_of_order_webhooks', 'rate_limited', 'bogus', '') }),
});

/** Every `id` anywhere in an answer (an object, a list, a nested object). */
function idsIn(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) idsIn(v, into);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'id' && typeof v === 'string') into.add(v);
      else idsIn(v, into);
    }
  }
}

/** Whatever an account's requests started settles or waits on a timer; none retries an activity again and again. */
async function assertNoneRetrying(accountId: string): Promise<void> {
  await new Promise((r) => setTimeout(r, 3000));
  const client = service.stack.temporal!.client;
  const retrying: string[] = [];
  for await (const wf of client.workflow.list({ query: `AccountId = '${accountId}' AND ExecutionStatus = 'Running'` })) {
    if (wf.type === 'webhookDeliveryWorkflow') continue; // deliveries to a dead receiver are meant to retry
    const description = await client.workflow.getHandle(wf.workflowId, wf.runId).describe();
    for (const pending of description.raw.pendingActivities ?? []) {
      if ((pending.attempt ?? 0) > 3) retrying.push(`${wf.workflowId}: ${pending.activityType?.name} attempt ${pending.attempt}`);
    }
  }
  assert.deepEqual(retrying, []);
}

describe('generated input on every write route', () => {
  test('never a 5xx or a hang; every 4xx in the envelope; every write accounted for by an answer; no workflow left retrying', async () => {
    let sent = 0;
    const answered = new Set<string>(Object.values(ids));
    const statuses = new Map<number, number>();
    await fuzz(
      'write routes',
      fc.asyncProperty(request, async (r) => {
        const path = r.route.path.replace(/:(\w+)/g, (_, name: keyof typeof r.ids) => r.ids[name]);
        const body: Record<string, unknown> = { ...(bases[r.route.path]?.() ?? {}), ...r.strangers };
        for (const s of r.spoils) {
          const names = Object.keys(body);
          if (s.where === 'param' && names.length) body[names[s.pick % names.length]] = s.value;
          else if (s.where === 'metadataKey') body.metadata = { [typeof s.value === 'string' ? s.value : JSON.stringify(s.value)]: 'v' };
          else if (s.where === 'metadataValue') body.metadata = { k: s.value };
          else if (s.where === 'item' && Array.isArray(body.payouts)) {
            const item = { ...(body.payouts[0] as Record<string, unknown>) };
            const fields = Object.keys(item);
            item[fields[s.pick % fields.length]] = s.value;
            body.payouts = [item];
          }
        }
        // Webhook endpoints get only destinations on this machine: generated input must not make the worker call out.
        if (r.route.path === '/v1/webhook_endpoints' && 'url' in body) body.url = 'http://127.0.0.1:9/fuzz';
        const headers: Record<string, string> = { authorization: authHeader(account.sandboxKey) };
        if (r.idempotencyKey !== undefined && /^[\x20-\x7e]*$/.test(r.idempotencyKey)) headers['idempotency-key'] = r.idempotencyKey;
        if (r.simulate !== undefined) headers['sandbox-simulate'] = r.simulate;
        let payload: string | undefined;
        if (r.route.method === 'POST') {
          if (r.encoding === 'json') {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify(body);
          } else if (r.encoding === 'form') {
            headers['content-type'] = 'application/x-www-form-urlencoded';
            payload = formOf(body).join('&');
          } else {
            headers['content-type'] = r.rawAsJson ? 'application/json' : 'application/x-www-form-urlencoded';
            payload = r.raw;
          }
        }
        const res = await fetch(service.url + path, { method: r.route.method, headers, body: payload, signal: AbortSignal.timeout(20_000) });
        const text = await res.text();
        sent++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const where = `${r.route.method} ${path} ${payload?.slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`;
        assert.ok(res.status < 500, where);
        if (res.status < 300) idsIn(JSON.parse(text), answered);
        if (res.status >= 400) {
          const parsed = JSON.parse(text);
          assert.equal(typeof parsed.error?.code, 'string', where);
          assert.equal(typeof parsed.error?.message, 'string', where);
        }
      }),
      1500,
    );
    console.log(`# fuzz: ${sent} requests; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);

    // Every write is accounted for by an answer: each object the account holds was returned by a 2xx
    // (or belongs to one that was: a batch's payouts, a collection's charges), and every ledger movement
    // is one of those objects'. A refused request that wrote something anyway shows up here.
    await new Promise((r) => setTimeout(r, 2000)); // let started collection cycles and batch items write
    const ours = (table: string, kind: string, parent?: string) =>
      `select '${kind}' as kind, id from ${table} where account_id = ? and id not in (select id from answered)` +
      (parent ? ` and coalesce(${parent}, '') not in (select id from answered)` : '');
    const unaccounted = await service.sql<{ kind: string; id: string }>(
      `with answered as (select jsonb_array_elements_text(?::jsonb) as id) ` +
        [
          ours('top_ups', 'top_up'),
          ours('beneficiaries', 'beneficiary'),
          ours('customers', 'customer'),
          ours('payout_batches', 'payout_batch'),
          ours('payouts', 'payout', 'batch_id'),
          ours('payments', 'payment', 'collection_id'),
          ours('refunds', 'refund'),
          ours('collections', 'collection'),
          ours('payment_links', 'payment_link'),
          ours('mandates', 'mandate'),
          ours('reports', 'report'),
          ours('settlements', 'settlement'),
          ours('webhook_endpoints', 'webhook_endpoint'),
        ].join(' union all '),
      [JSON.stringify([...answered]), ...Array(13).fill(account.accountId)],
    );
    assert.deepEqual(unaccounted, [], 'objects no answer returned');
    const strayMovements = await service.sql<{ id: string; source_id: string }>(
      `select t.id, t.source_id from balance_transactions t where t.account_id = ? and not exists (
         select 1 from (select id from top_ups union all select id from payouts union all select id from payments
                        union all select id from refunds union all select id from settlements) o where o.id = t.source_id)`,
      [account.accountId],
    );
    assert.deepEqual(strayMovements, [], 'ledger movements of no object');

    await assertNoneRetrying(account.accountId);
  });
});

describe('generated input on the hosted payment page', () => {
  test('POST /pay/{id} and its pages: never a 5xx or a hang, always an HTML page, and no money moves without a valid form', async () => {
    const page = await fetch(`${service.url}/pay/${ids.link}`);
    const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1];
    assert.ok(token, 'the link page has a form');
    const form = fc.record({
      token: fc.oneof(fc.constant(token), nastyText),
      vpa: fc.oneof(fc.constantFrom('success@upi', 'failure@upi'), nastyText),
      amount: fc.oneof(fc.constantFrom('1', '10.5', '50', '0', '-1', '1e3', '99999999999', '₹1,000'), nastyText),
    });
    const pageRequest = fc.record({
      path: fc.oneof(fc.constant(`/pay/${ids.link}`), pathId('link').map((id) => `/pay/${id}`), nastyText.map((t) => `/pay/${ids.link}/payments/${encodeURIComponent(t.replace(/[\ud800-\udfff]/g, '')) || 'x'}`)),
      method: fc.constantFrom('GET', 'POST'),
      encoding: fc.constantFrom('form', 'json', 'raw'),
      form,
      raw: nastyText,
    });
    let sent = 0;
    await fuzz(
      'payment page',
      fc.asyncProperty(pageRequest, async (r) => {
        const headers: Record<string, string> = {};
        let body: string | undefined;
        if (r.method === 'POST') {
          headers['content-type'] = r.encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
          body = r.encoding === 'json' ? JSON.stringify(r.form) : r.encoding === 'form' ? formOf(r.form).join('&') : r.raw;
        }
        const res = await fetch(service.url + r.path, { method: r.method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
        const text = await res.text();
        sent++;
        const where = `${r.method} ${r.path} ${body?.slice(0, 200)} → ${res.status} ${text.slice(0, 200)}`;
        assert.ok(res.status < 500, where);
        if (res.status === 303) assert.match(res.headers.get('location') ?? '', /^\/pay\/plink_[0-9A-Z]+\/payments\/pay_[0-9A-Z]+$/, where);
        else if (res.status !== 405 && res.status !== 404) assert.match(res.headers.get('content-type') ?? '', /^text\/html/, where);
      }),
      300,
    );
    console.log(`# page fuzz: ${sent} requests`);
    // The link never holds more than its amount, whatever was sent.
    const [link] = await service.sql<{ amount: string; amount_paid: string }>(`select amount, amount_paid from payment_links where id = ?`, [ids.link]);
    assert.ok(Number(link.amount_paid) <= Number(link.amount));
  });
});

describe('generated input on the hosted mandate page', () => {
  test('POST /mandates/{id}/authorize and its page: never a 5xx or a hang, always an HTML page or a 303 back to it', async () => {
    const key = account.sandboxKey;
    const customer = await createCustomer(http, key);
    const created = await http.post('/v1/mandates', { key, json: { customer_id: customer, max_amount: 100_000, frequency: 'weekly' } });
    assert.equal(created.status, 200, created.text);
    const mandateId = created.body.id as string;
    const page = await fetch(`${service.url}/mandates/${mandateId}/authorize`);
    const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1];
    assert.ok(token, 'the authorization page has a form');
    const form = fc.record({ token: fc.oneof(fc.constant(token), nastyText), vpa: fc.oneof(fc.constantFrom('success@upi', 'failure@upi', 'slow@upi'), nastyText) });
    const pageRequest = fc.record({
      id: fc.oneof({ weight: 3, arbitrary: fc.constant(mandateId) }, { weight: 1, arbitrary: nastyText.map((t) => encodeURIComponent(t.replace(/[\ud800-\udfff]/g, '')) || 'x') }),
      method: fc.constantFrom('GET', 'POST'),
      encoding: fc.constantFrom('form', 'json', 'raw'),
      form,
      raw: nastyText,
    });
    await fuzz(
      'mandate page',
      fc.asyncProperty(pageRequest, async (r) => {
        const headers: Record<string, string> = {};
        let body: string | undefined;
        if (r.method === 'POST') {
          headers['content-type'] = r.encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
          body = r.encoding === 'json' ? JSON.stringify(r.form) : r.encoding === 'form' ? formOf(r.form).join('&') : r.raw;
        }
        const path = `/mandates/${r.id}/authorize`;
        const res = await fetch(service.url + path, { method: r.method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
        const text = await res.text();
        const where = `${r.method} ${path} ${body?.slice(0, 200)} → ${res.status} ${text.slice(0, 200)}`;
        assert.ok(res.status < 500, where);
        if (res.status === 303) assert.equal(res.headers.get('location'), `/mandates/${mandateId}/authorize`, where);
        else if (res.status !== 405 && res.status !== 404) assert.match(res.headers.get('content-type') ?? '', /^text\/html/, where);
      }),
      200,
    );
  });
});

describe('generated input on /mcp', () => {
  test('JSON-RPC bodies and tool calls with generated arguments: never a 5xx or a hang, never a tool result of a 5xx, no workflow left retrying', async () => {
    const mcp = await service.newAccount();
    await http.post('/v1/test_helpers/top_ups', { key: mcp.sandboxKey, json: { amount: 10_000_000 } });
    const tools = buildTools();
    const call = fc.record({
      tool: fc.constantFrom(...tools.map((t) => t.name), 'no_such_tool'),
      // Mostly the arguments a tool takes, filled with generated values; sometimes strangers, sometimes not an object.
      args: fc.oneof(
        { weight: 4, arbitrary: fc.dictionary(fc.constantFrom('id', 'amount', 'beneficiary_id', 'mode', 'type', 'vpa', 'name', 'limit', 'created', 'from', 'to', 'url', 'enabled_events', 'payouts', 'metadata', 'idempotency_key'), nastyValue, { maxKeys: 6 }) },
        { weight: 1, arbitrary: fc.dictionary(nastyText, nastyValue, { maxKeys: 3 }) },
        { weight: 1, arbitrary: nastyValue },
      ),
      key: fc.option(fc.oneof(fc.constantFrom('mcp-1', 'mcp-2'), nastyText), { nil: undefined }),
    });
    const envelope = fc.oneof(
      { weight: 6, arbitrary: call.map((c) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: c.tool, arguments: c.key === undefined || typeof c.args !== 'object' || c.args === null || Array.isArray(c.args) ? c.args : { ...c.args, idempotency_key: c.key } } })) },
      { weight: 1, arbitrary: fc.constant({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) },
      { weight: 1, arbitrary: fc.record({ jsonrpc: fc.oneof(fc.constant('2.0'), nastyText), id: nastyValue, method: fc.oneof(fc.constantFrom('tools/call', 'tools/list', 'initialize', 'ping'), nastyText), params: nastyValue }) },
      { weight: 1, arbitrary: fc.oneof(fc.constantFrom('{', '[]', 'null', '{"jsonrpc":"2.0"', '{"a":'.repeat(100)), nastyText) },
    );
    const statuses = new Map<number, number>();
    await fuzz(
      '/mcp',
      fc.asyncProperty(envelope, async (message) => {
        // Webhook endpoints get only destinations on this machine: generated input must not make the worker call out.
        const params = (message as { params?: { arguments?: Record<string, unknown> } }).params;
        if (params?.arguments && typeof params.arguments === 'object' && 'url' in params.arguments) params.arguments.url = 'http://127.0.0.1:9/fuzz';
        const payload = typeof message === 'string' ? message : JSON.stringify(message);
        const res = await fetch(`${service.url}/mcp`, {
          method: 'POST',
          headers: { authorization: authHeader(mcp.sandboxKey), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: payload,
          signal: AbortSignal.timeout(20_000),
        });
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const where = `${payload.slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`;
        assert.ok(res.status < 500, where);
        const result = res.status === 200 && text ? (JSON.parse(text) as { result?: { isError?: boolean; structuredContent?: { error?: { code?: string } } } }).result : undefined;
        if (result?.isError) assert.ok(!['internal_error', 'service_unavailable'].includes(result.structuredContent?.error?.code ?? ''), where);
      }),
      400,
    );
    console.log(`# fuzz /mcp: statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    await assertNoneRetrying(mcp.accountId);
  });
});
