// Webhook hardening through the real API, worker, Temporal and PostgreSQL (issue 11): where endpoints may
// point (at creation and again at connection time, per deployment setting), secrets sealed at rest (the row
// and the stored replay of the creating request), replays byte for byte, deliveries still signed, and the
// per-account limit of 16 endpoints holding under concurrent creation.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { verifyWebhook } from '@paygate/client/webhooks';
import { recordEvent } from '../../src/db/events.ts';
import { assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { assertRefusedAtConnect, startWebhookReceiver, waitUntil, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

/** The development-like service: private sandbox destinations allowed (as under `npm start`). */
let open: TestService;
let openHttp: Http;
/** A deployment that does not allow them (as under start:api / start:worker and docker-compose). */
let strict: TestService;
let strictHttp: Http;
let receiver: WebhookReceiver;

const viaTls = { 'x-forwarded-proto': 'https' };
const fast = { WEBHOOK_RETRY_INITIAL_MS: '60000', WEBHOOK_TIMEOUT_MS: '3000', TRUST_PROXY: 'true' };

before(async () => {
  receiver = await startWebhookReceiver();
  open = await startTestService({ ...fast, WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true' });
  // Its own database: the outbox dispatchers of services sharing one would deliver each other's events.
  const database = new URL(process.env.DATABASE_URL ?? '');
  database.pathname = `/webhooksec_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  strict = await startTestService({ ...fast, WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'false', DATABASE_URL: database.href });
  openHttp = createHttp(open.url);
  strictHttp = createHttp(strict.url);
});
after(async () => {
  await strict?.stop();
  await open?.stop();
  await receiver?.close();
});

function postEndpoint(http: Http, key: string, url: string, options: { live?: boolean; idempotencyKey?: string } = {}) {
  return http.post('/v1/webhook_endpoints', {
    key,
    headers: options.live ? viaTls : {},
    idempotencyKey: options.idempotencyKey,
    json: { url, enabled_events: ['*'] },
  });
}

async function outboxEvent(service: TestService, accountId: string, mode: 'sandbox' | 'live'): Promise<string> {
  const object = { id: `rpt_${randomUUID()}`, object: 'report', status: 'ready' };
  return service.stack.orm.em.fork().transactional((tx) => recordEvent(tx, { accountId, mode, type: 'report.ready', object }));
}

async function deliveriesOf(http: Http, key: string, endpointId: string, headers: Record<string, string> = {}): Promise<any[]> {
  const res = await http.get(`/v1/webhook_endpoints/${endpointId}/deliveries?limit=100`, { key, headers });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

/** Addresses no endpoint may reach unless the operator allows private sandbox destinations. */
const privateHosts = [
  '127.0.0.1',
  '127.1.2.3',
  '10.0.0.1',
  '172.16.5.4',
  '192.168.1.1',
  '169.254.169.254', // cloud metadata
  '100.64.0.1', // CGNAT
  '0.0.0.0',
  '0.1.2.3',
  '224.0.0.1', // multicast
  '255.255.255.255',
  '198.18.0.1', // benchmarking
  '[::1]',
  '[::]',
  '[::ffff:127.0.0.1]', // IPv4-mapped
  '[::ffff:169.254.169.254]',
  '[::127.0.0.1]', // IPv4-compatible (::/96)
  '[::a00:1]',
  '[64:ff9b::127.0.0.1]', // NAT64 of loopback
  '[64:ff9b::a9fe:a9fe]', // NAT64 of 169.254.169.254
  '[64:ff9b:1::a00:1]', // local-use NAT64
  '[2002:7f00:1::1]', // 6to4 of 127.0.0.1
  '[2002:a00:1::]', // 6to4 of 10.0.0.1
  '[2001::1]', // Teredo
  '[fc00::1]', // unique local
  '[fd12:3456::1]',
  '[fe80::1]', // link-local
  '[fec0::1]', // site-local
  '[ff02::1]', // multicast
  '[100::1]', // discard-only
  '[2001:db8::1]', // documentation
  '2130706433', // 127.0.0.1 written as a number
  '0x7f.1',
  'localhost',
];

describe('destinations at creation', () => {
  test('live endpoints: every special-purpose range is refused (400, param url); public ones, NAT64 and 6to4 of public IPv4 included, are accepted', async () => {
    const { liveKey } = await open.newAccount({ live: true });
    assert.ok(liveKey);
    for (const host of privateHosts) {
      assertApiError(await postEndpoint(openHttp, liveKey, `https://${host}/hook`, { live: true }), 400, 'invalid_request', 'url');
    }
    for (const host of ['93.184.215.14', '[2606:4700::1111]', '[64:ff9b::5db8:d70e]', '[2002:5db8:d70e::1]']) {
      const res = await postEndpoint(openHttp, liveKey, `https://${host}/hook`, { live: true });
      assert.equal(res.status, 200, `${host}: ${res.text}`);
    }
  });

  test('sandbox endpoints may point at private addresses only where the operator allows it', async () => {
    const strictAccount = await strict.newAccount();
    for (const host of privateHosts) {
      assertApiError(await postEndpoint(strictHttp, strictAccount.sandboxKey, `http://${host}:${receiver.port}/hook`), 400, 'invalid_request', 'url');
    }
    const publicOne = await postEndpoint(strictHttp, strictAccount.sandboxKey, 'http://93.184.215.14/hook');
    assert.equal(publicOne.status, 200, publicOne.text);

    const openAccount = await open.newAccount();
    for (const host of ['127.0.0.1', '10.0.0.1', '[::1]', 'localhost']) {
      const res = await postEndpoint(openHttp, openAccount.sandboxKey, `http://${host}:${receiver.port}/hook`);
      assert.equal(res.status, 200, `${host}: ${res.text}`);
    }
  });
});

describe('destinations at connection time', () => {
  test('a sandbox host that resolves to loopback after creation is never contacted where private destinations are not allowed', async () => {
    const { sandboxKey, accountId } = await strict.newAccount();
    const created = await postEndpoint(strictHttp, sandboxKey, 'http://93.184.215.14/hook');
    assert.equal(created.status, 200, created.text);
    // As if its DNS changed after creation (rebinding): the host now resolves to loopback, where a receiver listens.
    const path = `/rebound/${randomUUID()}`;
    await strict.sql(`update webhook_endpoints set url = ? where id = ?`, [`http://localhost:${receiver.port}${path}`, created.body.id]);
    const eventId = await outboxEvent(strict, accountId, 'sandbox');
    await assertRefusedAtConnect(receiver, path, eventId, () => deliveriesOf(strictHttp, sandboxKey, created.body.id), /destination refused.*(127\.0\.0\.1|::1)/);
  });

  test('an address literal written into the row after creation is refused too (mapped IPv6 of loopback)', async () => {
    const { sandboxKey, accountId } = await strict.newAccount();
    const created = await postEndpoint(strictHttp, sandboxKey, 'http://93.184.215.14/hook');
    assert.equal(created.status, 200, created.text);
    const path = `/literal/${randomUUID()}`;
    await strict.sql(`update webhook_endpoints set url = ? where id = ?`, [`http://[::ffff:127.0.0.1]:${receiver.port}${path}`, created.body.id]);
    const eventId = await outboxEvent(strict, accountId, 'sandbox');
    await assertRefusedAtConnect(receiver, path, eventId, () => deliveriesOf(strictHttp, sandboxKey, created.body.id), /destination refused: url must not point at .*7f00:1/);
  });
});

describe('secrets at rest', () => {
  test('the secret is sealed in its row and in the stored replay; the replay is byte for byte; deliveries verify', async () => {
    const { sandboxKey, accountId } = await open.newAccount();
    const path = `/sealed/${randomUUID()}`;
    const key = `we-${randomUUID()}`;
    const first = await postEndpoint(openHttp, sandboxKey, receiver.url(path), { idempotencyKey: key });
    assert.equal(first.status, 200, first.text);
    const secret: string = first.body.secret;
    assert.match(secret, /^whsec_/);
    const secretBytes = secret.slice('whsec_'.length);

    const [row] = await open.sql<{ secret: string }>(`select secret from webhook_endpoints where id = ?`, [first.body.id]);
    assert.ok(!row.secret.includes(secretBytes), 'the row holds the secret in clear text');
    assert.ok(!row.secret.startsWith('whsec_'));
    const [stored] = await open.sql<{ response_body: string }>(
      `select response_body from idempotency_records where account_id = ? and mode = 'sandbox' and key = ?`,
      [accountId, key],
    );
    assert.ok(stored, 'no stored replay');
    assert.ok(!stored.response_body.includes(secretBytes), 'the stored replay holds the secret in clear text');
    assert.ok(!stored.response_body.includes('whsec_'));
    assert.ok(!stored.response_body.includes(first.body.id), 'the stored replay is readable');

    const replay = await postEndpoint(openHttp, sandboxKey, receiver.url(path), { idempotencyKey: key });
    assert.equal(replay.status, 200);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.text, first.text);

    const got = await openHttp.get(`/v1/webhook_endpoints/${first.body.id}`, { key: sandboxKey });
    assert.equal('secret' in got.body, false);

    const eventId = await outboxEvent(open, accountId, 'sandbox');
    const [delivered] = await waitUntil('the delivery', () => (receiver.received(path).length ? receiver.received(path) : undefined));
    assert.equal(delivered.headers['webhook-id'], eventId);
    assert.equal((await verifyWebhook<{ id: string }>(delivered.body, delivered.headers, secret)).id, eventId);
  });

  test('a row written in clear text before encryption is sealed by the next start, then signs with that secret', async () => {
    const { sandboxKey, accountId } = await open.newAccount();
    const path = `/legacy/${randomUUID()}`;
    const created = await postEndpoint(openHttp, sandboxKey, receiver.url(path));
    assert.equal(created.status, 200, created.text);
    const legacy = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
    await open.sql(`update webhook_endpoints set secret = ? where id = ?`, [legacy, created.body.id]);

    // Another process of the deployment starting up seals what it finds in clear text (from then on a stored
    // secret without the sealed prefix is an error, never used as the secret).
    const again = await startTestService(fast, { role: 'api' });
    try {
      const [row] = await open.sql<{ secret: string }>(`select secret from webhook_endpoints where id = ?`, [created.body.id]);
      assert.ok(!row.secret.includes(legacy.slice(6)), 'still clear text after a start');
      assert.ok(row.secret.startsWith('sealed:v1:'));
    } finally {
      await again.stop();
    }
    const eventId = await outboxEvent(open, accountId, 'sandbox');
    const [delivered] = await waitUntil('the delivery', () => (receiver.received(path).length ? receiver.received(path) : undefined));
    assert.equal((await verifyWebhook<{ id: string }>(delivered.body, delivered.headers, legacy)).id, eventId);
  });
});

describe('at most 16 endpoints per account and mode', () => {
  test('20 concurrent creations: exactly 16 succeed, the rest are 400 naming url; live is counted apart; a deleted one frees a place', async () => {
    const { sandboxKey, liveKey } = await open.newAccount({ live: true });
    assert.ok(liveKey);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postEndpoint(openHttp, sandboxKey, receiver.url(`/limit/${i}`))),
    );
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status !== 200);
    assert.equal(ok.length, 16, answers.map((r) => r.status).join(','));
    for (const r of refused) {
      assertApiError(r, 400, 'invalid_request', 'url');
      assert.match(r.body.error.message, /16/);
    }
    const [count] = await open.sql<{ n: string }>(`select count(*) as n from webhook_endpoints where account_id = (select account_id from webhook_endpoints where id = ?) and mode = 'sandbox'`, [ok[0].body.id]);
    assert.equal(Number(count.n), 16);

    const live = await postEndpoint(openHttp, liveKey, 'https://93.184.215.14/hook', { live: true });
    assert.equal(live.status, 200, live.text);

    const deleted = await openHttp.request('DELETE', `/v1/webhook_endpoints/${ok[0].body.id}`, { key: sandboxKey });
    assert.equal(deleted.status, 200);
    const again = await postEndpoint(openHttp, sandboxKey, receiver.url('/limit/again'));
    assert.equal(again.status, 200, again.text);
    assertApiError(await postEndpoint(openHttp, sandboxKey, receiver.url('/limit/over')), 400, 'invalid_request', 'url');
  });
});
