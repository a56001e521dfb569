// Shared steps of payout tests: fund an account, save beneficiaries, wait for a payout to settle.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Http } from './http.ts';

export async function fund(http: Http, key: string, amount: number): Promise<void> {
  const res = await http.post('/v1/test_helpers/top_ups', { key, json: { amount }, idempotencyKey: `fund-${randomUUID()}` });
  assert.equal(res.status, 200, res.text);
}

export async function vpaBeneficiary(http: Http, key: string, vpa: string): Promise<string> {
  const res = await http.post('/v1/beneficiaries', { key, json: { name: `Payee ${vpa}`, type: 'vpa', vpa } });
  assert.equal(res.status, 200, res.text);
  return res.body.id;
}

export async function bankBeneficiary(http: Http, key: string, accountNumber: string): Promise<string> {
  const res = await http.post('/v1/beneficiaries', {
    key,
    json: { name: `Account ${accountNumber}`, type: 'bank_account', bank_account: { account_number: accountNumber, ifsc: 'HDFC0001234' } },
  });
  assert.equal(res.status, 200, res.text);
  return res.body.id;
}

/** Polls GET /v1/payouts/:id until `done(payout)` holds; fails with the last payout seen. */
export async function waitForPayout(http: Http, key: string, id: string, done: (payout: any) => boolean, timeoutMs = 20000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    const res = await http.get(`/v1/payouts/${id}`, { key });
    assert.equal(res.status, 200, res.text);
    last = res.body;
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`payout ${id} did not reach the expected state in ${timeoutMs} ms; last seen: ${JSON.stringify(last)}`);
}

export const settled = (p: { status: string }) => p.status !== 'initiated';

/** A batch's `counts` with every payout status, those not given 0. */
export const batchCounts = (counts: Record<string, number>): Record<string, number> => ({
  pending_approval: 0,
  scheduled: 0,
  queued: 0,
  initiated: 0,
  completed: 0,
  failed: 0,
  rejected: 0,
  cancelled: 0,
  reversed: 0,
  ...counts,
});

/** The types of the events about payout `payoutId`, oldest first (of the account's last 100). */
export async function payoutEventTypes(http: Http, key: string, payoutId: string): Promise<string[]> {
  const res = await http.get('/v1/events?limit=100', { key });
  assert.equal(res.status, 200, res.text);
  return res.body.data
    .filter((e: any) => e.data.object.id === payoutId)
    .map((e: any) => e.type)
    .reverse();
}
