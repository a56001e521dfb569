// Balances and sums are exact past 2^53 paise (issue 11): a single amount is at most 10^12 paise, but a
// balance, a settlement or a batch total may pass 9,007,199,254,740,992, where a double rounds silently.
// Such sums cannot be reached through the API in a test's time (9,008 payments of 10^12), so they are seeded
// with the project's own code (the ledger's `post`, the batch store) or as captured payment rows, and then
// everything is asserted through HTTP, on the raw response text: a JSON parser would round it again.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createPayoutBatchActivities } from '../../activities/payout-batches.ts';
import { insertPayoutBatch } from '../../src/db/payout-batches.ts';
import { paymentCapturePosting, topUpPosting, type Posting } from '../../src/domain/ledger.ts';
import { post } from '../../src/ledger/ledger.ts';
import { createHttp, type ApiResponse, type Http } from '../helpers/http.ts';
import { vpaBeneficiary } from '../helpers/payouts.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService();
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

/** 2^53 + 1: the first integer a double cannot hold (it reads back as 2^53). */
const PAST_2_53 = 9_007_199_254_740_993n;

/** The response body with every JSON integer as a bigint, read from its digits (never through a double). */
function exact(res: ApiResponse): any {
  assert.ok(res.status >= 200 && res.status < 300, `${res.status} ${res.text}`);
  return JSON.parse(res.text, (_key, value, context) =>
    typeof value === 'number' && context.source !== undefined && /^-?[0-9]+$/.test(context.source) ? BigInt(context.source) : value,
  );
}

/**
 * Posts 2^53 + 1 paise with the ledger's own code, as two movements that are each a safe integer
 * (Number.MAX_SAFE_INTEGER, then 2): only their sum needs more than a double.
 */
async function postPast2To53(accountId: string, posting: (amount: number) => Posting, sourceId: string): Promise<void> {
  for (const [i, amount] of [Number.MAX_SAFE_INTEGER, 2].entries()) {
    await service.stack.orm.em.fork().transactional((tx) => post(tx, { accountId, mode: 'sandbox', posting: posting(amount), sourceId: `${sourceId}_${i}` }));
  }
}

/** GET /v1/balance's three amounts, exactly. */
async function balance(key: string): Promise<{ available: bigint; pending: bigint; reserved: bigint }> {
  const { available, pending, reserved } = exact(await http.get('/v1/balance', { key }));
  return { available, pending, reserved };
}

describe('sums past 2^53 paise are exact through the API', () => {
  test('a balance of 2^53 + 1 paise shows its digits; a 1-paisa payout leaves 2^53 available and 1 reserved', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    await postPast2To53(accountId, topUpPosting, `tu_seed_${randomUUID()}`);

    const res = await http.get('/v1/balance', { key: sandboxKey });
    assert.match(res.text, /"available":9007199254740993[,}]/, res.text);
    assert.deepEqual(await balance(sandboxKey), { available: PAST_2_53, pending: 0n, reserved: 0n });

    // slow@upi keeps the payout initiated (its amount reserved) for SANDBOX_SLOW_DELAY_MS.
    const beneficiary = await vpaBeneficiary(http, sandboxKey, 'slow@upi');
    const payout = await http.post('/v1/payouts', { key: sandboxKey, json: { beneficiary_id: beneficiary, amount: 1, mode: 'upi' }, idempotencyKey: `po-${randomUUID()}` });
    assert.equal(payout.status, 200, payout.text);
    assert.equal(payout.body.status, 'initiated');
    assert.deepEqual(await balance(sandboxKey), { available: PAST_2_53 - 1n, pending: 0n, reserved: 1n });

    const transactions: any[] = exact(await http.get('/v1/balance_transactions?limit=100', { key: sandboxKey })).data;
    assert.deepEqual(
      transactions.map((t) => [t.type, t.amount, t.fee, t.net]).sort((a, b) => (a[1] < b[1] ? -1 : 1)),
      [
        ['payout', -1n, 0n, -1n],
        ['top_up', 2n, 0n, 2n],
        ['top_up', BigInt(Number.MAX_SAFE_INTEGER), 0n, BigInt(Number.MAX_SAFE_INTEGER)],
      ],
    );
    assert.equal(
      transactions.reduce((sum, t) => sum + t.amount, 0n),
      PAST_2_53 - 1n,
      'the balance transactions add up to available + pending, exactly',
    );
  });

  test('a settlement of 9,008 payments totalling 2^53 + 1 paise: the run, its replay, the settlement, its transaction, its event and the balance', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    // 9,007 captured payments of 10^12 and one of 199,254,740,993: each within the contract's limit, the sum 2^53 + 1.
    const count = 9_008;
    const last = PAST_2_53 - 9_007n * 1_000_000_000_000n;
    await service.sql(
      `insert into payments (id, account_id, mode, amount, status, method, vpa, idempotency_key, captured_at)
       select 'pay_seed_' || ? || '_' || n, ?, 'sandbox', case when n = ? then ?::bigint else 1000000000000 end,
              'captured', 'upi', 'success@upi', 'seed-' || n, now()
       from generate_series(1, ?) as n`,
      [randomUUID(), accountId, count, last.toString(), count],
    );
    // Their captures, as postings of the same sum into `pending` (the ledger refuses to settle more than it holds).
    await postPast2To53(accountId, paymentCapturePosting, `pay_seed_${randomUUID()}`);

    const key = `settle-${randomUUID()}`;
    const run = await http.post('/v1/test_helpers/settlements/run', { key: sandboxKey, json: {}, idempotencyKey: key });
    const created = exact(run).data;
    assert.equal(created.length, 1);
    assert.equal(created[0].amount, PAST_2_53);
    assert.equal(created[0].payment_count, BigInt(count));
    assert.match(run.text, /"amount":9007199254740993[,}]/);

    const replay = await http.post('/v1/test_helpers/settlements/run', { key: sandboxKey, json: {}, idempotencyKey: key });
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.text, run.text, 'the replay is the stored answer, byte for byte');

    const id = created[0].id;
    assert.equal(exact(await http.get(`/v1/settlements/${id}`, { key: sandboxKey })).amount, PAST_2_53);
    const settlementTxn = exact(await http.get(`/v1/balance_transactions?source_id=${id}`, { key: sandboxKey })).data;
    assert.deepEqual(
      settlementTxn.map((t: any) => [t.type, t.amount, t.net]),
      [['settlement', 0n, 0n]],
      'a settlement moves pending to available: no change to the free money',
    );
    const event = exact(await http.get('/v1/events?type=settlement.processed', { key: sandboxKey })).data;
    assert.deepEqual(
      event.map((e: any) => [e.data.object.id, e.data.object.amount]),
      [[id, PAST_2_53]],
    );
    assert.equal(exact(await http.get(`/v1/events/${event[0].id}`, { key: sandboxKey })).data.object.amount, PAST_2_53);
    assert.deepEqual(await balance(sandboxKey), { available: PAST_2_53, pending: 0n, reserved: 0n });
  });

  test('a batch of 9,008 items totalling 2^53 + 1 paise shows that total, in GET and in payout_batch.completed', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const items = Array.from({ length: 9_008 }, (_, i) => ({
      idempotencyKey: `item-${i}`,
      beneficiaryId: 'bene_unused',
      amount: i === 0 ? Number(PAST_2_53 - 9_007n * 1_000_000_000_000n) : 1_000_000_000_000,
      transferMode: 'neft',
      reference: null,
      narration: null,
      metadata: {},
    }));
    // Stored by the batch store itself (the API's path), then completed by its activity without paying anything:
    // 9,008 payout workflows are not what this test is about.
    const stored = await insertPayoutBatch(service.stack.orm.em.fork(), { accountId, mode: 'sandbox', idempotencyKey: `batch-${randomUUID()}`, reference: null, items });
    assert.ok(stored.batch);
    await createPayoutBatchActivities({ orm: service.stack.orm }).completePayoutBatch(stored.batch.id);

    const res = await http.get(`/v1/payout_batches/${stored.batch.id}`, { key: sandboxKey });
    assert.match(res.text, /"total_amount":9007199254740993[,}]/, res.text);
    assert.equal(exact(res).total_count, 9_008n);
    const listed = exact(await http.get('/v1/payout_batches', { key: sandboxKey })).data;
    assert.deepEqual(
      listed.map((b: any) => b.total_amount),
      [PAST_2_53],
    );
    const events = exact(await http.get('/v1/events?type=payout_batch.completed', { key: sandboxKey })).data;
    assert.deepEqual(
      events.map((e: any) => e.data.object.total_amount),
      [PAST_2_53],
    );
  });
});
