// The idempotency key @paygate/client makes for a POST sent without one: a version 4 UUID, kept across the
// retries of that POST, also where Web Crypto has no randomUUID (a browser page served over plain HTTP has only
// getRandomValues). Through the built package, with a fetch that answers here instead of a server.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Paygate } from '@paygate/client';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A client whose fetch answers 503 `failures` times, then 200; it records each try's idempotency key. */
function clientRecordingKeys(failures: number): { paygate: Paygate; keys: (string | null)[] } {
  const keys: (string | null)[] = [];
  const fetchStub: typeof fetch = async (_input, init) => {
    keys.push(new Headers(init?.headers).get('idempotency-key'));
    const body = keys.length <= failures ? { error: { code: 'service_unavailable', type: 'api_error', message: 'later' } } : { id: 'cust_1', object: 'customer' };
    return new Response(JSON.stringify(body), { status: keys.length <= failures ? 503 : 200, headers: { 'content-type': 'application/json' } });
  };
  return { paygate: new Paygate('sk_sandbox_x', { fetch: fetchStub, initialRetryDelayMs: 1, maxRetries: 2 }), keys };
}

test('a POST without a key gets a UUID v4, the same on every retry; each POST a new one', async () => {
  const { paygate, keys } = clientRecordingKeys(2);
  await paygate.customers.create({ name: 'Asha' } as never);
  assert.equal(keys.length, 3);
  assert.match(keys[0]!, UUID_V4);
  assert.deepEqual(new Set(keys).size, 1, 'one key across the retries');
  await paygate.customers.create({ name: 'Bilal' } as never);
  assert.notEqual(keys[3], keys[0]);
});

test('without crypto.randomUUID the key is still a UUID v4, made from getRandomValues', async () => {
  const crypto = globalThis.crypto as { randomUUID?: unknown; getRandomValues?: unknown };
  const getRandomValues = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
  let drawn = 0;
  Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
  Object.defineProperty(crypto, 'getRandomValues', {
    value: <T extends Uint8Array>(array: T): T => {
      drawn++;
      return getRandomValues(array);
    },
    configurable: true,
  });
  try {
    const { paygate, keys } = clientRecordingKeys(0);
    await paygate.customers.create({ name: 'Asha' } as never);
    await paygate.customers.create({ name: 'Bilal' } as never);
    assert.match(keys[0]!, UUID_V4);
    assert.match(keys[1]!, UUID_V4);
    assert.notEqual(keys[0], keys[1]);
    assert.equal(drawn, 2, 'one draw of random bytes per key');
  } finally {
    delete crypto.randomUUID;
    delete crypto.getRandomValues;
  }
  assert.equal(typeof globalThis.crypto.randomUUID, 'function', 'the prototype\'s randomUUID is back');
});
