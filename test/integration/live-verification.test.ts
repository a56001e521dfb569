// Live beneficiary verification against the RazorpayX stand-in, through the real API and webhook route (docs/api.md,
// "Verified beneficiaries"; docs/live-money.md, "Verified beneficiaries, live"): a fund account validation per
// verification (a ₹1 penny drop to a bank account, a VPA validation for a UPI ID), its name compared with the
// beneficiary's, its charge (penny, fee and GST: the statement's debit) one `fee` balance transaction. A lost create
// answer is matched by its notes before any resend (one validation, one charge); a webhook only wakes the workflow,
// which looks the validation up; an account without validation ends `failed` provider_unavailable and `payctl
// connections check` says so; a validation the bank never answers ends failed after VERIFICATION_PENDING_SECONDS.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { signatureOf } from '../../src/connectors/razorpay/webhooks.ts';
import { sleep } from '../helpers/api-assert.ts';
import { STANDIN_WEBHOOK_SECRET, fundedAccount, type ConnectedAccount } from '../helpers/connections.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { type Payctl, payctlFor } from '../helpers/payctl.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const HTTPS = { 'x-forwarded-proto': 'https' };
/** The stand-in's validation charge: 300 paise and 18% GST. */
const FEES = 354;
/** How long a verification waits for the bank in this file (VERIFICATION_PENDING_SECONDS). */
const PENDING_SECONDS = 15;

let service: TestService;
let http: Http;
let payctl: Payctl;
const accounts: ConnectedAccount[] = [];

before(async () => {
  // A poll far beyond every test's length: what ends a pending verification here is its webhook (or its deadline).
  service = await startTestService({ TRUST_PROXY: 'true', PROVIDER_MAX_RPS: '50', PROVIDER_POLL_SECONDS: '600', VERIFICATION_PENDING_SECONDS: String(PENDING_SECONDS) });
  http = createHttp(service.url);
  payctl = payctlFor(service);
});
after(async () => {
  await service?.stop();
  for (const a of accounts) await a.rzp.stop();
});

async function funded(options: Parameters<typeof fundedAccount>[2] = {}) {
  const a = await fundedAccount(service, 100_000, { validationMode: 'instant', ...options });
  accounts.push(a);
  return a;
}

async function bankBeneficiary(key: string, accountNumber: string, name = 'Asha Rao'): Promise<any> {
  const res = await http.post('/v1/beneficiaries', { key, headers: HTTPS, json: { name, type: 'bank_account', bank_account: { account_number: accountNumber, ifsc: 'HDFC0001234' } } });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

async function verify(key: string, id: string): Promise<void> {
  const res = await http.post(`/v1/beneficiaries/${id}/verify`, { key, headers: HTTPS });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.verification.status, 'pending');
}

/** Polls GET /v1/beneficiaries/:id until its verification has ended; answers the beneficiary. */
async function ended(key: string, id: string, timeoutMs = 30_000): Promise<any> {
  let last: any;
  for (const until = Date.now() + timeoutMs; Date.now() < until; await sleep(50)) {
    const res = await http.get(`/v1/beneficiaries/${id}`, { key, headers: HTTPS });
    assert.equal(res.status, 200, res.text);
    last = res.body;
    if (last.verification && last.verification.status !== 'pending') return last;
  }
  assert.fail(`the verification of ${id} did not end in ${timeoutMs} ms; last: ${JSON.stringify(last)}`);
}

const feeTransactions = async (key: string) => (await http.get('/v1/balance_transactions?type=fee&limit=100', { key, headers: HTTPS })).body.data;

async function verificationEvents(key: string, beneficiaryId: string): Promise<string[]> {
  const types: string[] = [];
  for (const type of ['beneficiary.verified', 'beneficiary.verification_failed']) {
    const res = await http.get(`/v1/events?type=${type}&limit=100`, { key, headers: HTTPS });
    types.push(...res.body.data.filter((e: any) => e.data.object.id === beneficiaryId).map((e: any) => e.type));
  }
  return types;
}

/** The validation creates the stand-in received (their bodies). */
const creates = (a: ConnectedAccount): any[] =>
  a.rzp.control.requests().filter((r) => r.method === 'POST' && r.path === '/v1/fund_accounts/validations').map((r) => r.body);

async function verificationRow(beneficiaryId: string): Promise<{ id: string; provider_validation_id: string | null; fee: string | null }> {
  const [row] = await service.sql<any>(`select id, provider_validation_id, fee::text as fee from beneficiary_verifications where beneficiary_id = ? order by created_at desc limit 1`, [beneficiaryId]);
  return row;
}

async function until<T>(what: string, read: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  let last: T | undefined;
  for (const end = Date.now() + timeoutMs; Date.now() < end; await sleep(50)) if (ok((last = await read()))) return last;
  assert.fail(`${what} did not happen in ${timeoutMs} ms (last: ${JSON.stringify(last)})`);
}

describe('live verification through RazorpayX fund account validations', () => {
  test('a bank account verifies in its holder\'s name (match): one ₹1 penny drop with our id in its notes, its debit one fee transaction', async () => {
    const a = await funded();
    const bene = await bankBeneficiary(a.liveKey, '50100012345678');
    await verify(a.liveKey, bene.id);
    const after = await ended(a.liveKey, bene.id);
    assert.equal(after.verification.status, 'verified');
    assert.equal(after.verification.name_at_bank, 'ASHA RAO');
    assert.equal(after.verification.name_match.result, 'match');
    const row = await verificationRow(bene.id);
    const [sent] = creates(a);
    assert.equal(sent.amount, 100);
    assert.equal(sent.currency, 'INR');
    assert.deepEqual(sent.notes, { verification_id: row.id });
    const [validation] = a.rzp.control.validations();
    assert.equal(row.provider_validation_id, validation.id);
    const fees = await feeTransactions(a.liveKey);
    assert.deepEqual(fees.map((t: any) => [t.amount, t.source_id]), [[-(100 + FEES), row.id]]);
    assert.equal(row.fee, String(100 + FEES));
    assert.deepEqual(await verificationEvents(a.liveKey, bene.id), ['beneficiary.verified']);
  });

  test('a closed account (account_status invalid) ends failed beneficiary_account_invalid; the charge stands', async () => {
    const a = await funded();
    a.rzp.control.setValidationOutcome('50100099999999', { accountStatus: 'invalid' });
    const bene = await bankBeneficiary(a.liveKey, '50100099999999');
    await verify(a.liveKey, bene.id);
    const after = await ended(a.liveKey, bene.id);
    assert.equal(after.verification.status, 'failed');
    assert.equal(after.verification.failure_reason.code, 'beneficiary_account_invalid');
    assert.deepEqual((await feeTransactions(a.liveKey)).map((t: any) => t.amount), [-(100 + FEES)]);
    assert.deepEqual(await verificationEvents(a.liveKey, bene.id), ['beneficiary.verification_failed']);
  });

  test("an account held by someone else verifies with the bank's name, a mismatch, which the policy's beneficiaries[mismatch] then refuses", async () => {
    const a = await funded();
    a.rzp.control.setValidationOutcome('50100044444444', { accountStatus: 'active', registeredName: 'RAMESH KUMAR' });
    const bene = await bankBeneficiary(a.liveKey, '50100044444444', 'Priya Nair');
    await verify(a.liveKey, bene.id);
    const after = await ended(a.liveKey, bene.id);
    assert.equal(after.verification.status, 'verified');
    assert.equal(after.verification.name_at_bank, 'RAMESH KUMAR');
    assert.equal(after.verification.name_match.result, 'mismatch');
    assert.ok(after.verification.name_match.score < 60, String(after.verification.name_match.score));
    assert.deepEqual(await verificationEvents(a.liveKey, bene.id), ['beneficiary.verified']);
    const policy = await http.post('/v1/approval_policy', { key: a.liveKey, headers: HTTPS, json: { beneficiaries: { unverified: 'refuse', mismatch: 'refuse' } } });
    assert.equal(policy.status, 200, policy.text);
    const paid = await http.post('/v1/payouts', { key: a.liveKey, headers: HTTPS, json: { beneficiary_id: bene.id, amount: 1_000, mode: 'imps' } });
    assert.equal(paid.status, 400, paid.text);
    assert.equal(paid.body.error.code, 'beneficiary_not_verified');
    assert.equal(paid.body.error.param, 'beneficiary_id');
  });

  test('a UPI ID verifies by a VPA validation (no amount sent), its fee alone the fee transaction', async () => {
    const a = await funded();
    await verify(a.liveKey, a.beneficiaryId);
    const after = await ended(a.liveKey, a.beneficiaryId);
    assert.equal(after.verification.status, 'verified');
    assert.equal(after.verification.name_at_bank, 'ASHA KUMAR');
    const [sent] = creates(a);
    assert.equal(sent.amount, undefined);
    assert.equal(sent.currency, undefined);
    assert.deepEqual((await feeTransactions(a.liveKey)).map((t: any) => t.amount), [-FEES]);
  });

  test('a slow validation ends when its webhook arrives: the workflow is woken, not left to its poll', async () => {
    const a = await funded({ validationMode: 'manual' });
    const bene = await bankBeneficiary(a.liveKey, '50100012340001');
    await verify(a.liveKey, bene.id);
    const row = await until('the validation id kept', () => verificationRow(bene.id), (r) => Boolean(r.provider_validation_id));
    await sleep(500);
    const pending = await http.get(`/v1/beneficiaries/${bene.id}`, { key: a.liveKey, headers: HTTPS });
    assert.equal(pending.body.verification.status, 'pending');
    const completedAt = Date.now();
    a.rzp.control.completeValidation(row.provider_validation_id!);
    const after = await ended(a.liveKey, bene.id, 10_000);
    // The workflow's own wait is the verification's deadline (PENDING_SECONDS, its poll far longer): well before it.
    assert.ok(Date.now() - completedAt < 5_000, `ended ${Date.now() - completedAt} ms after the webhook`);
    assert.equal(after.verification.status, 'verified');
    assert.equal(creates(a).length, 1);
  });

  test('a create whose answer is lost: the retry lists and matches the notes, so ONE validation is made and charged once', async () => {
    const a = await funded();
    a.rzp.control.failNext({ method: 'POST', path: '/v1/fund_accounts/validations', when: 'after' });
    const bene = await bankBeneficiary(a.liveKey, '50100012340002');
    await verify(a.liveKey, bene.id);
    const after = await ended(a.liveKey, bene.id, 60_000);
    assert.equal(after.verification.status, 'verified');
    assert.equal(a.rzp.control.validations().length, 1);
    assert.equal(creates(a).length, 1, 'the lost create is not sent again');
    const lists = a.rzp.control.requests().filter((r) => r.method === 'GET' && r.path === '/v1/fund_accounts/validations');
    assert.ok(lists.length >= 2, 'listed before the first send and before the resend');
    const row = await verificationRow(bene.id);
    assert.equal(row.provider_validation_id, a.rzp.control.validations()[0].id);
    assert.deepEqual((await feeTransactions(a.liveKey)).map((t: any) => t.amount), [-(100 + FEES)]);
    assert.deepEqual(await verificationEvents(a.liveKey, bene.id), ['beneficiary.verified']);
  });

  test('an account without fund account validation: failed provider_unavailable, the connection marked, and connections check says so', async () => {
    const a = await funded({ validationEnabled: false });
    const bene = await bankBeneficiary(a.liveKey, '50100012340003');
    await verify(a.liveKey, bene.id);
    const after = await ended(a.liveKey, bene.id);
    assert.equal(after.verification.status, 'failed');
    assert.equal(after.verification.failure_reason.code, 'provider_unavailable');
    assert.match(after.verification.failure_reason.message, /feature_not_enabled/);
    assert.deepEqual(await feeTransactions(a.liveKey), []);
    const [conn] = await service.sql<any>(`select attention -> 'verification' ->> 'reason' as reason from connections where id = ?`, [a.connectionId]);
    assert.equal(conn.reason, 'feature_not_enabled');
    const run = await payctl(['connections', 'check', a.connectionId]);
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stdout, /^verification \(fund account validation\): failed: feature_not_enabled/m);
    // Turned on at the provider: the check passes, and the next verification verifies (and clears the mark).
    a.rzp.control.setFeature('fund_account_validation', true);
    assert.match((await payctl(['connections', 'check', a.connectionId])).stdout, /^verification \(fund account validation\): ok$/m);
    await verify(a.liveKey, bene.id);
    assert.equal((await ended(a.liveKey, bene.id)).verification.status, 'verified');
    const [cleared] = await service.sql<any>(`select attention -> 'verification' as entry from connections where id = ?`, [a.connectionId]);
    assert.equal(cleared.entry, null);
  });

  test('webhooks are wake-ups: one about an unknown validation changes nothing; one claiming ours completed does not end it before the provider says so', async () => {
    const a = await funded({ validationMode: 'manual' });
    const bene = await bankBeneficiary(a.liveKey, '50100012340004');
    await verify(a.liveKey, bene.id);
    const row = await until('the validation id kept', () => verificationRow(bene.id), (r) => Boolean(r.provider_validation_id));
    const send = (eventId: string, id: string) => {
      const entity = { id, entity: 'fund_account.validation', status: 'completed', notes: { verification_id: row.id }, results: { account_status: 'active', registered_name: 'SOMEONE ELSE' }, created_at: 1 };
      const body = JSON.stringify({ entity: 'event', event: 'fund_account.validation.completed', contains: ['fund_account.validation'], payload: { 'fund_account.validation': { entity } }, created_at: 1 });
      return http.post(`/connectors/razorpay/${a.connectionId}/webhooks`, {
        headers: { 'x-razorpay-event-id': eventId, 'x-razorpay-signature': signatureOf(body, STANDIN_WEBHOOK_SECRET) },
        raw: { body, contentType: 'application/json' },
      });
    };
    assert.equal((await send('evt_forged_unknown', 'fav_NotOursAtAll01')).status, 200);
    await until('the unknown event recorded as ignored', () => service.sql<any>(`select ignored_reason from provider_events where event_id = 'evt_forged_unknown'`), (r) => r[0]?.ignored_reason === 'unknown_object');
    // About our validation, which the provider still has `created`: the workflow looks it up, and keeps waiting.
    const lookups = () => a.rzp.control.requests().filter((r) => r.method === 'GET' && r.path === `/v1/fund_accounts/validations/${row.provider_validation_id}`).length;
    const before = lookups();
    assert.equal((await send('evt_forged_ours', row.provider_validation_id!)).status, 200);
    await until('the woken workflow looks the validation up', lookups, (n) => n > before);
    await sleep(500);
    const still = await http.get(`/v1/beneficiaries/${bene.id}`, { key: a.liveKey, headers: HTTPS });
    assert.equal(still.body.verification.status, 'pending');
    assert.deepEqual(await feeTransactions(a.liveKey), []);
    // The bank's real answer is what the verification ends with, not the event's name.
    a.rzp.control.completeValidation(row.provider_validation_id!);
    const after = await ended(a.liveKey, bene.id, 10_000);
    assert.equal(after.verification.name_at_bank, 'ASHA RAO');
  });

  test(`a validation the bank never answers ends failed provider_unavailable after VERIFICATION_PENDING_SECONDS (${PENDING_SECONDS} s here), its charge recorded`, async () => {
    const a = await funded({ validationMode: 'manual' });
    const bene = await bankBeneficiary(a.liveKey, '50100012340005');
    await verify(a.liveKey, bene.id);
    const after = await ended(a.liveKey, bene.id, (PENDING_SECONDS + 20) * 1000);
    assert.equal(after.verification.status, 'failed');
    assert.equal(after.verification.failure_reason.code, 'provider_unavailable');
    assert.match(after.verification.failure_reason.message, /no answer/);
    assert.deepEqual((await feeTransactions(a.liveKey)).map((t: any) => t.amount), [-(100 + FEES)]);
  });
});
