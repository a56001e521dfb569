// Worker composition root: one worker serves every workflow and activity on the task queue.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DefaultLogger, NativeConnection, Runtime, Worker, bundleWorkflowCode, type LogLevel, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { MikroORM } from '@mikro-orm/postgresql';
import { type ActivityDeps, createActivities } from '../../../activities/index.ts';
import type { Client } from '@temporalio/client';
import { createSandboxPayoutRail, type SandboxTimings } from '../../rails/sandbox/payout-rail.ts';
import { createSandboxPaymentRail, createSandboxRefundRail } from '../../rails/sandbox/payment-rail.ts';
import { createSandboxVerificationRail } from '../../rails/sandbox/verification-rail.ts';
import { createLiveVerificationRail } from './connections/live-verification-rail.ts';
import { payoutReportSink } from './rail-reports.ts';
import { createLiveGateways } from './connections/live-gateway.ts';
import { createLiveRecurrings } from './connections/live-recurring.ts';
import type { AutopayWindows } from '../../domain/autopay-windows.ts';
import { createLivePayoutRail, providerPace } from './connections/live-payout-rail.ts';
import { createLivePaymentRails } from './connections/live-payment-rail.ts';
import { createAccountReaders } from './connections/provider-accounts.ts';
import type { Logger } from '../../logger.ts';
import { createWebhookSender } from '../../webhooks/sender.ts';
import { endpointSecretContext, type SecretBox } from '../../db/sealed.ts';
import { startWebhookDispatcher } from './webhook-dispatcher.ts';
import { startWebhookRetryStarter } from './webhook-retry-starter.ts';
import { activityInterceptors } from './interceptors.ts';
import { connectorOf, liveLimitsOf } from '../../connectors/index.ts';
import type { TemporalGateway } from '../client/gateway.ts';

export const workflowsPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../workflows/index.ts');

let runtimeInstalled = false;
/** Our process owns signal handling (graceful shutdown drains the worker itself). */
export function installRuntime(logger: Logger): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  // The SDK's own lines go to our logger, so LOG_LEVEL governs them too.
  const level: LogLevel = logger.isLevelEnabled('debug') ? 'DEBUG' : logger.isLevelEnabled('info') ? 'INFO' : 'WARN';
  const sdkLogger = new DefaultLogger(level, (entry) => {
    const { message, level: lvl, meta } = entry;
    const method = lvl === 'ERROR' ? 'error' : lvl === 'WARN' ? 'warn' : lvl === 'INFO' ? 'info' : 'debug';
    logger[method]({ component: 'temporal-sdk', ...meta }, message);
  });
  try {
    Runtime.install({ shutdownSignals: [], logger: sdkLogger });
  } catch {
    // Already installed by an earlier call in this process.
  }
}

let bundle: Promise<WorkflowBundleWithSourceMap> | undefined;
/** Bundling takes seconds; do it once per process. */
export function workflowBundle(logger?: Logger): Promise<WorkflowBundleWithSourceMap> {
  const quiet = (level: 'debug' | 'warn' | 'error') => (message: string, meta?: Record<string, unknown>) => logger?.[level](meta ?? {}, message);
  bundle ??= bundleWorkflowCode({
    workflowsPath,
    // Evaluated once per worker and shared by every workflow, instead of once per workflow (the reusable V8 context
    // keeps a module cache per workflow). Safe because these modules keep no per-workflow state at module scope:
    // constants, activity proxies and update definitions only; the SDK freezes what they export.
    preloadModules: [workflowsPath],
    // webpack's build report is noise at info level; keep it for debugging.
    logger: { log: (_level, message, meta) => quiet('debug')(message, meta), trace: quiet('debug'), debug: quiet('debug'), info: quiet('debug'), warn: quiet('warn'), error: quiet('error') },
  });
  return bundle;
}

/** Worker slots and pollers; see docs/payout-write-path.md, "Worker settings", for the measurements behind the defaults. */
export interface WorkerTuning {
  maxWorkflowTasks?: number;
  workflowTaskPolls?: number;
  maxLocalActivities?: number;
  maxActivities?: number;
  maxCachedWorkflows?: number;
}

/** The Worker.create options of a tuning: what is set, else the measured defaults (WORKER_TUNING_DEFAULTS). */
export function workerTuning(tuning: WorkerTuning = {}) {
  const t = { ...WORKER_TUNING_DEFAULTS, ...Object.fromEntries(Object.entries(tuning).filter(([, v]) => v !== undefined)) };
  return {
    maxConcurrentWorkflowTaskExecutions: t.maxWorkflowTasks,
    maxConcurrentWorkflowTaskPolls: Math.min(t.workflowTaskPolls, t.maxWorkflowTasks),
    maxConcurrentLocalActivityExecutions: t.maxLocalActivities,
    maxConcurrentActivityTaskExecutions: t.maxActivities,
    ...(t.maxCachedWorkflows !== undefined ? { maxCachedWorkflows: t.maxCachedWorkflows } : {}),
  };
}

/**
 * Measured on the embedded dev server with `npm run bench:payouts` (docs/payout-write-path.md, "Worker settings"): a local
 * activity holds its workflow task's slot while it runs, so a batch's window of 200 children wants about as
 * many workflow task slots (the SDK's 40 made them queue); 300 single payouts at 16 in flight went from
 * 23.6/s to 31.2/s.
 */
export const WORKER_TUNING_DEFAULTS: Required<Omit<WorkerTuning, 'maxCachedWorkflows'>> & Pick<WorkerTuning, 'maxCachedWorkflows'> = {
  maxWorkflowTasks: 200,
  workflowTaskPolls: 20,
  maxLocalActivities: 200,
  maxActivities: 100,
  maxCachedWorkflows: undefined,
};

export interface WorkerHandle {
  worker: Worker;
  /** Resolves when the worker has stopped (after shutdown() or on a fatal error). */
  done: Promise<void>;
  /** Stops polling, lets running activities finish, then resolves. */
  shutdown(): Promise<void>;
}

/**
 * The rails of each mode. Live money needs an account's connection to a provider (docs/api.md, Live mode), which the API
 * asks for before any workflow starts (403 connection_required): a live rail reached here is a defect, refused
 * outright. The sandbox payout rail's reports (its reversals) start workflows through the process's client.
 */
function createRails(options: {
  orm: MikroORM;
  client: Client;
  taskQueue: string;
  sandbox: SandboxTimings;
  provider: ProviderSettings;
  webhooks: { secrets: SecretBox };
  logger?: Logger;
}): ActivityDeps['rails'] {
  const { orm, sandbox: timings } = options;
  const { provider } = options;
  const livePayouts = createLivePayoutRail({ orm, secrets: options.webhooks.secrets, maxRps: provider.maxRps, checkAgainInMs: provider.pollSeconds * 1000, logger: options.logger });
  const live = createLivePaymentRails({
    orm,
    secrets: options.webhooks.secrets,
    pace: providerPace(orm, provider.maxRps),
    checkAgainInMs: provider.pollSeconds * 1000,
    publicBaseUrl: () => provider.publicBaseUrl?.() ?? 'http://127.0.0.1',
    logger: options.logger,
  });
  return {
    payouts: { sandbox: createSandboxPayoutRail({ orm, timings, report: payoutReportSink(options.client, options.taskQueue) }), live: livePayouts },
    payments: { sandbox: createSandboxPaymentRail({ orm, timings }), live: live.payments },
    refunds: { sandbox: createSandboxRefundRail({ orm, timings }), live: live.refunds },
    verifications: {
      sandbox: createSandboxVerificationRail(),
      live: createLiveVerificationRail({
        orm,
        secrets: options.webhooks.secrets,
        maxRps: provider.maxRps,
        checkAgainInMs: provider.pollSeconds * 1000,
        maxPendingMs: (provider.verificationPendingSeconds ?? 432_000) * 1000,
        logger: options.logger,
      }),
    },
  };
}

/** How provider calls are paced and retried (the PROVIDER_* settings). */
export interface ProviderSettings {
  maxRps: number;
  retryDelaysSeconds: number[];
  lookupWindowSeconds: number;
  pollSeconds: number;
  /** VERIFICATION_PENDING_SECONDS: how long a live verification waits for the bank. */
  verificationPendingSeconds?: number;
  /** UPI_COLLECT_EXPIRY_SECONDS: how long a live payment waits for its customer. */
  paymentExpirySeconds?: number;
  /** PUBLIC_BASE_URL as it is when asked (the API's own address is known only once it listens). */
  publicBaseUrl?: () => string;
}

/** What the worker is started with (the composition root's settings and collaborators). */
export interface WorkerOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  orm: MikroORM;
  logger: Logger;
  /** The process's Temporal client: where the rails' own reports (a sandbox reversal) start their workflows. */
  client: Client;
  /** A prebuilt workflow bundle (tests build one for every worker of the run). */
  workflowBundlePath?: string;
  sandbox: SandboxTimings;
  /** RAIL_INLINE_WAIT_MS. */
  railInlineWaitMs?: number;
  /** PAYOUT_QUEUE_SECONDS. */
  payoutQueueSeconds?: number;
  /** COLLECTION_NOTICE_SECONDS (ms) and UPI_AUTOPAY_WINDOWS: the debit rules a collection run started before mandates takes up. */
  collectionDebit?: { noticeMs: number; windows: AutopayWindows };
  /** PROVIDER_* settings. */
  provider: ProviderSettings;
  /** Slots and pollers (WORKER_* settings); unset ones keep workerTuning's defaults. */
  tuning?: WorkerTuning;
  /**
   * Webhook delivery: how the outbox dispatcher starts delivery workflows, its timing, the box that opens endpoint
   * secrets, and whether sandbox deliveries may connect to private addresses.
   */
  webhooks: {
    startDelivery: TemporalGateway['startDelivery'];
    startWebhookFanOut: TemporalGateway['startWebhookFanOut'];
    startDeliveryRetries: TemporalGateway['startDeliveryRetries'];
    timeoutMs: number;
    dispatchIntervalMs: number;
    outOfOrderHoldMs: number;
    /** WEBHOOK_RETRY_STARTS_PER_SECOND. */
    retryStartsPerSecond: number;
    /** WEBHOOK_RETRY_STARTS_PER_SECOND_BUSY. */
    busyRetryStartsPerSecond: number;
    /** WEBHOOK_RETRY_MAX_DEFER_MS. */
    retryMaxDeferMs: number;
    /** WEBHOOK_DISPATCH_GATHER_MS. */
    gatherMs?: number;
    secrets: SecretBox;
    allowPrivateSandbox: boolean;
  };
}

export async function startWorker(options: WorkerOptions): Promise<WorkerHandle> {
  installRuntime(options.logger);
  const { secrets } = options.webhooks;
  const webhookSender = createWebhookSender({
    timeoutMs: options.webhooks.timeoutMs,
    allowPrivateSandbox: options.webhooks.allowPrivateSandbox,
    openSecret: (stored, endpointId) => secrets.open(stored, endpointSecretContext(endpointId)),
  });
  const connection = await NativeConnection.connect({ address: options.address });
  const worker = await Worker.create({
    connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    workflowBundle: options.workflowBundlePath ? { codePath: options.workflowBundlePath } : await workflowBundle(options.logger),
    activities: createActivities({
      orm: options.orm,
      webhookSender,
      railInlineWaitMs: options.railInlineWaitMs,
      payoutQueueSeconds: options.payoutQueueSeconds,
      collectionDebit: options.collectionDebit,
      provider: { retryDelaysSeconds: options.provider.retryDelaysSeconds, lookupWindowSeconds: options.provider.lookupWindowSeconds },
      paymentExpiryMs: (options.provider.paymentExpirySeconds ?? 600) * 1000,
      rails: createRails(options),
      liveLimitsOf: (accountId) => liveLimitsOf(options.orm.em.fork(), accountId),
      translateProviderEvent,
      gateways: createLiveGateways({
        orm: options.orm,
        secrets,
        maxRps: options.provider.maxRps,
        checkAgainInMs: options.provider.pollSeconds * 1000,
        logger: options.logger,
      }),
      accountReaderOf: createAccountReaders({ orm: options.orm, secrets, maxRps: options.provider.maxRps, checkAgainInMs: options.provider.pollSeconds * 1000 }),
      recurrings: createLiveRecurrings({
        orm: options.orm,
        secrets,
        pace: providerPace(options.orm, options.provider.maxRps),
        checkAgainInMs: options.provider.pollSeconds * 1000,
        publicBaseUrl: () => options.provider.publicBaseUrl?.() ?? 'http://127.0.0.1',
      }),
    }),
    ...workerTuning(options.tuning),
    // A database error no retry can fix ends its activity (src/domain/failures.ts, UNSTORABLE_DATA).
    interceptors: { activity: activityInterceptors },
    shutdownGraceTime: '10 seconds',
  });
  // The outbox dispatcher lives and dies with the worker (several workers may run: they share the work).
  const dispatcher = startWebhookDispatcher({
    orm: options.orm,
    startDelivery: options.webhooks.startDelivery,
    startWebhookFanOut: options.webhooks.startWebhookFanOut,
    logger: options.logger,
    intervalMs: options.webhooks.dispatchIntervalMs,
    outOfOrderHoldMs: options.webhooks.outOfOrderHoldMs,
    gatherMs: options.webhooks.gatherMs,
  });
  const retryStarter = startWebhookRetryStarter({
    orm: options.orm,
    taskQueue: options.taskQueue,
    startDeliveryRetries: options.webhooks.startDeliveryRetries,
    logger: options.logger,
    startsPerSecond: options.webhooks.retryStartsPerSecond,
    busyStartsPerSecond: options.webhooks.busyRetryStartsPerSecond,
    maxDeferMs: options.webhooks.retryMaxDeferMs,
    lastClaimAt: dispatcher.lastClaimAt,
  });
  const done = worker.run().finally(async () => {
    await Promise.all([dispatcher.stop(), retryStarter.stop()]);
    await webhookSender.close().catch(() => {});
    await connection.close();
  });
  done.catch((err: unknown) => options.logger.error({ err }, 'Temporal worker stopped with an error'));
  return {
    worker,
    done,
    shutdown: async () => {
      await Promise.all([dispatcher.stop(), retryStarter.stop()]);
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await done.catch(() => {});
    },
  };
}

/** An inbound webhook's body in our terms, by its connection's connector. */
function translateProviderEvent(provider: string, body: string) {
  const connector = connectorOf(provider);
  if (!connector) throw new Error(`no connector for provider ${provider}`);
  return connector.webhooks.translate(body);
}
