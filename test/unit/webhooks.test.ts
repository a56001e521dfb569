// Webhook pieces without I/O: Standard Webhooks signatures (checked against a hand-written HMAC, not only
// the library that makes them, and against the one verifier callers get, @paygate/client/webhooks), the live
// destination rules, and enabled-event matching.
import assert from 'node:assert/strict';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig, secretsKeyOf } from '../../src/config.ts';
import { createSecretBox, endpointSecretContext } from '../../src/db/sealed.ts';
import { enabledEventProblem, eventTypes, wantsEvent, webhookSimulationsOf } from '../../src/domain/webhooks.ts';
import { assertAllowedDestination, DestinationRefusedError, destinationRules, isNonPublicAddress, urlProblem } from '../../src/webhooks/destination.ts';
import { generateSecret, signWebhook } from '../../src/webhooks/signing.ts';
import { verifyWebhook, WebhookSignatureError } from '@paygate/client/webhooks';

/** The Standard Webhooks check written from the specification alone. */
function independentVerify(secret: string, headers: Record<string, string>, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest();
  return headers['webhook-signature'].split(' ').some((entry) => {
    const [version, sig] = entry.split(',');
    const given = Buffer.from(sig ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

describe('signing', () => {
  const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payout.completed', data: { object: { id: 'pout_1', amount: 100 } } });

  test('a secret is whsec_ and base64 of 32 random bytes', () => {
    const secret = generateSecret();
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(secret.slice(6), 'base64').length, 32);
    assert.notEqual(generateSecret(), secret);
  });

  test('signatures verify with an independent HMAC implementation and with verifyWebhook', async () => {
    const secret = generateSecret();
    const headers = { ...signWebhook(secret, 'evt_1', body) };
    assert.equal(headers['webhook-id'], 'evt_1');
    assert.match(headers['webhook-timestamp'], /^\d{10}$/);
    assert.match(headers['webhook-signature'], /^v1,[A-Za-z0-9+/]{43}=$/);
    assert.equal(independentVerify(secret, headers, body), true);
    assert.deepEqual(await verifyWebhook(body, headers, secret), JSON.parse(body));
    assert.deepEqual(await verifyWebhook(Buffer.from(body), new Headers(headers), secret), JSON.parse(body));
  });

  test('a wrong secret, a changed body, a changed id or a stale timestamp fail', async () => {
    const secret = generateSecret();
    const headers = { ...signWebhook(secret, 'evt_1', body) };
    const other = generateSecret();
    assert.equal(independentVerify(other, headers, body), false);
    await assert.rejects(verifyWebhook(body, headers, other), WebhookSignatureError);
    const changed = body.replace('100', '101');
    assert.equal(independentVerify(secret, headers, changed), false);
    await assert.rejects(verifyWebhook(changed, headers, secret), WebhookSignatureError);
    await assert.rejects(verifyWebhook(body, { ...headers, 'webhook-id': 'evt_2' }, secret), WebhookSignatureError);
    const old = { ...signWebhook(secret, 'evt_1', body, new Date(Date.now() - 10 * 60_000)) };
    assert.equal(independentVerify(secret, old, body), true);
    await assert.rejects(verifyWebhook(body, old, secret), /timestamp too far from now/);
    await assert.rejects(verifyWebhook(body, { 'webhook-id': 'evt_1' }, secret), /Missing webhook-id, webhook-timestamp or webhook-signature/);
  });

  test('header names in any case, and several signatures (key rotation) are accepted', async () => {
    const secret = generateSecret();
    const h = signWebhook(secret, 'evt_9', body);
    const rotated = `v1,${Buffer.alloc(32).toString('base64')} ${h['webhook-signature']}`;
    assert.ok(await verifyWebhook(body, { 'Webhook-Id': h['webhook-id'], 'WEBHOOK-TIMESTAMP': h['webhook-timestamp'], 'webhook-signature': rotated }, secret));
  });
});

const live = destinationRules(true, false);
const sandboxOpen = destinationRules(false, true);
const sandboxStrict = destinationRules(false, false);
const assertPublicDestination = (url: string, lookup?: Parameters<typeof assertAllowedDestination>[2]) => assertAllowedDestination(url, live, lookup);

describe('live destinations', () => {
  test('non-public addresses are recognised, IPv4-mapped IPv6 included', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', '::', 'fe80::1', 'fd00::1', 'fc00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '224.0.0.1', 'not-an-ip']) {
      assert.equal(isNonPublicAddress(a), true, a);
    }
    for (const a of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '1.1.1.1']) assert.equal(isNonPublicAddress(a), false, a);
  });

  test('IPv6 forms that embed an IPv4 follow the IPv4, and every range outside global unicast is refused', () => {
    for (const a of [
      '64:ff9b::7f00:1', '64:ff9b::10.0.0.1', '64:ff9b::a9fe:a9fe', '64:ff9b:1::5db8:d70e', // NAT64 (local-use NAT64 always)
      '::7f00:1', '::a00:1', '::5db8:d70e', // IPv4-compatible (::/96), deprecated: always
      '2002:7f00:1::1', '2002:a00:1::', '2002:c0a8:101::', '2002:a9fe:a9fe::', // 6to4 of private IPv4
      '::ffff:100.64.0.1', '::ffff:0.1.2.3', '::ffff:a9fe:a9fe', // IPv4-mapped
      '2001::1', '2001:0:5db8:d70e::', // Teredo
      '100::1', '2001:db8::1', '3fff::1', 'fec0::1', 'ff02::1', 'ff0e::1', '4000::1', 'e000::1',
      '100.100.0.1', '192.88.99.1', '198.19.255.255', '255.255.255.255', '239.255.255.250',
    ]) {
      assert.equal(isNonPublicAddress(a), true, a);
    }
    for (const a of ['64:ff9b::5db8:d70e', '64:ff9b::8.8.8.8', '2002:5db8:d70e::1', '::ffff:8.8.8.8', '2a00:1450:4001::1', '3ffe::1']) {
      assert.equal(isNonPublicAddress(a), false, a);
    }
  });

  test('sandbox URLs follow the operator: private literals refused unless allowed, http allowed either way', () => {
    assert.match(urlProblem('http://127.0.0.1:4000/hook', sandboxStrict) ?? '', /private/);
    assert.match(urlProblem('http://[::ffff:127.0.0.1]/hook', sandboxStrict) ?? '', /private/);
    assert.equal(urlProblem('http://93.184.215.14/hook', sandboxStrict), undefined);
    assert.equal(urlProblem('http://[::1]:4000/hook', sandboxOpen), undefined);
  });

  test('live URLs must be https and not point at private literals; sandbox URLs may be local http', () => {
    assert.match(urlProblem('http://example.com/hook', live) ?? '', /https/);
    assert.match(urlProblem('https://127.0.0.1/hook', live) ?? '', /private/);
    assert.match(urlProblem('https://[::1]:8443/hook', live) ?? '', /private/);
    assert.match(urlProblem('https://2130706433/hook', live) ?? '', /private/); // 127.0.0.1 in decimal
    assert.match(urlProblem('https://user:pw@example.com/', live) ?? '', /credentials/);
    assert.match(urlProblem('ftp://example.com/', sandboxOpen) ?? '', /http/);
    assert.match(urlProblem('not a url', sandboxOpen) ?? '', /absolute/);
    assert.equal(urlProblem('https://example.com/hook', live), undefined);
    assert.equal(urlProblem('http://127.0.0.1:4000/hook', sandboxOpen), undefined);
  });

  test('a host is refused when any address it resolves to is private, or when it does not resolve', async () => {
    const fake = (answers: Record<string, string[]>) => async (host: string) => {
      const list = answers[host];
      if (!list) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    const lookup = fake({ 'public.test': ['93.184.215.14'], 'mixed.test': ['93.184.215.14', '10.0.0.5'], 'v6.test': ['fd12::1'] });
    await assertPublicDestination('https://public.test/hook', lookup);
    await assert.rejects(assertPublicDestination('https://mixed.test/hook', lookup), (err: Error) => err instanceof DestinationRefusedError && /10\.0\.0\.5/.test(err.message));
    await assert.rejects(assertPublicDestination('https://v6.test/hook', lookup), DestinationRefusedError);
    await assert.rejects(assertPublicDestination('https://nowhere.test/hook', lookup), /does not resolve/);
    await assert.rejects(assertPublicDestination('https://localhost/hook'), DestinationRefusedError); // the real resolver
    await assert.rejects(assertAllowedDestination('http://localhost:4000/hook', sandboxStrict), DestinationRefusedError);
    await assertAllowedDestination('http://localhost:4000/hook', sandboxOpen);
  });
});

describe('enabled events', () => {
  test('exact types, resource wildcards and * are valid; anything else names its problem', () => {
    for (const e of [...eventTypes, '*', 'payout.*', 'payout_batch.*', 'payment_link.*']) assert.equal(enabledEventProblem(e), undefined, e);
    for (const e of ['payout.done', 'payouts.*', 'pay*', '*.*', '', 'payout']) assert.ok(enabledEventProblem(e), e);
  });

  test('a wildcard covers its own resource only', () => {
    assert.equal(wantsEvent(['payout.*'], 'payout.failed'), true);
    assert.equal(wantsEvent(['payout.*'], 'payout_batch.completed'), false);
    assert.equal(wantsEvent(['payment.captured'], 'payment.failed'), false);
    assert.equal(wantsEvent(['*'], 'report.ready'), true);
    assert.equal(wantsEvent(['refund.failed', 'payment_link.*'], 'payment_link.paid'), true);
  });

  test('only the webhook simulations travel with a resource', () => {
    assert.deepEqual(webhookSimulationsOf(new Set(['timeout', 'out_of_order_webhooks', 'duplicate_webhooks'])), ['duplicate_webhooks', 'out_of_order_webhooks']);
    assert.deepEqual(webhookSimulationsOf([]), []);
  });
});

describe('secrets at rest', () => {
  test('sealed values open with the same key and context only; a value without the sealed prefix does not open', () => {
    const box = createSecretBox(randomBytes(32));
    const secret = generateSecret();
    const sealed = box.seal(secret, endpointSecretContext('we_1'));
    assert.ok(sealed.startsWith('sealed:v1:') && !sealed.includes(secret.slice(6)));
    assert.notEqual(box.seal(secret, endpointSecretContext('we_1')), sealed); // a fresh IV each time
    assert.equal(box.open(sealed, endpointSecretContext('we_1')), secret);
    assert.throws(() => box.open(sealed, endpointSecretContext('we_2')), /does not open/);
    assert.throws(() => createSecretBox(randomBytes(32)).open(sealed, endpointSecretContext('we_1')), /does not open/);
    assert.throws(() => box.open(secret, endpointSecretContext('we_1')), /not sealed/);
  });

  test('SECRETS_KEY must be 32 bytes of base64; without it only the development entry runs, with a key generated once under DATA_DIR', (t) => {
    const key = randomBytes(32).toString('base64');
    assert.deepEqual(secretsKeyOf(loadConfig({ SECRETS_KEY: key }), false), Buffer.from(key, 'base64'));
    for (const bad of ['short', randomBytes(16).toString('base64'), randomBytes(33).toString('base64')]) {
      assert.throws(() => loadConfig({ SECRETS_KEY: bad }), (err: unknown) => err instanceof ConfigError && err.variable === 'SECRETS_KEY');
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'paygate-secrets-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const config = loadConfig({ DATA_DIR: dir });
    assert.throws(() => secretsKeyOf(config, false), (err: unknown) => err instanceof ConfigError && err.variable === 'SECRETS_KEY');
    const generated = secretsKeyOf(config, true);
    assert.equal(generated.length, 32);
    assert.deepEqual(secretsKeyOf(config, true), generated);
    assert.equal(statSync(path.join(dir, 'secrets.key')).mode & 0o077, 0);
  });
});
