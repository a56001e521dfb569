// Worker composition root: one worker serves every workflow and activity on the task queue.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NativeConnection, Runtime, Worker, bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createActivities } from '../../activities/index.ts';
import type { Logger } from '../logger.ts';

export const workflowsPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../workflows/index.ts');

let runtimeInstalled = false;
/** Our process owns signal handling (graceful shutdown drains the worker itself). */
export function installRuntime(): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  try {
    Runtime.install({ shutdownSignals: [] });
  } catch {
    // Already installed by an earlier call in this process.
  }
}

let bundle: Promise<WorkflowBundleWithSourceMap> | undefined;
/** Bundling takes seconds; do it once per process. */
export function workflowBundle(): Promise<WorkflowBundleWithSourceMap> {
  bundle ??= bundleWorkflowCode({ workflowsPath, logger: undefined });
  return bundle;
}

export interface WorkerHandle {
  worker: Worker;
  /** Resolves when the worker has stopped (after shutdown() or on a fatal error). */
  done: Promise<void>;
  /** Stops polling, lets running activities finish, then resolves. */
  shutdown(): Promise<void>;
}

export async function startWorker(options: {
  address: string;
  namespace: string;
  taskQueue: string;
  orm: MikroORM;
  logger: Logger;
}): Promise<WorkerHandle> {
  installRuntime();
  const connection = await NativeConnection.connect({ address: options.address });
  const worker = await Worker.create({
    connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    workflowBundle: await workflowBundle(),
    activities: createActivities({ orm: options.orm }),
    shutdownGraceTime: '10 seconds',
  });
  const done = worker.run().finally(() => connection.close());
  done.catch((err: unknown) => options.logger.error({ err }, 'Temporal worker stopped with an error'));
  return {
    worker,
    done,
    shutdown: async () => {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await done.catch(() => {});
    },
  };
}
