// `npm run bench:webhooks`: webhook deliveries per second through the whole service (event rows committed
// to the outbox → dispatcher → one Temporal workflow per (event, endpoint) → activity → signed POST →
// attempt recorded), beside a plain undici POST loop that sends the same signed payloads to the same
// receiver. The difference is what durability costs per delivery: the workflow, its history, the
// activity round trips and the delivery log.
//
// Everything is started here on free ports in a temp DATA_DIR: embedded PostgreSQL and the Temporal dev
// server through startStack (unless DATABASE_URL / TEMPORAL_ADDRESS are set), API + worker. The receiver
// (answers 200 at once) runs in a worker thread of its own, so its work does not queue behind the service's
// JavaScript; it counts requests in shared memory. Rounds alternate service, plain; figures are medians.
//
//   BENCH_EVENTS        events (= deliveries, one endpoint) per round (default 1000)
//   BENCH_CONCURRENCY   POSTs in flight in the plain loop (default 32)
//   BENCH_ROUNDS        rounds of each (default 2)
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Agent, request } from 'undici';
import { createAccount } from '../../src/db/accounts.ts';
import { EventEntity } from '../../src/db/entities.ts';
import { recordEvent } from '../../src/db/events.ts';
import { eventView } from '../../src/db/views.ts';
import { signWebhook } from '../../src/webhooks/signing.ts';
import { envNumber, median, runLoad } from './lib.ts';
import { onBenchStop, runBench, startBenchStack } from './stack.ts';

const RECEIVER_TAG = 'paygate-bench-webhook-receiver';

// ---------------------------------------------------------------------------------------------------
// The receiver thread: 200 to everything, one counter per path in shared memory.

const PATHS = ['/service', '/plain'] as const;

if (!isMainThread && (workerData as { tag?: string } | null)?.tag === RECEIVER_TAG && parentPort) {
  const counters = new Int32Array((workerData as { counters: SharedArrayBuffer }).counters);
  const port = parentPort;
  const server = http.createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
    req.resume();
    req.on('end', () => {
      const slot = PATHS.indexOf(req.url as (typeof PATHS)[number]);
      if (slot >= 0) Atomics.add(counters, slot, 1);
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
      res.end('ok');
    });
  });
  server.listen(0, '127.0.0.1', () => port.postMessage({ port: (server.address() as AddressInfo).port }));
  port.on('message', (m: string) => {
    if (m === 'stop') server.close(() => process.exit(0));
  });
}

async function startReceiverThread(): Promise<{ url: (p: string) => string; count: (p: (typeof PATHS)[number]) => number; stop: () => Promise<void> }> {
  const shared = new SharedArrayBuffer(4 * PATHS.length);
  const counters = new Int32Array(shared);
  const worker = new Worker(new URL(import.meta.url), { workerData: { tag: RECEIVER_TAG, counters: shared } });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (m: { port: number }) => resolve(m.port));
    worker.once('error', reject);
  });
  return {
    url: (p) => `http://127.0.0.1:${port}${p}`,
    count: (p) => Atomics.load(counters, PATHS.indexOf(p)),
    stop: async () => {
      worker.postMessage('stop');
      await new Promise((r) => worker.once('exit', r));
    },
  };
}

// ---------------------------------------------------------------------------------------------------

const events = envNumber('BENCH_EVENTS', 1000, { integer: true, min: 1 });
const concurrency = envNumber('BENCH_CONCURRENCY', 32, { integer: true, min: 1 });
const rounds = envNumber('BENCH_ROUNDS', 2, { integer: true, min: 1 });

/** A payout as its events carry it: a realistic body size. */
function payoutObject(i: number): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: `pout_bench${String(i).padStart(8, '0')}${randomUUID().replaceAll('-', '').slice(0, 10)}`,
    object: 'payout',
    livemode: false,
    beneficiary_id: 'bene_01JD3Y8X4W0000000000000000',
    amount: 250_000 + i,
    currency: 'INR',
    mode: 'upi',
    status: 'completed',
    failure_reason: null,
    utr: `SBX${String(i).padStart(12, '0')}`,
    batch_id: null,
    reference: `run-${i}`,
    narration: 'Salary',
    metadata: { employee: `E${i}` },
    idempotency_key: randomUUID(),
    created_at: now,
    completed_at: now,
    failed_at: null,
    reversed_at: null,
  };
}

async function waitForCount(what: string, read: () => number, target: number, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (read() < target) {
    if (performance.now() > deadline) throw new Error(`${what}: ${read()} of ${target} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const receiver = await startReceiverThread();
  onBenchStop(() => receiver.stop());
  const { stack } = await startBenchStack();
  const { orm } = stack;
  const account = await createAccount(orm.em.fork(), 'Benchmark account');
  const created = await fetch(`${stack.apiUrl}/v1/webhook_endpoints`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.sandbox_key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url('/service'), enabled_events: ['*'] }),
  });
  const endpoint = (await created.json()) as { id: string; secret: string };
  assert.equal(created.status, 200, JSON.stringify(endpoint));

  /** Commits `n` events in one transaction; returns their ids and the event JSON bodies as GET shows them. */
  const commitEvents = async (n: number): Promise<{ ids: string[]; committedAt: number }> => {
    const ids: string[] = [];
    await orm.em.fork().transactional(async (tx) => {
      for (let i = 0; i < n; i++) ids.push(await recordEvent(tx, { accountId: account.account_id, mode: 'sandbox', type: 'payout.completed', object: payoutObject(i) }));
    });
    return { ids, committedAt: performance.now() };
  };

  console.log(
    `stack up in ${((performance.now() - startedAt) / 1000).toFixed(1)} s ` +
      `(PostgreSQL ${process.env.DATABASE_URL ? 'from DATABASE_URL' : 'embedded'}, ` +
      `Temporal ${process.env.TEMPORAL_ADDRESS ? 'from TEMPORAL_ADDRESS' : 'dev server'}); Node ${process.version}, ${os.availableParallelism()} CPUs`,
  );

  // Warm-up: workflow cache, connections, JIT.
  await commitEvents(50);
  await waitForCount('warm-up deliveries', () => receiver!.count('/service'), 50, 120_000);

  const plainAgent = new Agent({ connections: concurrency, keepAliveTimeout: 30_000 });
  const serviceRates: number[] = [];
  const plainRates: number[] = [];
  console.log(`${events} events per round, one endpoint (*), receiver answers 200; plain loop: undici, ${concurrency} in flight; ${rounds} round(s)`);
  for (let round = 1; round <= rounds; round++) {
    // Through the service: from the commit of the events to the last delivery received.
    const before = receiver.count('/service');
    const { ids, committedAt } = await commitEvents(events);
    await waitForCount('service deliveries', () => receiver!.count('/service'), before + events, 600_000);
    const serviceSeconds = (performance.now() - committedAt) / 1000;
    serviceRates.push(events / serviceSeconds);
    // Where the time went: starting the workflows (outbox drained) versus running them.
    const [span] = await orm.em.fork().execute<{ drained: string; first: string; last: string }[]>(
      `select extract(epoch from (select max(dispatched_at) - min(dispatched_at) from events where id in (select jsonb_array_elements_text(?::jsonb))))::float8 as drained,
              extract(epoch from (select min(created_at) - (select min(dispatched_at) from events where id in (select jsonb_array_elements_text(?::jsonb))) from webhook_deliveries where event_id in (select jsonb_array_elements_text(?::jsonb))))::float8 as first,
              extract(epoch from (select max(created_at) - min(created_at) from webhook_deliveries where event_id in (select jsonb_array_elements_text(?::jsonb))))::float8 as last`,
      [JSON.stringify(ids), JSON.stringify(ids), JSON.stringify(ids), JSON.stringify(ids)],
    );
    console.log(`  round ${round}  dispatcher started all workflows within ${Number(span.drained).toFixed(2)} s; first delivery ${Number(span.first).toFixed(2)} s after the first start; deliveries spread over ${Number(span.last).toFixed(2)} s`);

    // The same events, signed the same way, POSTed straight to the same receiver.
    const rows = await orm.em.fork().find(EventEntity, { id: { $in: ids } }, { orderBy: { id: 'asc' } });
    const payloads = rows.map((row) => {
      const body = JSON.stringify(eventView(row)); // what the delivery activity sends
      return { body, headers: { 'content-type': 'application/json', ...signWebhook(endpoint.secret, row.id, body) } };
    });
    let next = 0;
    const plainUrl = receiver.url('/plain');
    const result = await runLoad(
      async () => {
        const p = payloads[next++ % payloads.length];
        const res = await request(plainUrl, { method: 'POST', headers: p.headers, body: p.body, dispatcher: plainAgent });
        await res.body.dump();
        if (res.statusCode !== 200) throw new Error(`receiver answered ${res.statusCode}`);
      },
      { concurrency, count: events },
    );
    if (result.errors) throw new Error(`plain loop: ${result.errors} errors; first: ${result.firstError}`);
    plainRates.push(result.completed / (result.elapsedMs / 1000));
    console.log(`  round ${round}  service ${serviceRates.at(-1)!.toFixed(0)} deliveries/s (${serviceSeconds.toFixed(2)} s)  plain undici ${plainRates.at(-1)!.toFixed(0)} POST/s`);
    await new Promise((r) => setTimeout(r, 1000)); // let the round's workflows close
  }
  await plainAgent.close();

  const failed = await orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from webhook_deliveries where endpoint_id = ? and not succeeded`, [endpoint.id]);
  const service = median(serviceRates);
  const plain = median(plainRates);
  console.log(`median of ${rounds} round(s):`);
  console.log(`service (outbox → Temporal workflow → signed POST → log): ${service.toFixed(0)} deliveries/s`);
  console.log(`plain undici POST loop, same signed payloads:            ${plain.toFixed(0)} POST/s`);
  console.log(`service/plain: ${(service / plain).toFixed(3)}x (failed attempts: ${failed[0].n})`);
}

await runBench('bench:webhooks', main);
