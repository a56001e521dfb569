// Settlements through the real API, worker, Temporal and PostgreSQL: a run settles exactly the captured,
// unsettled payments (pending → available), a second run settles nothing, overlapping runs settle each
// payment once, and the daily Temporal Schedule exists and settles when it fires.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createSettlementActivities } from '../../activities/settlements.ts';
import { newId } from '../../src/domain/ids.ts';
import { settlementScheduleId } from '../../src/domain/workflow-ids.ts';
import { ensureSettlementSchedule } from '../../src/temporal/worker/settlement-schedule.ts';
import { allBalanceTransactions, amountsOf, assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { fund } from '../helpers/payouts.ts';
import { assertLedgerBalanced, capturedPayment, createPayment, waitFor } from '../helpers/payments.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService({
    SANDBOX_SLOW_DELAY_MS: '120000',
    SANDBOX_PAYOUT_DELAY_MS: '300',
    PAYMENT_SYNC_WAIT_MS: '500',
    SETTLEMENT_TIME: '03:30',
    TRUST_PROXY: 'true',
  });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

const run = (key: string) => http.post('/v1/test_helpers/settlements/run', { key });

async function settlementIdsOfPayments(accountId: string): Promise<Array<{ id: string; status: string; settlement_id: string | null }>> {
  return service.stack.orm.em.fork().execute(`select id, status, settlement_id from payments where account_id = ? order by id`, [accountId]);
}

describe('a settlement run', () => {
  test('settles exactly the captured, unsettled payments, and a second run settles nothing', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    await fund(http, sandboxKey, 1_000);
    const captured = [await capturedPayment(http, sandboxKey, 1_000), await capturedPayment(http, sandboxKey, 2_500), await capturedPayment(http, sandboxKey, 40_000, { method: 'netbanking', vpa: undefined, bank: 'ICIC' })];
    const failed = await createPayment(http, sandboxKey, { amount: 9_999, vpa: 'failure@upi' });
    const pending = await createPayment(http, sandboxKey, { amount: 7_777, vpa: 'slow@upi' });
    assert.equal(failed.body.status, 'failed');
    assert.equal(pending.body.status, 'pending');
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 1_000, pending: 43_500, reserved: 0 });

    const first = await run(sandboxKey);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.object, 'list');
    assert.equal(first.body.data.length, 1);
    const s = first.body.data[0];
    assert.match(s.id, /^setl_[0-9A-Z]{26}$/);
    assert.equal(s.object, 'settlement');
    assert.equal(s.mode, 'sandbox');
    assert.equal(s.amount, 43_500);
    assert.equal(s.payment_count, 3);
    assert.equal(s.status, 'processed');
    assert.ok(s.utr);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 44_500, pending: 0, reserved: 0 });

    const rows = await settlementIdsOfPayments(accountId);
    for (const row of rows) assert.equal(row.settlement_id, captured.includes(row.id) ? s.id : null, `${row.id} (${row.status})`);
    const settledList = await http.get(`/v1/payments?settlement_id=${s.id}&limit=100`, { key: sandboxKey });
    assert.deepEqual(settledList.body.data.map((p: any) => p.id).sort(), [...captured].sort());
    assert.equal((await http.get(`/v1/payments/${captured[0]}`, { key: sandboxKey })).body.settlement_id, s.id);

    assert.deepEqual((await http.get(`/v1/settlements/${s.id}`, { key: sandboxKey })).body, s);
    const txns = await allBalanceTransactions(http, sandboxKey, 'type=settlement');
    assert.deepEqual(txns.map((t) => t.source_id), [s.id]);
    // `pending` and `available` are both the merchant's money: a settlement moves it without changing the total.
    assert.equal(txns[0].amount, 0);
    const entries = await service.stack.orm.em.fork().execute<{ kind: string; amount: string }[]>(
      `select la.kind, e.amount::text as amount from ledger_entries e join ledger_accounts la on la.id = e.ledger_account_id where e.transaction_id = ? order by la.kind`,
      [txns[0].id],
    );
    assert.deepEqual(entries, [
      { kind: 'available', amount: '43500' },
      { kind: 'pending', amount: '-43500' },
    ]);
    const events = (await http.get('/v1/events?type=settlement.processed', { key: sandboxKey })).body.data;
    assert.equal(events.length, 1);
    assert.deepEqual(events[0].data.object, s);

    const second = await run(sandboxKey);
    assert.equal(second.status, 200, second.text);
    assert.deepEqual(second.body.data, []);
    assert.deepEqual((await http.get('/v1/settlements', { key: sandboxKey })).body.data, [s]);
    assert.equal((await http.get('/v1/events?type=settlement.processed', { key: sandboxKey })).body.data.length, 1);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 44_500, pending: 0, reserved: 0 });

    // A payment captured later goes into the next settlement, alone.
    const later = await capturedPayment(http, sandboxKey, 600);
    const third = await run(sandboxKey);
    assert.equal(third.body.data.length, 1);
    assert.equal(third.body.data[0].payment_count, 1);
    assert.equal(third.body.data[0].amount, 600);
    assert.equal((await http.get(`/v1/payments/${later}`, { key: sandboxKey })).body.settlement_id, third.body.data[0].id);
    const list = await http.get('/v1/settlements', { key: sandboxKey });
    assert.deepEqual(list.body.data.map((x: any) => x.id), [third.body.data[0].id, s.id]);
    await assertLedgerBalanced(service, accountId);
  });

  test('overlapping runs settle each payment exactly once', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const amounts = Array.from({ length: 20 }, (_, i) => 1_000 + i);
    const total = amounts.reduce((a, b) => a + b, 0);
    for (const amount of amounts) await capturedPayment(http, sandboxKey, amount);
    const runs = await Promise.all(Array.from({ length: 5 }, () => run(sandboxKey)));
    for (const r of runs) assert.equal(r.status, 200, r.text);
    const created = runs.flatMap((r) => r.body.data);
    assert.ok(created.length >= 1);
    assert.equal(created.reduce((n: number, x: any) => n + x.payment_count, 0), 20);
    assert.equal(created.reduce((n: number, x: any) => n + x.amount, 0), total);
    const rows = await settlementIdsOfPayments(accountId);
    assert.equal(rows.length, 20);
    assert.ok(rows.every((row) => row.settlement_id && created.some((x: any) => x.id === row.settlement_id)));
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: total, pending: 0, reserved: 0 });
    assert.equal((await http.get('/v1/events?type=settlement.processed&limit=100', { key: sandboxKey })).body.data.length, created.length);
    await assertLedgerBalanced(service, accountId);
  });

  test('the claim is the database\'s: a retried settlement finds its own, and ten at once settle the payments once', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    for (const amount of [300, 400, 500]) await capturedPayment(http, sandboxKey, amount);
    const { settleScope } = createSettlementActivities({ orm: service.stack.orm });
    const racing = await Promise.all(Array.from({ length: 10 }, () => settleScope({ accountId, mode: 'sandbox', settlementId: newId('settlement') })));
    const made = racing.filter((x) => x !== null);
    assert.equal(made.length, 1);
    const settlement = (await http.get(`/v1/settlements/${made[0]}`, { key: sandboxKey })).body;
    assert.deepEqual([settlement.amount, settlement.payment_count], [1_200, 3]);
    // The same settlement id again (an activity retried after its commit): the same settlement, nothing new.
    assert.equal(await settleScope({ accountId, mode: 'sandbox', settlementId: made[0]! }), made[0]);
    assert.equal((await http.get('/v1/settlements', { key: sandboxKey })).body.data.length, 1);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 1_200, pending: 0, reserved: 0 });
    await assertLedgerBalanced(service, accountId);
  });

  test('refunds and settlements together keep the ledger balanced', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const p1 = await capturedPayment(http, sandboxKey, 5_000);
    await run(sandboxKey);
    const r1 = await http.post('/v1/refunds', { key: sandboxKey, json: { payment_id: p1, amount: 1_500 } });
    assert.equal(r1.status, 200, r1.text);
    await waitFor(http, sandboxKey, `/v1/refunds/${r1.body.id}`, (r) => r.status !== 'pending');
    const p2 = await capturedPayment(http, sandboxKey, 3_000);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 3_500, pending: 3_000, reserved: 0 });
    const second = await run(sandboxKey);
    assert.equal(second.body.data[0].amount, 3_000);
    assert.equal((await http.get(`/v1/payments/${p2}`, { key: sandboxKey })).body.settlement_id, second.body.data[0].id);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 6_500, pending: 0, reserved: 0 });
    const types = (await allBalanceTransactions(http, sandboxKey)).map((t) => t.type).reverse();
    assert.deepEqual(types, ['payment', 'settlement', 'refund', 'refund', 'payment', 'settlement']);
    await assertLedgerBalanced(service, accountId);
  });

  test('the run is sandbox-only, takes no parameters, and settlements of other accounts are 404', async () => {
    const { sandboxKey } = await service.newAccount({ live: true });
    const { liveKey } = await service.newAccount({ live: true });
    assertApiError(await http.post('/v1/test_helpers/settlements/run', { key: liveKey!, headers: { 'x-forwarded-proto': 'https' } }), 403, 'sandbox_only');
    assertApiError(await http.post('/v1/test_helpers/settlements/run', { key: sandboxKey, json: { account: 'x' } }), 400, 'invalid_request', 'account');
    const other = await service.newAccount();
    await capturedPayment(http, other.sandboxKey, 100);
    const s = (await run(other.sandboxKey)).body.data[0];
    assertApiError(await http.get(`/v1/settlements/${s.id}`, { key: sandboxKey }), 404, 'not_found');
    assert.deepEqual((await http.get('/v1/settlements', { key: sandboxKey })).body.data, []);
  });
});

describe('the daily schedule', () => {
  test('exists at SETTLEMENT_TIME in Asia/Kolkata and, when it fires, settles every account', async () => {
    const handle = service.stack.temporal!.client.schedule.getHandle(settlementScheduleId(service.config.TEMPORAL_TASK_QUEUE));
    const description = await handle.describe();
    assert.equal(description.spec.timezone, 'Asia/Kolkata');
    const calendar = description.spec.calendars?.[0];
    assert.ok(calendar, JSON.stringify(description.spec));
    assert.deepEqual(calendar.hour, [{ start: 3, end: 3, step: 1 }]);
    assert.deepEqual(calendar.minute, [{ start: 30, end: 30, step: 1 }]);
    assert.equal(description.action.type, 'startWorkflow');
    assert.equal(description.action.workflowType, 'dailySettlementWorkflow');

    const a = await service.newAccount();
    const b = await service.newAccount();
    await capturedPayment(http, a.sandboxKey, 1_234);
    await capturedPayment(http, b.sandboxKey, 4_321);
    await capturedPayment(http, b.sandboxKey, 1_000);
    await handle.trigger();
    const sa = await waitFor(http, a.sandboxKey, '/v1/settlements', (l) => l.data.length > 0);
    const sb = await waitFor(http, b.sandboxKey, '/v1/settlements', (l) => l.data.length > 0);
    assert.deepEqual([sa.data[0].amount, sa.data[0].payment_count], [1_234, 1]);
    assert.deepEqual([sb.data[0].amount, sb.data[0].payment_count], [5_321, 2]);
    assert.deepEqual(await amountsOf(http, b.sandboxKey), { available: 5_321, pending: 0, reserved: 0 });
    await assertLedgerBalanced(service, a.accountId);
    await assertLedgerBalanced(service, b.accountId);
  });

  test('a restart with another SETTLEMENT_TIME updates the existing schedule instead of failing', async () => {
    const client = service.stack.temporal!.client;
    const options = { taskQueue: service.config.TEMPORAL_TASK_QUEUE, timezone: 'Asia/Kolkata' };
    const id = await ensureSettlementSchedule(client, { ...options, time: '04:15' });
    const handle = client.schedule.getHandle(id);
    const calendar = (await handle.describe()).spec.calendars?.[0];
    assert.deepEqual([calendar?.hour, calendar?.minute], [[{ start: 4, end: 4, step: 1 }], [{ start: 15, end: 15, step: 1 }]]);
    assert.equal((await handle.describe()).action.workflowType, 'dailySettlementWorkflow');
    await ensureSettlementSchedule(client, { ...options, time: service.config.SETTLEMENT_TIME });
  });
});
