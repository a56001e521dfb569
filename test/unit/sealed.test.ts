// Sealed values (src/db/sealed.ts): AES-256-GCM with the full 16-byte tag, and nothing without the sealed
// prefix taken as clear text.
import assert from 'node:assert/strict';
import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { SEALED_PREFIX, createSecretBox, endpointSecretContext, openReplay, replayContext } from '../../src/db/sealed.ts';

const key = randomBytes(32);
const box = createSecretBox(key);
const context = endpointSecretContext('we_1');

/** A value sealed as `seal` does, but with a GCM tag of `tagBytes` (GCM allows 4 to 16). */
function sealWithTag(plain: string, tagBytes: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

describe('the GCM tag', () => {
  test('a sealed value carries a 16-byte tag', () => {
    const plain = 'whsec_abc';
    const packed = Buffer.from(box.seal(plain, context).slice(SEALED_PREFIX.length), 'base64url');
    assert.equal(packed.length, 12 + 16 + Buffer.byteLength(plain));
  });

  test('a value with a shorter tag (a truncation, or one sealed with a 4-byte tag) does not open', () => {
    for (const tagBytes of [4, 8, 12]) {
      // A valid encryption under the right key and context, only its tag short. Where the value is too short
      // for a 16-byte tag, a tag length taken from what is there would accept it: a 4-byte tag is forged in
      // about 2^32 tries.
      for (const plain of ['', 'abc', 'whsec_'.padEnd(48, 'x')]) {
        assert.throws(() => box.open(sealWithTag(plain, tagBytes), context), /too short|does not open/, `${tagBytes}-byte tag, ${plain.length} characters`);
      }
    }
    const sealed = Buffer.from(box.seal('whsec_abc', context).slice(SEALED_PREFIX.length), 'base64url');
    for (const length of [0, 11, 12, 20, 27]) {
      assert.throws(() => box.open(SEALED_PREFIX + sealed.subarray(0, length).toString('base64url'), context), /too short|does not open/, `${length} bytes`);
    }
    assert.equal(box.open(sealWithTag('whsec_abc', 16), context), 'whsec_abc');
  });

  test('any changed byte of a sealed value is refused', () => {
    const sealed = Buffer.from(box.seal('whsec_abc', context).slice(SEALED_PREFIX.length), 'base64url');
    for (let i = 0; i < sealed.length; i++) {
      const changed = Buffer.from(sealed);
      changed[i] ^= 1;
      assert.throws(() => box.open(SEALED_PREFIX + changed.toString('base64url'), context), /does not open/, `byte ${i}`);
    }
  });
});

describe('the sealed prefix', () => {
  test('a stored value without the prefix is an error, not clear text', () => {
    for (const stored of ['whsec_abc', '', 'sealed:v0:abc', ' sealed:v1:abc', 'SEALED:V1:abc']) {
      assert.throws(() => box.open(stored, context), /not sealed|too short|does not open/, JSON.stringify(stored));
    }
  });

  test('replays: a report or endpoint creation must be stored sealed; any other answer is stored as it is', () => {
    const scope = { accountId: 'acct_1', mode: 'sandbox' as const, key: 'k' };
    const body = '{"id":"rpt_1","download_url":"https://x/reports/rpt_1/file?signature=abc"}';
    for (const path of ['/v1/reports/transactions', '/v1/webhook_endpoints']) {
      assert.equal(openReplay(box, { method: 'POST', path, response_body: box.seal(body, replayContext(scope)) }, scope), body);
      assert.throws(() => openReplay(box, { method: 'POST', path, response_body: body }, scope), /not sealed/, path);
    }
    // The router takes a path without case and with trailing slashes alike: so does the rule.
    for (const path of ['/v1/reports/transactions/', '/V1/Reports/Transactions', '/v1/webhook_endpoints//']) {
      assert.throws(() => openReplay(box, { method: 'POST', path, response_body: body }, scope), /not sealed/, path);
    }
    assert.equal(openReplay(box, { method: 'POST', path: '/v1/payouts', response_body: body }, scope), body);
  });
});
