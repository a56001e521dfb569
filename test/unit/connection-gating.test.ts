// Which live writes a connection lets through (src/api/middleware/connection.ts): the Razorpay connector moves payouts,
// payments and refunds, and recurring debits (UPI AutoPay mandates and the collections that charge through them). A
// connector that does not list a kind (a future provider without AutoPay) gets 403 connection_required for those writes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moneyMovingRoutes } from '../../src/api/middleware/connection.ts';
import { connectorOf } from '../../src/connectors/index.ts';
import type { MoneyMovement } from '../../src/rails/provider.ts';

const passes = (moves: readonly MoneyMovement[], route: string) => {
  const needs = moneyMovingRoutes.get(route);
  return needs === null || (needs !== undefined && moves.includes(needs));
};

test('the Razorpay connector takes every live write that moves money: payouts, payments, refunds, mandates, collections', () => {
  const { moves } = connectorOf('razorpay')!;
  for (const route of ['POST /v1/payouts', 'POST /v1/payout_batches', 'POST /v1/payments', 'POST /v1/refunds', 'POST /v1/payment_links', 'POST /v1/collections', 'POST /v1/mandates']) {
    assert.equal(passes(moves, route), true, route);
  }
});

test('collections and mandates need recurring debits: a connector moving only payouts and payments does not pass them', () => {
  assert.equal(moneyMovingRoutes.get('POST /v1/collections'), 'recurring');
  assert.equal(moneyMovingRoutes.get('POST /v1/mandates'), 'recurring');
  const oneOff: MoneyMovement[] = ['payouts', 'payments'];
  assert.equal(passes(oneOff, 'POST /v1/payments'), true);
  assert.equal(passes(oneOff, 'POST /v1/collections'), false);
  assert.equal(passes(oneOff, 'POST /v1/mandates'), false);
});
