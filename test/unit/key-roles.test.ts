// What each key role may call (src/domain/key-roles.ts), as the permissions middleware asks it before anything runs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { roleAllows } from '../../src/domain/key-roles.ts';

describe('key roles', () => {
  test('a full key may make every call', () => {
    for (const [method, path] of [['POST', '/v1/payouts'], ['DELETE', '/v1/webhook_endpoints/we_1'], ['GET', '/v1/balance'], ['POST', '/v1/test_helpers/top_ups']]) {
      assert.equal(roleAllows('full', method, path), true, `${method} ${path}`);
    }
  });
  test('an approver reads and creates transaction reports, and makes no other write', () => {
    for (const [method, path] of [['GET', '/v1/payouts'], ['HEAD', '/v1/balance'], ['GET', '/v1/keys/current'], ['POST', '/v1/reports/transactions']]) {
      assert.equal(roleAllows('approver', method, path), true, `${method} ${path}`);
    }
    for (const [method, path] of [
      ['POST', '/v1/payouts'],
      ['POST', '/v1/payout_batches'],
      ['POST', '/v1/refunds'],
      ['POST', '/v1/beneficiaries'],
      ['DELETE', '/v1/beneficiaries/bene_1'],
      ['POST', '/v1/webhook_endpoints'],
      ['POST', '/v1/test_helpers/top_ups'],
      ['POST', '/v1/reports/transactions/extra'],
      ['PUT', '/v1/reports/transactions'],
      ['OPTIONS', '/v1/payouts'],
    ]) {
      assert.equal(roleAllows('approver', method, path), false, `${method} ${path}`);
    }
  });
  test('a maker key, which needs spending limits not yet offered, may call nothing', () => {
    assert.equal(roleAllows('maker', 'GET', '/v1/balance'), false);
    assert.equal(roleAllows('maker', 'POST', '/v1/payouts'), false);
  });
});
