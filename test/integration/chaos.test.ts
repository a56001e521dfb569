// Chaos (issue 11): the whole `npm start` process group (API, worker, embedded PostgreSQL, Temporal dev
// server) killed with SIGKILL in the middle of a 1,000-item payout batch, then started again on the same
// DATA_DIR, as an operator's `kill -9` and a second `npm start` would. Afterwards every payout is
// terminal, each reached the rail as one accepted submission (repeats the rail recognised are allowed),
// the ledger balances to the paisa, and no workflow is left running or retrying.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import pg from 'pg';
import { Client, Connection } from '@temporalio/client';
import { embeddedPostgresUrl } from '../../src/db/embedded-postgres.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { type NpmStartHarness, killGroup, npmStartHarness, waitForValue as waitFor } from '../helpers/npm-start.ts';

// Killed at 150 settled: most items are still to go, in flight or not started, when the group dies (2,000 items
// proved nothing more and took twice as long).
const ITEMS = 1_000;
const FUNDS = 10_000_000_000;

// The test's one time bound. Each wait inside it takes what is left of it (less a margin), so that a stuck step
// fails naming what it waited for, and no wait outlives the test.
const TIMEOUT_MS = 600_000;

let harness: NpmStartHarness | undefined;

after(() => harness?.cleanup());

test('kill -9 of the whole npm start mid-batch, then npm start again: every payout terminal, each sent once, the ledger balanced, nothing stuck', { timeout: TIMEOUT_MS }, async () => {
  const deadline = Date.now() + TIMEOUT_MS - 20_000;
  const left = () => Math.max(0, deadline - Date.now());
  harness = await npmStartHarness({ SANDBOX_PAYOUT_DELAY_MS: '100', SANDBOX_SLOW_DELAY_MS: '1000' }, 'chaos');
  const { ports } = harness;
  const first = await harness.start();
  const key = /Its sandbox key \(shown once\):\s+(\S+)/.exec(first.output())?.[1];
  const accountId = /Demo account (\S+) created/.exec(first.output())?.[1];
  assert.ok(key && accountId, `npm start printed the demo account and key:\n${first.output()}`);
  const http: Http = createHttp(`http://127.0.0.1:${ports.api}`);
  const ok = async (p: string, json: unknown) => {
    const res = await http.post(p, { key, json });
    assert.equal(res.status, 200, `${p}: ${res.text}`);
    return res.body;
  };

  await ok('/v1/test_helpers/top_ups', { amount: FUNDS });
  const success = (await ok('/v1/beneficiaries', { type: 'vpa', name: 'Asha', vpa: 'success@upi' })).id;
  const failure = (await ok('/v1/beneficiaries', { type: 'vpa', name: 'Ravi', vpa: 'failure@upi' })).id;
  const slow = (await ok('/v1/beneficiaries', { type: 'bank_account', name: 'Meera', bank_account: { account_number: '123456780003', ifsc: 'HDFC0001234' } })).id;
  const items = Array.from({ length: ITEMS }, (_, i) => {
    const [beneficiary_id, mode] = i % 10 === 3 ? [failure, 'upi'] : i % 10 === 7 ? [slow, 'imps'] : i % 50 === 11 ? ['bene_00000000000000000000000000', 'upi'] : [success, 'upi'];
    return { beneficiary_id, mode, amount: 1_000 + i, idempotency_key: `chaos-${i}` };
  });
  const batch = await ok('/v1/payout_batches', { payouts: items });

  // Mid-batch: a good part settled, most not even started.
  const atKill = await waitFor(
    'the batch got going',
    async () => {
      const res = await http.get(`/v1/payout_batches/${batch.id}`, { key });
      const settled = res.body.counts.completed + res.body.counts.failed;
      return settled >= 150 ? res.body.counts : undefined;
    },
    left(),
  );
  const group = first.child.pid!;
  killGroup(group);
  let survivors = new Map<number, string>();
  await waitFor(
    'every process of the killed group gone',
    async () => {
      survivors = harness!.processes(group);
      return survivors.size === 0 ? true : undefined;
    },
    left(),
  ).catch((err: Error) => {
    throw new Error(`${err.message}; still alive: ${JSON.stringify([...survivors])}`);
  });
  // A component that left the group (a session of its own) outlives `kill -9` of the group, as it would for an
  // operator; the next start must cope with it (postgres: its pid file names it, and it is stopped first).
  const outside = harness.processes();
  console.log(`# killed the npm start group with ${JSON.stringify(atKill)} of ${ITEMS} items settled or moving; left running outside the group: ${JSON.stringify([...outside.values()])}`);

  const restartedAt = Date.now();
  await harness.start();
  const done = await waitFor(
    'the batch completed after the restart',
    async () => {
      const res = await http.get(`/v1/payout_batches/${batch.id}`, { key });
      return res.body.status === 'completed' ? res.body : undefined;
    },
    left(),
  );
  console.log(`# completed ${Math.round((Date.now() - restartedAt) / 1000)} s after the restart: ${JSON.stringify(done.counts)}`);
  assert.equal(done.counts.initiated, 0);

  const db = new pg.Client({ connectionString: embeddedPostgresUrl(ports.pg) });
  await db.connect();
  try {
    // Every item has its payout, and every payout is terminal.
    const { rows: itemRows } = await db.query(
      `select i.seq, p.id, p.status, p.failure_code, p.amount from payout_batch_items i left join payouts p on p.id = i.payout_id where i.batch_id = $1 order by i.seq`,
      [batch.id],
    );
    assert.equal(itemRows.length, ITEMS);
    for (const row of itemRows) {
      assert.ok(row.id, `item ${row.seq} has its payout`);
      assert.ok(['completed', 'failed'].includes(row.status), `item ${row.seq} is terminal (${row.status})`);
    }
    // Each payout that reached the rail did so as one accepted submission; none refused before it did.
    const { rows: sent } = await db.query(
      `select p.id, p.failure_code, count(r.id) filter (where not r.duplicate) as accepted, count(r.id) filter (where r.duplicate) as repeats
       from payouts p left join rail_submissions r on r.idempotency_key = p.id where p.batch_id = $1 group by p.id, p.failure_code`,
      [batch.id],
    );
    assert.equal(sent.length, ITEMS);
    let repeats = 0;
    for (const s of sent) {
      repeats += Number(s.repeats);
      assert.equal(Number(s.accepted), s.failure_code === 'beneficiary_not_found' ? 0 : 1, `payout ${s.id} accepted by the rail exactly once`);
    }
    // The ledger: every transaction balanced, nothing reserved, exactly the completed payouts gone.
    const { rows: unbalanced } = await db.query(`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0`);
    assert.deepEqual(unbalanced, []);
    const paid = itemRows.filter((r) => r.status === 'completed').reduce((sum, r) => sum + Number(r.amount), 0);
    const balance = await http.get('/v1/balance', { key });
    assert.equal(balance.body.reserved, 0);
    assert.equal(balance.body.available, FUNDS - paid);
    const { rows: perPayout } = await db.query(
      `select p.id, p.status, count(t.id) filter (where t.type = 'payout') as payout_moves, count(t.id) filter (where t.type = 'payout_failure') as releases
       from payouts p left join balance_transactions t on t.source_id = p.id where p.batch_id = $1 group by p.id, p.status, p.failure_code`,
      [batch.id],
    );
    for (const p of perPayout) {
      // completed: reserve + settle; failed after reserving: reserve + release; refused before reserving: nothing.
      const moves = Number(p.payout_moves) + Number(p.releases);
      assert.ok(p.status === 'completed' ? Number(p.payout_moves) === 2 && Number(p.releases) === 0 : moves === 0 || (Number(p.payout_moves) === 1 && Number(p.releases) === 1), `payout ${p.id} (${p.status}) moved money once: ${JSON.stringify(p)}`);
    }
    console.log(`# ${sent.length} payouts, ${repeats} repeated submissions recognised by the rail, paid ${paid} paise`);
  } finally {
    await db.end();
  }

  // Nothing of the account is left running or retrying in Temporal.
  const connection = await Connection.connect({ address: `127.0.0.1:${ports.temporal}` });
  try {
    const client = new Client({ connection });
    await waitFor(
      'no workflow of the account still running',
      async () => {
        const running: string[] = [];
        for await (const wf of client.workflow.list({ query: `AccountId = '${accountId}' AND ExecutionStatus = 'Running'` })) running.push(`${wf.type} ${wf.workflowId}`);
        return running.length === 0 ? true : undefined;
      },
      left(),
    );
  } finally {
    await connection.close();
  }
});
