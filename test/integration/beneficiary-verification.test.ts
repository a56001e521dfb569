// Verified beneficiaries through the real API and workflows (docs/api.md, "Verified beneficiaries"): the sandbox's
// banks (0004 and mismatch@upi held by RAMESH KUMAR, 0005 and invalid@upi closed, every other one in the
// beneficiary's own name), one event per verification, one pending at a time, a new one after it ended, at most three
// a day, and the refusals: another account's id, an approver key, bad ids, a deleted beneficiary, live without a
// connection. Live with a connection whose provider never answers stays pending (live-verification.test.ts has the rest).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../src/db/accounts.ts';
import { newVerificationId, verificationStanding } from '../../src/db/beneficiary-verifications.ts';
import { assertApiError, sleep } from '../helpers/api-assert.ts';
import { connectAccount } from '../helpers/connections.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;

// Live keys need HTTPS; the service trusts the proxy header so that tests can send live requests over HTTP.
const viaTls = { 'x-forwarded-proto': 'https' };

before(async () => {
  service = await startTestService({ TRUST_PROXY: 'true' });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

async function bank(key: string, accountNumber: string, name = 'Asha Rao', extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await http.post('/v1/beneficiaries', { key, headers, json: { name, type: 'bank_account', bank_account: { account_number: accountNumber, ifsc: 'HDFC0001234' }, ...extra } });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

async function vpa(key: string, address: string, name = 'Asha Rao', extra: Record<string, unknown> = {}) {
  const res = await http.post('/v1/beneficiaries', { key, json: { name, type: 'vpa', vpa: address, ...extra } });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

const verify = (key: string, id: string, options: { idempotencyKey?: string; headers?: Record<string, string> } = {}) =>
  http.post(`/v1/beneficiaries/${id}/verify`, { key, idempotencyKey: options.idempotencyKey, headers: options.headers });

/** Polls GET /v1/beneficiaries/:id until its verification has ended; answers the beneficiary. */
async function ended(key: string, id: string, headers: Record<string, string> = {}, timeoutMs = 15000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    const res = await http.get(`/v1/beneficiaries/${id}`, { key, headers });
    assert.equal(res.status, 200, res.text);
    last = res.body;
    if (last.verification && last.verification.status !== 'pending') return last;
    await sleep(50);
  }
  assert.fail(`the verification of ${id} did not end in ${timeoutMs} ms; last seen: ${JSON.stringify(last)}`);
}

async function verificationRows(beneficiaryId: string): Promise<{ id: string; status: string }[]> {
  return service.sql(`select id, status from beneficiary_verifications where beneficiary_id = ? order by created_at, id`, [beneficiaryId]);
}

/** The events of this beneficiary's verifications, oldest first. */
async function verificationEvents(key: string, beneficiaryId: string): Promise<any[]> {
  const events = [];
  for (const type of ['beneficiary.verified', 'beneficiary.verification_failed']) {
    const res = await http.get(`/v1/events?type=${type}&limit=100`, { key });
    assert.equal(res.status, 200, res.text);
    events.push(...res.body.data.filter((e: any) => e.data.object.id === beneficiaryId));
  }
  return events.sort((a, b) => a.id.localeCompare(b.id));
}

/** Verifies, checks the answer is the pending verification, waits for its end and for its one event. */
async function verifiedOnce(key: string, beneficiary: any): Promise<{ after: any; events: any[] }> {
  const res = await verify(key, beneficiary.id);
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(res.body, { ...beneficiary, verification: { status: 'pending', name_at_bank: null, name_match: null, verified_at: null, failure_reason: null } });
  const after = await ended(key, beneficiary.id);
  const events = await verificationEvents(key, beneficiary.id);
  return { after, events };
}

describe('sandbox outcomes', () => {
  test('an ordinary UPI ID verifies in its own name in capitals: match 100, beneficiary.verified once with the beneficiary as GET shows it', async () => {
    const { sandboxKey } = await service.newAccount();
    const bene = await vpa(sandboxKey, 'asha.rao@okhdfc');
    assert.equal(bene.verification, null);
    const { after, events } = await verifiedOnce(sandboxKey, bene);
    assert.equal(after.verification.status, 'verified');
    assert.equal(after.verification.name_at_bank, 'ASHA RAO');
    assert.deepEqual(after.verification.name_match, { score: 100, result: 'match' });
    assert.equal(typeof after.verification.verified_at, 'number');
    assert.ok(Math.abs(after.verification.verified_at - Date.now() / 1000) < 60);
    assert.equal(after.verification.failure_reason, null);
    assert.deepEqual(
      events.map((e) => e.type),
      ['beneficiary.verified'],
    );
    assert.deepEqual(events[0].data.object, after);
  });

  test('an ordinary bank account verifies in its own name: match; the sandbox charges nothing', async () => {
    const { sandboxKey } = await service.newAccount();
    const bene = await bank(sandboxKey, '123456789012', 'M/s Acme Traders Pvt Ltd');
    const { after, events } = await verifiedOnce(sandboxKey, bene);
    assert.equal(after.verification.name_at_bank, 'M/S ACME TRADERS PVT LTD');
    assert.equal(after.verification.name_match.result, 'match');
    assert.equal(events.length, 1);
    assert.deepEqual((await http.get('/v1/balance_transactions', { key: sandboxKey })).body.data, [], 'no fee, no posting of any kind');
  });

  test('a bank account ending 0004 is RAMESH KUMAR\'s: verified, name mismatch (score < 60)', async () => {
    const { sandboxKey } = await service.newAccount();
    const bene = await bank(sandboxKey, '123456780004');
    const { after, events } = await verifiedOnce(sandboxKey, bene);
    assert.equal(after.verification.status, 'verified');
    assert.equal(after.verification.name_at_bank, 'RAMESH KUMAR');
    assert.ok(after.verification.name_match.score < 60, JSON.stringify(after.verification));
    assert.equal(after.verification.name_match.result, 'mismatch');
    assert.deepEqual(
      events.map((e) => e.type),
      ['beneficiary.verified'],
    );
  });

  test('a bank account ending 0005 is closed: failed with beneficiary_account_invalid, beneficiary.verification_failed once', async () => {
    const { sandboxKey } = await service.newAccount();
    const bene = await bank(sandboxKey, '123456780005');
    const { after, events } = await verifiedOnce(sandboxKey, bene);
    assert.equal(after.verification.status, 'failed');
    assert.equal(after.verification.name_at_bank, null);
    assert.equal(after.verification.name_match, null);
    assert.equal(after.verification.verified_at, null);
    assert.equal(after.verification.failure_reason.code, 'beneficiary_account_invalid');
    assert.ok(after.verification.failure_reason.message.length > 0);
    assert.deepEqual(
      events.map((e) => e.type),
      ['beneficiary.verification_failed'],
    );
    assert.deepEqual(events[0].data.object, after);
  });

  test('mismatch@upi is held by RAMESH KUMAR; invalid@upi is closed', async () => {
    const { sandboxKey } = await service.newAccount();
    const other = await vpa(sandboxKey, 'mismatch@upi', 'Sunita Devi');
    const closed = await vpa(sandboxKey, 'invalid@upi');
    const mismatch = (await verifiedOnce(sandboxKey, other)).after.verification;
    assert.equal(mismatch.name_at_bank, 'RAMESH KUMAR');
    assert.equal(mismatch.name_match.result, 'mismatch');
    const failed = await verifiedOnce(sandboxKey, closed);
    assert.equal(failed.after.verification.status, 'failed');
    assert.equal(failed.after.verification.failure_reason.code, 'beneficiary_account_invalid');
    assert.deepEqual(
      failed.events.map((e) => e.type),
      ['beneficiary.verification_failed'],
    );
  });

  test('verify=true on create answers the new beneficiary with its verification pending; it ends by itself', async () => {
    const { sandboxKey, accountId } = await service.newAccount();
    const res = await http.post('/v1/beneficiaries', { key: sandboxKey, form: { name: 'Asha Rao', type: 'vpa', vpa: 'asha@okaxis', verify: 'true' } });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.verification.status, 'pending');
    const after = await ended(sandboxKey, res.body.id);
    assert.equal(after.verification.status, 'verified');
    assert.deepEqual(await service.sql(`select count(*)::int as n from beneficiaries where account_id = ?`, [accountId]), [{ n: 1 }]);
    // verify=false is the default's spelling: nothing starts.
    const plain = await http.post('/v1/beneficiaries', { key: sandboxKey, json: { name: 'Asha Rao', type: 'vpa', vpa: 'asha2@okaxis', verify: false } });
    assert.equal(plain.status, 200, plain.text);
    assert.equal(plain.body.verification, null);
    assert.deepEqual(await verificationRows(plain.body.id), []);
  });

  test('lists show each beneficiary with its latest verification', async () => {
    const { sandboxKey } = await service.newAccount();
    const verified = await vpa(sandboxKey, 'list.one@okhdfc');
    const closed = await bank(sandboxKey, '555566660005');
    const never = await vpa(sandboxKey, 'list.two@okhdfc');
    await verifiedOnce(sandboxKey, verified);
    await verifiedOnce(sandboxKey, closed);
    const res = await http.get('/v1/beneficiaries?limit=10', { key: sandboxKey });
    assert.equal(res.status, 200, res.text);
    const byId = new Map(res.body.data.map((b: any) => [b.id, b.verification?.status ?? null]));
    assert.deepEqual(Object.fromEntries([verified.id, closed.id, never.id].map((id) => [id, byId.get(id)])), {
      [verified.id]: 'verified',
      [closed.id]: 'failed',
      [never.id]: null,
    });
  });
});

describe('one at a time, anew after the end, three a day', () => {
  test('asking while one is pending answers that one and writes no second row, by the API and by the workflow under the lock', async () => {
    const { sandboxKey, accountId } = await service.newAccount();
    const bene = await vpa(sandboxKey, 'pending.one@okhdfc');
    // A verification still waiting for its bank, as a slow live provider leaves it.
    const pendingId = newVerificationId();
    await service.sql(`insert into beneficiary_verifications (id, beneficiary_id, account_id, mode, status) values (?, ?, ?, 'sandbox', 'pending')`, [pendingId, bene.id, accountId]);
    const answers = await Promise.all([1, 2, 3].map(() => verify(sandboxKey, bene.id)));
    for (const res of answers) {
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.verification.status, 'pending');
    }
    // Past the API's read, the workflow's start finds the pending one under the beneficiary's lock.
    const started = await service.stack.temporal!.gateway.startBeneficiaryVerification({ accountId, mode: 'sandbox', beneficiaryId: bene.id });
    assert.equal(started.verificationId, pendingId);
    assert.equal(started.beneficiary.verification?.status, 'pending');
    assert.deepEqual(await verificationRows(bene.id), [{ id: pendingId, status: 'pending' }]);
    assert.deepEqual(await verificationEvents(sandboxKey, bene.id), []);
  });

  test('after one ended, verify starts anew; the fourth in 24 hours is 429 with Retry-After and changes nothing', async () => {
    const { sandboxKey } = await service.newAccount();
    const bene = await bank(sandboxKey, '123456780004');
    for (let i = 1; i <= 3; i++) {
      const res = await verify(sandboxKey, bene.id);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.verification.status, 'pending');
      await ended(sandboxKey, bene.id);
      assert.equal((await verificationRows(bene.id)).length, i);
    }
    const before = (await http.get(`/v1/beneficiaries/${bene.id}`, { key: sandboxKey })).body;
    const key = `fourth-${randomUUID()}`;
    const fourth = await verify(sandboxKey, bene.id, { idempotencyKey: key });
    assertApiError(fourth, 429, 'rate_limited');
    const retryAfter = Number(fourth.headers.get('retry-after'));
    assert.ok(retryAfter > 86_000 && retryAfter <= 86_400, `Retry-After ${retryAfter}`);
    assert.equal((await verificationRows(bene.id)).length, 3);
    assert.deepEqual((await http.get(`/v1/beneficiaries/${bene.id}`, { key: sandboxKey })).body, before);
    assert.equal((await verificationEvents(sandboxKey, bene.id)).length, 3);
    // A refusal leaves its key free: the same key is refused again, never replayed.
    const again = await verify(sandboxKey, bene.id, { idempotencyKey: key });
    assertApiError(again, 429, 'rate_limited');
    assert.equal(again.headers.get('idempotent-replayed'), null);
  });

  test('the same Idempotency-Key replays the first answer byte for byte and starts nothing', async () => {
    const { sandboxKey } = await service.newAccount();
    const bene = await vpa(sandboxKey, 'replay@okhdfc');
    const key = `verify-${randomUUID()}`;
    const first = await verify(sandboxKey, bene.id, { idempotencyKey: key });
    assert.equal(first.status, 200, first.text);
    await ended(sandboxKey, bene.id);
    const replay = await verify(sandboxKey, bene.id, { idempotencyKey: key });
    assert.equal(replay.status, 200);
    assert.equal(replay.text, first.text);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal((await verificationRows(bene.id)).length, 1);
  });

  test('the standing the approval policy reads: a mismatch stays until a later match; pending counts as unverified', async () => {
    const { sandboxKey, accountId } = await service.newAccount();
    const bene = await bank(sandboxKey, '123456780004');
    const em = () => service.stack.orm.em.fork();
    assert.deepEqual(await verificationStanding(em(), bene.id), { latest: null, latestEnded: null, verified: false, mismatch: false });
    await verifiedOnce(sandboxKey, bene);
    const afterMismatch = await verificationStanding(em(), bene.id);
    assert.equal(afterMismatch.verified, true);
    assert.equal(afterMismatch.mismatch, true);
    // A later failed one (written as the rail would end it) does not clear the mismatch.
    await service.sql(
      `insert into beneficiary_verifications (id, beneficiary_id, account_id, mode, status, failure_code, failure_message, created_at, ended_at)
       values (?, ?, ?, 'sandbox', 'failed', 'provider_unavailable', 'x', now(), now())`,
      [newVerificationId(), bene.id, accountId],
    );
    const afterFailed = await verificationStanding(em(), bene.id);
    assert.equal(afterFailed.verified, false);
    assert.equal(afterFailed.mismatch, true);
    assert.equal(afterFailed.latestEnded?.status, 'failed');
    // A pending one: unverified, the mismatch still standing, and the latest ended is the one before it.
    await service.sql(`insert into beneficiary_verifications (id, beneficiary_id, account_id, mode, status) values (?, ?, ?, 'sandbox', 'pending')`, [newVerificationId(), bene.id, accountId]);
    const whilePending = await verificationStanding(em(), bene.id);
    assert.equal(whilePending.latest?.status, 'pending');
    assert.equal(whilePending.latestEnded?.status, 'failed');
    assert.equal(whilePending.verified, false);
    assert.equal(whilePending.mismatch, true);
  });
});

describe('refusals', () => {
  test("another account's beneficiary is 404 as for GET; so are unknown and malformed ids; a NUL is refused as GET refuses it; never a 5xx", async () => {
    const mine = await service.newAccount();
    const theirs = await service.newAccount();
    const bene = await vpa(theirs.sandboxKey, 'theirs@okhdfc');
    assertApiError(await verify(mine.sandboxKey, bene.id), 404, 'not_found', 'id');
    assertApiError(await verify(mine.sandboxKey, 'bene_01JD3Y8X4W0000000000000000'), 404, 'not_found', 'id');
    assertApiError(await verify(mine.sandboxKey, 'nope'), 404, 'not_found', 'id');
    assertApiError(await verify(mine.sandboxKey, `${'x'.repeat(5000)}`), 404, 'not_found', 'id');
    // As GET answers the same path: an id PostgreSQL cannot compare names nothing.
    const nul = await verify(mine.sandboxKey, 'bene_%00');
    const nulGet = await http.get('/v1/beneficiaries/bene_%00', { key: mine.sandboxKey });
    assert.ok(nul.status === 400 || nul.status === 404, nul.text);
    assert.equal(nul.status, nulGet.status, nul.text);
    const unknownParam = await http.post(`/v1/beneficiaries/${bene.id}/verify`, { key: theirs.sandboxKey, json: { force: true } });
    assertApiError(unknownParam, 400, 'invalid_request');
    assert.deepEqual(await verificationRows(bene.id), []);
  });

  test('an approver key may not verify (403 permission_denied, nothing starts); a maker key may', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const bene = await vpa(sandboxKey, 'roles@okhdfc');
    const approver = await createApiKey(service.stack.orm.em.fork(), accountId, 'sandbox', { role: 'approver', name: 'Priya' });
    assertApiError(await verify(approver.secret, bene.id), 403, 'permission_denied');
    assert.deepEqual(await verificationRows(bene.id), []);
    const maker = await createApiKey(service.stack.orm.em.fork(), accountId, 'sandbox', {
      role: 'maker',
      limits: { maxAmount: null, dailyAmount: 100_000, approval: null, refunds: null },
    });
    const res = await verify(maker.secret, bene.id);
    assert.equal(res.status, 200, res.text);
    assert.equal((await ended(sandboxKey, bene.id)).verification.status, 'verified');
  });

  test('a deleted beneficiary is not verified: 409 invalid_state', async () => {
    const { sandboxKey } = await service.newAccount();
    const bene = await vpa(sandboxKey, 'deleted@okhdfc');
    const del = await http.request('DELETE', `/v1/beneficiaries/${bene.id}`, { key: sandboxKey });
    assert.equal(del.status, 200, del.text);
    assert.equal(del.body.verification, null);
    assertApiError(await verify(sandboxKey, bene.id), 409, 'invalid_state');
    assert.deepEqual(await verificationRows(bene.id), []);
  });

  test('live without an active connection: 403 connection_required on verify and on create with verify=true (nothing is made)', async () => {
    const { accountId, liveKey } = await service.newAccount({ live: true });
    const bene = await bank(liveKey!, '123456789012', 'Asha Rao', {}, viaTls);
    assertApiError(await verify(liveKey!, bene.id, { headers: viaTls }), 403, 'connection_required');
    assert.deepEqual(await verificationRows(bene.id), []);
    const create = await http.post('/v1/beneficiaries', {
      key: liveKey,
      headers: viaTls,
      json: { name: 'Asha Rao', type: 'vpa', vpa: 'asha@okhdfc', verify: true },
    });
    assertApiError(create, 403, 'connection_required');
    assert.deepEqual(await service.sql(`select count(*)::int as n from beneficiaries where account_id = ?`, [accountId]), [{ n: 1 }]);
  });

  test('live with a connection whose provider does not answer: the verification starts bound to the connection and stays pending (no answer is not a failure)', async () => {
    const { accountId, liveKey } = await service.newAccount({ live: true });
    const connectionId = await connectAccount(service, accountId);
    const bene = await bank(liveKey!, '123456789012', 'Asha Rao', {}, viaTls);
    const res = await verify(liveKey!, bene.id, { headers: viaTls });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.verification.status, 'pending');
    // The live flows against a provider that answers: test/integration/live-verification.test.ts.
    await sleep(1_000);
    const still = await http.get(`/v1/beneficiaries/${bene.id}`, { key: liveKey!, headers: viaTls });
    assert.equal(still.body.verification.status, 'pending');
    assert.deepEqual(await service.sql(`select connection_id, fee from beneficiary_verifications where beneficiary_id = ?`, [bene.id]), [{ connection_id: connectionId, fee: null }]);
  });
});
