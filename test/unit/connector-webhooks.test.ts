// Inbound RazorpayX webhooks: the signature over the raw body (current and previous secret), and a payout event
// translated to a provider-neutral report; other events ignored (webhooks/payouts.md, webhooks/validate-test.md).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import { connectorOf, webhookUrlOf } from '../../src/connectors/index.ts';
import { parseWebhookEvent, translateWebhookEvent, verifySignature, WebhookPayloadError } from '../../src/connectors/razorpay/webhooks.ts';

const sign = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('hex');

function payoutEvent(event: string, entity: Record<string, unknown>): string {
  return JSON.stringify({ entity: 'event', account_id: 'acc_BfVUrG6tDiL7H0', event, contains: ['payout'], payload: { payout: { entity } }, created_at: 1_580_118_468 });
}

const processed = payoutEvent('payout.processed', {
  id: 'pout_R7ambiUdUvg6AD',
  entity: 'payout',
  fund_account_id: 'fa_R7amb4zOx1gJoF',
  amount: 100,
  currency: 'INR',
  fees: 118,
  tax: 18,
  status: 'processed',
  purpose: 'payout',
  utr: '523223155921',
  mode: 'UPI',
  reference_id: 'po_01JD3Y8X4W0000000000000000',
  narration: 'Payout to Acme Corp',
  status_details: { reason: 'payout_processed', description: 'Payout is processed', source: 'beneficiary_bank' },
  created_at: 1_755_693_656,
});

describe('signature', () => {
  test('the hex HMAC-SHA256 of the raw body with the secret verifies; as a Buffer too', () => {
    assert.equal(verifySignature(processed, sign(processed, 'whsec'), ['whsec']), true);
    assert.equal(verifySignature(Buffer.from(processed), sign(processed, 'whsec'), ['whsec']), true);
  });

  test('a wrong secret, a changed body, a missing or malformed signature do not', () => {
    const good = sign(processed, 'whsec');
    assert.equal(verifySignature(processed, sign(processed, 'other'), ['whsec']), false);
    assert.equal(verifySignature(processed.replace('"amount":100', '"amount":101'), good, ['whsec']), false);
    assert.equal(verifySignature(`${processed} `, good, ['whsec']), false, 'the raw body, not a re-serialization');
    for (const bad of [undefined, '', 'zz', good.slice(0, 63), `${good}00`, `sha256=${good}`]) {
      assert.equal(verifySignature(processed, bad, ['whsec']), false, String(bad));
    }
    assert.equal(verifySignature(processed, good, []), false);
    assert.equal(verifySignature(processed, sign(processed, ''), ['']), false, 'an empty secret verifies nothing');
  });

  test('after a rotation, both the new and the previous secret verify (retries of older events)', () => {
    assert.equal(verifySignature(processed, sign(processed, 'old'), ['new', 'old']), true);
    assert.equal(verifySignature(processed, sign(processed, 'new'), ['new', 'old']), true);
    assert.equal(verifySignature(processed, sign(processed, 'older'), ['new', 'old']), false);
  });

  test('the registry exposes it under the provider, with the header names', () => {
    const c = connectorOf('razorpay');
    assert.ok(c);
    assert.equal(c.webhooks.signatureHeader, 'x-razorpay-signature');
    assert.equal(c.webhooks.eventIdHeader, 'x-razorpay-event-id');
    assert.equal(c.webhooks.verify(processed, sign(processed, 's'), ['s']), true);
    assert.equal(connectorOf('nope'), undefined);
    assert.equal(webhookUrlOf('https://pay.example.com/', 'razorpay', 'conn_1'), 'https://pay.example.com/connectors/razorpay/conn_1/webhooks');
  });
});

describe('translation', () => {
  test('payout.processed → completed with UTR, fees (tax included) and our payout id', () => {
    assert.deepEqual(translateWebhookEvent(parseWebhookEvent(processed)), {
      kind: 'payout',
      eventType: 'payout.processed',
      report: {
        providerReference: 'pout_R7ambiUdUvg6AD',
        payoutId: 'po_01JD3Y8X4W0000000000000000',
        providerStatus: 'processed',
        outcome: { state: 'completed', utr: '523223155921' },
        utr: '523223155921',
        fees: 118,
        tax: 18,
        details: { source: 'beneficiary_bank', reason: 'payout_processed', description: 'Payout is processed' },
      },
    });
  });

  test('every payout event reports the state its payout is in', () => {
    const cases: [string, string, string][] = [
      ['payout.pending', 'pending', 'initiated'],
      ['payout.queued', 'queued', 'initiated'],
      ['payout.initiated', 'processing', 'initiated'],
      ['payout.updated', 'processed', 'completed'],
      ['payout.reversed', 'reversed', 'returned'],
      ['payout.failed', 'failed', 'failed'],
      ['payout.rejected', 'rejected', 'failed'],
    ];
    for (const [event, status, state] of cases) {
      const body = payoutEvent(event, { id: 'pout_1', entity: 'payout', status, utr: null, reference_id: 'po_1', status_details: { source: 'business', reason: 'insufficient_funds', description: 'x' } });
      const out = translateWebhookEvent(parseWebhookEvent(body));
      assert.equal(out.kind, 'payout', event);
      assert.equal(out.kind === 'payout' && out.report.outcome.state, state, event);
    }
  });

  test('downtime notices, other entities and a payout event without a payout are ignored', () => {
    const downtime = JSON.stringify({ entity: 'event', event: 'payout.downtime.started', contains: ['payout.downtime'], payload: { 'payout.downtime': { entity: { id: 'poutdown_1', status: 'started' } } } });
    assert.deepEqual(translateWebhookEvent(parseWebhookEvent(downtime)), { kind: 'ignored', eventType: 'payout.downtime.started' });
    const txn = JSON.stringify({ entity: 'event', event: 'transaction.created', contains: ['transaction'], payload: { transaction: { entity: { id: 'txn_1' } } } });
    assert.deepEqual(translateWebhookEvent(parseWebhookEvent(txn)), { kind: 'ignored', eventType: 'transaction.created' });
    const empty = JSON.stringify({ entity: 'event', event: 'payout.processed', payload: {} });
    assert.deepEqual(translateWebhookEvent(parseWebhookEvent(empty)), { kind: 'ignored', eventType: 'payout.processed' });
  });

  test('a body that is not an event is refused', () => {
    for (const body of ['not json', '[]', '{}', '{"event": 5}', 'null']) {
      assert.throws(() => parseWebhookEvent(body), WebhookPayloadError, body);
    }
  });
});
