// A batch item whose payout workflow keeps failing inside (a defect; here a database trigger that refuses
// one key's writes, the way a bug or a bad deploy would) is given up after three attempts, as docs/decisions.md says
// says: it ends `failed` with `processing_failed` only when no rail accepted it, nothing reserved and the
// batch completes; one a rail accepted is never given up, only followed again until it settles.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createHttp, type Http } from '../helpers/http.ts';
import { fund, vpaBeneficiary, batchCounts } from '../helpers/payouts.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService({ SANDBOX_PAYOUT_DELAY_MS: '200' });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

/** A trigger that makes PostgreSQL refuse (SQLSTATE 22023, which no retry can fix) the payout writes `when` names. */
async function refusePayoutWrites(name: string, timing: 'insert' | 'update', when: string): Promise<void> {
  await service.sql(`create function ${name}() returns trigger language plpgsql as $$
    begin
      if ${when} then raise exception 'injected fault: %', new.idempotency_key using errcode = '22023'; end if;
      return new;
    end $$`);
  await service.sql(`create trigger ${name} before ${timing} on payouts for each row execute function ${name}()`);
}

async function waitForBatch(key: string, batchId: string, timeoutMs: number): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await http.get(`/v1/payout_batches/${batchId}`, { key });
    assert.equal(res.status, 200, res.text);
    if (res.body.status === 'completed') return res.body;
    assert.ok(Date.now() < deadline, `batch ${batchId} completed within ${timeoutMs} ms; last seen ${res.text}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function batchPayouts(key: string, batchId: string): Promise<Map<string, any>> {
  const res = await http.get(`/v1/payouts?batch_id=${batchId}&limit=100`, { key });
  assert.equal(res.status, 200, res.text);
  return new Map(res.body.data.map((p: any) => [p.idempotency_key, p]));
}

test('an item whose payout cannot be created ends failed with processing_failed; nothing is reserved and the batch completes', async () => {
  const { sandboxKey: key } = await service.newAccount();
  await fund(http, key, 1_000_000);
  const bene = await vpaBeneficiary(http, key, 'success@upi');
  await refusePayoutWrites('refuse_never_created', 'insert', `new.status = 'initiated' and new.idempotency_key = 'give-up-unborn'`);
  const items = ['give-up-ok-1', 'give-up-unborn', 'give-up-ok-2'].map((k) => ({ beneficiary_id: bene, amount: 10_000, mode: 'upi', idempotency_key: k }));
  const created = await http.post('/v1/payout_batches', { key, json: { payouts: items } });
  assert.equal(created.status, 200, created.text);

  const batch = await waitForBatch(key, created.body.id, 90_000);
  assert.deepEqual(batch.counts, batchCounts({ initiated: 0, completed: 2, failed: 1, reversed: 0 }));
  const payouts = await batchPayouts(key, batch.id);
  const given = payouts.get('give-up-unborn');
  assert.ok(given, 'the given-up item has its payout');
  assert.equal(given.status, 'failed');
  assert.equal(given.failure_reason.code, 'processing_failed');
  assert.equal(payouts.get('give-up-ok-1').status, 'completed');

  // No money left for it: only the two completed payouts are gone, nothing is reserved.
  const balance = await http.get('/v1/balance', { key });
  assert.equal(balance.body.available, 1_000_000 - 20_000);
  assert.equal(balance.body.reserved, 0);
  const events = await http.get(`/v1/events?type=payout.failed`, { key });
  assert.deepEqual(events.body.data.map((e: any) => e.data.object.id), [given.id]);
  // It never reached the rail.
  const [{ n }] = await service.sql<{ n: string }>(`select count(*) as n from rail_submissions where idempotency_key = ?`, [given.id]);
  assert.equal(Number(n), 0);
  // Its key is bound to the failed payout: a single payout with the same key answers with it.
  const again = await http.post('/v1/payouts', { key, idempotencyKey: 'give-up-unborn', json: { beneficiary_id: bene, amount: 10_000, mode: 'upi' } });
  assert.equal(again.status, 200, again.text);
  assert.equal(again.body.id, given.id);
  assert.equal(again.body.status, 'failed');
});

test('an item a rail accepted is never given up: it is followed again until it settles, and reaches the rail once', async () => {
  const { sandboxKey: key } = await service.newAccount();
  await fund(http, key, 1_000_000);
  const bene = await vpaBeneficiary(http, key, 'success@upi');
  // The payout is created and handed to the rail, but recording the rail's answer fails every time.
  await refusePayoutWrites('refuse_settling', 'update', `new.status <> 'initiated' and new.idempotency_key = 'give-up-railed'`);
  const created = await http.post('/v1/payout_batches', {
    key,
    json: { payouts: [{ beneficiary_id: bene, amount: 25_000, mode: 'upi', idempotency_key: 'give-up-railed' }] },
  });
  assert.equal(created.status, 200, created.text);

  // Wait until the workflow has failed more often than the give-up limit (each attempt hands the payout over
  // again, which stamps rail_handover_at; the rail already has it, so it is not sent again), then mend the fault.
  const deadline = Date.now() + 90_000;
  const handovers = new Set<string>();
  for (;;) {
    const [row] = await service.sql<{ at: string | null }>(`select rail_handover_at::text as at from payouts where idempotency_key = 'give-up-railed'`);
    if (row?.at) handovers.add(row.at);
    if (handovers.size >= 5) break;
    assert.ok(Date.now() < deadline, `the item's payout was tried again and again (${handovers.size} hand-overs so far)`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const [stuck] = [...(await batchPayouts(key, created.body.id)).values()];
  assert.equal(stuck.status, 'initiated', 'still followed, not given up');
  await service.sql(`drop trigger refuse_settling on payouts`);

  const batch = await waitForBatch(key, created.body.id, 90_000);
  assert.deepEqual(batch.counts, batchCounts({ initiated: 0, completed: 1, failed: 0, reversed: 0 }));
  const [payout] = [...(await batchPayouts(key, batch.id)).values()];
  assert.equal(payout.status, 'completed');
  const [sent] = await service.sql<{ accepted: string }>(
    `select count(*) filter (where not duplicate) as accepted from rail_submissions where idempotency_key = ?`,
    [payout.id],
  );
  assert.equal(Number(sent.accepted), 1, 'one accepted submission');
  const [all] = await service.sql<{ n: string }>(`select count(*) as n from rail_submissions where idempotency_key = ?`, [payout.id]);
  assert.equal(Number(all.n), 1, 'handed over again and again, sent to the rail once');
  const balance = await http.get('/v1/balance', { key });
  assert.equal(balance.body.available, 1_000_000 - 25_000);
  assert.equal(balance.body.reserved, 0);
});
