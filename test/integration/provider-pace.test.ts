// PROVIDER_MAX_RPS bounds every call to one provider account in any one second, across every worker process (docs/live-money.md:
// the provider's pace covers every call). Two worker processes (`node
// src/main-worker.ts`) and no worker in the test's own process share one connection's work: beneficiary
// registrations, payout creates, the backstop lookups of payouts still on their way (every second here) and the
// reconciliation's statement reads. The stand-in records when each request arrived; no one-second stretch holds more
// than PROVIDER_MAX_RPS of them, and the provider never had to answer 429.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { topUpPosting } from '../../src/domain/ledger.ts';
import { post } from '../../src/ledger/ledger.ts';
import { reconcileNow } from '../../src/temporal/client/reconciliation.ts';
import { connectedAccount, type ConnectedAccount } from '../helpers/connections.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { workerProcesses, type WorkerProcesses } from '../helpers/worker-process.ts';
import { peakPerSecond } from '../standins/razorpay/index.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };
const MAX_RPS = 4;
const PAYOUTS = 8;

let service: TestService;
let http: Http;
let workers: WorkerProcesses;
let a: ConnectedAccount | undefined;

before(async () => {
  service = await startTestService(
    { TRUST_PROXY: 'true', PROVIDER_MAX_RPS: String(MAX_RPS), PROVIDER_POLL_SECONDS: '1', PROVIDER_RETRY_DELAYS_SECONDS: '1,1,1', PROVIDER_LOOKUP_WINDOW_SECONDS: '120' },
    { role: 'api' },
  );
  http = createHttp(service.url);
  workers = workerProcesses(service);
  await Promise.all([workers.start(), workers.start()]);
});
after(async () => {
  workers?.killAll();
  await service?.stop();
  await a?.rzp.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the provider pace across two worker processes', () => {
  test(`creates, registrations, lookups and statement reads of one connection: at most ${MAX_RPS} in any one second`, async () => {
    // The stand-in refuses with 429 above the pace, so a call past it shows as a refusal as well as in the count.
    const acct = await connectedAccount(service, { maxRequestsPerSecond: MAX_RPS });
    a = acct;
    const rzp = acct.rzp;
    const amount = PAYOUTS * 1_000 * 2;
    rzp.control.deposit(amount);
    await service.stack.orm.em
      .fork()
      .transactional((tx) => post(tx, { accountId: acct.accountId, mode: 'live', posting: topUpPosting(amount), sourceId: `tu_${randomUUID()}`, description: 'provider deposit' }));
    const beneficiaries: string[] = [];
    for (let i = 0; i < 4; i++) {
      const bene = await http.post('/v1/beneficiaries', { key: acct.liveKey, headers: HTTPS, json: { name: `Payee Number ${i}`, type: 'vpa', vpa: `payee${i}.${Date.now()}@okaxis` } });
      assert.equal(bene.status, 200, bene.text);
      beneficiaries.push(bene.body.id);
    }
    const batch = await http.post('/v1/payout_batches', {
      key: acct.liveKey,
      headers: HTTPS,
      idempotencyKey: randomUUID(),
      json: { payouts: Array.from({ length: PAYOUTS }, (_, i) => ({ idempotency_key: `pace-${i}`, beneficiary_id: beneficiaries[i % beneficiaries.length], amount: 1_000, mode: 'upi' })) },
    });
    assert.equal(batch.status, 200, batch.text);
    // Statement reads while the payouts go out and are looked up.
    const reconciling = (async () => {
      for (let i = 0; i < 3; i++) {
        await reconcileNow(service.stack.temporal!.client, { connectionId: acct.connectionId, accountId: acct.accountId, taskQueue: service.config.TEMPORAL_TASK_QUEUE });
        await sleep(500);
      }
    })();
    for (let i = 0; i < 1_200 && rzp.control.payouts().length < PAYOUTS; i++) await sleep(100);
    assert.equal(rzp.control.payouts().length, PAYOUTS, 'the provider got every payout');
    await sleep(3_000); // lookups of payouts still processing, from both workers
    await reconciling;
    for (const p of rzp.control.payouts()) if (p.status === 'processing') rzp.control.processPayout(p.id);
    let view: any;
    for (let i = 0; i < 600; i++) {
      view = (await http.get(`/v1/payout_batches/${batch.body.id}`, { key: acct.liveKey, headers: HTTPS })).body;
      if (view.status === 'completed') break;
      await sleep(200);
    }
    assert.equal(view.status, 'completed', JSON.stringify(view));

    const requests = rzp.control.requests({ path: '/v1/*' });
    const kinds = (prefix: string, method: string) => requests.filter((r) => r.method === method && r.path.startsWith(prefix)).length;
    assert.ok(kinds('/v1/contacts', 'POST') >= 4 && kinds('/v1/fund_accounts', 'POST') >= 4, 'registrations were made');
    assert.ok(kinds('/v1/payouts', 'GET') > 0, 'payouts were looked up');
    assert.ok(kinds('/v1/transactions', 'GET') > 0, 'the statement was read');
    assert.deepEqual(requests.filter((r) => r.status === 429).map((r) => `${r.method} ${r.path}`), [], 'the provider refused calls over its pace');
    // The work asked for more than the pace (every payout still processing is looked up each second), so the peak
    // reaches it: a limit never approached would prove nothing.
    assert.ok(peakPerSecond(requests) >= MAX_RPS - 1, `the calls never approached the pace (peak ${peakPerSecond(requests)})`);
    assert.ok(peakPerSecond(requests) <= MAX_RPS, `${peakPerSecond(requests)} calls reached the provider within one second (PROVIDER_MAX_RPS ${MAX_RPS})`);
  });
});
