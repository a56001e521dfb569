// Inbound provider webhooks through the real HTTP route (docs/api.md, Inbound provider webhooks), with the RazorpayX
// stand-in delivering them to a live connection: signed by the connection's webhook secret, deduplicated by event id,
// refused (400, nothing recorded) with a wrong or missing signature, 404 for a connection that does not exist.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createSecretBox } from '../../src/db/sealed.ts';
import { insertConnection } from '../../src/db/connections.ts';
import { signatureOf } from '../../src/connectors/razorpay/webhooks.ts';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, TEST_SECRETS_KEY, type TestService } from '../helpers/service.ts';

const KEY_SECRET = 'rzp-key-secret-9f3b1c';
const WEBHOOK_SECRET = 'rzp-webhook-secret-77aa01';
const ACCOUNT_NUMBER = '7878780080316316';

let service: TestService;
let http: Http;
let rzp: RazorpayStandin;
let connectionId: string;
let webhookPath: string;
let liveKey: string;
/** Live keys through a trusted TLS proxy. */
const HTTPS = { 'x-forwarded-proto': 'https' };

before(async () => {
  service = await startTestService({ RATE_LIMIT_UNAUTHENTICATED: '5', TRUST_PROXY: 'true' });
  http = createHttp(service.url);
  rzp = await startRazorpayStandin({ keyId: 'rzp_test_inbound01', keySecret: KEY_SECRET, accountNumber: ACCOUNT_NUMBER });
  const account = await service.newAccount({ live: true });
  const accountId = account.accountId;
  liveKey = account.liveKey!;
  connectionId = await insertConnection(service.stack.orm.em.fork(), createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')), {
    accountId,
    provider: 'razorpay',
    keyId: 'rzp_test_inbound01',
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    payoutAccountNumber: ACCOUNT_NUMBER,
    baseUrl: rzp.baseUrl,
  });
  webhookPath = `/connectors/razorpay/${connectionId}/webhooks`;
  rzp.control.setWebhook({ url: `${service.url}${webhookPath}`, secret: WEBHOOK_SECRET });
});
after(async () => {
  await rzp?.stop();
  await service?.stop();
});

async function recordedEvents(): Promise<{ event_id: string; type: string }[]> {
  return service.sql('select event_id, type from provider_events where connection_id = ? order by received_at', [connectionId]);
}

function event(id: string): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ entity: 'event', event: 'payout.processed', contains: ['payout'], created_at: 1, payload: { payout: { entity: { id: 'pout_unknown01', status: 'processed', reference_id: 'po_NOT_OURS', utr: 'UTR1' } } } });
  return { body, headers: { 'x-razorpay-event-id': id } };
}

async function liveAvailable(): Promise<number> {
  const res = await http.get('/v1/balance', { key: liveKey, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  return res.body.available;
}

async function waitForAvailable(expected: number): Promise<void> {
  let last = await liveAvailable();
  for (let i = 0; i < 300 && last !== expected; i++) {
    await new Promise((r) => setTimeout(r, 100));
    last = await liveAvailable();
  }
  assert.equal(last, expected);
}

describe('inbound provider webhooks', () => {
  test('a deposit webhook signed by the stand-in is answered 200 and recorded once, also when delivered twice', async () => {
    rzp.control.duplicateWebhooks({ event: 'transaction.created' });
    rzp.control.deposit(500_000);
    await rzp.control.webhooksIdle();
    const deliveries = rzp.control.webhookDeliveries().filter((d) => d.event === 'transaction.created');
    assert.equal(deliveries.length, 2);
    assert.deepEqual(deliveries.map((d) => d.status), [200, 200]);
    assert.equal(deliveries[0]!.eventId, deliveries[1]!.eventId);
    const rows = (await recordedEvents()).filter((r) => r.event_id === deliveries[0]!.eventId);
    assert.deepEqual(rows, [{ event_id: deliveries[0]!.eventId, type: 'transaction.created' }]);
    // The deposit is live money once: one top-up, one credit, however many deliveries.
    await waitForAvailable(500_000);
    const txnId = rzp.control.transactions().at(-1)!.id;
    const topUps = await service.sql('select amount, mode, metadata from top_ups where idempotency_key = ?', [`provider/${connectionId}/${txnId}`]);
    assert.deepEqual(topUps, [{ amount: '500000', mode: 'live', metadata: { provider_reference: txnId } }]);
  });

  test('a badly signed webhook answers 400 and records nothing; its proper resend is taken', async () => {
    rzp.control.badlySignWebhooks({ event: 'transaction.created' });
    rzp.control.deposit(1_000);
    await rzp.control.webhooksIdle();
    const bad = rzp.control.webhookDeliveries().filter((d) => d.badSignature).at(-1)!;
    assert.equal(bad.status, 400);
    assert.equal((await recordedEvents()).filter((r) => r.event_id === bad.eventId).length, 0);
    await rzp.control.resendWebhook(bad.eventId);
    await rzp.control.webhooksIdle();
    assert.equal((await recordedEvents()).filter((r) => r.event_id === bad.eventId).length, 1);
    await waitForAvailable(501_000);
  });

  test('a missing signature answers 400 naming the header; an unknown connection or provider answers 404', async () => {
    const { body, headers } = event('evt_nosig');
    const missing = await http.post(webhookPath, { headers, raw: { body, contentType: 'application/json' } });
    assert.equal(missing.status, 400, missing.text);
    assert.equal(missing.body.error.param, 'x-razorpay-signature');
    const signed = { ...headers, 'x-razorpay-signature': signatureOf(body, WEBHOOK_SECRET) };
    const unknown = await http.post('/connectors/razorpay/conn_01JD3Y8X4W0000000000000000/webhooks', { headers: signed, raw: { body, contentType: 'application/json' } });
    assert.equal(unknown.status, 404, unknown.text);
    const otherProvider = await http.post(`/connectors/nosuch/${connectionId}/webhooks`, { headers: signed, raw: { body, contentType: 'application/json' } });
    assert.equal(otherProvider.status, 404, otherProvider.text);
    assert.equal((await recordedEvents()).filter((r) => r.event_id === 'evt_nosig').length, 0);
  });

  test('an event about a payout this service does not know answers 200', async () => {
    const { body, headers } = event('evt_unknown_payout');
    const res = await http.post(webhookPath, { headers: { ...headers, 'x-razorpay-signature': signatureOf(body, WEBHOOK_SECRET) }, raw: { body, contentType: 'application/json' } });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual((await recordedEvents()).filter((r) => r.event_id === 'evt_unknown_payout'), [{ event_id: 'evt_unknown_payout', type: 'payout.processed' }]);
  });

  test('failed signatures from one address are limited (429), and the secrets are in no table', async () => {
    const { body, headers } = event('evt_flood');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await http.post(webhookPath, { headers: { ...headers, 'x-razorpay-signature': signatureOf(body, 'wrong-secret') }, raw: { body, contentType: 'application/json' } })).status);
    }
    assert.ok(statuses.includes(429), statuses.join(','));
    assert.ok(statuses.every((s) => s === 400 || s === 429), statuses.join(','));
    const dump = JSON.stringify(await service.sql('select * from provider_events')) + JSON.stringify(await service.sql('select * from connections'));
    assert.ok(!dump.includes(WEBHOOK_SECRET) && !dump.includes(KEY_SECRET));
  });
});
