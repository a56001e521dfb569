// What each key role may call (src/domain/key-roles.ts), as the permissions middleware asks it before anything runs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type KeyGrant, roleAllows } from '../../src/domain/key-roles.ts';

const full: KeyGrant = { role: 'full', limits: { refunds: null } };
const approver: KeyGrant = { role: 'approver', limits: { refunds: null } };
const maker: KeyGrant = { role: 'maker', limits: { refunds: null } };
const refundingMaker: KeyGrant = { role: 'maker', limits: { refunds: 'allow' } };

const APPROVAL_DECISIONS = [
  ['POST', '/v1/payouts/po_1/approve'],
  ['POST', '/v1/payouts/po_1/reject'],
  ['POST', '/v1/payout_batches/pb_1/approve'],
  ['POST', '/v1/payout_batches/pb_1/reject'],
];

describe('key roles', () => {
  test('a full key may make every call', () => {
    for (const [method, path] of [['POST', '/v1/payouts'], ['DELETE', '/v1/webhook_endpoints/we_1'], ['GET', '/v1/balance'], ['POST', '/v1/test_helpers/top_ups'], ['POST', '/v1/refunds'], ...APPROVAL_DECISIONS]) {
      assert.equal(roleAllows(full, method, path), true, `${method} ${path}`);
    }
  });

  test('an approver reads, creates transaction reports, approves, rejects and cancels waiting payouts and batches, and makes no other write', () => {
    for (const [method, path] of [
      ['GET', '/v1/payouts'],
      ['HEAD', '/v1/balance'],
      ['GET', '/v1/keys/current'],
      ['POST', '/v1/reports/transactions'],
      ...APPROVAL_DECISIONS,
      ['POST', '/v1/payouts/po_1/cancel'],
      ['POST', '/v1/payout_batches/pb_1/cancel'],
      ['POST', '/v1/payouts/po_1/approve/'],
    ]) {
      assert.equal(roleAllows(approver, method, path), true, `${method} ${path}`);
    }
    for (const [method, path] of [
      ['POST', '/v1/payouts'],
      ['POST', '/v1/payout_batches'],
      ['POST', '/v1/refunds'],
      ['POST', '/v1/beneficiaries'],
      ['DELETE', '/v1/beneficiaries/bene_1'],
      ['POST', '/v1/webhook_endpoints'],
      ['POST', '/v1/approval_policy'],
      ['POST', '/v1/test_helpers/top_ups'],
      ['POST', '/v1/test_helpers/payouts/po_1/advance'],
      ['POST', '/v1/test_helpers/payouts/po_1/cancel'],
      ['POST', '/v1/payment_links/plink_1/cancel'],
      ['POST', '/v1/collections/col_1/cancel'],
      ['POST', '/v1/payouts/po_1/approve/extra'],
      ['DELETE', '/v1/payouts/po_1/approve'],
      ['POST', '/v1/reports/transactions/extra'],
      ['PUT', '/v1/reports/transactions'],
      ['OPTIONS', '/v1/payouts'],
    ]) {
      assert.equal(roleAllows(approver, method, path), false, `${method} ${path}`);
    }
  });

  test('a maker pays, adds payees and uses the sandbox helpers, but never approves, rejects, sets the approval policy or writes webhook endpoints', () => {
    for (const [method, path] of [
      ['GET', '/v1/balance'],
      ['GET', '/v1/webhook_endpoints'],
      ['GET', '/v1/approval_policy'],
      ['POST', '/v1/payouts'],
      ['POST', '/v1/payout_batches'],
      ['POST', '/v1/payouts/po_1/cancel'],
      ['POST', '/v1/beneficiaries'],
      ['DELETE', '/v1/beneficiaries/bene_1'],
      ['POST', '/v1/test_helpers/top_ups'],
      ['POST', '/v1/test_helpers/payouts/po_1/advance'],
      ['POST', '/v1/payments'],
      ['POST', '/v1/payment_links'],
      ['POST', '/v1/reports/transactions'],
      ['POST', '/v1/events/evt_1/redeliver'],
    ]) {
      assert.equal(roleAllows(maker, method, path), true, `${method} ${path}`);
    }
    for (const [method, path] of [
      ...APPROVAL_DECISIONS,
      ['POST', '/v1/approval_policy'],
      ['POST', '/v1/webhook_endpoints'],
      ['POST', '/v1/webhook_endpoints/we_1'],
      ['DELETE', '/v1/webhook_endpoints/we_1'],
      ['PATCH', '/v1/webhook_endpoints/we_1'],
      ['POST', '/v1/refunds'],
    ]) {
      assert.equal(roleAllows(maker, method, path), false, `${method} ${path}`);
      assert.equal(roleAllows(refundingMaker, method, path), method === 'POST' && path === '/v1/refunds', `refunds allow: ${method} ${path}`);
    }
  });

  test('a refused route spelled as the router still matches it (case, trailing slash, percent-encoding) is refused too', () => {
    for (const path of ['/v1/payouts/po_1/approve/', '/V1/Payouts/po_1/APPROVE', '/v1/payouts/po_1/%61pprove', '/v1/payouts/po%2F1/reject', '/v1/Approval_Policy/', '/v1/webhook_endpoints/', '/V1/WEBHOOK_ENDPOINTS', '/v1/refunds/', '/v1/%52efunds', '/v1/payouts/%E0%A4/approve']) {
      assert.equal(roleAllows(maker, 'POST', path), false, path);
    }
    assert.equal(roleAllows(refundingMaker, 'POST', '/V1/REFUNDS/'), true);
  });
});
