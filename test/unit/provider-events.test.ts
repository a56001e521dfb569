// Inbound provider events in our terms: a deposit's transaction.created becomes a deposit (its other lines do not),
// a provider's payout outcome becomes the rail state the one transition writer reads, and a deposit's top-up is keyed
// by the connection and the provider's transaction id, whichever path records it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { providerTopUp, railStateOf } from '../../activities/provider-events.ts';
import { translateWebhookEvent } from '../../src/connectors/razorpay/webhooks.ts';

const txn = (source: Record<string, unknown>, credit: number, debit: number) => ({
  event: 'transaction.created',
  payload: { transaction: { entity: { id: 'txn_1', entity: 'transaction', account_number: '7878780080316316', amount: credit || debit, credit, debit, balance: 10_000, created_at: 1_700_000_000, source } } },
});

test('a bank transfer credit is a deposit; a payout debit line is not', () => {
  assert.deepEqual(translateWebhookEvent(txn({ id: 'bt_1', entity: 'bank_transfer' }, 5_000, 0)), {
    kind: 'deposit', eventType: 'transaction.created', providerReference: 'txn_1', amount: 5_000, createdAt: new Date(1_700_000_000_000), accountNumber: '7878780080316316',
  });
  assert.deepEqual(translateWebhookEvent(txn({ id: 'pout_1', entity: 'payout' }, 0, 5_000)), { kind: 'ignored', eventType: 'transaction.created' });
});

test('provider outcomes become rail states; one still on its way moves nothing', () => {
  assert.equal(railStateOf({ state: 'initiated' }), null);
  assert.deepEqual(railStateOf({ state: 'completed', utr: 'UTR1' }), { state: 'completed', utr: 'UTR1' });
  const details = { source: 'beneficiary_bank', reason: 'bank_account_invalid', description: 'Invalid account' };
  assert.deepEqual(railStateOf({ state: 'failed', code: 'beneficiary_account_invalid', details }), {
    state: 'failed', failure: { code: 'beneficiary_account_invalid', message: 'Invalid account', provider: details },
  });
  assert.equal(railStateOf({ state: 'returned', code: 'rejected_by_bank', details: { source: null, reason: null, description: null } })?.state, 'reversed');
});

test("a deposit's top-up is keyed by connection and transaction id, live", () => {
  const a = providerTopUp('acct_1', 'conn_1', { providerReference: 'txn_9', amount: 100 });
  const b = providerTopUp('acct_1', 'conn_1', { providerReference: 'txn_9', amount: 100 });
  assert.equal(a.idempotencyKey, b.idempotencyKey);
  assert.equal(a.mode, 'live');
  assert.deepEqual(a.metadata, { provider_reference: 'txn_9' });
});
