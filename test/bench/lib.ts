// Measuring helpers shared by the benchmarks (test/bench/*.bench.ts): a concurrent load loop over an
// async function, percentiles, summaries and the lines the benchmarks print.
//
// HTTP load is best generated off the server's event loop: runHttpLoadInWorker runs the loop in a worker
// thread of its own (this file is also that thread's entry point), so the client's work does not
// queue behind the server's JavaScript on the same loop and inflate what is measured.
import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

// ---------------------------------------------------------------------------------------------------
// Load loop

export interface LoadOptions {
  /** Calls in flight at any time (N workers, each awaiting one call before starting the next). */
  concurrency: number;
  /** Run until this many milliseconds have passed (calls in flight then finish and are counted). */
  durationMs?: number;
  /** Or: run exactly this many calls in total. */
  count?: number;
}

export interface LoadResult {
  /** Calls that resolved. */
  completed: number;
  /** Calls that threw (their latency is not recorded). */
  errors: number;
  firstError: string | undefined;
  /** From the first call started to the last call finished. */
  elapsedMs: number;
  /** One entry per completed call, in completion order. */
  latenciesMs: Float64Array<ArrayBuffer>;
}

export function describeError(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return code ? `${err.message} (${String(code)})` : err.message;
  }
  return String(err);
}

/** Runs `fn` with `concurrency` calls in flight, for a fixed duration or a fixed count of calls. */
export async function runLoad(fn: () => Promise<unknown>, options: LoadOptions): Promise<LoadResult> {
  const { concurrency, durationMs, count } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`concurrency must be a positive integer, got ${concurrency}`);
  if ((durationMs === undefined) === (count === undefined)) throw new Error('give exactly one of durationMs and count');
  let latencies = new Float64Array(count ?? 65536);
  let completed = 0;
  let errors = 0;
  let firstError: string | undefined;
  let claimed = 0;
  const started = performance.now();
  const deadline = durationMs === undefined ? Infinity : started + durationMs;
  const more = count === undefined ? () => performance.now() < deadline : () => claimed < count;

  const worker = async () => {
    while (more()) {
      claimed++;
      const t0 = performance.now();
      try {
        await fn();
      } catch (err) {
        errors++;
        firstError ??= describeError(err);
        continue;
      }
      const ms = performance.now() - t0;
      if (completed === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[completed++] = ms;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { completed, errors, firstError, elapsedMs: performance.now() - started, latenciesMs: latencies.slice(0, completed) };
}

// ---------------------------------------------------------------------------------------------------
// Statistics

/** Nearest-rank percentile (p in 0..100) of values sorted ascending; NaN when empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface Summary {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

export function summarize(name: string, result: LoadResult): Summary {
  const sorted = Float64Array.from(result.latenciesMs).sort();
  const seconds = result.elapsedMs / 1000;
  return {
    name,
    requests: result.completed,
    errors: result.errors,
    seconds,
    rps: result.completed / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}

/** Each figure of `runs` on its own, combined by `combine` (so the result need not be any one run). */
function perFigure(name: string, runs: readonly Summary[], combine: (values: number[]) => number): Summary {
  const pick = (key: keyof Omit<Summary, 'name'>) => combine(runs.map((r) => r[key]));
  return {
    name,
    requests: pick('requests'),
    errors: pick('errors'),
    seconds: pick('seconds'),
    rps: pick('rps'),
    p50: pick('p50'),
    p99: pick('p99'),
    max: pick('max'),
  };
}

/** Per-figure median over rounds. */
export function medianOf(name: string, rounds: readonly Summary[]): Summary {
  return perFigure(name, rounds, median);
}

/** Per-figure mean of runs (a baseline measured before and after the run it is compared with). */
export function meanOf(name: string, runs: readonly Summary[]): Summary {
  return perFigure(name, runs, (values) => values.reduce((sum, v) => sum + v, 0) / values.length);
}

// ---------------------------------------------------------------------------------------------------
// Printing

function ms(value: number): string {
  return value < 10 ? value.toFixed(2) : value.toFixed(1);
}

/** `name: X req/s, p50 Y ms, p99 Z ms` */
export function formatSummary(s: Summary): string {
  return `${s.name}: ${Math.round(s.rps)} req/s, p50 ${ms(s.p50)} ms, p99 ${ms(s.p99)} ms`;
}

/** `label: throughput A/B x, p50 A/B x, p99 A/B x` */
export function formatRatio(label: string, a: Summary, b: Summary): string {
  const r = (x: number, y: number) => `${(x / y).toFixed(2)}x`;
  return `${label}: throughput ${r(a.rps, b.rps)}, p50 ${r(a.p50, b.p50)}, p99 ${r(a.p99, b.p99)}`;
}

export function printSummary(s: Summary, prefix = ''): void {
  console.log(`${prefix}${formatSummary(s)}`);
}

export function printRatio(label: string, a: Summary, b: Summary): void {
  console.log(formatRatio(label, a, b));
}

// ---------------------------------------------------------------------------------------------------
// Settings from the environment

/** A positive number from the environment, or the default; anything else is an error. */
export function envNumber(name: string, fallback: number, options: { integer?: boolean; min?: number } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  const min = options.min ?? Number.MIN_VALUE;
  if (!Number.isFinite(value) || value < min || (options.integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be ${options.integer ? 'an integer' : 'a number'} >= ${min}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------
// HTTP

export interface HttpRequestSpec {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Any other status throws (default 200). */
  expectStatus?: number;
}

/** A keep-alive agent with one socket per request in flight. */
export function keepAliveAgent(concurrency: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
}

/** A function that sends the request over `agent`, reads the whole response and checks its status. */
export function httpRequester(spec: HttpRequestSpec, agent: http.Agent): () => Promise<void> {
  const url = new URL(spec.url);
  if (url.protocol !== 'http:') throw new Error(`only http: is supported, got ${spec.url}`);
  const expect = spec.expectStatus ?? 200;
  const headers = { ...spec.headers };
  if (spec.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(spec.body));
  const options: http.RequestOptions = {
    agent,
    host: url.hostname,
    port: url.port,
    path: url.pathname + url.search,
    method: spec.method ?? 'GET',
    headers,
  };
  return () =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(options, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          if (res.statusCode === expect) return resolve();
          const text = Buffer.concat(chunks).toString('utf8').slice(0, 300);
          reject(new Error(`${options.method} ${spec.url} answered ${res.statusCode}, expected ${expect}: ${text}`));
        });
      });
      req.on('error', reject);
      req.end(spec.body);
    });
}

export interface HttpLoadSpec extends HttpRequestSpec {
  concurrency: number;
  /** Load first for this long, on the same connections, and discard it. */
  warmupMs: number;
  durationMs?: number;
  count?: number;
}

export interface HttpLoadResult extends LoadResult {
  warmupErrors: number;
}

const WORKER_TAG = 'paygate-bench-http-load';

interface WorkerInput {
  tag: typeof WORKER_TAG;
  spec: HttpLoadSpec;
}

async function httpLoad(spec: HttpLoadSpec): Promise<HttpLoadResult> {
  const agent = keepAliveAgent(spec.concurrency);
  try {
    const send = httpRequester(spec, agent);
    const warmup = spec.warmupMs > 0 ? await runLoad(send, { concurrency: spec.concurrency, durationMs: spec.warmupMs }) : undefined;
    const result = await runLoad(send, { concurrency: spec.concurrency, durationMs: spec.durationMs, count: spec.count });
    return { ...result, warmupErrors: warmup?.errors ?? 0 };
  } finally {
    agent.destroy();
  }
}

/**
 * Warm-up, then a measured load of one HTTP request, in a worker thread with its own event loop and a
 * fresh keep-alive agent (`concurrency` sockets). Resolves with the measured part.
 */
export function runHttpLoadInWorker(spec: HttpLoadSpec): Promise<HttpLoadResult> {
  const input: WorkerInput = { tag: WORKER_TAG, spec };
  return resultOfThread<HttpLoadResult>(new URL(import.meta.url), input, 'load worker');
}

/**
 * Starts a worker thread on the module at `url` with `data`, and resolves with the `result` it posts before
 * it exits (rejects with the `error` it posts, or when it exits without either).
 */
export function resultOfThread<T>(url: URL, data: unknown, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, { workerData: data });
    let result: T | undefined;
    worker.once('message', (message: { result?: T; error?: string }) => {
      if (message.error) reject(new Error(`${what}: ${message.error}`));
      else result = message.result;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`${what} exited with code ${code} before reporting`));
    });
  });
}

if (!isMainThread && (workerData as Partial<WorkerInput> | null)?.tag === WORKER_TAG && parentPort) {
  const port = parentPort;
  httpLoad((workerData as WorkerInput).spec).then(
    (result) => port.postMessage({ result }, [result.latenciesMs.buffer]),
    (err: unknown) => port.postMessage({ error: describeError(err) }),
  );
}

// ---------------------------------------------------------------------------------------------------
// CPU time by process

/** CPU seconds used so far by each group of processes: this one, and those whose command line names `marker`. */
export interface CpuSample {
  self: number;
  /** By the first word of the command line (`temporal`, `postgres`), descendants included, live and ended. */
  others: Record<string, number>;
  /** This process's threads by name (digits dropped): the main thread, worker threads, the SDK's Rust threads. */
  threads: Record<string, number>;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * Reads /proc: this process's CPU time (every thread), and that of each process whose command line contains
 * `marker` (a data dir) with all its descendants (postgres backends are children of the postmaster), grouped by
 * program name. Exited processes count no more, so take samples while the stack runs.
 */
export async function cpuSample(marker: string): Promise<CpuSample> {
  const { readdir, readFile } = await import('node:fs/promises');
  const procs = new Map<number, { ppid: number; ticks: number; name: string; marked: boolean }>();
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
      procs.set(pid, {
        ppid: Number(fields[1]),
        // utime + stime, and cutime + cstime: what its children that have ended used (PostgreSQL's backends, which
        // the pool closes when idle, end up there; counted only live, a sample after one ended fell below the last).
        ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
        name: (cmdline[0] || stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))).split('/').pop() ?? '?',
        marked: cmdline.some((arg) => arg.includes(marker)),
      });
    } catch {
      // gone meanwhile
    }
  }
  const others: Record<string, number> = {};
  for (const [pid, p] of procs) {
    // The group a process counts in: its nearest marked ancestor (itself included).
    let at: number | undefined = pid;
    let root: { name: string } | undefined;
    for (let hops = 0; at && hops < 64; hops++) {
      const q = procs.get(at);
      if (!q) break;
      if (q.marked) root = q;
      at = q.ppid;
    }
    if (root && pid !== process.pid) others[root.name] = (others[root.name] ?? 0) + p.ticks / TICKS_PER_SECOND;
  }
  const threads: Record<string, number> = {};
  for (const tid of await readdir('/proc/self/task')) {
    try {
      const stat = await readFile(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const comm = (await readFile(`/proc/self/task/${tid}/comm`, 'utf8')).trim().replace(/[0-9]+$/, '');
      threads[comm] = (threads[comm] ?? 0) + (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    } catch {
      // gone meanwhile
    }
  }
  const usage = process.cpuUsage();
  return { self: (usage.user + usage.system) / 1e6, others, threads };
}

/** CPU milliseconds per call between two samples, by process group: `node 3.1, temporal 4.0, postgres 1.2`. */
export function cpuPerCall(before: CpuSample, after: CpuSample, calls: number): string {
  const parts = [`this process ${(((after.self - before.self) * 1000) / calls).toFixed(2)}`];
  for (const name of Object.keys(after.others).sort()) {
    parts.push(`${name} ${((((after.others[name] ?? 0) - (before.others[name] ?? 0)) * 1000) / calls).toFixed(2)}`);
  }
  const threads = Object.keys(after.threads)
    .map((name) => [name, (((after.threads[name] ?? 0) - (before.threads[name] ?? 0)) * 1000) / calls] as const)
    .filter(([, v]) => v >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([name, v]) => `${name} ${v.toFixed(2)}`);
  return `CPU ms per call: ${parts.join(', ')} (threads: ${threads.join(', ')})`;
}
