// A worker restart in the middle of a payout batch: the service's worker stops while children are running,
// a fresh worker (its own process state, same task queue) takes over by replaying history, and the batch
// still completes with every payout settled, each sent to the rail exactly once, and the ledger balanced.
// A small window makes the batch continue-as-new several times on the way.
import assert from 'node:assert/strict';
import { batchCounts } from '../helpers/payouts.ts';
import { after, before, test } from 'node:test';
import { createLogger } from '../../src/logger.ts';
import { startStack, type Stack } from '../../src/stack.ts';
import { payoutBatchWorkflowId } from '../../src/domain/workflow-ids.ts';
import { itemsPerRun } from '../../workflows/payout-batch.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const WINDOW = 25;

let service: TestService;
let http: Http;
let replacement: Stack | undefined;

before(async () => {
  service = await startTestService({
    SANDBOX_PAYOUT_DELAY_MS: '200',
    SANDBOX_SLOW_DELAY_MS: '2000',
    SANDBOX_REVERSAL_DELAY_MS: '500',
    PAYOUT_BATCH_WINDOW: String(WINDOW),
  });
  http = createHttp(service.url);
});
after(async () => {
  await replacement?.stop();
  await service?.stop();
});

async function beneficiary(key: string, body: Record<string, unknown>): Promise<string> {
  const res = await http.post('/v1/beneficiaries', { key, json: body });
  assert.equal(res.status, 200, res.text);
  return res.body.id as string;
}

async function processedItems(batchId: string): Promise<number> {
  const [row] = await service.sql<{ n: string }>(`select count(payout_id) as n from payout_batch_items where batch_id = ?`, [batchId]);
  return Number(row.n);
}

test('a batch survives its worker being replaced mid-batch: every payout settles, none is sent twice, the ledger balances', async () => {
  const { accountId, sandboxKey: key } = await service.newAccount();
  const FUNDS = 500_000_000;
  const top = await http.post('/v1/test_helpers/top_ups', { key, form: { amount: String(FUNDS) } });
  assert.equal(top.status, 200, top.text);
  const kinds = [
    { beneficiary_id: await beneficiary(key, { name: 'ok', type: 'vpa', vpa: 'success@upi' }), mode: 'upi', status: 'completed', code: null },
    { beneficiary_id: await beneficiary(key, { name: 'fail', type: 'vpa', vpa: 'failure@upi' }), mode: 'upi', status: 'failed', code: 'beneficiary_account_invalid' },
    {
      beneficiary_id: await beneficiary(key, { name: 'slow', type: 'bank_account', bank_account: { account_number: '123456780003', ifsc: 'HDFC0001234' } }),
      mode: 'imps',
      status: 'completed',
      code: null,
    },
    {
      beneficiary_id: await beneficiary(key, { name: 'back', type: 'bank_account', bank_account: { account_number: '123456780002', ifsc: 'HDFC0001234' } }),
      mode: 'neft',
      status: 'reversed',
      code: null,
    },
    { beneficiary_id: 'bene_00000000000000000000000000', mode: 'upi', status: 'failed', code: 'beneficiary_not_found' },
  ];
  const N = 300;
  const items = Array.from({ length: N }, (_, i) => {
    const { status: _s, code: _c, ...kind } = kinds[i % kinds.length];
    return { ...kind, amount: 500 + i, idempotency_key: `restart-${i}` };
  });
  const res = await http.post('/v1/payout_batches', { key, json: { payouts: items } });
  assert.equal(res.status, 200, res.text);
  const batchId = res.body.id as string;

  // Mid-batch: some items have their payout, most do not yet.
  const deadline = Date.now() + 60_000;
  while ((await processedItems(batchId)) < 40) {
    assert.ok(Date.now() < deadline, 'the batch started');
    await new Promise((r) => setTimeout(r, 100));
  }
  await service.stack.worker!.shutdown();
  const atShutdown = await processedItems(batchId);
  assert.ok(atShutdown < N, `stopped mid-batch (${atShutdown} of ${N} items had a payout)`);
  // Nothing moves while no worker runs.
  await new Promise((r) => setTimeout(r, 1000));
  assert.equal(await processedItems(batchId), atShutdown, 'no worker, no progress');

  // A fresh worker with the same configuration: same task queue, a workflow cache of its own.
  replacement = await startStack(service.config, createLogger(service.config.LOG_LEVEL), 'worker', { workflowBundlePath: process.env.PAYGATE_WORKFLOW_BUNDLE });
  const started = Date.now();
  let batch: any;
  for (;;) {
    const got = await http.get(`/v1/payout_batches/${batchId}`, { key });
    assert.equal(got.status, 200, got.text);
    batch = got.body;
    if (batch.status === 'completed') break;
    assert.ok(Date.now() - started < 180_000, `batch completed after the restart: ${got.text}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`# restart after ${atShutdown}/${N} items; completed ${Date.now() - started} ms after the new worker started`);
  // Completed once every item is completed or failed (docs/api.md); a bank's reversal may still be on its way.
  const reversals = Array.from({ length: N }, (_, i) => kinds[i % kinds.length]).filter((kind) => kind.status === 'reversed').length;
  while (batch.counts.reversed < reversals) {
    assert.ok(Date.now() - started < 240_000, `every reversal came: ${JSON.stringify(batch)}`);
    await new Promise((r) => setTimeout(r, 250));
    batch = (await http.get(`/v1/payout_batches/${batchId}`, { key })).body;
  }

  // Every item has its payout, settled as its beneficiary decides.
  const rows = await service.sql<{ seq: number; payout_id: string | null; status: string; failure_code: string | null; amount: string }>(
    `select i.seq, i.payout_id, p.status, p.failure_code, p.amount from payout_batch_items i left join payouts p on p.id = i.payout_id
     where i.batch_id = ? order by i.seq`,
    [batchId],
  );
  assert.equal(rows.length, N);
  const expectedCounts: Record<string, number> = batchCounts({});
  for (const row of rows) {
    const kind = kinds[row.seq % kinds.length];
    expectedCounts[kind.status]++;
    assert.ok(row.payout_id, `item ${row.seq} has its payout`);
    assert.equal(row.status, kind.status, `item ${row.seq}`);
    assert.equal(row.failure_code, kind.code, `item ${row.seq}`);
  }
  assert.deepEqual(batch.counts, expectedCounts);

  // Sent to the rail exactly once: one submission per payout that reached the bank, none marked duplicate,
  // none for payouts refused before the bank.
  const submissions = await service.sql<{ payout_id: string; n: string; duplicates: string }>(
    `select p.id as payout_id, count(r.id) as n, count(*) filter (where r.duplicate) as duplicates
     from payouts p left join rail_submissions r on r.idempotency_key = p.id
     where p.batch_id = ? group by p.id`,
    [batchId],
  );
  assert.equal(submissions.length, N);
  const codeOf = new Map(rows.map((r) => [r.payout_id, r.failure_code]));
  for (const s of submissions) {
    assert.equal(Number(s.duplicates), 0, `payout ${s.payout_id} was never resubmitted`);
    assert.equal(Number(s.n), codeOf.get(s.payout_id) === 'beneficiary_not_found' ? 0 : 1, `payout ${s.payout_id} reached the rail once`);
  }

  // The ledger: every movement balanced, nothing left reserved, only completed payouts gone.
  const paid = rows.filter((r) => r.status === 'completed').reduce((sum, r) => sum + Number(r.amount), 0);
  const balance = await http.get('/v1/balance', { key });
  assert.deepEqual(balance.body, { object: 'balance', mode: 'sandbox', currency: 'INR', available: FUNDS - paid, pending: 0, reserved: 0 });
  const unbalanced = await service.sql(
    `select e.transaction_id from ledger_entries e join balance_transactions t on t.id = e.transaction_id
     where t.account_id = ? group by e.transaction_id having sum(e.amount) <> 0`,
    [accountId],
  );
  assert.deepEqual(unbalanced, []);

  // The batch continued as new along the way (a run hands out at most five windows of items).
  const runs: string[] = [];
  for await (const wf of service.stack.temporal!.client.workflow.list({ query: `WorkflowId = '${payoutBatchWorkflowId(accountId, 'sandbox', res.body.idempotency_key)}'` })) {
    runs.push(wf.runId);
  }
  assert.ok(runs.length >= Math.ceil(N / itemsPerRun(WINDOW)), `continued as new: ${runs.length} runs`);

  const events = await http.get('/v1/events?type=payout_batch.completed', { key });
  assert.equal(events.body.data.length, 1);
  assert.equal(events.body.data[0].data.object.id, batchId);
});
