// The OpenAPI document's request and response examples are real: they were recorded from a run of this
// scenario against the service (`UPDATE_EXAMPLES=1` rewrites src/contract/examples.json), and every run of this
// test plays the scenario again and checks that the committed examples still say what the service does:
//   - every operation that answers JSON has an example of its 200 (the exceptions are named, with why);
//   - each committed example validates against the schema the document gives for it (Ajv, JSON Schema 2020-12);
//   - each recorded answer has the committed example's shape: the same fields, recursively, with the same JSON
//     types (null matches any type: a field that is null in one run may be set in another);
//   - the document serves exactly the committed examples.
// Values are as recorded, except the service's own address (shown as https://api.paygate.example), the
// receiver's, and the webhook secret (a placeholder, so no secret is committed).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { createHttp, type ApiResponse, type Http } from '../helpers/http.ts';
import { getPage, tokenOf } from '../helpers/payment-links.ts';
import { waitFor } from '../helpers/payments.ts';
import { activeMandate } from '../helpers/collections.ts';
import { waitForPayout, settled } from '../helpers/payouts.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { payctlFor, payctlJson } from '../helpers/payctl.ts';
import { startWebhookReceiver, waitUntil, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const EXAMPLES_FILE = new URL('../../src/contract/examples.json', import.meta.url);
const PUBLIC_URL = 'https://api.paygate.example';
const RECEIVER_URL = 'https://example.com/webhooks/paygate';

/** Operations with no JSON example, and why. */
const WITHOUT_EXAMPLE: Record<string, string> = {
  getOpenApi: 'the answer is the document itself',
  getMetrics: 'Prometheus text, not JSON',
  downloadReport: 'the answer is the report file (CSV or JSONL), not JSON',
};

interface Example {
  request?: unknown;
  response: unknown;
}

let service: TestService;
let http: Http;
let receiver: WebhookReceiver;
const recorded: Record<string, Example> = {};

before(async () => {
  service = await startTestService();
  http = createHttp(service.url);
  receiver = await startWebhookReceiver();
});
after(async () => {
  await receiver?.close();
  await service?.stop();
});

function scrub(value: unknown): unknown {
  const text = JSON.stringify(value)
    .replaceAll(service.url, PUBLIC_URL)
    .replaceAll(receiver.url('/hooks'), RECEIVER_URL)
    .replace(/whsec_[A-Za-z0-9+/=]+/g, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
  return JSON.parse(text);
}

/** Sends one request, expects 200, and keeps it as the example of `operationId`. */
async function call(operationId: string, method: 'GET' | 'POST' | 'DELETE', path: string, key: string, json?: Record<string, unknown>): Promise<any> {
  // Writes carry an Idempotency-Key, as a caller's should, so the examples show one of theirs, not one the service made up.
  const idempotencyKey = randomUUID();
  const res: ApiResponse =
    method === 'GET' ? await http.get(path, { key }) : method === 'DELETE' ? await http.request('DELETE', path, { key, idempotencyKey }) : await http.post(path, { key, json: json ?? {}, idempotencyKey });
  assert.equal(res.status, 200, `${operationId}: ${res.text}`);
  recorded[operationId] = { ...(json && Object.keys(json).length > 0 ? { request: scrub(json) } : {}), response: scrub(res.body) };
  return res.body;
}

/** `value`'s shape: objects by their fields, lists by their first item, leaves by JSON type. */
function shape(value: unknown): unknown {
  if (value === null) return null;
  if (Array.isArray(value)) return value.length > 0 ? [shape(value[0])] : [];
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, shape(v)]).sort(([a], [b]) => String(a).localeCompare(String(b))));
  return typeof value;
}

/** Where `actual` differs in shape from `expected` (null matching anything, an empty list any list). */
function shapeDifferences(expected: unknown, actual: unknown, at = '$'): string[] {
  if (expected === null || actual === null) return [];
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual)) return [`${at}: ${JSON.stringify(expected)} vs ${JSON.stringify(actual)}`];
    if (expected.length === 0 || actual.length === 0) return [];
    return shapeDifferences(expected[0], actual[0], `${at}[0]`);
  }
  if (typeof expected === 'object' && typeof actual === 'object') {
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(e), ...Object.keys(a)])];
    return keys.flatMap((k) => (!(k in e) ? [`${at}.${k}: not in the example`] : !(k in a) ? [`${at}.${k}: no longer answered`] : shapeDifferences(e[k], a[k], `${at}.${k}`)));
  }
  return expected === actual ? [] : [`${at}: ${String(expected)} vs ${String(actual)}`];
}

test('the document\'s examples are what the service answers: recorded from this scenario, checked against the schemas', async () => {
  const { sandboxKey: key, accountId } = await service.newAccount();

  // Money in, and who it goes to.
  const topUp = await call('createTopUp', 'POST', '/v1/test_helpers/top_ups', key, { amount: 2_500_000, description: 'Float for November payouts' });
  await call('getTopUp', 'GET', `/v1/top_ups/${topUp.id}`, key);
  await call('listTopUps', 'GET', '/v1/top_ups?limit=1', key);
  const customer = await call('createCustomer', 'POST', '/v1/customers', key, {
    name: 'Meera Iyer',
    email: 'meera@example.com',
    phone: '+919812345678',
    vpa: 'success@upi',
    metadata: { crm_id: 'C-1042' },
  });
  await call('getCustomer', 'GET', `/v1/customers/${customer.id}`, key);
  await call('listCustomers', 'GET', '/v1/customers?limit=1', key);
  await call('updateCustomer', 'POST', `/v1/customers/${customer.id}`, key, { phone: '+919812345679', metadata: { tier: 'gold' } });
  const beneficiary = await call('createBeneficiary', 'POST', '/v1/beneficiaries', key, { name: 'Ravi Kumar', type: 'vpa', vpa: 'success@upi', email: 'ravi@example.com' });
  await call('verifyBeneficiary', 'POST', `/v1/beneficiaries/${beneficiary.id}/verify`, key, {});
  // The example of a read shows the verification ended, as a caller reading a moment later sees it.
  for (let tries = 0; (await http.get(`/v1/beneficiaries/${beneficiary.id}`, { key })).body.verification?.status === 'pending' && tries < 200; tries++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  await call('getBeneficiary', 'GET', `/v1/beneficiaries/${beneficiary.id}`, key);
  await call('listBeneficiaries', 'GET', '/v1/beneficiaries?limit=1', key);

  // Webhooks, before anything happens, so there are deliveries to list.
  const endpoint = await call('createWebhookEndpoint', 'POST', '/v1/webhook_endpoints', key, {
    url: receiver.url('/hooks'),
    enabled_events: ['payout.*', 'payment.captured'],
    description: 'Order system',
  });

  // Payouts: one on its own, a batch of two.
  const payout = await call('createPayout', 'POST', '/v1/payouts', key, {
    beneficiary_id: beneficiary.id,
    amount: 150_000,
    mode: 'upi',
    reference: 'INV-2026-0042',
    narration: 'November invoice',
    metadata: { invoice: 'INV-2026-0042' },
  });
  await waitForPayout(http, key, payout.id, settled);
  await call('getPayout', 'GET', `/v1/payouts/${payout.id}`, key);
  await call('listPayouts', 'GET', '/v1/payouts?limit=1', key);
  const held = await call('createPayout', 'POST', '/v1/payouts', key, { beneficiary_id: beneficiary.id, amount: 1_000, mode: 'upi' });
  await waitForPayout(http, key, held.id, settled);
  await call('payoutTestHelper', 'POST', `/v1/test_helpers/payouts/${held.id}/reverse`, key);
  const batch = await call('createPayoutBatch', 'POST', '/v1/payout_batches', key, {
    reference: 'payroll-2026-11',
    payouts: [
      { beneficiary_id: beneficiary.id, amount: 45_000, mode: 'upi', idempotency_key: 'payroll-2026-11/emp-001', reference: 'emp-001', narration: 'November salary' },
      { beneficiary_id: beneficiary.id, amount: 52_000, mode: 'upi', idempotency_key: 'payroll-2026-11/emp-002', reference: 'emp-002', narration: 'November salary' },
    ],
  });
  await waitFor(http, key, `/v1/payout_batches/${batch.id}`, (b) => b.status !== 'processing');
  await call('getPayoutBatch', 'GET', `/v1/payout_batches/${batch.id}`, key);
  await call('listPayoutBatches', 'GET', '/v1/payout_batches?limit=1', key);

  // Payouts that wait: the account's approval policy holds a large payout until an approver (another holder)
  // approves it; another is rejected; a scheduled one is cancelled. The policy is cleared after.
  await call('updateApprovalPolicy', 'POST', '/v1/approval_policy', key, { rules: [{ min_amount: 100_000, approvals: 1 }], expires_after: 86_400 });
  await call('getApprovalPolicy', 'GET', '/v1/approval_policy', key);
  const approver = payctlJson(await payctlFor(service, { LOG_LEVEL: 'silent' })(['keys', 'create', '--account', accountId, '--mode', 'sandbox', '--role', 'approver', '--name', 'Priya (finance)', '--holder', 'priya@example.com', '--json']));
  const waitingPayout = async () => (await http.post('/v1/payouts', { key, idempotencyKey: randomUUID(), json: { beneficiary_id: beneficiary.id, amount: 250_000, mode: 'upi', reference: 'INV-2026-0057' } })).body;
  await call('approvePayout', 'POST', `/v1/payouts/${(await waitingPayout()).id}/approve`, approver.key);
  await call('rejectPayout', 'POST', `/v1/payouts/${(await waitingPayout()).id}/reject`, approver.key, { reason: 'Duplicate of INV-2026-0042' });
  const waitingBatch = async (month: string) =>
    (
      await http.post('/v1/payout_batches', {
        key,
        idempotencyKey: randomUUID(),
        json: { reference: `bonus-${month}`, payouts: [1, 2].map((n) => ({ beneficiary_id: beneficiary.id, amount: 60_000, mode: 'upi', idempotency_key: `bonus-${month}/emp-00${n}` })) },
      })
    ).body;
  await call('approvePayoutBatch', 'POST', `/v1/payout_batches/${(await waitingBatch('2026-11')).id}/approve`, approver.key);
  await call('rejectPayoutBatch', 'POST', `/v1/payout_batches/${(await waitingBatch('2026-12')).id}/reject`, approver.key, { reason: 'Bonus not signed off' });
  await http.post('/v1/approval_policy', { key, idempotencyKey: randomUUID(), json: { rules: [] } });
  const scheduledBatch = async (ref: string) =>
    (
      await http.post('/v1/payout_batches', {
        key,
        idempotencyKey: randomUUID(),
        json: { reference: ref, scheduled_at: Math.floor(Date.now() / 1000) + 86_400, payouts: [{ beneficiary_id: beneficiary.id, amount: 5_000, mode: 'upi', idempotency_key: `${ref}/emp-001` }] },
      })
    ).body;
  await call('cancelPayoutBatch', 'POST', `/v1/payout_batches/${(await scheduledBatch('stipend-2026-12')).id}/cancel`, key);
  await call('advancePayoutBatch', 'POST', `/v1/test_helpers/payout_batches/${(await scheduledBatch('stipend-2027-01')).id}/advance`, key);
  const scheduled = (await http.post('/v1/payouts', { key, idempotencyKey: randomUUID(), json: { beneficiary_id: beneficiary.id, amount: 5_000, mode: 'upi', scheduled_at: Math.floor(Date.now() / 1000) + 86_400 } })).body;
  await call('cancelPayout', 'POST', `/v1/payouts/${scheduled.id}/cancel`, key);

  // Payments, a refund, a settlement.
  const payment = await call('createPayment', 'POST', '/v1/payments', key, {
    amount: 49_900,
    method: 'upi',
    vpa: 'success@upi',
    customer_id: customer.id,
    receipt: 'order-7781',
    description: 'Two books',
    metadata: { order_id: '7781' },
  });
  await call('getPayment', 'GET', `/v1/payments/${payment.id}`, key);
  await call('listPayments', 'GET', '/v1/payments?limit=1', key);
  const refund = await call('createRefund', 'POST', '/v1/refunds', key, { payment_id: payment.id, amount: 9_900, reason: 'One book returned' });
  await waitFor(http, key, `/v1/refunds/${refund.id}`, (r) => r.status !== 'pending');
  await call('getRefund', 'GET', `/v1/refunds/${refund.id}`, key);
  await call('listRefunds', 'GET', '/v1/refunds?limit=1', key);
  const run = await call('runSettlement', 'POST', '/v1/test_helpers/settlements/run', key);
  assert.ok(run.data.length >= 1, 'the run settled the captured payment');
  await call('getSettlement', 'GET', `/v1/settlements/${run.data[0].id}`, key);
  await call('listSettlements', 'GET', '/v1/settlements?limit=1', key);
  await call('getBalance', 'GET', '/v1/balance', key);
  await call('getCurrentApiKey', 'GET', '/v1/keys/current', key);
  await call('listBalanceTransactions', 'GET', '/v1/balance_transactions?limit=1', key);

  // A monthly collection, charged once, paused, resumed.
  const collectionMandate = await activeMandate(http, key, customer.id);
  const collection = await call('createCollection', 'POST', '/v1/collections', key, {
    mandate_id: collectionMandate.id,
    amount: 99_900,
    schedule: 'monthly',
    description: 'Gym membership',
    metadata: { plan: 'gold' },
  });
  await call('advanceCollection', 'POST', `/v1/test_helpers/collections/${collection.id}/advance`, key);
  await call('collectionAction', 'POST', `/v1/collections/${collection.id}/pause`, key);
  await call('getCollection', 'GET', `/v1/collections/${collection.id}`, key);
  await call('listCollections', 'GET', '/v1/collections?limit=1', key);

  // A payment link, and one cancelled.
  const link = await call('createPaymentLink', 'POST', '/v1/payment_links', key, {
    amount: 1_250_000,
    description: 'Invoice 2026-118: annual maintenance',
    customer: { name: 'Anil Mehta', email: 'anil@example.com' },
    reference_id: 'INV-2026-118',
    accept_partial: true,
    first_min_partial_amount: 500_000,
    metadata: { invoice: '2026-118' },
  });
  await call('getPaymentLink', 'GET', `/v1/payment_links/${link.id}`, key);
  await call('listPaymentLinks', 'GET', '/v1/payment_links?limit=1', key);
  await call('cancelPaymentLink', 'POST', `/v1/payment_links/${link.id}/cancel`, key);

  // A mandate the customer approves on its page, pauses and resumes, and the business revokes; another the customer revokes.
  const approve = async (mandate: { authorization_url: string }) => {
    const form = new URLSearchParams({ token: tokenOf((await getPage(mandate.authorization_url)).html), vpa: 'success@upi' });
    const res = await fetch(mandate.authorization_url, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    assert.equal(res.status, 303, await res.text());
  };
  const mandate = await call('createMandate', 'POST', '/v1/mandates', key, {
    customer_id: customer.id,
    max_amount: 500_000,
    frequency: 'monthly',
    description: 'Gold plan, monthly',
    metadata: { plan: 'gold' },
  });
  await approve(mandate);
  await call('testPauseMandate', 'POST', `/v1/test_helpers/mandates/${mandate.id}/pause`, key);
  await call('testResumeMandate', 'POST', `/v1/test_helpers/mandates/${mandate.id}/resume`, key);
  await call('getMandate', 'GET', `/v1/mandates/${mandate.id}`, key);
  await call('listMandates', 'GET', '/v1/mandates?limit=1', key);
  await call('revokeMandate', 'POST', `/v1/mandates/${mandate.id}/revoke`, key);
  const second = await http.post('/v1/mandates', { key, json: { customer_id: customer.id, max_amount: 100_000, frequency: 'as_presented' } });
  assert.equal(second.status, 200, second.text);
  await approve(second.body);
  await call('testRevokeMandate', 'POST', `/v1/test_helpers/mandates/${second.body.id}/revoke`, key);

  // Events and their deliveries.
  const events = await http.get(`/v1/events?type=payout.completed&limit=1`, { key });
  assert.equal(events.status, 200);
  await call('listEvents', 'GET', '/v1/events?type=payout.completed&limit=1', key);
  const eventId = events.body.data[0].id as string;
  await call('getEvent', 'GET', `/v1/events/${eventId}`, key);
  await waitUntil('a delivery of the event', async () => (await http.get(`/v1/webhook_endpoints/${endpoint.id}/deliveries?event_id=${eventId}`, { key })).body.data?.length > 0);
  await call('listWebhookDeliveries', 'GET', `/v1/webhook_endpoints/${endpoint.id}/deliveries?event_id=${eventId}&limit=1`, key);
  await call('redeliverEvent', 'POST', `/v1/events/${eventId}/redeliver`, key, { endpoint_id: endpoint.id });
  await call('getWebhookEndpoint', 'GET', `/v1/webhook_endpoints/${endpoint.id}`, key);
  await call('listWebhookEndpoints', 'GET', '/v1/webhook_endpoints?limit=1', key);

  // A report of today.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const report = await call('createReport', 'POST', '/v1/reports/transactions', key, { from: today, to: today, format: 'csv' });
  await waitFor(http, key, `/v1/reports/${report.id}`, (r) => r.status !== 'pending');
  await call('getReport', 'GET', `/v1/reports/${report.id}`, key);
  await call('listReports', 'GET', '/v1/reports?limit=1', key);

  // Endings, and the operations endpoints.
  await call('deleteWebhookEndpoint', 'DELETE', `/v1/webhook_endpoints/${endpoint.id}`, key);
  await call('deleteBeneficiary', 'DELETE', `/v1/beneficiaries/${beneficiary.id}`, key);
  await call('getHealth', 'GET', '/healthz', key);
  await call('getReadiness', 'GET', '/readyz', key);

  if (process.env.UPDATE_EXAMPLES === '1') {
    const sorted = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(EXAMPLES_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
    console.log(`# wrote ${EXAMPLES_FILE.pathname}: ${Object.keys(sorted).length} operations`);
  }
  const committed = JSON.parse(readFileSync(EXAMPLES_FILE, 'utf8')) as Record<string, Example>;

  // Every JSON operation of the document has an example, and only those.
  const doc = (await http.get('/v1/openapi.json')).body;
  const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
  const ids = operations.map(({ op }) => op.operationId as string);
  assert.deepEqual(ids.filter((id) => !committed[id] && !WITHOUT_EXAMPLE[id]), [], 'operations without an example');
  assert.deepEqual(Object.keys(committed).filter((id) => !ids.includes(id)), [], 'examples of no operation');
  assert.deepEqual(Object.keys(committed).filter((id) => !recorded[id]).sort(), [], 'examples this scenario no longer records');

  // Each committed example validates against its schema, and has the shape the service answers with now.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ ...doc, $id: 'https://paygate.local/openapi.json' });
  const schemaAt = (pointer: string[]) =>
    ajv.getSchema(`https://paygate.local/openapi.json#/${pointer.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`)!;
  const problems: string[] = [];
  for (const { path, method, op } of operations) {
    const example = committed[op.operationId];
    if (!example) continue;
    const validate = schemaAt(['paths', path, method, 'responses', '200', 'content', 'application/json', 'schema']);
    if (!validate(example.response)) problems.push(`${op.operationId} response: ${ajv.errorsText(validate.errors)}`);
    if (example.request !== undefined) {
      const validateRequest = schemaAt(['paths', path, method, 'requestBody', 'content', 'application/json', 'schema']);
      if (!validateRequest(example.request)) problems.push(`${op.operationId} request: ${ajv.errorsText(validateRequest.errors)}`);
    }
    for (const difference of shapeDifferences(shape(example.response), shape(recorded[op.operationId].response))) problems.push(`${op.operationId} response ${difference}`);
    // The document serves the committed examples.
    assert.deepEqual(op.responses['200'].content['application/json'].example, example.response, `${op.operationId}: the document's response example`);
    if (example.request !== undefined) assert.deepEqual(op.requestBody.content['application/json'].example, example.request, `${op.operationId}: the document's request example`);
  }
  assert.deepEqual(problems, [], 'committed examples that no longer say what the service does (UPDATE_EXAMPLES=1 records them again)');
});
