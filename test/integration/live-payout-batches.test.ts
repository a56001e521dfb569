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
import { topUpPosting } from '../../src/domain/ledger.ts';
import { post } from '../../src/ledger/ledger.ts';
import { connectedAccount, type ConnectedAccount } from '../helpers/connections.ts';
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
  await service?.stop();
  for (const a of accounts) await a.rzp.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A live account connected to a stand-in of its own, funded there and in live `available`, with one beneficiary. */
async function fundedAccount(amount: number, options: Partial<RazorpayStandinOptions> = {}): Promise<ConnectedAccount & { beneficiaryId: string }> {
  const a = await connectedAccount(service, options);
  accounts.push(a);
  a.rzp.control.deposit(amount);
  await service.stack.orm.em
    .fork()
    .transactional((tx) => post(tx, { accountId: a.accountId, mode: 'live', posting: topUpPosting(amount), sourceId: `tu_${randomUUID()}`, description: 'provider deposit' }));
  const bene = await http.post('/v1/beneficiaries', { key: a.liveKey, headers: HTTPS, json: { name: 'Asha Kumar', type: 'vpa', vpa: `asha${Date.now()}@okaxis` } });
  assert.equal(bene.status, 200, bene.text);
  return { ...a, beneficiaryId: bene.body.id };
}

const items = (beneficiaryId: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ idempotency_key: `item-${i}`, beneficiary_id: beneficiaryId, amount: 1_000, mode: 'upi' }));

const getBatch = async (a: ConnectedAccount, id: string) => (await http.get(`/v1/payout_batches/${id}`, { key: a.liveKey, headers: HTTPS })).body;

describe('live payout batches finished by the provider', () => {
  test('a batch of 50 whose items the provider completes later, by webhook, reaches completed promptly', async () => {
    const count = 50;
    const a = await fundedAccount(count * 1_000 * 2);
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
});
