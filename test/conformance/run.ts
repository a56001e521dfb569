// `npm run test:conformance`: Schemathesis (the standard OpenAPI fuzzer) against the whole service, as a new
// user would run it. Starts `npm start` on a data dir of its own (embedded PostgreSQL and Temporal dev server),
// takes the demo account's sandbox key, funds it, then runs `schemathesis run` with every check and every phase
// (examples, coverage, fuzzing, stateful) for a fixed time budget and a fixed seed, against GET
// /v1/openapi.json. Schemathesis comes from PyPI into .tools/schemathesis (a virtual environment) when missing.
// hooks.py applies the rules OpenAPI cannot state (fresh idempotency keys; no deliberate connection drops).
//
// Judged one failing check at a time, not one operation at a time: every case runs to the end
// (--continue-on-failure, so a known finding does not stop the cases after it), and each failed check in
// Schemathesis's event stream (NDJSON) must match an entry of test/conformance/baseline.json: its check, its
// operation, and the answer the reason explains (status, error code, param). Anything else fails the run, and so
// does any error (a dropped connection, a timeout).
//
//   CONFORMANCE_SECONDS   time budget of the run (default 240)
//   CONFORMANCE_SEED      Schemathesis seed (default fixed, so a CI run is repeatable)
//   CONFORMANCE_ARGS      extra arguments, e.g. --include-path-regex '^/v1/customers' for a local look
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { killGroup, npmStartHarness, waitForValue } from '../helpers/npm-start.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCHEMATHESIS_VERSION = '4.32.5';
const venv = path.join(root, '.tools', 'schemathesis');
const bin = path.join(venv, 'bin', 'schemathesis');
const seconds = Number(process.env.CONFORMANCE_SECONDS ?? 240);
const seed = process.env.CONFORMANCE_SEED ?? '20261125';
const artifacts = path.join(root, '.artifacts', 'conformance');

/**
 * A finding the service means to give, with why (a rule OpenAPI 3.1 cannot state), and the answer it gives:
 * its status and, for an error, its code and the param it names (each a regular expression matched whole);
 * `fields` are top-level values the answer's JSON must have.
 */
interface BaselineEntry {
  check: string;
  operations: string[];
  answer: { status: number; code?: string; params?: string[]; fields?: Record<string, unknown> };
  reason: string;
}

/** One failed check of one case, with the answer that failed it. */
interface Finding {
  check: string;
  title: string;
  operation: string;
  request: string;
  status?: number;
  code?: string;
  param?: string;
  message?: string;
  body?: Record<string, unknown>;
}

function installSchemathesis(): void {
  if (existsSync(bin)) return;
  console.log(`installing schemathesis ${SCHEMATHESIS_VERSION} into ${venv}`);
  mkdirSync(path.dirname(venv), { recursive: true });
  execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
  execFileSync(path.join(venv, 'bin', 'pip'), ['install', '--quiet', `schemathesis==${SCHEMATHESIS_VERSION}`], { stdio: 'inherit' });
}

async function main(): Promise<number> {
  installSchemathesis();
  mkdirSync(artifacts, { recursive: true });
  const harness = await npmStartHarness(
    {
      // The fuzzer sends thousands of requests a minute from one key and one address: limits would answer most
      // of them 429 and test nothing else.
      RATE_LIMIT_SANDBOX: '1000000000',
      // Its requests without a key (the ignored_auth check) come from one address too.
      RATE_LIMIT_UNAUTHENTICATED: '1000000000',
      PAYMENT_LINK_PAGE_REQUESTS_PER_MINUTE: '1000000000',
      PAYMENT_LINK_ATTEMPTS_PER_MINUTE: '1000000000',
      LOG_LEVEL: 'warn',
    },
    'conformance',
  );
  const started = await harness.start();
  try {
    const key = await waitForValue('the demo sandbox key', async () => /sk_sandbox_[A-Za-z0-9]+/.exec(started.output())?.[0], 60_000);
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    // A NEFT or RTGS payout may ask for up to 10^12 paise, so one funding of 10^9 could be spent by the first
    // large payout the fuzzer draws, and every payout after it would answer 402 untested: fund 20 times the largest
    // amount. Running out is still possible and is a documented answer (baseline: 402 insufficient_funds).
    for (let i = 0; i < 20; i++) {
      const funded = await fetch(`${harness.apiUrl}/v1/test_helpers/top_ups`, { method: 'POST', headers: auth, body: JSON.stringify({ amount: 1_000_000_000_000 }) });
      if (funded.status !== 200) throw new Error(`funding the demo account: ${funded.status} ${await funded.text()}`);
    }

    const report = path.join(artifacts, 'report.json');
    const events = path.join(artifacts, 'events.ndjson');
    const args = [
      'run',
      `${harness.apiUrl}/v1/openapi.json`,
      '--url',
      harness.apiUrl,
      '--header',
      `Authorization: Bearer ${key}`,
      '--checks',
      'all',
      '--phases',
      'examples,coverage,fuzzing,stateful',
      '--max-time',
      String(seconds),
      '--request-timeout',
      '20',
      '--seed',
      seed,
      '--report-json-path',
      report,
      '--report',
      'ndjson',
      '--report-ndjson-path',
      events,
      '--continue-on-failure',
      '--no-color',
      // Extra arguments for a local look at a few operations, e.g. --include-path-regex '^/v1/customers'.
      ...(process.env.CONFORMANCE_ARGS ? process.env.CONFORMANCE_ARGS.split(' ') : []),
    ];
    console.log(`schemathesis ${args.join(' ').replace(key, '[key]')}`);
    const code = await new Promise<number>((resolve) => {
      const child = spawn(bin, args, {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, SCHEMATHESIS_HOOKS: 'hooks', PYTHONPATH: path.join(root, 'test', 'conformance') },
      });
      let log = '';
      child.stdout.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        process.stdout.write(chunk);
      });
      child.on('close', (status) => {
        writeFileSync(path.join(artifacts, 'run.log'), log);
        resolve(status ?? 1);
      });
    });
    if (!existsSync(report) || !existsSync(events)) throw new Error(`schemathesis wrote no report (exit ${code})`);
    return judge(JSON.parse(readFileSync(report, 'utf8')), await failedChecks(events));
  } finally {
    if (started.child.pid) killGroup(started.child.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 3000));
    harness.cleanup();
  }
}

interface Interaction {
  request: { method: string; uri: string };
  response?: { status_code: number; content?: { $base64?: string; string?: string } };
}
interface CheckResult {
  name: string;
  status: string;
  failure_info?: { failure: { code: string; title: string; operation: string } };
}

/** An answer's JSON body and, when it is the error envelope, its code, param and message. */
function answerOf(response: Interaction['response']): Pick<Finding, 'code' | 'param' | 'message' | 'body'> {
  const content = response?.content;
  const text = content?.$base64 !== undefined ? Buffer.from(content.$base64, 'base64').toString('utf8') : content?.string;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text ?? '') as Record<string, unknown>;
  } catch {
    return {};
  }
  const error = body?.error as { code?: unknown; param?: unknown; message?: unknown } | undefined;
  if (!error) return { body };
  return { body, code: String(error.code ?? ''), param: typeof error.param === 'string' ? error.param : undefined, message: String(error.message ?? '') };
}

/** Every failed check of every case, from Schemathesis's event stream (one JSON event per line). */
async function failedChecks(file: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.startsWith('{"ScenarioFinished"')) continue;
    const recorder = (JSON.parse(line) as { ScenarioFinished: { recorder: { checks?: Record<string, CheckResult[]>; interactions?: Record<string, Interaction> } } }).ScenarioFinished.recorder;
    for (const [caseId, checks] of Object.entries(recorder.checks ?? {})) {
      for (const check of checks) {
        const failure = check.failure_info?.failure;
        if (check.status !== 'failure' || !failure) continue;
        const interaction = recorder.interactions?.[caseId];
        findings.push({
          check: failure.code,
          title: failure.title,
          operation: failure.operation,
          request: interaction ? `${interaction.request.method} ${interaction.request.uri}` : '(no request recorded)',
          status: interaction?.response?.status_code,
          ...answerOf(interaction?.response),
        });
      }
    }
  }
  return findings;
}

function explains(entry: BaselineEntry, f: Finding): boolean {
  return (
    entry.check === f.check &&
    entry.operations.includes(f.operation) &&
    entry.answer.status === f.status &&
    entry.answer.code === f.code &&
    Object.entries(entry.answer.fields ?? {}).every(([k, v]) => f.body?.[k] === v) &&
    (entry.answer.params === undefined || (f.param !== undefined && entry.answer.params.some((p) => new RegExp(`^(?:${p})$`).test(f.param!))))
  );
}

/** Compares every failed check with the baseline and prints both; 0 when the baseline explains them all. */
function judge(
  report: {
    test_cases: { generated: number };
    failures: { code: string; title: string; count: number; operations: string[] }[];
    errors?: { title?: string; message?: string; count?: number; operations?: string[] }[];
  },
  findings: Finding[],
): number {
  const baseline: BaselineEntry[] = JSON.parse(readFileSync(path.join(root, 'test', 'conformance', 'baseline.json'), 'utf8'));
  const used = new Map<BaselineEntry, number>();
  const fresh: Finding[] = [];
  for (const f of findings) {
    const entry = baseline.find((b) => explains(b, f));
    if (entry) used.set(entry, (used.get(entry) ?? 0) + 1);
    else fresh.push(f);
  }
  console.log(`\nconformance: ${report.test_cases.generated} generated cases, ${findings.length} failed checks`);
  for (const f of report.failures) console.log(`  ${f.code} ${f.title}: ${f.operations.length} operation(s)`);
  for (const e of report.errors ?? []) console.log(`  error ${e.title ?? e.message}: ${(e.operations ?? []).join(', ')}`);
  console.log(`  baseline: ${baseline.length} entries explain ${findings.length - fresh.length} failed checks`);
  for (const entry of baseline) console.log(`    ${String(used.get(entry) ?? 0).padStart(6)}  ${entry.check} ${entry.answer.status} ${entry.answer.code ?? JSON.stringify(entry.answer.fields ?? {})} ${entry.answer.params?.join('|') ?? ''} (${entry.operations.length} operations)`);
  // The same unexplained answer once per operation, check and error, with one request that produced it.
  const seen = new Set<string>();
  for (const f of fresh) {
    const key = `${f.check} ${f.operation} ${f.status} ${f.code} ${f.param}`;
    if (seen.has(key)) continue;
    seen.add(key);
    console.log(`  NEW ${f.check} ${f.title}: ${f.operation} answered ${f.status ?? '-'} ${f.code ?? ''} ${f.param ?? ''} ${f.message ?? ''}\n      ${f.request.slice(0, 400)}`);
  }
  const errors = (report.errors ?? []).length;
  console.log(`  outside the baseline: ${fresh.length} failed checks (${seen.size} distinct), ${errors} errors`);
  return fresh.length === 0 && errors === 0 ? 0 : 1;
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(err);
  return 1;
});
