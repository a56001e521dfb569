// A worker killed (SIGKILL) while a payout's reserving step is running: the step is a local activity (issue
// 15), so it runs inside the workflow task of the dead worker; Temporal hands that task to the next worker,
// which runs the step again. The step is idempotent (the payout's idempotency key, and the reservation in one
// transaction with the payout row), so after the restart there is exactly one payout and one reservation, and
// the caller's request is answered with it.
//
// The test makes "while it is running" certain: it holds a row lock on the account's available balance, so the
// reserving transaction waits in PostgreSQL; the worker is killed while it waits (its transaction dies with its
// connection), the lock is released, another worker is started.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { waitUntil } from '../helpers/webhook-receiver.ts';
import { workerProcesses, type WorkerProcesses } from '../helpers/worker-process.ts';

let service: TestService;
let http: Http;
let workers: WorkerProcesses;

before(async () => {
  // The caller waits through the restart (the new worker takes the task after its timeout).
  service = await startTestService({ SANDBOX_PAYOUT_DELAY_MS: '200', WORKFLOW_ANSWER_TIMEOUT_MS: '60000' }, { role: 'api' });
  http = createHttp(service.url);
  workers = workerProcesses(service);
});
after(async () => {
  workers?.killAll();
  await service?.stop();
});

test('a worker killed while a payout is reserving: after the restart exactly one payout, one reservation, and the caller gets it', async () => {
  const first = await workers.start();
  const { accountId, sandboxKey: key } = await service.newAccount();
  assert.equal((await http.post('/v1/test_helpers/top_ups', { key, json: { amount: 1_000_000 } })).status, 200);
  const bene = await http.post('/v1/beneficiaries', { key, json: { name: 'Asha', type: 'vpa', vpa: 'success@upi' } });
  assert.equal(bene.status, 200, bene.text);

  const blocker = new pg.Client({ connectionString: service.config.DATABASE_URL });
  await blocker.connect();
  try {
    await blocker.query('begin');
    await blocker.query(`select balance from ledger_accounts where account_id = $1 and mode = 'sandbox' and kind = 'available' for update`, [accountId]);

    const answer = http.post('/v1/payouts', { key, json: { beneficiary_id: bene.body.id, amount: 25_000, mode: 'upi' }, idempotencyKey: 'reserve-once' });
    // The reserving step is inside PostgreSQL, waiting for the lock.
    await waitUntil(
      'the reserving step waits on the lock',
      async () => {
        const { rows } = await blocker.query(`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.pid <> pg_backend_pid()`);
        return rows[0].n > 0 ? true : undefined;
      },
      30_000,
    );
    await workers.kill(first);
    await blocker.query('commit');
    await workers.start();

    const res = await answer;
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'initiated');
    const again = await http.post('/v1/payouts', { key, json: { beneficiary_id: bene.body.id, amount: 25_000, mode: 'upi' }, idempotencyKey: 'reserve-once' });
    assert.equal(again.body.id, res.body.id);

    const payouts = await service.sql<{ id: string }>(`select id from payouts where account_id = ?`, [accountId]);
    assert.deepEqual(payouts.map((p) => p.id), [res.body.id]);
    const completed = await waitUntil('the payout completed', async () => {
      const p = (await http.get(`/v1/payouts/${res.body.id}`, { key })).body;
      return p.status === 'completed' ? p : undefined;
    }, 30_000);
    assert.equal(completed.amount, 25_000);
    const moves = await service.sql<{ type: string; amount: string }>(
      `select type, amount::text as amount from balance_transactions where source_id = ? order by id`,
      [res.body.id],
    );
    assert.equal(moves.length, 2, `one reservation, one settlement: ${JSON.stringify(moves)}`);
    const balance = (await http.get('/v1/balance', { key })).body;
    assert.equal(balance.available, 1_000_000 - 25_000);
    assert.equal(balance.reserved, 0);
    const unbalanced = await service.sql(`select transaction_id from ledger_entries e join balance_transactions t on t.id = e.transaction_id where t.account_id = ? group by transaction_id having sum(e.amount) <> 0`, [accountId]);
    assert.deepEqual(unbalanced, []);
  } finally {
    await blocker.end().catch(() => {});
  }
});
