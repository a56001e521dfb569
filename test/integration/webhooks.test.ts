// Webhooks through the real API, dispatcher, Temporal workflows and PostgreSQL, delivered over HTTP to a
// real local receiver: signatures (checked by an independent HMAC, not only by the library that signs),
// retries with growing gaps and the delivery log, filters and wildcards, Sandbox-Simulate duplicates and
// reordering, redelivery, deleted endpoints, and the live destination rules.
import assert from 'node:assert/strict';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { verifyWebhook } from '@paygate/client/webhooks';
import { recordEvent } from '../../src/db/events.ts';
import { webhookDeliveryWorkflowId } from '../../src/domain/workflow-ids.ts';
import { assertApiError, sleep } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { fund, vpaBeneficiary, waitForPayout } from '../helpers/payouts.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { assertRefusedAtConnect, startWebhookReceiver, waitUntil, type ReceivedWebhook, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

let service: TestService;
let http: Http;
let receiver: WebhookReceiver;

const RETRY_INITIAL_MS = 1000;
const viaTls = { 'x-forwarded-proto': 'https' };

before(async () => {
  receiver = await startWebhookReceiver();
  service = await startTestService({
    SANDBOX_PAYOUT_DELAY_MS: '200',
    SANDBOX_REVERSAL_DELAY_MS: '500',
    WEBHOOK_RETRY_INITIAL_MS: String(RETRY_INITIAL_MS),
    WEBHOOK_RETRY_MAX_MS: '8000',
    WEBHOOK_RETRY_BACKOFF: '2',
    WEBHOOK_RETRY_WINDOW_MS: '120000',
    WEBHOOK_TIMEOUT_MS: '3000',
    WEBHOOK_OUT_OF_ORDER_HOLD_MS: '15000',
    TRUST_PROXY: 'true',
  });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
  await receiver?.close();
});

/** The Standard Webhooks check, written from the specification alone (independent of the signing library). */
function independentlyVerified(secret: string, request: { headers: Record<string, string>; body: string }): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature } = request.headers;
  if (!id || !timestamp || !signature) return false;
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest();
  return signature.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const typeOf = (r: ReceivedWebhook): string => JSON.parse(r.body).type;
const idOf = (r: ReceivedWebhook): string => r.headers['webhook-id'];

async function createEndpoint(key: string, path: string, enabledEvents: string[], headers: Record<string, string> = {}) {
  const res = await http.post('/v1/webhook_endpoints', { key, headers, json: { url: receiver.url(path), enabled_events: enabledEvents, description: `test ${path}` } });
  assert.equal(res.status, 200, res.text);
  return res.body as { id: string; secret: string; url: string; enabled_events: string[] };
}

async function fundedAccount() {
  const account = await service.newAccount();
  await fund(http, account.sandboxKey, 10_000_000);
  return account;
}

/** A payout to a sandbox magic VPA; returns it once settled (its events are written by then). */
async function payout(key: string, vpa: string, simulate?: string): Promise<{ id: string; status: string }> {
  const beneficiary = await vpaBeneficiary(http, key, vpa);
  const res = await http.post('/v1/payouts', {
    key,
    json: { beneficiary_id: beneficiary, amount: 1000, mode: 'upi' },
    idempotencyKey: `po-${randomUUID()}`,
    headers: simulate ? { 'sandbox-simulate': simulate } : {},
  });
  assert.equal(res.status, 200, res.text);
  return waitForPayout(http, key, res.body.id, (p) => p.status !== 'initiated');
}

/** Event ids of a payout, oldest first. */
async function eventsOfPayout(key: string, payoutId: string): Promise<{ id: string; type: string }[]> {
  const res = await http.get('/v1/events?limit=100', { key });
  assert.equal(res.status, 200, res.text);
  return res.body.data.filter((e: any) => e.data.object.id === payoutId).reverse();
}

async function deliveriesOf(key: string, endpointId: string, headers: Record<string, string> = {}): Promise<any[]> {
  const res = await http.get(`/v1/webhook_endpoints/${endpointId}/deliveries?limit=100`, { key, headers });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

/** Writes an event through the outbox, as an activity would (for types this test cannot cause otherwise). */
async function outboxEvent(accountId: string, mode: 'sandbox' | 'live', type: string, object: Record<string, unknown>): Promise<string> {
  return service.stack.orm.em.fork().transactional((tx) => recordEvent(tx, { accountId, mode, type, object }));
}

describe('webhook endpoints', () => {
  test('POST shows the secret once; GET, list and DELETE; deleted is gone', async () => {
    const { sandboxKey } = await service.newAccount();
    const created = await http.post('/v1/webhook_endpoints', {
      key: sandboxKey,
      raw: { body: 'url=http%3A%2F%2F127.0.0.1%3A9%2Fa&enabled_events[]=payout.*&enabled_events[]=payment.captured&description=first', contentType: 'application/x-www-form-urlencoded' },
    });
    assert.equal(created.status, 200, created.text);
    assert.match(created.body.id, /^we_/);
    assert.equal(created.body.object, 'webhook_endpoint');
    assert.equal(created.body.mode, 'sandbox');
    assert.equal(created.body.url, 'http://127.0.0.1:9/a');
    assert.deepEqual(created.body.enabled_events, ['payout.*', 'payment.captured']);
    assert.equal(created.body.description, 'first');
    assert.equal(created.body.status, 'enabled');
    assert.match(created.body.secret, /^whsec_[A-Za-z0-9+/]+={0,2}$/);
    assert.ok(Buffer.from(created.body.secret.slice(6), 'base64').length >= 24);

    const second = await createEndpoint(sandboxKey, '/unused', ['*']);
    assert.notEqual(second.secret, created.body.secret);

    const got = await http.get(`/v1/webhook_endpoints/${created.body.id}`, { key: sandboxKey });
    assert.equal(got.status, 200);
    assert.equal('secret' in got.body, false);
    const { secret: _secret, ...withoutSecret } = created.body;
    assert.deepEqual(got.body, withoutSecret);

    const list = await http.get('/v1/webhook_endpoints', { key: sandboxKey });
    assert.deepEqual(list.body.data.map((e: any) => e.id), [second.id, created.body.id]);
    assert.ok(list.body.data.every((e: any) => !('secret' in e)));

    const other = await service.newAccount();
    assertApiError(await http.get(`/v1/webhook_endpoints/${created.body.id}`, { key: other.sandboxKey }), 404, 'not_found', 'id');

    const deleted = await http.request('DELETE', `/v1/webhook_endpoints/${created.body.id}`, { key: sandboxKey });
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(deleted.body, { id: created.body.id, object: 'webhook_endpoint', mode: 'sandbox', deleted: true });
    assertApiError(await http.get(`/v1/webhook_endpoints/${created.body.id}`, { key: sandboxKey }), 404, 'not_found', 'id');
    assertApiError(await http.request('DELETE', `/v1/webhook_endpoints/${created.body.id}`, { key: sandboxKey }), 404, 'not_found', 'id');
    assert.deepEqual((await http.get('/v1/webhook_endpoints', { key: sandboxKey })).body.data.map((e: any) => e.id), [second.id]);
  });

  test('bad input is 400 with the param to blame', async () => {
    const { sandboxKey } = await service.newAccount();
    const post = (json: unknown) => http.post('/v1/webhook_endpoints', { key: sandboxKey, json });
    assertApiError(await post({ enabled_events: ['*'] }), 400, 'invalid_request', 'url');
    assertApiError(await post({ url: 'ftp://example.com/x', enabled_events: ['*'] }), 400, 'invalid_request', 'url');
    assertApiError(await post({ url: 'not a url', enabled_events: ['*'] }), 400, 'invalid_request', 'url');
    assertApiError(await post({ url: 'https://example.com/x' }), 400, 'invalid_request', 'enabled_events');
    assertApiError(await post({ url: 'https://example.com/x', enabled_events: [] }), 400, 'invalid_request', 'enabled_events');
    assertApiError(await post({ url: 'https://example.com/x', enabled_events: ['payout.*', 'payout.done'] }), 400, 'invalid_request', 'enabled_events[1]');
    assertApiError(await post({ url: 'https://example.com/x', enabled_events: ['payouts.*'] }), 400, 'invalid_request', 'enabled_events[0]');
    assertApiError(await post({ url: 'https://example.com/x', enabled_events: ['*'], secret: 'whsec_x' }), 400, 'invalid_request', 'secret');
  });
});

describe('deliveries', () => {
  test('each event arrives as a Standard Webhooks POST that an independent implementation verifies; a wrong secret or a changed body fail', async () => {
    const { sandboxKey } = await fundedAccount();
    const path = `/sig/${randomUUID()}`;
    const endpoint = await createEndpoint(sandboxKey, path, ['payout.*']);
    const done = await payout(sandboxKey, 'success@upi');
    const events = await eventsOfPayout(sandboxKey, done.id);
    assert.deepEqual(events.map((e) => e.type), ['payout.initiated', 'payout.completed']);
    // It settled within its first step (the sandbox's 200 ms is within RAIL_INLINE_WAIT_MS): the completion was
    // written from the row as the hand-over left it, and its event carries the payout exactly as GET shows it.
    assert.deepEqual((events[1] as unknown as { data: { object: unknown } }).data.object, done);
    await waitUntil('both events delivered', () => receiver.received(path).length >= 2);

    for (const event of events) {
      const request = receiver.received(path).find((r) => idOf(r) === event.id);
      assert.ok(request, `no delivery of ${event.id}`);
      assert.equal(request.method, 'POST');
      assert.match(request.headers['content-type'], /^application\/json/);
      assert.match(request.headers['webhook-timestamp'], /^\d+$/);
      assert.ok(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000) < 120);
      // The body is the event exactly as GET /v1/events/:id shows it; webhook-id is the event id.
      const fromApi = await http.get(`/v1/events/${event.id}`, { key: sandboxKey });
      assert.deepEqual(JSON.parse(request.body), fromApi.body);
      assert.equal(JSON.parse(request.body).id, event.id);

      assert.equal(independentlyVerified(endpoint.secret, request), true);
      assert.deepEqual(await verifyWebhook(request.body, request.headers, endpoint.secret), fromApi.body);

      const wrongSecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
      assert.equal(independentlyVerified(wrongSecret, request), false);
      await assert.rejects(verifyWebhook(request.body, request.headers, wrongSecret), /No matching signature/);
      const changed = { ...request, body: request.body.replace('"amount":1000', '"amount":1001') };
      assert.notEqual(changed.body, request.body);
      assert.equal(independentlyVerified(endpoint.secret, changed), false);
      await assert.rejects(verifyWebhook(changed.body, changed.headers, endpoint.secret), /No matching signature/);
    }
    await sleep(500);
    assert.equal(receiver.received(path).length, 2, 'exactly one delivery per event');
  });

  test('a receiver answering 500 twice then 200 gets three attempts, each gap at least its backoff (1x, then 2x the initial delay); the log shows them and one success', async () => {
    const { sandboxKey } = await fundedAccount();
    const path = `/retry/${randomUUID()}`;
    receiver.respond(path, (nth) => (nth <= 2 ? 500 : 200));
    const endpoint = await createEndpoint(sandboxKey, path, ['payout.initiated']);
    const done = await payout(sandboxKey, 'success@upi');
    const [initiated] = await eventsOfPayout(sandboxKey, done.id);
    await waitUntil('three attempts', () => receiver.received(path).length >= 3, 30_000);
    await sleep(RETRY_INITIAL_MS * 3);
    const attempts = receiver.received(path);
    assert.deepEqual(attempts.map((r) => r.status), [500, 500, 200]);
    assert.ok(attempts.every((r) => idOf(r) === initiated.id), 'webhook-id is the same on every retry');
    assert.ok(attempts.every((r) => independentlyVerified(endpoint.secret, r)));
    const gap1 = attempts[1].at - attempts[0].at;
    const gap2 = attempts[2].at - attempts[1].at;
    // The backoff grows (WEBHOOK_RETRY_BACKOFF 2): the first retry waits at least the initial delay, the second at
    // least twice it. A retry may start later than its backoff says, never earlier (the retry starter's own pace
    // can stretch the first gap on a busy machine, so the two gaps are not compared with each other).
    assert.ok(gap1 >= RETRY_INITIAL_MS * 0.8, `first gap ${gap1} ms`);
    assert.ok(gap2 >= RETRY_INITIAL_MS * 2 * 0.8, `the second gap ${gap2} ms is at least twice the initial delay (first ${gap1} ms)`);

    const log = await deliveriesOf(sandboxKey, endpoint.id);
    assert.deepEqual(
      log.map((d) => [d.event_id, d.attempt, d.status_code, d.succeeded, d.delivery]).reverse(),
      [
        [initiated.id, 1, 500, false, 'event'],
        [initiated.id, 2, 500, false, 'event'],
        [initiated.id, 3, 200, true, 'event'],
      ],
    );
    assert.match(log[2].error, /500/);
    assert.equal(log[0].error, null);
    assert.ok(log.every((d) => d.object === 'webhook_delivery' && /^dlv_/.test(d.id) && d.endpoint_id === endpoint.id && d.duration_ms >= 0));
    const filtered = await http.get(`/v1/webhook_endpoints/${endpoint.id}/deliveries?event_id=${initiated.id}&limit=1`, { key: sandboxKey });
    assert.equal(filtered.body.data.length, 1);
    assert.equal(filtered.body.has_more, true);
  });

  test('a receiver that refuses connections or times out is retried, and the log says why', async () => {
    const { sandboxKey, accountId } = await service.newAccount();
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    const res = await http.post('/v1/webhook_endpoints', { key: sandboxKey, json: { url: 'http://127.0.0.1:9/closed', enabled_events: ['*'] } });
    assert.equal(res.status, 200, res.text);
    const eventId = await outboxEvent(accountId, 'sandbox', 'report.ready', { id: `rpt_${randomUUID()}`, object: 'report', status: 'ready' });
    const log = await waitUntil('two refused attempts', async () => {
      const d = await deliveriesOf(sandboxKey, res.body.id);
      return d.length >= 2 ? d : undefined;
    });
    assert.ok(log.every((d) => d.event_id === eventId && d.status_code === null && d.succeeded === false && /connection refused/.test(d.error)), JSON.stringify(log));
  });

  test('filters and wildcards deliver exactly the enabled types to each endpoint', async () => {
    const { sandboxKey, accountId } = await fundedAccount();
    const run = randomUUID();
    const specs: Record<string, string[]> = {
      exact: ['payout.completed'],
      payouts: ['payout.*'],
      all: ['*'],
      payments: ['payment.captured'],
      pair: ['payout.failed', 'payout_batch.*'],
      none: ['refund.processed'],
    };
    for (const [name, enabled] of Object.entries(specs)) await createEndpoint(sandboxKey, `/filter/${run}/${name}`, enabled);

    const ok = await payout(sandboxKey, 'success@upi');
    const failed = await payout(sandboxKey, 'failure@upi');
    assert.equal(failed.status, 'failed');
    const captured = await outboxEvent(accountId, 'sandbox', 'payment.captured', { id: `pay_${randomUUID()}`, object: 'payment', status: 'captured' });
    const batch = await outboxEvent(accountId, 'sandbox', 'payout_batch.completed', { id: `pbat_${randomUUID()}`, object: 'payout_batch', status: 'completed' });
    const events = [...(await eventsOfPayout(sandboxKey, ok.id)), ...(await eventsOfPayout(sandboxKey, failed.id))];
    events.push({ id: captured, type: 'payment.captured' }, { id: batch, type: 'payout_batch.completed' });
    assert.equal(events.length, 6);

    await waitUntil('the * endpoint has every event', () => receiver.received(`/filter/${run}/all`).length >= events.length);
    await sleep(1000); // anything wrongly delivered would be in by now
    const expected = (enabled: string[]) =>
      events
        .filter((e) => enabled.some((x) => x === '*' || x === e.type || (x.endsWith('.*') && e.type.startsWith(x.slice(0, -1)))))
        .map((e) => `${e.id} ${e.type}`)
        .sort();
    for (const [name, enabled] of Object.entries(specs)) {
      const got = receiver.received(`/filter/${run}/${name}`).map((r) => `${idOf(r)} ${typeOf(r)}`).sort();
      assert.deepEqual(got, expected(enabled), `${name} (${enabled.join(', ')})`);
    }
    assert.deepEqual(receiver.received(`/filter/${run}/payouts`).map(typeOf).sort(), ['payout.completed', 'payout.failed', 'payout.initiated', 'payout.initiated']);
    assert.equal(receiver.received(`/filter/${run}/none`).length, 0);
  });

  test('an endpoint gets the events that happen after it was created, not older ones', async () => {
    const { sandboxKey, accountId } = await service.newAccount();
    const before = await outboxEvent(accountId, 'sandbox', 'report.ready', { id: `rpt_${randomUUID()}`, object: 'report', status: 'ready' });
    await sleep(1000);
    const path = `/after/${randomUUID()}`;
    await createEndpoint(sandboxKey, path, ['*']);
    const later = await outboxEvent(accountId, 'sandbox', 'report.ready', { id: `rpt_${randomUUID()}`, object: 'report', status: 'ready' });
    await waitUntil('the later event', () => receiver.received(path).length >= 1);
    await sleep(500);
    assert.deepEqual(receiver.received(path).map(idOf), [later]);
    assert.notEqual(before, later);
  });
});

describe('Sandbox-Simulate', () => {
  test('duplicate_webhooks: every event the request causes arrives exactly twice, with the same webhook-id', async () => {
    const { sandboxKey } = await fundedAccount();
    const path = `/dup/${randomUUID()}`;
    const endpoint = await createEndpoint(sandboxKey, path, ['payout.*']);
    const dup = await payout(sandboxKey, 'success@upi', 'duplicate_webhooks');
    const plain = await payout(sandboxKey, 'success@upi');
    const dupEvents = await eventsOfPayout(sandboxKey, dup.id);
    const plainEvents = await eventsOfPayout(sandboxKey, plain.id);
    assert.equal(dupEvents.length, 2);
    await waitUntil('six deliveries', () => receiver.received(path).length >= 6);
    await sleep(1000);
    const got = receiver.received(path);
    assert.equal(got.length, 6);
    for (const e of dupEvents) {
      const copies = got.filter((r) => idOf(r) === e.id);
      assert.equal(copies.length, 2, `${e.type} twice`);
      assert.equal(copies[0].body, copies[1].body);
      assert.ok(copies.every((r) => independentlyVerified(endpoint.secret, r)));
    }
    for (const e of plainEvents) assert.equal(got.filter((r) => idOf(r) === e.id).length, 1, `${e.type} of the plain payout once`);
    const log = await deliveriesOf(sandboxKey, endpoint.id);
    assert.deepEqual(log.map((d) => d.delivery).sort(), ['duplicate', 'duplicate', 'event', 'event', 'event', 'event']);
  });

  test('duplicate_webhooks on a payout batch: its payouts\' events and payout_batch.completed arrive twice; an item that joined an earlier payout does not', async () => {
    const { sandboxKey } = await fundedAccount();
    const path = `/dup-batch/${randomUUID()}`;
    await createEndpoint(sandboxKey, path, ['payout.*', 'payout_batch.completed']);
    const earlier = await payout(sandboxKey, 'success@upi');
    const earlierKey = (await http.get(`/v1/payouts/${earlier.id}`, { key: sandboxKey })).body.idempotency_key;
    const good = await vpaBeneficiary(http, sandboxKey, 'success@upi');
    const res = await http.post('/v1/payout_batches', {
      key: sandboxKey,
      headers: { 'sandbox-simulate': 'duplicate_webhooks' },
      json: {
        payouts: [
          { beneficiary_id: good, amount: 1000, mode: 'upi', idempotency_key: `dup-batch-a-${randomUUID()}` },
          { beneficiary_id: good, amount: 1000, mode: 'upi', idempotency_key: `dup-batch-b-${randomUUID()}` },
          { beneficiary_id: good, amount: 1000, mode: 'upi', idempotency_key: earlierKey },
        ],
      },
    });
    assert.equal(res.status, 200, res.text);
    const batchId = res.body.id;
    const deadline = Date.now() + 30_000;
    while ((await http.get(`/v1/payout_batches/${batchId}`, { key: sandboxKey })).body.status !== 'completed') {
      assert.ok(Date.now() < deadline, 'the batch completes');
      await sleep(200);
    }
    const items = (await http.get(`/v1/payouts?batch_id=${batchId}`, { key: sandboxKey })).body.data;
    const created = items.filter((p: any) => p.id !== earlier.id);
    assert.equal(created.length, 2);
    const causedEvents = [...(await eventsOfPayout(sandboxKey, created[0].id)), ...(await eventsOfPayout(sandboxKey, created[1].id)), ...(await eventsOfPayout(sandboxKey, batchId))];
    assert.equal(causedEvents.length, 5, 'initiated and completed per new payout, and payout_batch.completed');
    const earlierEvents = await eventsOfPayout(sandboxKey, earlier.id);
    // 2 × 5 for what the batch request caused, plus the earlier payout's 2 (sent once, before the batch).
    await waitUntil('twelve deliveries', () => receiver.received(path).length >= 12, 30_000);
    await sleep(1000);
    const got = receiver.received(path);
    assert.equal(got.length, 12);
    for (const e of causedEvents) assert.equal(got.filter((r) => idOf(r) === e.id).length, 2, `${e.type} twice`);
    for (const e of earlierEvents) assert.equal(got.filter((r) => idOf(r) === e.id).length, 1, `${e.type} of the joined payout once`);
  });

  test('out_of_order_webhooks: the events a payout causes arrive newest first', async () => {
    const { sandboxKey } = await fundedAccount();
    const path = `/order/${randomUUID()}`;
    await createEndpoint(sandboxKey, path, ['*']);
    for (const [vpa, types] of [
      ['success@upi', ['payout.completed', 'payout.initiated']],
      ['failure@upi', ['payout.failed', 'payout.initiated']],
    ] as const) {
      const start = receiver.received(path).length;
      const done = await payout(sandboxKey, vpa, 'out_of_order_webhooks');
      const events = await eventsOfPayout(sandboxKey, done.id);
      assert.deepEqual(events.map((e) => e.type), [...types].reverse(), 'written oldest first');
      await waitUntil(`both events of ${vpa}`, () => receiver.received(path).length >= start + 2, 30_000);
      await sleep(500);
      const got = receiver.received(path).slice(start);
      assert.deepEqual(got.map(typeOf), types, 'delivered newest first');
      assert.deepEqual(got.map(idOf), [...events].reverse().map((e) => e.id));
    }
  });

  test('both at once: reversed, and each twice', async () => {
    const { sandboxKey } = await fundedAccount();
    const path = `/both/${randomUUID()}`;
    await createEndpoint(sandboxKey, path, ['payout.*']);
    const done = await payout(sandboxKey, 'success@upi', 'duplicate_webhooks, out_of_order_webhooks');
    await waitUntil('four deliveries', () => receiver.received(path).length >= 4, 30_000);
    await sleep(500);
    const got = receiver.received(path).map(typeOf);
    assert.equal(got.length, 4);
    assert.deepEqual(got.slice(0, 2), ['payout.completed', 'payout.completed'], `completed copies come first: ${got}`);
    assert.deepEqual(got.slice(2), ['payout.initiated', 'payout.initiated']);
    assert.equal((await eventsOfPayout(sandboxKey, done.id)).length, 2);
  });
});

describe('redelivery', () => {
  test('POST /v1/events/:id/redeliver sends the event again with the same webhook-id, to every enabled endpoint or to one', async () => {
    const { sandboxKey, accountId } = await service.newAccount();
    const run = randomUUID();
    const a = await createEndpoint(sandboxKey, `/re/${run}/a`, ['report.*']);
    const b = await createEndpoint(sandboxKey, `/re/${run}/b`, ['*']);
    const c = await createEndpoint(sandboxKey, `/re/${run}/c`, ['payout.*']);
    const eventId = await outboxEvent(accountId, 'sandbox', 'report.ready', { id: `rpt_${randomUUID()}`, object: 'report', status: 'ready' });
    await waitUntil('first deliveries', () => receiver.received(`/re/${run}/a`).length === 1 && receiver.received(`/re/${run}/b`).length === 1);

    const all = await http.post(`/v1/events/${eventId}/redeliver`, { key: sandboxKey, idempotencyKey: `re-${run}` });
    assert.equal(all.status, 200, all.text);
    assert.deepEqual(all.body, { object: 'event_redelivery', event_id: eventId, endpoint_ids: [a.id, b.id] });
    await waitUntil('redelivered to a and b', () => receiver.received(`/re/${run}/a`).length === 2 && receiver.received(`/re/${run}/b`).length === 2);
    // The same request again (same key) is a replay: nothing more is sent.
    const replay = await http.post(`/v1/events/${eventId}/redeliver`, { key: sandboxKey, idempotencyKey: `re-${run}` });
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');

    const one = await http.post(`/v1/events/${eventId}/redeliver`, { key: sandboxKey, json: { endpoint_id: c.id } });
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(one.body.endpoint_ids, [c.id]);
    await waitUntil('redelivered to c, which asked for it by id', () => receiver.received(`/re/${run}/c`).length === 1);
    await sleep(800);
    assert.equal(receiver.received(`/re/${run}/a`).length, 2);
    assert.equal(receiver.received(`/re/${run}/b`).length, 2);
    for (const name of ['a', 'b', 'c']) {
      const got = receiver.received(`/re/${run}/${name}`);
      assert.ok(got.every((r) => idOf(r) === eventId), 'webhook-id is the event id on redeliveries too');
    }
    assert.ok(receiver.received(`/re/${run}/c`).every((r) => independentlyVerified(c.secret, r)));
    assert.deepEqual((await deliveriesOf(sandboxKey, a.id)).map((d) => d.delivery), ['redeliver', 'event']);

    assertApiError(await http.post('/v1/events/evt_01JD3Y8X4W0000000000000000/redeliver', { key: sandboxKey }), 404, 'not_found', 'id');
    assertApiError(await http.post(`/v1/events/${eventId}/redeliver`, { key: sandboxKey, json: { endpoint_id: 'we_nope' } }), 404, 'not_found', 'endpoint_id');
    assertApiError(await http.post(`/v1/events/${eventId}/redeliver`, { key: sandboxKey, json: { endpoint: c.id } }), 400, 'invalid_request', 'endpoint');
  });
});

describe('deleting an endpoint', () => {
  test('stops its pending deliveries, and it gets nothing more', async () => {
    const { sandboxKey, accountId } = await service.newAccount();
    const path = `/deleted/${randomUUID()}`;
    receiver.respond(path, () => 503);
    const endpoint = await createEndpoint(sandboxKey, path, ['*']);
    const eventId = await outboxEvent(accountId, 'sandbox', 'report.ready', { id: `rpt_${randomUUID()}`, object: 'report', status: 'ready' });
    await waitUntil('two failed attempts', () => receiver.received(path).length >= 2, 30_000);

    const res = await http.request('DELETE', `/v1/webhook_endpoints/${endpoint.id}`, { key: sandboxKey });
    assert.equal(res.status, 200, res.text);
    await sleep(300); // an attempt already on the wire may still land
    const seen = receiver.received(path).length;
    await outboxEvent(accountId, 'sandbox', 'report.ready', { id: `rpt_${randomUUID()}`, object: 'report', status: 'ready' });
    await sleep(RETRY_INITIAL_MS * 6); // several retry intervals
    assert.equal(receiver.received(path).length, seen, 'no attempt after the endpoint was deleted');
    assert.ok(receiver.received(path).every((r) => idOf(r) === eventId));
    const description = await service.stack.temporal!.client.workflow.getHandle(webhookDeliveryWorkflowId(eventId, endpoint.id)).describe();
    assert.notEqual(description.status.name, 'RUNNING');
  });
});

describe('live endpoints', () => {
  test('must be https and must not resolve to loopback, link-local or private addresses (400, param url)', async () => {
    const { liveKey } = await service.newAccount({ live: true });
    assert.ok(liveKey);
    const post = (url: string) => http.post('/v1/webhook_endpoints', { key: liveKey, headers: viaTls, json: { url, enabled_events: ['*'] } });
    for (const url of [
      'http://93.184.215.14/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.0.0.8/hook',
      'https://172.20.1.1/hook',
      'https://192.168.0.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://0.0.0.0/hook',
      'https://[::1]/hook',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://2130706433/hook',
      'https://nonexistent.invalid/hook',
    ]) {
      assertApiError(await post(url), 400, 'invalid_request', 'url');
    }
    const ok = await post('https://93.184.215.14/hook');
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.mode, 'live');
  });

  test('the check happens again at delivery time: a host that now resolves to a private address is not contacted', async () => {
    const { liveKey, accountId } = await service.newAccount({ live: true });
    assert.ok(liveKey);
    const created = await http.post('/v1/webhook_endpoints', { key: liveKey, headers: viaTls, json: { url: 'https://93.184.215.14/hook', enabled_events: ['*'] } });
    assert.equal(created.status, 200, created.text);
    // As if its DNS changed after creation: the host now resolves to loopback, where a receiver listens.
    const path = `/live/${randomUUID()}`;
    await service.stack.orm.em.fork().execute(`update webhook_endpoints set url = ? where id = ?`, [`https://localhost:${receiver.port}${path}`, created.body.id]);
    const eventId = await outboxEvent(accountId, 'live', 'report.ready', { id: `rpt_${randomUUID()}`, object: 'report', status: 'ready' });
    await assertRefusedAtConnect(receiver, path, eventId, () => deliveriesOf(liveKey, created.body.id, viaTls), /destination refused.*(127\.0\.0\.1|::1)/);
  });
});
