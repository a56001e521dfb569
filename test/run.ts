// `npm test`: every test file through node's test runner, two files at a time (each has a database of its own:
// test/helpers/file-database.ts), the longest first. The runner starts files in the order given, so the files that
// take minutes start at once and the short ones fill the gaps at the end, instead of one long file running alone
// after all the others. The list is the slowest files of a recent run (the durations table `npm test` prints at its
// end); a file missing from it only starts later, and a name here that no longer exists is left out.
import { spawn } from 'node:child_process';
import { existsSync, globSync } from 'node:fs';

const LONGEST_FIRST = [
  'test/conformance/conformance.test.ts',
  'test/integration/live-payout-batches.test.ts',
  'test/integration/payout-batches.test.ts',
  'test/integration/live-mandates.test.ts',
  'test/integration/webhooks-fan-out.test.ts',
  'test/integration/live-payouts.test.ts',
  'test/integration/payout-waits.test.ts',
  'test/integration/collection-timers.test.ts',
  'test/integration/live-payout-kill.test.ts',
  'test/integration/payouts.test.ts',
  'test/integration/chaos.test.ts',
  'test/integration/live-payments.test.ts',
  'test/integration/collection-windows.test.ts',
  'test/integration/collections.test.ts',
  'test/integration/provider-event-trust.test.ts',
  'test/integration/fuzz.test.ts',
  'test/integration/payout-batch-restart.test.ts',
  'test/integration/provider-pace.test.ts',
  'test/integration/collection-source-call.test.ts',
  'test/integration/api-processes.test.ts',
  'test/integration/webhooks.test.ts',
  'test/integration/cli.test.ts',
];

const all = ['test/unit', 'test/integration', 'test/browser'].flatMap((dir) => globSync(`${dir}/**/*.test.ts`).sort());
const files = [...new Set([...LONGEST_FIRST.filter((f) => existsSync(f)), ...all])];

const child = spawn(
  process.execPath,
  [
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=./test/helpers/durations-reporter.ts',
    '--test-reporter-destination=stderr',
    '--test-global-setup=test/helpers/global-setup.ts',
    '--test-concurrency=2',
    '--test-timeout=300000',
    ...files,
  ],
  { stdio: 'inherit' },
);
child.once('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
