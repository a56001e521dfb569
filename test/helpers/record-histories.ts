// Records the replay fixtures of test/integration/replay.test.ts: `npm run record:histories`.
//
// Starts what the tests start (an embedded PostgreSQL, a Temporal dev server, the service with its worker on
// today's workflow code), drives one sandbox account per scenario through the HTTP API, waits until every
// workflow the account started has closed, and writes each run's history to test/fixtures/histories as
// <scenario>.<workflow type>.<n>.json (n in order of start; a run continued as new is a run of its own). The
// scenarios' fixtures recorded before are removed first (not `*.before-*.json`, kept while a patch marker needs
// them). Scenarios named on the command line are recorded alone.
//
// Run it after a change of a workflow's shape has been versioned (docs/workflow-versioning.md), and commit the
// files it writes. Ids and times differ from run to run; the scenarios and the names do not.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { globalSetup, globalTeardown } from './global-setup.ts';
import { createHttp, type Http } from './http.ts';
import { collectionAction, createCollection } from './collections.ts';
import { createLink, getPage, payOnPage, tokenOf } from './payment-links.ts';
import { capturedPayment, createCustomer } from './payments.ts';
import { fund, settled, vpaBeneficiary, waitForPayout } from './payouts.ts';
import { startTestService, type TestService } from './service.ts';
import { startWebhookReceiver, waitUntil } from './webhook-receiver.ts';

const OUT = new URL('../fixtures/histories/', import.meta.url);

interface Account {
  key: string;
  accountId: string;
}

/** Each scenario runs on an account of its own; the histories recorded are every workflow that account started. */
type Scenario = (http: Http, account: Account) => Promise<void>;

const ok = async (what: string, res: Promise<{ status: number; text: string; body: any }>) => {
  const answer = await res;
  assert.equal(answer.status, 200, `${what}: ${answer.text}`);
  return answer.body;
};

async function payout(http: Http, key: string, vpa: string): Promise<string> {
  await fund(http, key, 100_000);
  const beneficiary = await vpaBeneficiary(http, key, vpa);
  const body = await ok('payout', http.post('/v1/payouts', { key, json: { beneficiary_id: beneficiary, amount: 1_000, mode: 'upi' }, idempotencyKey: randomUUID() }));
  return body.id;
}

const scenarios: Record<string, Scenario> = {
  'payout-completed': async (http, { key }) => {
    const id = await payout(http, key, 'success@upi');
    await waitForPayout(http, key, id, (p) => p.status === 'completed');
  },
  'payout-failed': async (http, { key }) => {
    const id = await payout(http, key, 'failure@upi');
    await waitForPayout(http, key, id, (p) => p.status === 'failed');
  },
  'payout-reversed': async (http, { key }) => {
    const id = await payout(http, key, 'reversal@upi');
    await waitForPayout(http, key, id, (p) => p.status === 'reversed');
  },
  // complete while its workflow watches it (an update), then reverse once it has closed (a workflow of its own).
  'payout-moved-by-test-helpers': async (http, { key }) => {
    const id = await payout(http, key, 'slow@upi');
    await ok('complete', http.post(`/v1/test_helpers/payouts/${id}/complete`, { key }));
    await waitForPayout(http, key, id, settled);
    await ok('reverse', http.post(`/v1/test_helpers/payouts/${id}/reverse`, { key }));
  },
  'payout-batch': async (http, { key }) => {
    await fund(http, key, 100_000);
    const ok1 = await vpaBeneficiary(http, key, 'success@upi');
    const bad = await vpaBeneficiary(http, key, 'failure@upi');
    const payouts = [ok1, bad, ok1].map((beneficiary_id, i) => ({ beneficiary_id, amount: 1_000 + i, mode: 'upi', idempotency_key: `item-${i}` }));
    const batch = await ok('batch', http.post('/v1/payout_batches', { key, json: { payouts }, idempotencyKey: randomUUID() }));
    await waitUntil('the batch completed', async () => (await http.get(`/v1/payout_batches/${batch.id}`, { key })).body.status === 'completed', 60_000);
  },
  'payment-captured': async (http, { key }) => {
    await capturedPayment(http, key, 5_000);
  },
  // The payment settles first: a refund draws on the available balance.
  'refund-processed': async (http, { key }) => {
    const paymentId = await capturedPayment(http, key, 5_000);
    await ok('settlement run', http.post('/v1/test_helpers/settlements/run', { key }));
    const refund = await ok('refund', http.post('/v1/refunds', { key, json: { payment_id: paymentId, amount: 2_000 }, idempotencyKey: randomUUID() }));
    await waitUntil('the refund processed', async () => (await http.get(`/v1/refunds/${refund.id}`, { key })).body.status === 'processed', 30_000);
  },
  // Announced, advanced (a run per charge: continue-as-new), paused, resumed, then cancelled by its mandate's revocation.
  collection: async (http, { key }) => {
    const customer = await createCustomer(http, key);
    const collection = await createCollection(http, key, { customer_id: customer, amount: 1_000, schedule: 'monthly' });
    for (const action of ['advance', 'pause', 'resume'] as const) await ok(action, collectionAction(http, key, collection.id, action));
    // The business revokes the mandate: its workflow ends and signals the collection's, which ends cancelled.
    await ok('revoke', http.post(`/v1/mandates/${collection.mandate_id}/revoke`, { key }));
  },
  // The source call: its mandate made for it and approved on its page, the collection active, advanced, then
  // cancelled by the business, which revokes the mandate made for it.
  'collection-source': async (http, { key }) => {
    const customer = await createCustomer(http, key);
    const collection = await ok('collection', http.post('/v1/collections', { key, json: { customer_id: customer, amount: 1_000, schedule: 'monthly' }, idempotencyKey: randomUUID() }));
    await answerOnPage(collection.authorization_url, 'success@upi');
    await waitUntil('the collection active', async () => (await http.get(`/v1/collections/${collection.id}`, { key })).body.status === 'active', 30_000);
    await ok('advance', collectionAction(http, key, collection.id, 'advance'));
    await ok('cancel', collectionAction(http, key, collection.id, 'cancel'));
    await waitUntil('the mandate revoked', async () => (await http.get(`/v1/mandates/${collection.mandate_id}`, { key })).body.status === 'revoked', 30_000);
  },
  // The source call cancelled before approval (its mandate withdrawn), and one whose mandate the customer rejects.
  'collection-source-unapproved': async (http, { key }) => {
    const customer = await createCustomer(http, key);
    const post = () => ok('collection', http.post('/v1/collections', { key, json: { customer_id: customer, amount: 1_000, schedule: 'monthly' }, idempotencyKey: randomUUID() }));
    const withdrawn = await post();
    await ok('cancel', collectionAction(http, key, withdrawn.id, 'cancel'));
    const rejected = await post();
    await answerOnPage(rejected.authorization_url, 'failure@upi');
    await waitUntil('the collection cancelled', async () => (await http.get(`/v1/collections/${rejected.id}`, { key })).body.status === 'cancelled', 30_000);
  },
  'payment-link-paid': async (http, { key }) => {
    const link = await createLink(http, key, { amount: 5_000 });
    await payOnPage(link.short_url, { vpa: 'success@upi' });
    await waitUntil('the link paid', async () => (await http.get(`/v1/payment_links/${link.id}`, { key })).body.status === 'paid', 30_000);
  },
  // Approved on its page, paused and resumed by the customer, revoked by the business (the workflow ends).
  mandate: async (http, { key }) => {
    const mandate = await approvedMandate(http, key, {});
    await ok('pause', http.post(`/v1/test_helpers/mandates/${mandate.id}/pause`, { key }));
    await ok('resume', http.post(`/v1/test_helpers/mandates/${mandate.id}/resume`, { key }));
    await ok('revoke', http.post(`/v1/mandates/${mandate.id}/revoke`, { key }));
  },
  // Approved, then expired by its timer at expire_at.
  'mandate-expired': async (http, { key }) => {
    const mandate = await approvedMandate(http, key, { expire_at: Math.floor(Date.now() / 1000) + 5 });
    await waitUntil('the mandate expired', async () => (await http.get(`/v1/mandates/${mandate.id}`, { key })).body.status === 'expired', 30_000);
  },
  // A verification that ends verified (its name matched) and one whose account is closed (failed).
  'beneficiary-verification': async (http, { key }) => {
    for (const vpa of ['asha@okhdfc', 'invalid@upi']) {
      const beneficiary = await vpaBeneficiary(http, key, vpa);
      await ok('verify', http.post(`/v1/beneficiaries/${beneficiary}/verify`, { key, idempotencyKey: randomUUID() }));
      await waitUntil('the verification ended', async () => (await http.get(`/v1/beneficiaries/${beneficiary}`, { key })).body.verification?.status !== 'pending', 30_000);
    }
  },
};

/** A mandate approved with success@upi on its authorization page. */
async function approvedMandate(http: Http, key: string, body: Record<string, unknown>): Promise<any> {
  const customer = await createCustomer(http, key);
  const mandate = await ok('mandate', http.post('/v1/mandates', { key, json: { customer_id: customer, max_amount: 100_000, frequency: 'monthly', ...body }, idempotencyKey: randomUUID() }));
  await answerOnPage(mandate.authorization_url, 'success@upi');
  return mandate;
}

/** The customer's answer on a mandate's authorization page. */
async function answerOnPage(authorizationUrl: string, vpa: string): Promise<void> {
  const form = new URLSearchParams({ token: tokenOf((await getPage(authorizationUrl)).html), vpa });
  const res = await fetch(authorizationUrl, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  assert.equal(res.status, 303, await res.text());
}

/** Webhook fan-out, and a delivery retried after its first attempt failed: a receiver that refuses each event once. */
async function webhooks(http: Http, { key }: Account): Promise<void> {
  const receiver = await startWebhookReceiver();
  try {
    const seen = new Set<string>();
    receiver.respond('/hook', (_nth, request) => {
      const id = request.headers['webhook-id'];
      if (seen.has(id)) return 200;
      seen.add(id);
      return 503;
    });
    await ok('endpoint', http.post('/v1/webhook_endpoints', { key, json: { url: receiver.url('/hook'), enabled_events: ['*'] } }));
    await capturedPayment(http, key, 1_000); // payment.captured (a top-up has no event)
    await waitUntil('the retry delivered', () => receiver.received('/hook').some((r) => r.status === 200), 60_000);
  } finally {
    await receiver.close();
  }
}

/** Waits until every workflow of the account has closed, then writes each run's history. */
async function record(service: TestService, scenario: string, accountId: string): Promise<string[]> {
  const client = service.stack.temporal!.client;
  const query = `AccountId = '${accountId}'`;
  const runs = await waitUntil(
    `every workflow of ${scenario} closed`,
    async () => {
      const found = [];
      for await (const run of client.workflow.list({ query })) found.push(run);
      return found.length > 0 && found.every((run) => run.status.name !== 'RUNNING') ? found : undefined;
    },
    60_000,
  );
  runs.sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || a.runId.localeCompare(b.runId));
  const counts = new Map<string, number>();
  const written: string[] = [];
  for (const run of runs) {
    const n = (counts.get(run.type) ?? 0) + 1;
    counts.set(run.type, n);
    const history = await client.workflow.getHandle(run.workflowId, run.runId).fetchHistory();
    const file = `${scenario}.${run.type}.${n}.json`;
    writeFileSync(new URL(file, OUT), `${historyToJSON(history)}\n`);
    written.push(file);
  }
  return written;
}

async function main(): Promise<void> {
  await globalSetup();
  let service: TestService | undefined;
  try {
    service = await startTestService({ WEBHOOK_RETRY_INITIAL_MS: '1000', WEBHOOK_RETRY_MAX_MS: '2000', WEBHOOK_TIMEOUT_MS: '3000' });
    const http = createHttp(service.url);
    mkdirSync(OUT, { recursive: true });
    // `npm run record:histories -- collection webhooks` records those scenarios only.
    const all: Record<string, Scenario> = { ...scenarios, webhooks };
    const chosen = process.argv.length > 2;
    const names = chosen ? process.argv.slice(2) : Object.keys(all);
    for (const name of names) assert.ok(all[name], `no scenario ${name} (there are: ${Object.keys(all).join(', ')})`);
    // Histories kept from an earlier shape (docs/workflow-versioning.md) stay; the scenarios' own are recorded afresh.
    const replaced = (file: string) => file.endsWith('.json') && !file.includes('.before-') && (!chosen || names.includes(file.split('.')[0]));
    for (const file of readdirSync(OUT)) if (replaced(file)) rmSync(new URL(file, OUT));
    for (const scenario of names) {
      const run = all[scenario];
      const { accountId, sandboxKey } = await service.newAccount();
      await run(http, { key: sandboxKey, accountId });
      const files = await record(service, scenario, accountId);
      process.stdout.write(`${scenario}: ${files.join(', ')}\n`);
    }
  } finally {
    await service?.stop();
    await globalTeardown();
  }
}

await main();
