// Which live writes a connection lets through (src/api/middleware/connection.ts): the Razorpay connector moves payouts,
// payments and refunds; recurring debits (mandates and the collections that charge through them) are a kind of their
// own that it does not list yet, so those live writes stay 403 connection_required however payments are wired.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moneyMovingRoutes } from '../../src/api/middleware/connection.ts';
import { connectorOf } from '../../src/connectors/index.ts';

test('payments and refunds need the payments the connector moves; collections and mandates need recurring debits, which it does not', () => {
  const razorpay = connectorOf('razorpay')!;
  const passes = (route: string) => {
    const needs = moneyMovingRoutes.get(route);
    return needs === null || (needs !== undefined && razorpay.moves.includes(needs));
  };
  assert.equal(passes('POST /v1/payouts'), true);
  assert.equal(passes('POST /v1/payout_batches'), true);
  assert.equal(passes('POST /v1/payments'), true);
  assert.equal(passes('POST /v1/refunds'), true);
  assert.equal(moneyMovingRoutes.get('POST /v1/collections'), 'recurring');
  assert.equal(moneyMovingRoutes.get('POST /v1/mandates'), 'recurring');
  assert.equal(passes('POST /v1/collections'), false);
  assert.equal(passes('POST /v1/mandates'), false);
});
