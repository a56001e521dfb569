// The other side of `npm run bench:payouts`, in a process of its own so that none of its CPU counts as the
// service's: the baseline's no-op worker (noop-workflows.ts on a task queue of its own) and every load generator
// (the no-op Update-with-Start calls and the HTTP POSTs of payouts). Started by payouts.bench.ts with fork(); takes
// commands over IPC and answers each with its result.
import { WithStartWorkflowOperation, Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker, bundleWorkflowCode } from '@temporalio/worker';
import { fileURLToPath } from 'node:url';
import { describeError, runLoad } from './lib.ts';
import { payoutLoad, type PayoutLoadInput } from './payout-load.ts';
import { noopUpdate, noopUpdateWorkflow, type NoopActivities } from './noop-workflows.ts';

export interface LoadProcessSetup {
  address: string;
  namespace: string;
  noopQueue: string;
  runId: string;
}

export type LoadRequest = { cmd: 'noop'; count: number; concurrency: number } | { cmd: 'payouts'; input: Omit<PayoutLoadInput, 'tag'> } | { cmd: 'stop' };
export type LoadCommand = LoadRequest & { id: number };

async function main(setup: LoadProcessSetup): Promise<void> {
  const silent = () => {};
  const bundle = await bundleWorkflowCode({
    workflowsPath: fileURLToPath(new URL('./noop-workflows.ts', import.meta.url)),
    logger: { log: silent, trace: silent, debug: silent, info: silent, warn: silent, error: (message) => console.error(message) },
  });
  const native = await NativeConnection.connect({ address: setup.address });
  const activities: NoopActivities = { async noopPage() {}, async noopComplete() {} };
  const worker = await Worker.create({ connection: native, namespace: setup.namespace, taskQueue: setup.noopQueue, workflowBundle: bundle, activities });
  const running = worker.run();
  const connection = await Connection.connect({ address: setup.address });
  const client = new Client({ connection, namespace: setup.namespace });
  let seq = 0;
  const noopCall = async () => {
    const startWorkflowOperation = new WithStartWorkflowOperation(noopUpdateWorkflow, {
      workflowId: `noop-update/${setup.runId}/${seq++}`,
      taskQueue: setup.noopQueue,
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
    });
    const answer = await client.workflow.executeUpdateWithStart(noopUpdate, { startWorkflowOperation });
    if (answer !== 'ok') throw new Error(`no-op update answered ${JSON.stringify(answer)}`);
  };
  process.on('message', (message: LoadCommand) => {
    const reply = (body: object) => process.send!({ id: message.id, ...body });
    if (message.cmd === 'stop') {
      worker.shutdown();
      void running.finally(async () => {
        await connection.close();
        await native.close();
        reply({ result: true });
        process.disconnect();
      });
      return;
    }
    const work = message.cmd === 'noop' ? runLoad(noopCall, { concurrency: message.concurrency, count: message.count }) : payoutLoad(message.input);
    work.then(
      (result) => reply({ result }),
      (err: unknown) => reply({ error: describeError(err) }),
    );
  });
  process.send!({ id: 0, result: 'ready' });
}

const setup = JSON.parse(process.env.BENCH_LOAD_SETUP ?? 'null') as LoadProcessSetup | null;
if (setup && process.send) {
  main(setup).catch((err: unknown) => {
    console.error('load process failed:', err);
    process.exit(1);
  });
}
