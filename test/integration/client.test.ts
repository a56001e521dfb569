// The client library (`@paygate/client`, the built JavaScript in packages/client/dist that callers import)
// against the real service: every resource method, pages over 250 items, typed errors, and its retry rule through
// a proxy that drops the first connection and answers 429 with Retry-After (one resource, the same key on every
// try), and on a real `409 idempotency_key_in_use` while the first request with the key is still running. Also:
// the committed generated types equal what the running service's /v1/openapi.json generates, and the one
// webhook verifier checks what the service signs.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  AuthenticationError,
  ConflictError,
  InsufficientFundsError,
  InvalidRequestError,
  NotFoundError,
  Paygate,
  PaygateError,
  RateLimitError,
  WebhookSignatureError,
} from '@paygate/client';
import { verifyWebhook } from '@paygate/client/webhooks';
import { clientTypesFrom } from '../../packages/client/scripts/openapi-types.ts';
import { signWebhook } from '../../src/webhooks/signing.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { waitUntil } from '../helpers/webhook-receiver.ts';
import { answerMandate } from '../helpers/collections.ts';

let service: TestService;

before(async () => {
  service = await startTestService();
});
after(async () => {
  await service?.stop();
});

async function fundedClient(options: ConstructorParameters<typeof Paygate>[1] = {}): Promise<{ paygate: Paygate; key: string }> {
  const { sandboxKey: key } = await service.newAccount();
  const paygate = new Paygate(key, { baseUrl: `${service.url}/v1`, initialRetryDelayMs: 50, ...options });
  await paygate.testHelpers.topUps.create({ amount: 10_000_000 });
  return { paygate, key };
}

describe('resources', () => {
  test('beneficiaries, payouts (idempotency key honoured), batches, balance and its transactions', async () => {
    const { paygate } = await fundedClient();
    const beneficiary = await paygate.beneficiaries.create({ type: 'vpa', name: 'Asha', vpa: 'success@upi' });
    assert.match(beneficiary.id, /^bene_/);
    assert.equal((await paygate.beneficiaries.retrieve(beneficiary.id)).id, beneficiary.id);

    const payout = await paygate.payouts.create({ beneficiary_id: beneficiary.id, amount: 1_000, mode: 'upi' }, { idempotencyKey: 'order-1' });
    const again = await paygate.payouts.create({ beneficiary_id: beneficiary.id, amount: 1_000, mode: 'upi' }, { idempotencyKey: 'order-1' });
    assert.equal(again.id, payout.id, 'the same key gives the same payout');
    assert.equal((await paygate.payouts.retrieve(payout.id)).amount, 1_000);
    const completed = await paygate.testHelpers.payouts.complete(payout.id);
    assert.equal(completed.status, 'completed');
    const listed = await paygate.payouts.list({ status: 'completed' }).toArray();
    assert.deepEqual(listed.map((p) => p.id), [payout.id]);

    const batch = await paygate.payoutBatches.create({ payouts: [{ beneficiary_id: beneficiary.id, amount: 500, mode: 'upi', idempotency_key: 'b-1' }] });
    assert.match(batch.id, /^pbat_/);
    assert.equal((await paygate.payoutBatches.retrieve(batch.id)).id, batch.id);
    assert.deepEqual((await paygate.payoutBatches.list().toArray()).map((b) => b.id), [batch.id]);

    const balance = await paygate.balance.retrieve();
    assert.equal(balance.object, 'balance');
    const transactions = await paygate.balanceTransactions.list({ source_id: payout.id }).toArray();
    assert.ok(transactions.length >= 1);
    assert.ok(transactions.every((t) => t.source_id === payout.id));
    assert.equal((await paygate.topUps.list().toArray()).length, 1);

    const removed = await paygate.beneficiaries.delete(beneficiary.id);
    assert.equal(removed.id, beneficiary.id);
  });

  test('payments, refunds, customers, collections, payment links, reports, settlements, events, webhook endpoints', async () => {
    const { paygate } = await fundedClient();
    const payment = await paygate.payments.create({ amount: 5_000, method: 'upi', vpa: 'success@upi' });
    assert.equal(payment.status, 'captured');
    assert.equal((await paygate.payments.retrieve(payment.id)).id, payment.id);
    const refund = await paygate.refunds.create({ payment_id: payment.id, amount: 1_000 });
    assert.equal((await paygate.refunds.retrieve(refund.id)).payment_id, payment.id);
    assert.deepEqual((await paygate.refunds.list({ payment_id: payment.id }).toArray()).map((r) => r.id), [refund.id]);
    assert.ok((await paygate.payments.list().toArray()).some((p) => p.id === payment.id));

    const customer = await paygate.customers.create({ name: 'Asha', email: 'asha@example.com', phone: '+919876543210', vpa: 'success@upi' });
    assert.equal((await paygate.customers.update(customer.id, { name: 'Asha K' })).name, 'Asha K');
    assert.equal((await paygate.customers.retrieve(customer.id)).name, 'Asha K');
    assert.deepEqual((await paygate.customers.list({ email: 'asha@example.com' }).toArray()).map((c) => c.id), [customer.id]);

    const mandate = await paygate.mandates.create({ customer_id: customer.id, max_amount: 100_000, frequency: 'monthly' });
    assert.equal(await answerMandate(mandate.authorization_url, 'success@upi'), 303);
    await waitUntil('the mandate approved', async () => (await paygate.mandates.retrieve(mandate.id)).status === 'active', 30_000);
    // The mandate's own customer may be named too.
    const collectionParams = { mandate_id: mandate.id, customer_id: customer.id, amount: 1_000, schedule: 'monthly' as const, start_at: Math.floor(Date.now() / 1000) + 86_400 };
    const collection = await paygate.collections.create(collectionParams);
    assert.equal((await paygate.collections.pause(collection.id)).status, 'paused');
    assert.equal((await paygate.collections.resume(collection.id)).status, 'active');
    assert.equal((await paygate.collections.cancel(collection.id)).status, 'cancelled');
    assert.equal((await paygate.collections.retrieve(collection.id)).status, 'cancelled');
    assert.equal((await paygate.collections.list().toArray()).length, 1);
    // The source document's call: customer_id, amount, schedule; the service makes the mandate and waits for it.
    const asked = await paygate.collections.create({ customer_id: customer.id, amount: 1_000, schedule: 'monthly' });
    assert.equal(asked.status, 'created');
    assert.match(asked.mandate_id ?? '', /^mdt_/);
    assert.equal(await answerMandate(asked.authorization_url!, 'success@upi'), 303);
    await waitUntil('the collection activated', async () => (await paygate.collections.retrieve(asked.id)).status === 'active', 30_000);
    assert.equal((await paygate.collections.cancel(asked.id)).status, 'cancelled');

    const link = await paygate.paymentLinks.create({ amount: 5_000, description: 'Order 7', reference_id: 'order-7' });
    assert.match(link.short_url, /\/pay\//);
    assert.equal((await paygate.paymentLinks.retrieve(link.id)).reference_id, 'order-7');
    assert.deepEqual((await paygate.paymentLinks.list({ reference_id: 'order-7' }).toArray()).map((l) => l.id), [link.id]);
    assert.equal((await paygate.paymentLinks.cancel(link.id)).status, 'cancelled');

    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const report = await paygate.reports.create({ from: today, to: today });
    assert.equal(report.status, 'ready');
    assert.equal((await paygate.reports.retrieve(report.id)).id, report.id);
    assert.deepEqual((await paygate.reports.list().toArray()).map((r) => r.id), [report.id]);

    await paygate.testHelpers.settlements.run();
    const settlements = await paygate.settlements.list().toArray();
    assert.equal(settlements.length, 1);
    assert.equal((await paygate.settlements.retrieve(settlements[0].id)).id, settlements[0].id);

    const endpoint = await paygate.webhookEndpoints.create({ url: 'http://127.0.0.1:9/hook', enabled_events: ['payment.captured'] });
    assert.match(endpoint.secret!, /^whsec_/);
    assert.equal((await paygate.webhookEndpoints.retrieve(endpoint.id)).id, endpoint.id);
    assert.deepEqual((await paygate.webhookEndpoints.list().toArray()).map((e) => e.id), [endpoint.id]);
    assert.ok(Array.isArray((await paygate.webhookEndpoints.listDeliveries(endpoint.id)).data));

    const events = await paygate.events.list({ type: 'payment.captured' }).toArray();
    assert.ok(events.some((e) => (e.data.object as { id?: string }).id === payment.id));
    assert.equal((await paygate.events.retrieve(events[0].id)).id, events[0].id);
    assert.ok(await paygate.events.redeliver(events[0].id));
    assert.equal((await paygate.webhookEndpoints.delete(endpoint.id)).id, endpoint.id);
  });

  test('a list pages on by itself: 250 customers, every one once, newest first', async () => {
    const { paygate } = await fundedClient();
    const made: string[] = [];
    for (let i = 0; i < 250; i++) made.push((await paygate.customers.create({ name: `Customer ${i}`, email: `c${i}@example.com`, phone: '+919876543210' })).id);
    const seen: string[] = [];
    for await (const customer of paygate.customers.list({ limit: 100 })) seen.push(customer.id);
    assert.equal(seen.length, 250);
    assert.deepEqual([...seen].sort(), [...made].sort());
    assert.deepEqual(seen, [...made].reverse());
    const now = Math.floor(Date.now() / 1000);
    assert.equal((await paygate.customers.list({ created: { gte: now - 3600, lte: now + 60 } }).toArray()).length, 250, 'created[gte], created[lte]');
    assert.equal((await paygate.customers.list({ created: { gt: now + 60 } }).toArray()).length, 0);
    const first = await paygate.customers.list({ limit: 10 });
    assert.equal(first.data.length, 10);
    assert.equal(first.has_more, true);
  });

  test('errors are typed, with the API code, param, status and request id; nothing is retried that should not be', async () => {
    const { paygate } = await fundedClient();
    const missing = await paygate.payouts.retrieve('po_00000000000000000000000000').catch((e) => e);
    assert.ok(missing instanceof NotFoundError && missing instanceof PaygateError);
    assert.equal(missing.code, 'not_found');
    assert.equal(missing.statusCode, 404);
    assert.match(missing.requestId!, /^req_/);

    const invalid = await paygate.payouts.create({ beneficiary_id: 'bene_x', amount: -1, mode: 'upi' } as never).catch((e) => e);
    assert.ok(invalid instanceof InvalidRequestError);
    assert.equal(invalid.code, 'invalid_request');
    assert.ok(invalid.param);

    const beneficiary = await paygate.beneficiaries.create({ type: 'vpa', name: 'Asha', vpa: 'success@upi' });
    const unfunded = new Paygate((await service.newAccount()).sandboxKey, { baseUrl: service.url });
    const payee = await unfunded.beneficiaries.create({ type: 'vpa', name: 'Asha', vpa: 'success@upi' });
    const poor = await unfunded.payouts.create({ beneficiary_id: payee.id, amount: 1_000, mode: 'upi' }).catch((e) => e);
    assert.ok(poor instanceof InsufficientFundsError, String(poor?.code));
    assert.equal(poor.code, 'insufficient_funds');
    assert.equal((await unfunded.payouts.list().toArray()).length, 0, 'nothing was paid');

    const stranger = new Paygate('sk_sandbox_not_a_real_key', { baseUrl: service.url });
    const denied = await stranger.balance.retrieve().catch((e) => e);
    assert.ok(denied instanceof AuthenticationError);
    assert.equal(denied.code, 'authentication_failed');
    assert.ok(!String(denied.message).includes('sk_sandbox_not_a_real_key'), 'the key is not in the message');

    const link = await paygate.paymentLinks.create({ amount: 100 });
    await paygate.paymentLinks.cancel(link.id);
    const twice = await paygate.paymentLinks.cancel(link.id).catch((e) => e);
    assert.ok(twice instanceof ConflictError);
    assert.equal(twice.code, 'invalid_state');

    // Another account's object is not found.
    const other = (await fundedClient()).paygate;
    assert.ok((await other.beneficiaries.retrieve(beneficiary.id).catch((e) => e)) instanceof NotFoundError);
  });
});

describe('retries', () => {
  /** A proxy in front of the service that fails the first requests as told, then passes them on. */
  async function flakyProxy(failures: ('drop' | '429' | '503')[]): Promise<{ url: string; seen: { method: string; path: string; key?: string }[]; close: () => Promise<void> }> {
    const target = new URL(service.url);
    const seen: { method: string; path: string; key?: string }[] = [];
    const server: Server = createServer((req: IncomingMessage, res) => {
      seen.push({ method: req.method!, path: req.url!, key: req.headers['idempotency-key'] as string | undefined });
      const failure = failures.shift();
      if (failure === 'drop') return req.socket.destroy();
      if (failure === '429') {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        return res.end(JSON.stringify({ error: { type: 'rate_limit_error', code: 'rate_limited', message: 'slow down', param: null, request_id: 'req_proxy' } }));
      }
      if (failure === '503') {
        res.writeHead(503, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { type: 'api_error', code: 'service_unavailable', message: 'later', param: null, request_id: 'req_proxy' } }));
      }
      const upstream = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }

  test('a dropped connection, then 429 with Retry-After, then success: one payout, the same key on every try', async () => {
    const { paygate: direct, key } = await fundedClient();
    const beneficiary = await direct.beneficiaries.create({ type: 'vpa', name: 'Asha', vpa: 'success@upi' });
    const proxy = await flakyProxy(['drop', '429']);
    try {
      const paygate = new Paygate(key, { baseUrl: proxy.url, initialRetryDelayMs: 50 });
      const started = Date.now();
      const payout = await paygate.payouts.create({ beneficiary_id: beneficiary.id, amount: 1_000, mode: 'upi' });
      assert.ok(Date.now() - started >= 1_000, 'waited for Retry-After: 1');
      assert.equal(proxy.seen.length, 3);
      const keys = new Set(proxy.seen.map((s) => s.key));
      assert.equal(keys.size, 1, 'one idempotency key on every try');
      assert.ok([...keys][0], 'a key was generated');
      assert.deepEqual((await direct.payouts.list().toArray()).map((p) => p.id), [payout.id], 'one payout');
    } finally {
      await proxy.close();
    }
  });

  test('maxRetries bounds the tries; a 503 after the last one is thrown as such', async () => {
    const { key } = await fundedClient();
    const proxy = await flakyProxy(['503', '503', '503', '503']);
    try {
      const paygate = new Paygate(key, { baseUrl: proxy.url, maxRetries: 1, initialRetryDelayMs: 10 });
      const err = await paygate.balance.retrieve().catch((e) => e);
      assert.ok(err instanceof PaygateError);
      assert.equal(err.statusCode, 503);
      assert.equal(err.code, 'service_unavailable');
      assert.equal(proxy.seen.length, 2, 'one try and one retry');
      const limited = await new Paygate(key, { baseUrl: proxy.url, maxRetries: 0 }).balance.retrieve().catch((e) => e);
      assert.equal(limited.statusCode, 503);
    } finally {
      await proxy.close();
    }
    const rateProxy = await flakyProxy(['429']);
    try {
      const err = await new Paygate(key, { baseUrl: rateProxy.url, maxRetries: 0 }).balance.retrieve().catch((e) => e);
      assert.ok(err instanceof RateLimitError);
    } finally {
      await rateProxy.close();
    }
  });
});

describe('a key still in use', () => {
  const params = { type: 'vpa', name: 'Asha', vpa: 'success@upi' } as const;

  /**
   * Sends a beneficiary create with `idempotencyKey` whose insert sleeps `seconds` inside PostgreSQL (a trigger,
   * as answer-in-time.test.ts does), and resolves once the request holds the key; `answer` is its response.
   */
  async function holdKey(key: string, idempotencyKey: string, seconds: number): Promise<{ answer: Promise<Response>; release: () => Promise<void> }> {
    await service.sql(`create or replace function slow_beneficiaries() returns trigger language plpgsql as $$ begin perform pg_sleep(${seconds}); return new; end $$`);
    await service.sql('create or replace trigger slow_beneficiaries before insert on beneficiaries for each row execute function slow_beneficiaries()');
    const answer = fetch(`${service.url}/v1/beneficiaries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify(params),
    });
    await waitUntil('the first request holds its key', async () => (await service.sql('select 1 from idempotency_records where key = ?', [idempotencyKey])).length > 0, 10_000);
    const release = async () => {
      await service.sql('drop trigger if exists slow_beneficiaries on beneficiaries');
      await service.sql('drop function if exists slow_beneficiaries()');
    };
    return { answer, release };
  }

  /** A `fetch` that notes the status of every answer the client gets. */
  function recordingFetch(statuses: number[]): typeof fetch {
    return async (input, init) => {
      const res = await fetch(input, init);
      statuses.push(res.status);
      return res;
    };
  }

  test('409 idempotency_key_in_use is retried with the same key until the first request ends: the caller gets its beneficiary', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const idempotencyKey = `held-${Date.now()}`;
    const held = await holdKey(key, idempotencyKey, 3);
    try {
      const statuses: number[] = [];
      // Enough retries to outlast the 3 s hold whatever the jitter draws (backoff doubles from 200 ms to 8 s).
      const paygate = new Paygate(key, { baseUrl: service.url, maxRetries: 20, initialRetryDelayMs: 200, fetch: recordingFetch(statuses) });
      const beneficiary = await paygate.beneficiaries.create(params, { idempotencyKey });
      const first = (await (await held.answer).json()) as { id: string };
      assert.equal(statuses[0], 409, `the first try met the held key (answers: ${statuses.join(', ')})`);
      assert.equal(statuses.at(-1), 200);
      assert.ok(statuses.slice(0, -1).every((s) => s === 409), `only 409s were retried (answers: ${statuses.join(', ')})`);
      assert.equal(beneficiary.id, first.id, 'the retry ends with the first request\'s beneficiary');
      assert.deepEqual((await paygate.beneficiaries.list().toArray()).map((b) => b.id), [first.id], 'one beneficiary');
    } finally {
      await held.release();
    }
  });

  test('with no retries left, 409 idempotency_key_in_use surfaces as a ConflictError with its code, param and request id', async () => {
    const { sandboxKey: key } = await service.newAccount();
    const idempotencyKey = `held-${Date.now()}`;
    const held = await holdKey(key, idempotencyKey, 3);
    try {
      const statuses: number[] = [];
      const paygate = new Paygate(key, { baseUrl: service.url, maxRetries: 0, fetch: recordingFetch(statuses) });
      const err = await paygate.beneficiaries.create(params, { idempotencyKey }).catch((e) => e);
      assert.ok(err instanceof ConflictError && err instanceof PaygateError, String(err));
      assert.equal(err.code, 'idempotency_key_in_use');
      assert.equal(err.statusCode, 409);
      assert.equal(err.param, 'Idempotency-Key');
      assert.match(err.requestId!, /^req_/);
      assert.deepEqual(statuses, [409], 'one try');
      const perRequest = await new Paygate(key, { baseUrl: service.url }).beneficiaries.create(params, { idempotencyKey, maxRetries: 0 }).catch((e) => e);
      assert.equal(perRequest.code, 'idempotency_key_in_use', 'maxRetries per request');
      assert.equal((await held.answer).status, 200);
    } finally {
      await held.release();
    }
  });
});

describe('types and webhooks', () => {
  test('the committed types are what the service\'s own /v1/openapi.json generates', async () => {
    const document = await (await fetch(`${service.url}/v1/openapi.json`)).json();
    const committed = await readFile(new URL('../../packages/client/src/generated/openapi.ts', import.meta.url), 'utf8');
    assert.equal(committed, await clientTypesFrom(document as object), 'packages/client/src/generated/openapi.ts is stale: run npm run generate:client');
  });

  test('webhooks.verify accepts a delivery signed as the service signs it, and refuses a changed one', async () => {
    const paygate = new Paygate('sk_sandbox_x');
    assert.equal(paygate.webhooks.verify, verifyWebhook, 'one verifier: paygate.webhooks.verify is @paygate/client/webhooks');
    const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
    const body = JSON.stringify({ id: 'evt_1', type: 'payout.completed', data: { object: { id: 'po_1', amount: 100 } } });
    const headers = signWebhook(secret, 'evt_1', body);
    assert.deepEqual(await paygate.webhooks.verify(body, headers, secret), JSON.parse(body));
    assert.deepEqual(await paygate.webhooks.verify(new TextEncoder().encode(body), new Headers({ ...headers }), secret), JSON.parse(body));
    await assert.rejects(paygate.webhooks.verify(body.replace('100', '1000'), headers, secret), WebhookSignatureError);
    await assert.rejects(paygate.webhooks.verify(body, headers, `whsec_${Buffer.from('another secret, 32 bytes long!!!').toString('base64')}`), WebhookSignatureError);
    const stale = signWebhook(secret, 'evt_1', body, new Date(Date.now() - 10 * 60_000));
    await assert.rejects(paygate.webhooks.verify(body, stale, secret), /timestamp/);
  });
});
