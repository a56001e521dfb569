// Live payout batches against the provider stand-in, with the provider's webhooks reaching the connection and the
// backstop lookup left at its default (30 minutes): what finishes a batch's payouts here is the provider's word
// by webhook, as it is for a real account.
// - a batch whose items the provider completes after they were submitted reaches `completed` promptly, well under
//   the sweep interval and the backstop lookup;
// - a 1,000-item batch sent again after a lost answer (the same Idempotency-Key, then a new key with the same
//   items' keys) pays nobody twice: the provider holds exactly 1,000 payouts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type ConnectedAccount, type FundedAccount, fundedAccount } from '../helpers/connections.ts';
import { createHttp, type ApiResponse, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import type { RazorpayStandinOptions } from '../standins/razorpay/index.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };
const SWEEP_INTERVAL_MS = 60_000;

let service: TestService;
let http: Http;
const accounts: ConnectedAccount[] = [];

before(async () => {
  service = await startTestService({
    TRUST_PROXY: 'true',
    PROVIDER_MAX_RPS: '50',
    PAYOUT_BATCH_SWEEP_INTERVAL_MS: String(SWEEP_INTERVAL_MS),
  });
  http = createHttp(service.url);
});
after(async () => {
  // A 1,000-item run leaves thousands of events queued at the stand-in: they go nowhere once the test has its answer.
  for (const a of accounts) a.rzp.control.setWebhook(null);
  await service?.stop();
  for (const a of accounts) await a.rzp.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function funded(amount: number, options: Partial<RazorpayStandinOptions> = {}): Promise<FundedAccount> {
  const a = await fundedAccount(service, amount, options);
  accounts.push(a);
  return a;
}

const items = (beneficiaryId: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ idempotency_key: `item-${i}`, beneficiary_id: beneficiaryId, amount: 1_000, mode: 'upi' }));

const getBatch = async (a: ConnectedAccount, id: string) => (await http.get(`/v1/payout_batches/${id}`, { key: a.liveKey, headers: HTTPS })).body;

describe('live payout batches finished by the provider', () => {
  test('a batch of 50 whose items the provider completes later, by webhook, reaches completed promptly', async () => {
    const count = 50;
    const a = await funded(count * 1_000 * 2);
    const res = await http.post('/v1/payout_batches', { key: a.liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { payouts: items(a.beneficiaryId, count) } });
    assert.equal(res.status, 200, res.text);
    // Every item is submitted first (the provider has them all processing), and only then does the provider finish them.
    for (let i = 0; i < 600 && a.rzp.control.payouts().filter((p) => p.status === 'processing').length < count; i++) await sleep(100);
    assert.equal(a.rzp.control.payouts().filter((p) => p.status === 'processing').length, count, 'the provider has every item');
    await a.rzp.control.webhooksIdle();
    for (const p of a.rzp.control.payouts()) a.rzp.control.processPayout(p.id);
    await a.rzp.control.webhooksIdle();
    const finished = Date.now();

    let batch = await getBatch(a, res.body.id);
    while (batch.status !== 'completed' && Date.now() - finished < SWEEP_INTERVAL_MS / 3) {
      await sleep(200);
      batch = await getBatch(a, res.body.id);
    }
    assert.equal(batch.counts.completed, count, JSON.stringify(batch));
    assert.equal(batch.status, 'completed', `every item completed ${Date.now() - finished} ms ago, and the batch is still ${batch.status}`);
    assert.ok(batch.completed_at);
  });

  test('a 1,000-item batch sent again after a lost answer, with the same key and then a new one, pays nobody twice', async () => {
    const count = 1_000;
    const a = await funded(count * 1_200 * 2, { processOnCreate: true });
    // The provider answers each create already processed, and what is tested is the answers: its webhooks (thousands
    // of events about payouts already settled by their answers) are left out, as the first test covers them.
    a.rzp.control.setWebhook(null);
    const body = { payouts: items(a.beneficiaryId, count) };
    const key = randomUUID();
    const send = (idempotencyKey: string) => http.post('/v1/payout_batches', { key: a.liveKey, headers: HTTPS, idempotencyKey, json: body });
    // The caller's first answer is lost: it sent again at once, then until it had an answer (409 while the first runs).
    const answered = async (idempotencyKey: string): Promise<ApiResponse> => {
      for (let i = 0; i < 100; i++) {
        const res = await send(idempotencyKey);
        if (res.status !== 409) return res;
        await sleep(200);
      }
      assert.fail('the batch POST stayed in progress');
    };
    const [lost, again] = await Promise.all([send(key), answered(key)]);
    assert.ok([200, 409].includes(lost.status), lost.text);
    assert.equal(again.status, 200, again.text);
    // A new key with the same items' keys: a new batch whose items join the payouts their keys made.
    const other = await answered(randomUUID());
    assert.equal(other.status, 200, other.text);
    assert.notEqual(other.body.id, again.body.id);

    for (const id of [again.body.id, other.body.id]) {
      let batch = await getBatch(a, id);
      for (let i = 0; i < 900 && batch.status !== 'completed'; i++) {
        await sleep(200);
        batch = await getBatch(a, id);
      }
      assert.equal(batch.status, 'completed', JSON.stringify(batch));
      assert.equal(batch.counts.completed, count, JSON.stringify(batch));
    }
    const payouts = a.rzp.control.payouts();
    assert.equal(payouts.length, count, `the provider holds ${payouts.length} payouts for ${count} items`);
    assert.equal(new Set(payouts.map((p) => p.reference_id)).size, count);
    const creates = a.rzp.control.requests({ method: 'POST', path: '/v1/payouts' });
    assert.equal(new Set(creates.map((r) => r.idempotencyKey)).size, count, 'one provider idempotency key per item');
    // What left the provider account left live `available` too, once.
    const balance = await http.get('/v1/balance', { key: a.liveKey, headers: HTTPS });
    assert.equal(Number(balance.body.available), a.rzp.control.balance());
  });
});
