// Single payouts through the real API, worker, Temporal and PostgreSQL: the sandbox's magic values,
// the mode rules, idempotency, concurrency against the ledger, events and the test helpers.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { payoutReportWorkflowId, payoutWorkflowId } from '../../src/domain/workflow-ids.ts';
import { allBalanceTransactions, amountsOf, assertApiError, balanceOf } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { bankBeneficiary, fund, payoutEventTypes, settled, vpaBeneficiary, waitForPayout } from '../helpers/payouts.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService({ SANDBOX_PAYOUT_DELAY_MS: '300', SANDBOX_SLOW_DELAY_MS: '3000', SANDBOX_REVERSAL_DELAY_MS: '700' });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

async function fundedAccount(amount = 10_000_000) {
  const account = await service.newAccount();
  await fund(http, account.sandboxKey, amount);
  return account;
}

async function createPayout(key: string, body: Record<string, unknown>, idempotencyKey = `po-${randomUUID()}`) {
  return http.post('/v1/payouts', { key, json: body, idempotencyKey });
}

const eventsOf = (key: string, payoutId: string) => payoutEventTypes(http, key, payoutId);

async function railSubmissions(payoutId: string): Promise<number> {
  const rows = await service.stack.orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from rail_submissions where idempotency_key = ?`, [payoutId]);
  return Number(rows[0].n);
}

async function assertLedgerBalanced(accountId: string) {
  const em = service.stack.orm.em.fork();
  const unbalanced = await em.execute(
    `select t.id from balance_transactions t join ledger_entries e on e.transaction_id = t.id
     where t.account_id = ? group by t.id having sum(e.amount) <> 0`,
    [accountId],
  );
  assert.deepEqual(unbalanced, []);
  const negative = await em.execute(`select kind, balance from ledger_accounts where account_id = ? and internal and balance < 0`, [accountId]);
  assert.deepEqual(negative, []);
}

describe('sandbox magic values, end to end', () => {
  const cases: Array<{ name: string; beneficiary: (key: string) => Promise<string>; mode: string; final: string; failure?: string; slow?: boolean }> = [
    { name: 'success@upi completes', beneficiary: (k) => vpaBeneficiary(http, k, 'success@upi'), mode: 'upi', final: 'completed' },
    { name: 'failure@upi fails with beneficiary_account_invalid', beneficiary: (k) => vpaBeneficiary(http, k, 'failure@upi'), mode: 'upi', final: 'failed', failure: 'beneficiary_account_invalid' },
    { name: 'slow@upi stays initiated, then completes', beneficiary: (k) => vpaBeneficiary(http, k, 'slow@upi'), mode: 'upi', final: 'completed', slow: true },
    { name: 'reversal@upi completes, then is reversed', beneficiary: (k) => vpaBeneficiary(http, k, 'reversal@upi'), mode: 'upi', final: 'reversed' },
    { name: 'a bank account ending 0001 fails', beneficiary: (k) => bankBeneficiary(http, k, '1234560001'), mode: 'imps', final: 'failed', failure: 'beneficiary_account_invalid' },
    { name: 'a bank account ending 0002 is reversed', beneficiary: (k) => bankBeneficiary(http, k, '1234560002'), mode: 'neft', final: 'reversed' },
    { name: 'a bank account ending 0003 is slow, then completes', beneficiary: (k) => bankBeneficiary(http, k, '1234560003'), mode: 'imps', final: 'completed', slow: true },
    { name: 'any other bank account completes', beneficiary: (k) => bankBeneficiary(http, k, '9876543210'), mode: 'neft', final: 'completed' },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const { accountId, sandboxKey } = await fundedAccount(1_000_000);
      const beneficiaryId = await c.beneficiary(sandboxKey);
      const res = await createPayout(sandboxKey, { beneficiary_id: beneficiaryId, amount: 250_000, mode: c.mode, reference: 'run-1', narration: 'Salary', metadata: { run: '1' } });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.status, 'initiated');
      assert.match(res.body.id, /^pout_/);
      assert.equal(res.body.mode, c.mode);
      assert.equal(res.body.amount, 250_000);
      assert.equal(res.body.failure_reason, null);
      // Reserved at once.
      assert.deepEqual(await amountsOf(http, sandboxKey), { available: 750_000, pending: 0, reserved: 250_000 });
      if (c.slow) {
        await new Promise((r) => setTimeout(r, 1500));
        assert.equal((await http.get(`/v1/payouts/${res.body.id}`, { key: sandboxKey })).body.status, 'initiated');
      }
      const final = await waitForPayout(http, sandboxKey, res.body.id, (p) => p.status === c.final);
      const balance = await amountsOf(http, sandboxKey);
      const expectedEvents = ['payout.initiated'];
      switch (c.final) {
        case 'completed':
          assert.match(final.utr, /^SBX/);
          assert.ok(final.completed_at);
          assert.deepEqual(balance, { available: 750_000, pending: 0, reserved: 0 });
          expectedEvents.push('payout.completed');
          break;
        case 'failed':
          assert.equal(final.failure_reason.code, c.failure);
          assert.ok(final.failure_reason.message);
          assert.ok(final.failed_at);
          assert.deepEqual(balance, { available: 1_000_000, pending: 0, reserved: 0 });
          expectedEvents.push('payout.failed');
          break;
        case 'reversed':
          assert.ok(final.completed_at && final.reversed_at);
          assert.deepEqual(balance, { available: 1_000_000, pending: 0, reserved: 0 });
          expectedEvents.push('payout.completed', 'payout.reversed');
          break;
      }
      assert.deepEqual(await eventsOf(sandboxKey, res.body.id), expectedEvents);
      // The last event carries the payout exactly as GET shows it (the move was written from the row as read).
      const newest = (await http.get('/v1/events?limit=100', { key: sandboxKey })).body.data.find((e: any) => e.data.object.id === res.body.id);
      assert.deepEqual(newest.data.object, final);
      // Each movement is booked under its own type: a failed payout's release is no bank reversal.
      const booked = (await allBalanceTransactions(http, sandboxKey)).filter((t) => t.source_id === res.body.id).map((t) => t.type).reverse();
      const expectedTypes = { completed: ['payout', 'payout'], failed: ['payout', 'payout_failure'], reversed: ['payout', 'payout', 'payout_reversal'] }[c.final];
      assert.deepEqual(booked, expectedTypes);
      assert.equal(await railSubmissions(res.body.id), 1);
      await assertLedgerBalanced(accountId);
    });
  }
});

test("a reversal@upi payout's workflow ends at completed; the bank's reversal reaches the payout afterwards, as a provider's report would", async () => {
  const { accountId, sandboxKey } = await fundedAccount(1_000_000);
  const beneficiaryId = await vpaBeneficiary(http, sandboxKey, 'reversal@upi');
  const key = `reversal-${randomUUID()}`;
  const res = await createPayout(sandboxKey, { beneficiary_id: beneficiaryId, amount: 40_000, mode: 'upi' }, key);
  assert.equal(res.status, 200, res.text);
  const final = await waitForPayout(http, sandboxKey, res.body.id, (p) => p.status === 'reversed');
  // The payout's own workflow closed having seen the payout completed, not reversed: it did not stay open for it.
  const payoutRun = service.stack.temporal!.client.workflow.getHandle(payoutWorkflowId(accountId, 'sandbox', key));
  assert.deepEqual(await payoutRun.result(), { payoutId: res.body.id, status: 'completed' });
  assert.equal((await payoutRun.describe()).status.name, 'COMPLETED');
  // The reversal came in a short transition workflow of its own, findable by the payout's id.
  const report = await service.stack.temporal!.client.workflow.getHandle(payoutReportWorkflowId(res.body.id, 'reversed')).describe();
  assert.equal(report.type, 'payoutTransitionWorkflow');
  assert.equal(report.status.name, 'COMPLETED');
  assert.deepEqual(report.searchAttributes.ResourceId, [res.body.id]);
  // What the caller sees is as before: completed, then reversed, with the money back and a payout_reversal.
  assert.ok(final.completed_at && final.reversed_at);
  assert.match(final.utr, /^SBX/);
  assert.deepEqual(await eventsOf(sandboxKey, res.body.id), ['payout.initiated', 'payout.completed', 'payout.reversed']);
  const booked = (await allBalanceTransactions(http, sandboxKey)).filter((t) => t.source_id === res.body.id).map((t) => t.type).reverse();
  assert.deepEqual(booked, ['payout', 'payout', 'payout_reversal']);
  assert.deepEqual(await amountsOf(http, sandboxKey), { available: 1_000_000, pending: 0, reserved: 0 });
  assert.equal(await railSubmissions(res.body.id), 1);
  await assertLedgerBalanced(accountId);
});

test('a payout whose bank cannot take it right after its creation is sent once the bank is back, and once only', async () => {
  const { accountId, sandboxKey } = await fundedAccount(1_000_000);
  const beneficiaryId = await vpaBeneficiary(http, sandboxKey, 'success@upi');
  const key = `bank-down-${randomUUID()}`;
  // The sandbox bank refuses to record this payout's submission until the fault is mended. The payout's creation has
  // recorded its hand-over by then (in the creating statement), so every later step first asks the bank whether it
  // has the payout.
  await service.sql(`create function refuse_bank_down() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from payouts p where p.id = new.idempotency_key and p.idempotency_key = '${key}') then
        raise exception 'injected fault: the bank is down' using errcode = '08006';
      end if;
      return new;
    end $$`);
  await service.sql(`create trigger refuse_bank_down before insert on rail_submissions for each row execute function refuse_bank_down()`);
  let id: string;
  try {
    const res = await createPayout(sandboxKey, { beneficiary_id: beneficiaryId, amount: 250_000, mode: 'upi' }, key);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'initiated');
    id = res.body.id;
    const [row] = await service.sql<{ handed: boolean }>(`select rail_handover_at is not null as handed from payouts where id = ?`, [id]);
    assert.equal(row.handed, true, 'the hand-over is recorded before the bank is called');
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(await railSubmissions(id), 0);
    assert.equal((await http.get(`/v1/payouts/${id}`, { key: sandboxKey })).body.status, 'initiated');
  } finally {
    await service.sql(`drop trigger refuse_bank_down on rail_submissions`);
    await service.sql(`drop function refuse_bank_down()`);
  }
  const final = await waitForPayout(http, sandboxKey, id, (p) => p.status === 'completed', 30_000);
  assert.match(final.utr, /^SBX/);
  assert.equal(await railSubmissions(id), 1, 'sent to the bank once');
  assert.deepEqual(await amountsOf(http, sandboxKey), { available: 750_000, pending: 0, reserved: 0 });
  assert.deepEqual(await eventsOf(sandboxKey, id), ['payout.initiated', 'payout.completed']);
  await assertLedgerBalanced(accountId);
});

describe('transfer modes and amounts', () => {
  test('a mode that does not fit the beneficiary or the amount is 400 invalid_method, and nothing is created', async () => {
    const { sandboxKey } = await fundedAccount(100_000_000);
    const vpa = await vpaBeneficiary(http, sandboxKey, 'success@upi');
    const bank = await bankBeneficiary(http, sandboxKey, '5555666677');
    const refused: Array<[string, number, string]> = [
      [vpa, 1000, 'imps'],
      [vpa, 1000, 'neft'],
      [vpa, 10_000_001, 'upi'],
      [bank, 1000, 'upi'],
      [bank, 50_000_001, 'imps'],
      [bank, 19_999_999, 'rtgs'],
      [bank, 1000, 'swift'],
      [vpa, 1000, 'UPI'],
    ];
    for (const [beneficiary_id, amount, mode] of refused) {
      const res = await createPayout(sandboxKey, { beneficiary_id, amount, mode });
      assertApiError(res, 400, 'invalid_method', 'mode');
    }
    const accepted: Array<[string, number, string]> = [
      [vpa, 10_000_000, 'upi'],
      [bank, 50_000_000, 'imps'],
      [bank, 20_000_000, 'rtgs'],
      [bank, 1, 'neft'],
    ];
    for (const [beneficiary_id, amount, mode] of accepted) {
      const res = await createPayout(sandboxKey, { beneficiary_id, amount, mode });
      assert.equal(res.status, 200, `${mode} ${amount}: ${res.text}`);
    }
    const list = await http.get('/v1/payouts?limit=100', { key: sandboxKey });
    assert.equal(list.body.data.length, accepted.length);
  });

  test('bad input is 400 with param; an unknown or deactivated beneficiary is 404', async () => {
    const { sandboxKey } = await fundedAccount();
    const vpa = await vpaBeneficiary(http, sandboxKey, 'success@upi');
    assertApiError(await createPayout(sandboxKey, { beneficiary_id: vpa, amount: '1.5', mode: 'upi' }), 400, 'invalid_request', 'amount');
    assertApiError(await createPayout(sandboxKey, { beneficiary_id: vpa, amount: 100 }), 400, 'invalid_request', 'mode');
    assertApiError(await createPayout(sandboxKey, { beneficiary_id: vpa, amount: 100, mode: 'upi', narration: 'x'.repeat(31) }), 400, 'invalid_request', 'narration');
    assertApiError(await createPayout(sandboxKey, { beneficiary_id: vpa, amount: 100, mode: 'upi', speed: 'fast' }), 400, 'invalid_request', 'speed');
    const unknown = await createPayout(sandboxKey, { beneficiary_id: 'bene_01JD3Y8X4W0000000000000000', amount: 100, mode: 'upi' }, 'unknown-bene');
    assertApiError(unknown, 404, 'not_found', 'beneficiary_id');
    assert.equal(unknown.body.error.message, "No such beneficiary: 'bene_01JD3Y8X4W0000000000000000'.");
    // Refused before anything was created: the key is free for the corrected request.
    const corrected = await createPayout(sandboxKey, { beneficiary_id: vpa, amount: 100, mode: 'upi' }, 'unknown-bene');
    assert.equal(corrected.status, 200, corrected.text);
    assert.equal(corrected.headers.get('idempotent-replayed'), null);
    await waitForPayout(http, sandboxKey, corrected.body.id, settled);
    const other = await service.newAccount();
    const othersBeneficiary = await vpaBeneficiary(http, other.sandboxKey, 'success@upi');
    assertApiError(await createPayout(sandboxKey, { beneficiary_id: othersBeneficiary, amount: 100, mode: 'upi' }), 404, 'not_found', 'beneficiary_id');
    assert.equal((await http.request('DELETE', `/v1/beneficiaries/${vpa}`, { key: sandboxKey })).status, 200);
    assertApiError(await createPayout(sandboxKey, { beneficiary_id: vpa, amount: 100, mode: 'upi' }), 404, 'not_found', 'beneficiary_id');
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 10_000_000 - 100, pending: 0, reserved: 0 });
  });
});

describe('idempotency', () => {
  test('the same key twice, and again after completion, is the same payout and moves money once', async () => {
    const { sandboxKey } = await fundedAccount(1_000_000);
    const bene = await vpaBeneficiary(http, sandboxKey, 'success@upi');
    const body = { beneficiary_id: bene, amount: 100_000, mode: 'upi' };
    const first = await createPayout(sandboxKey, body, 'run-7/bene-1');
    const second = await createPayout(sandboxKey, body, 'run-7/bene-1');
    assert.equal(first.status, 200, first.text);
    assert.equal(second.status, 200);
    assert.equal(second.text, first.text);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    assert.equal(first.body.idempotency_key, 'run-7/bene-1');
    await waitForPayout(http, sandboxKey, first.body.id, (p) => p.status === 'completed');
    const third = await createPayout(sandboxKey, body, 'run-7/bene-1');
    assert.equal(third.status, 200);
    assert.equal(third.body.id, first.body.id);
    assert.equal((await balanceOf(http, sandboxKey)).available, 900_000);
    assert.equal(await railSubmissions(first.body.id), 1);
  });

  test('the payout workflow is keyed by the idempotency key and carries search attributes and what an operator reads', async () => {
    const { accountId, sandboxKey } = await fundedAccount();
    const bene = await vpaBeneficiary(http, sandboxKey, 'success@upi');
    const res = await createPayout(sandboxKey, { beneficiary_id: bene, amount: 123_456, mode: 'upi' }, 'wf-key-1');
    assert.equal(res.status, 200, res.text);
    await waitForPayout(http, sandboxKey, res.body.id, settled);
    const handle = service.stack.temporal!.client.workflow.getHandle(payoutWorkflowId(accountId, 'sandbox', 'wf-key-1'));
    const description = await handle.describe();
    assert.equal(description.type, 'payoutWorkflow');
    assert.deepEqual(description.searchAttributes.AccountId, [accountId]);
    assert.deepEqual(description.searchAttributes.Mode, ['sandbox']);
    assert.deepEqual(description.searchAttributes.ResourceId, [res.body.id]);
    // The Temporal UI's summary and details: amount in rupees, beneficiary, transfer mode; account, mode, key.
    assert.equal(await description.staticSummary(), `Payout ₹1,234.56 to ${bene} by upi`);
    const details = (await description.staticDetails()) ?? '';
    for (const line of [`account: ${accountId}`, 'mode: sandbox', `resource: ${res.body.id}`, 'idempotency key: wf-key-1']) {
      assert.ok(details.split('\n').includes(line), `${line} in ${details}`);
    }
    const metadata = await handle.query<{ currentDetails?: string }>('__temporal_workflow_metadata');
    assert.equal(metadata.currentDetails, 'completed: settled');
  });

  test('402 insufficient_funds creates nothing and leaves the key free', async () => {
    const { sandboxKey } = await fundedAccount(5_000);
    const bene = await vpaBeneficiary(http, sandboxKey, 'success@upi');
    const refused = await createPayout(sandboxKey, { beneficiary_id: bene, amount: 10_000, mode: 'upi' }, 'short-1');
    assertApiError(refused, 402, 'insufficient_funds');
    assert.equal((await http.get('/v1/payouts', { key: sandboxKey })).body.data.length, 0);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 5_000, pending: 0, reserved: 0 });
    await fund(http, sandboxKey, 5_000);
    const retried = await createPayout(sandboxKey, { beneficiary_id: bene, amount: 10_000, mode: 'upi' }, 'short-1');
    assert.equal(retried.status, 200, retried.text);
    assert.equal(retried.body.status, 'initiated');
  });
});

describe('concurrency against the ledger', () => {
  test('100 concurrent payouts against funds for 50: exactly 50 created, 50 insufficient_funds, available never negative', async () => {
    const { accountId, sandboxKey } = await fundedAccount(50 * 10_000);
    const bene = await vpaBeneficiary(http, sandboxKey, 'success@upi');
    let sampling = true;
    const samples: number[] = [];
    const sampler = (async () => {
      while (sampling) {
        samples.push((await balanceOf(http, sandboxKey)).available);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    // As a caller (and the client library) does: a 503 (the answer not ready within WORKFLOW_ANSWER_TIMEOUT_MS, which
    // 100 at once on a busy machine can take) or a 409 idempotency_key_in_use (that first request still runs) is asked
    // again with the same key after a pause, until the payout's own answer comes.
    const created1 = async (i: number) => {
      for (let tries = 0; ; tries++) {
        const res = await createPayout(sandboxKey, { beneficiary_id: bene, amount: 10_000, mode: 'upi' }, `burst-${i}`);
        const notYet = res.status === 503 || (res.status === 409 && res.body?.error?.code === 'idempotency_key_in_use');
        if (!notYet || tries >= 30) return res;
        await new Promise((r) => setTimeout(r, 1_000 * Number(res.headers.get('retry-after') ?? 1)));
      }
    };
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => created1(i)));
    sampling = false;
    await sampler;
    const created = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 402);
    assert.equal(created.length, 50, results.filter((r) => r.status !== 200 && r.status !== 402).map((r) => r.text).join('\n'));
    assert.equal(refused.length, 50);
    for (const r of refused) assert.equal(r.body.error.code, 'insufficient_funds');
    assert.ok(samples.every((a) => a >= 0), `available went negative: ${samples.filter((a) => a < 0)}`);
    assert.equal(new Set(created.map((r) => r.body.id)).size, 50);
    for (const r of created) await waitForPayout(http, sandboxKey, r.body.id, settled);
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 0, pending: 0, reserved: 0 });
    await assertLedgerBalanced(accountId);
  });
});

describe('reads', () => {
  test('list filters by status and beneficiary; another account and the live key see 404', async () => {
    const { sandboxKey } = await fundedAccount();
    const good = await vpaBeneficiary(http, sandboxKey, 'success@upi');
    const bad = await vpaBeneficiary(http, sandboxKey, 'failure@upi');
    const a = await createPayout(sandboxKey, { beneficiary_id: good, amount: 100, mode: 'upi' });
    const b = await createPayout(sandboxKey, { beneficiary_id: bad, amount: 100, mode: 'upi' });
    await waitForPayout(http, sandboxKey, a.body.id, settled);
    await waitForPayout(http, sandboxKey, b.body.id, settled);
    const failed = await http.get('/v1/payouts?status=failed', { key: sandboxKey });
    assert.deepEqual(failed.body.data.map((p: any) => p.id), [b.body.id]);
    const byBene = await http.get(`/v1/payouts?beneficiary_id=${good}`, { key: sandboxKey });
    assert.deepEqual(byBene.body.data.map((p: any) => p.id), [a.body.id]);
    assertApiError(await http.get('/v1/payouts?status=lost', { key: sandboxKey }), 400, 'invalid_request', 'status');
    const other = await service.newAccount();
    assertApiError(await http.get(`/v1/payouts/${a.body.id}`, { key: other.sandboxKey }), 404, 'not_found');
  });
});

describe('test helpers', () => {
  test('complete, fail and reverse drive a payout by hand; transitions the state machine refuses are 409', async () => {
    const { sandboxKey } = await fundedAccount(1_000_000);
    const slow = await vpaBeneficiary(http, sandboxKey, 'slow@upi');
    const p1 = await createPayout(sandboxKey, { beneficiary_id: slow, amount: 1000, mode: 'upi' });
    const completed = await http.post(`/v1/test_helpers/payouts/${p1.body.id}/complete`, { key: sandboxKey });
    assert.equal(completed.status, 200, completed.text);
    assert.equal(completed.body.status, 'completed');
    assertApiError(await http.post(`/v1/test_helpers/payouts/${p1.body.id}/fail`, { key: sandboxKey }), 409, 'invalid_state');
    const reversed = await http.post(`/v1/test_helpers/payouts/${p1.body.id}/reverse`, { key: sandboxKey });
    assert.equal(reversed.status, 200, reversed.text);
    assert.equal(reversed.body.status, 'reversed');
    assertApiError(await http.post(`/v1/test_helpers/payouts/${p1.body.id}/complete`, { key: sandboxKey }), 409, 'invalid_state');

    const p2 = await createPayout(sandboxKey, { beneficiary_id: slow, amount: 2000, mode: 'upi' });
    const failed = await http.post(`/v1/test_helpers/payouts/${p2.body.id}/fail`, { key: sandboxKey });
    assert.equal(failed.status, 200, failed.text);
    assert.equal(failed.body.status, 'failed');
    assert.ok(failed.body.failure_reason.code);
    assertApiError(await http.post(`/v1/test_helpers/payouts/${p2.body.id}/reverse`, { key: sandboxKey }), 409, 'invalid_state');
    // The slow rail later says completed: the payout stays failed and the money stays returned.
    await new Promise((r) => setTimeout(r, 3500));
    assert.equal((await http.get(`/v1/payouts/${p2.body.id}`, { key: sandboxKey })).body.status, 'failed');
    assert.deepEqual(await amountsOf(http, sandboxKey), { available: 1_000_000, pending: 0, reserved: 0 });
    assertApiError(await http.post(`/v1/test_helpers/payouts/${p2.body.id}/explode`, { key: sandboxKey }), 404, 'not_found');
  });
});
