// `npm run bench:payout-queue`: how fast the low-balance queue lets payouts go, beside fresh payouts measured in the
// same run against the same service (docs/api.md, "Payouts that wait"; issue "Payouts that wait": at least 0.8x).
//
// - Fresh: N `POST /v1/payouts` on a funded account, C in flight, timed from the first request until every one is
//   answered `initiated` (its money reserved).
// - Queue: N `POST /v1/payouts` with `queue_if_low_balance=true` on an account with no money (each answers `queued`,
//   untimed), then one top-up that covers them all, timed from the top-up's answer until none is `queued` any more
//   (each one's money reserved by the queue, oldest first), polled every 50 ms.
// Runs interleave (fresh, queue, fresh, queue, fresh) on accounts of their own, and each queue run is compared with
// the mean of the fresh runs beside it, since the dev server slows as its database grows.
//
//   BENCH_QUEUE_PAYOUTS   payouts per run (default 1000)
//   BENCH_CONCURRENCY     requests in flight (default 16)
//   BENCH_ROUNDS          queue runs (default 2)
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAccount } from '../../src/db/accounts.ts';
import { envNumber, runLoad } from './lib.ts';
import { UNREACHABLE_RATE_LIMIT, runBench, startBenchStack } from './stack.ts';

const payouts = envNumber('BENCH_QUEUE_PAYOUTS', 1000, { integer: true, min: 1 });
const concurrency = envNumber('BENCH_CONCURRENCY', 16, { integer: true, min: 1 });
const rounds = envNumber('BENCH_ROUNDS', 2, { integer: true, min: 1 });
const AMOUNT = 100;

async function api(method: string, url: string, apiKey: string, body?: unknown, idempotencyKey?: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function main(): Promise<void> {
  const { stack } = await startBenchStack({ env: { RATE_LIMIT_SANDBOX: UNREACHABLE_RATE_LIMIT, RATE_LIMIT_LIVE: UNREACHABLE_RATE_LIMIT } });
  const apiUrl = stack.apiUrl!;
  const { orm } = stack;

  /** A new account with a success@upi beneficiary, funded with `funds`. */
  const account = async (funds: number) => {
    const made = await createAccount(orm.em.fork(), `Queue bench ${randomUUID().slice(0, 6)}`);
    if (funds > 0) assert.equal((await api('POST', `${apiUrl}/v1/test_helpers/top_ups`, made.sandbox_key, { amount: funds }, randomUUID())).status, 200);
    const bene = await api('POST', `${apiUrl}/v1/beneficiaries`, made.sandbox_key, { name: 'Queue payee', type: 'vpa', vpa: 'success@upi' });
    assert.equal(bene.status, 200, JSON.stringify(bene.body));
    return { id: made.account_id, key: made.sandbox_key, beneficiaryId: bene.body.id as string };
  };
  const pay = (a: { key: string; beneficiaryId: string }, queue: boolean, want: string) => async () => {
    const res = await api('POST', `${apiUrl}/v1/payouts`, a.key, { beneficiary_id: a.beneficiaryId, amount: AMOUNT, mode: 'upi', ...(queue ? { queue_if_low_balance: true } : {}) }, randomUUID());
    if (res.status !== 200 || res.body.status !== want) throw new Error(`answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  };
  const queuedLeft = async (accountId: string) =>
    (await orm.em.fork().execute<{ n: number }[]>(`select count(*)::int as n from payouts where account_id = ? and status = 'queued'`, [accountId]))[0].n;

  const fresh = async (): Promise<number> => {
    const a = await account(payouts * AMOUNT);
    const result = await runLoad(pay(a, false, 'initiated'), { concurrency, count: payouts });
    assert.equal(result.errors, 0, result.firstError);
    return payouts / (result.elapsedMs / 1000);
  };
  const queued = async (): Promise<number> => {
    const a = await account(0);
    const joined = await runLoad(pay(a, true, 'queued'), { concurrency, count: payouts });
    assert.equal(joined.errors, 0, joined.firstError);
    assert.equal(await queuedLeft(a.id), payouts);
    assert.equal((await api('POST', `${apiUrl}/v1/test_helpers/top_ups`, a.key, { amount: payouts * AMOUNT }, randomUUID())).status, 200);
    const t0 = performance.now();
    while ((await queuedLeft(a.id)) > 0) await sleep(50);
    return payouts / ((performance.now() - t0) / 1000);
  };

  console.log(`sizes: ${payouts} payouts per run, ${concurrency} in flight, ${rounds} queue rounds`);
  await fresh(); // warm-up, not counted
  const freshRuns = [await fresh()];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const q = await queued();
    freshRuns.push(await fresh());
    const beside = (freshRuns[freshRuns.length - 2] + freshRuns[freshRuns.length - 1]) / 2;
    ratios.push(q / beside);
    console.log(`round ${r + 1}: queue released ${q.toFixed(1)} payouts/s, fresh payouts beside it ${beside.toFixed(1)}/s: ratio ${(q / beside).toFixed(2)}x`);
  }
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
  console.log(`queue vs fresh payouts: ${median.toFixed(2)}x (median of ${ratios.length}; target at least 0.80x)`);
}

await runBench('bench:payout-queue', main);
