// `npm run test:conformance`: Schemathesis (the standard OpenAPI fuzzer) against the whole service, as a new
// user would run it. Starts `npm start` on a data dir of its own (embedded PostgreSQL and Temporal dev server),
// takes the demo account's sandbox key, funds it, then runs `schemathesis run` with every check and every phase
// (examples, coverage, fuzzing, stateful) for a fixed time budget and a fixed seed, against GET
// /v1/openapi.json. Schemathesis comes from PyPI into .tools/schemathesis (a virtual environment) when missing.
// Fails on any finding outside test/conformance/baseline.json (each entry names its reason). hooks.py applies the
// two rules OpenAPI cannot state (fresh idempotency keys; no deliberate connection drops).
//
//   CONFORMANCE_SECONDS   time budget of the run (default 240)
//   CONFORMANCE_SEED      Schemathesis seed (default fixed, so a CI run is repeatable)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { killGroup, npmStartHarness, waitForValue } from '../helpers/npm-start.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCHEMATHESIS_VERSION = '4.32.5';
const venv = path.join(root, '.tools', 'schemathesis');
const bin = path.join(venv, 'bin', 'schemathesis');
const seconds = Number(process.env.CONFORMANCE_SECONDS ?? 240);
const seed = process.env.CONFORMANCE_SEED ?? '20261125';
const artifacts = path.join(root, '.artifacts', 'conformance');

interface BaselineEntry {
  code: string;
  operation: string;
  reason: string;
}
interface Finding {
  code: string;
  title: string;
  operation: string;
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
    const funded = await fetch(`${harness.apiUrl}/v1/test_helpers/top_ups`, { method: 'POST', headers: auth, body: JSON.stringify({ amount: 1_000_000_000 }) });
    if (funded.status !== 200) throw new Error(`funding the demo account: ${funded.status} ${await funded.text()}`);

    const report = path.join(artifacts, 'report.json');
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
    if (!existsSync(report)) throw new Error(`schemathesis wrote no report (exit ${code})`);
    return judge(JSON.parse(readFileSync(report, 'utf8')));
  } finally {
    if (started.child.pid) killGroup(started.child.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 3000));
    harness.cleanup();
  }
}

/** Compares the report's findings with the baseline; prints both; 0 when nothing new. */
function judge(report: {
  test_cases: { generated: number };
  failures: { code: string; title: string; count: number; operations: string[] }[];
  errors?: { title?: string; message?: string; count?: number; operations?: string[] }[];
}): number {
  const baseline: BaselineEntry[] = JSON.parse(readFileSync(path.join(root, 'test', 'conformance', 'baseline.json'), 'utf8'));
  const known = new Set(baseline.map((b) => `${b.code} ${b.operation}`));
  const findings: Finding[] = report.failures.flatMap((f) => f.operations.map((operation) => ({ code: f.code, title: f.title, operation })));
  // Errors (a dropped connection, a timeout) are findings too: the hooks take out the one simulation that drops
  // connections on purpose.
  for (const e of report.errors ?? []) for (const operation of e.operations ?? ['?']) findings.push({ code: 'error', title: e.title ?? e.message ?? 'error', operation });
  const fresh = findings.filter((f) => !known.has(`${f.code} ${f.operation}`));
  console.log(`\nconformance: ${report.test_cases.generated} generated cases; findings by check:`);
  for (const f of report.failures) console.log(`  ${f.code} ${f.title}: ${f.operations.length} operation(s)`);
  for (const e of report.errors ?? []) console.log(`  error ${e.title ?? e.message}: ${(e.operations ?? []).length} operation(s)`);
  console.log(`  baseline: ${baseline.length} entr${baseline.length === 1 ? 'y' : 'ies'}; outside it: ${fresh.length}`);
  for (const f of fresh) console.log(`  NEW ${f.code} ${f.title}: ${f.operation}`);
  return fresh.length === 0 ? 0 : 1;
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(err);
  return 1;
});
