// The HTTP load of `npm run bench:payouts` (test/bench/payouts.bench.ts), in a worker thread of its own: POST
// /v1/payouts with a fresh Idempotency-Key per call; a call counts when it is answered 200 with an `initiated`
// payout, or a `completed` one (a call that waited past the update's deadline is answered with the row as it is).
// A call answered a still-processing `503` (Retry-After) is sent again with its key, as a caller would. This file
// is the thread's entry point and imports only Node and lib.ts, so starting the thread does not load the
// service's modules a second time (the bench's own file imports all of them).
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { describeError, keepAliveAgent, resultOfThread, runLoad, type LoadResult } from './lib.ts';

const LOAD_TAG = 'paygate-bench-payout-load';

export interface PayoutLoadInput {
  tag: typeof LOAD_TAG;
  url: string;
  apiKey: string;
  body: string;
  keyPrefix: string;
  concurrency: number;
  count: number;
}

/** A load run in its own thread, with the CPU that thread spent sending (process.threadCpuUsage). */
export type ThreadLoadResult = LoadResult & {
  threadCpuMs: number;
  /** Calls answered `503` with Retry-After (still processing) and sent again with their key, as the contract tells a caller to. */
  retried: number;
};

/** The most times one call is sent again after a still-processing `503` before it counts as an error. */
const MAX_RETRIES = 5;

/** The load itself, wherever it runs (this file's thread, or the bench's load process). */
export async function payoutLoad(input: Omit<PayoutLoadInput, 'tag'>): Promise<ThreadLoadResult> {
  const url = new URL(input.url);
  const agent = keepAliveAgent(input.concurrency);
  let n = 0;
  let retried = 0;
  /** One POST; resolves with the Retry-After seconds when the answer is a `503` that carries it (as the still-processing answer does). */
  const post = (idempotencyKey: string) =>
    new Promise<number | undefined>((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${input.apiKey}`,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(input.body)),
            'idempotency-key': idempotencyKey,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const retryAfter = Number(res.headers['retry-after']);
            if (res.statusCode === 503 && retryAfter > 0) return resolve(retryAfter);
            if (res.statusCode !== 200) return reject(new Error(`POST /v1/payouts answered ${res.statusCode}: ${text.slice(0, 300)}`));
            const status = (JSON.parse(text) as { status?: string }).status;
            if (status !== 'initiated' && status !== 'completed') return reject(new Error(`POST /v1/payouts answered a payout in status ${status}: ${text.slice(0, 300)}`));
            resolve(undefined);
          });
        },
      );
      req.on('error', reject);
      req.end(input.body);
    });
  // A call's latency runs from its first POST to the answer that ends it, retries included.
  const send = async () => {
    const idempotencyKey = `${input.keyPrefix}-${n++}`;
    for (let attempt = 0; ; attempt++) {
      const retryAfter = await post(idempotencyKey);
      if (retryAfter === undefined) return;
      if (attempt === MAX_RETRIES) throw new Error(`POST /v1/payouts answered 503 ${attempt + 1} times with key ${idempotencyKey}`);
      if (attempt === 0) retried++;
      await sleep(retryAfter * 1000);
    }
  };
  try {
    const cpu0 = process.threadCpuUsage();
    const result = await runLoad(send, { concurrency: input.concurrency, count: input.count });
    const cpu = process.threadCpuUsage(cpu0);
    return { ...result, threadCpuMs: (cpu.user + cpu.system) / 1000, retried };
  } finally {
    agent.destroy();
  }
}

if (!isMainThread && (workerData as Partial<PayoutLoadInput> | null)?.tag === LOAD_TAG && parentPort) {
  const port = parentPort;
  payoutLoad(workerData as PayoutLoadInput).then(
    (result) => port.postMessage({ result }, [result.latenciesMs.buffer]),
    (err: unknown) => port.postMessage({ error: describeError(err) }),
  );
}

export function runPayoutLoadInThread(input: Omit<PayoutLoadInput, 'tag'>): Promise<ThreadLoadResult> {
  return resultOfThread<ThreadLoadResult>(new URL(import.meta.url), { tag: LOAD_TAG, ...input } satisfies PayoutLoadInput, 'load thread');
}
