// A worker killed (SIGKILL) while a live payout's create is at the provider: the provider made the payout but its
// answer never came back (the stand-in holds the connection), the worker dies, and the next worker's retry of the
// provider step looks the payout up by our reference before sending anything: exactly one provider payout, under
// the one idempotency key, and the payout completes.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { topUpPosting } from '../../src/domain/ledger.ts';
import { insertConnection } from '../../src/db/connections.ts';
import { createSecretBox } from '../../src/db/sealed.ts';
import { post } from '../../src/ledger/ledger.ts';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { TEST_SECRETS_KEY, startTestService, type TestService } from '../helpers/service.ts';
import { waitUntil } from '../helpers/webhook-receiver.ts';
import { workerProcesses, type WorkerProcesses } from '../helpers/worker-process.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };
const KEY_ID = 'rzp_live_standin';
const KEY_SECRET = 'standin-key-secret';
const ACCOUNT_NUMBER = '7878780080316316';

let service: TestService;
let http: Http;
let workers: WorkerProcesses;
let rzp: RazorpayStandin;

before(async () => {
  rzp = await startRazorpayStandin({ keyId: KEY_ID, keySecret: KEY_SECRET, accountNumber: ACCOUNT_NUMBER });
  service = await startTestService(
    { TRUST_PROXY: 'true', PROVIDER_RETRY_DELAYS_SECONDS: '1,1,1', PROVIDER_LOOKUP_WINDOW_SECONDS: '600', PROVIDER_POLL_SECONDS: '1', PROVIDER_MAX_RPS: '50' },
    { role: 'api' },
  );
  http = createHttp(service.url);
  workers = workerProcesses(service);
});
after(async () => {
  workers?.killAll();
  await service?.stop();
  await rzp?.stop();
});

test('a worker killed while the provider holds the create: after the restart exactly one provider payout, and it completes', async () => {
  const first = await workers.start();
  const { accountId, liveKey } = await service.newAccount({ live: true });
  assert.ok(liveKey);
  await insertConnection(service.stack.orm.em.fork(), createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')), {
    accountId,
    provider: 'razorpay',
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: 'standin-webhook-secret',
    payoutAccountNumber: ACCOUNT_NUMBER,
    baseUrl: rzp.baseUrl,
  });
  rzp.control.deposit(100_000);
  await service.stack.orm.em
    .fork()
    .transactional((tx) => post(tx, { accountId, mode: 'live', posting: topUpPosting(100_000), sourceId: `tu_${randomUUID()}`, description: 'provider deposit' }));
  const bene = await http.post('/v1/beneficiaries', { key: liveKey, headers: HTTPS, json: { name: 'Asha Kumar', type: 'vpa', vpa: 'asha@okaxis' } });
  assert.equal(bene.status, 200, bene.text);

  rzp.control.timeoutNext({ path: '/v1/payouts', method: 'POST', when: 'after' });
  const res = await http.post('/v1/payouts', { key: liveKey, headers: HTTPS, idempotencyKey: randomUUID(), json: { beneficiary_id: bene.body.id, amount: 5_000, mode: 'upi' } });
  assert.equal(res.status, 200, res.text);
  const payoutId = res.body.id as string;
  // The create reached the provider, which made the payout and holds the answer back.
  await waitUntil('the provider holds the create', async () => (rzp.control.requests({ method: 'POST', path: '/v1/payouts' }).some((r) => r.status === 'held') ? true : undefined), 60_000);
  await workers.kill(first);
  await workers.start();

  const [provider] = await waitUntil('the provider has the payout', async () => {
    const found = rzp.control.payouts().filter((p) => p.reference_id === payoutId);
    return found.length > 0 ? found : undefined;
  }, 60_000);
  rzp.control.processPayout(provider.id, { utr: 'UTR000000000099' });
  const done = await waitUntil('the payout completes', async () => {
    const got = await http.get(`/v1/payouts/${payoutId}`, { key: liveKey, headers: HTTPS });
    return got.body.status === 'completed' ? got.body : undefined;
  }, 180_000);
  assert.equal(done.provider_reference, provider.id);
  assert.equal(rzp.control.payouts().filter((p) => p.reference_id === payoutId).length, 1);
  const keys = new Set(rzp.control.requests({ method: 'POST', path: '/v1/payouts' }).map((r) => r.idempotencyKey));
  assert.deepEqual([...keys], [payoutId]);
});
