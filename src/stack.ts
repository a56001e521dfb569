// Starts the service's parts in order and stops them in reverse: embedded PostgreSQL and Temporal
// (only when DATABASE_URL / TEMPORAL_ADDRESS are unset), migrations, the worker, the HTTP API.
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { secretsKeyOf, type Config } from './config.ts';
import type { Logger } from './logger.ts';
import { createApp, createServer } from './api/app.ts';
import { countAccounts, createAccount } from './db/accounts.ts';
import { startApiKeyCache } from './db/api-key-cache.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { ensureDatabaseExists, migrate, openOrm, type Orm } from './db/orm.ts';
import { createSecretBox, sealClearTextValues, type SecretBox } from './db/sealed.ts';
import { connectTemporal, gatewaySettings, type TemporalClientHandle } from './temporal/client/gateway.ts';
import { resolveTemporalBinary } from './temporal/worker/binary.ts';
import { startDevServer } from './temporal/worker/dev-server.ts';
import { startBatchSweeper } from './temporal/worker/batch-sweeper.ts';
import { ensureReportCleanupSchedule } from './temporal/worker/report-cleanup-schedule.ts';
import { ensureSettlementSchedule } from './temporal/worker/settlement-schedule.ts';
import { ensureReconcileSchedules } from './temporal/worker/reconcile-schedules.ts';
import { adoptMigratedMandates } from './temporal/worker/mandate-adoption.ts';
import { startWorker, type WorkerHandle } from './temporal/worker/worker.ts';

export type Role = 'all' | 'api' | 'worker';

export interface Stack {
  config: Config;
  orm: Orm;
  databaseUrl: string;
  temporalAddress: string;
  temporalUiUrl: string | undefined;
  temporal: TemporalClientHandle | undefined;
  worker: WorkerHandle | undefined;
  server: Server | undefined;
  /** Base URL of the API (with the real port when PORT=0). */
  apiUrl: string | undefined;
  demo: { account_id: string; sandbox_key: string } | undefined;
  stop(): Promise<void>;
}

export interface StackOptions {
  workflowBundlePath?: string;
}

/** What has started so far, stopped in reverse order. */
type Stops = Array<{ name: string; stop: () => Promise<unknown> }>;

export async function startStack(given: Config, logger: Logger, role: Role = 'all', options: StackOptions = {}): Promise<Stack> {
  // What the development entry (`npm start`, role all) does differently when unset: private sandbox webhook
  // destinations are allowed, and the secrets key is generated under DATA_DIR (docs/api.md, Webhooks).
  const allowPrivateDestinations = given.WEBHOOK_ALLOW_PRIVATE_DESTINATIONS ?? role === 'all';
  const config: Config = { ...given, WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: allowPrivateDestinations };
  const secrets = createSecretBox(secretsKeyOf(config, role === 'all'));
  const stops: Stops = [];
  const stop = async () => {
    for (const part of stops.reverse()) {
      try {
        await part.stop();
        logger.debug({ part: part.name }, 'stopped');
      } catch (err) {
        logger.error({ err, part: part.name }, 'failed to stop cleanly');
      }
    }
    stops.length = 0;
  };
  try {
    const { databaseUrl, orm } = await startDatabase(config, logger, secrets, stops);
    const { temporalAddress, temporalUiUrl } = await startTemporalServer(config, logger, stops);
    const demo = role !== 'worker' ? await ensureDemoAccount(orm) : undefined;

    // One client per process: the API starts workflows with it, and so does the worker's outbox dispatcher.
    const settings = gatewaySettings(config);
    const temporal: TemporalClientHandle = await connectTemporal({
      address: temporalAddress,
      namespace: config.TEMPORAL_NAMESPACE,
      orm,
      settings,
    });
    stops.push({ name: 'temporal client', stop: temporal.close });

    const worker = role !== 'api' ? await startWorkerPart(config, { orm, logger, secrets, temporal, temporalAddress, allowPrivateDestinations, workflowBundlePath: options.workflowBundlePath }, stops) : undefined;

    let server: Server | undefined;
    let apiUrl: string | undefined;
    if (role !== 'worker') {
      ({ server, apiUrl } = await startHttpServer(config, { orm, logger, secrets, temporal }, stops));
      // Without PUBLIC_BASE_URL, payment links point at this server as it listens (its real port when PORT=0).
      if (!config.PUBLIC_BASE_URL) {
        config.publicBaseUrl = apiUrl;
        settings.paymentLinks.publicBaseUrl = apiUrl;
      }
    }
    return { config, orm, databaseUrl, temporalAddress, temporalUiUrl, temporal, worker, server, apiUrl, demo, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** PostgreSQL (embedded when DATABASE_URL is unset), migrated, with any clear-text webhook secret sealed. */
async function startDatabase(config: Config, logger: Logger, secrets: SecretBox, stops: Stops): Promise<{ databaseUrl: string; orm: Orm }> {
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const pg = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
      log: (line) => logger.trace({ component: 'postgres' }, line),
    });
    stops.push({ name: 'postgres', stop: pg.stop });
    databaseUrl = pg.url;
  }
  await ensureDatabaseExists(databaseUrl);
  const orm = await openOrm(databaseUrl, { logger: (line) => logger.debug({ component: 'mikro-orm' }, line) });
  stops.push({ name: 'database pool', stop: () => orm.close() });
  const applied = await migrate(orm);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  const sealed = await sealClearTextValues(orm.em.fork(), secrets);
  if (sealed) logger.info({ sealed }, 'sealed webhook secrets stored in clear text before encryption');
  return { databaseUrl, orm };
}

/** The Temporal server at TEMPORAL_ADDRESS, or an embedded dev server when it is unset. */
async function startTemporalServer(config: Config, logger: Logger, stops: Stops): Promise<{ temporalAddress: string; temporalUiUrl: string | undefined }> {
  if (config.TEMPORAL_ADDRESS) return { temporalAddress: config.TEMPORAL_ADDRESS, temporalUiUrl: undefined };
  const binary = resolveTemporalBinary(config.TEMPORAL_CLI_PATH, (line) => logger.info(line));
  const dev = await startDevServer({
    binary,
    dataDir: path.join(config.DATA_DIR, 'temporal'),
    port: config.TEMPORAL_PORT,
    uiPort: config.TEMPORAL_UI_PORT,
    namespace: config.TEMPORAL_NAMESPACE,
  });
  stops.push({ name: 'temporal dev server', stop: dev.stop });
  return { temporalAddress: dev.address, temporalUiUrl: dev.uiUrl };
}

/** A first account with a sandbox key when the database has none, so a fresh start can be tried at once. */
async function ensureDemoAccount(orm: Orm): Promise<Stack['demo']> {
  const em = orm.em.fork();
  if ((await countAccounts(em)) !== 0) return undefined;
  const created = await createAccount(em, 'Demo account');
  return { account_id: created.account_id, sandbox_key: created.sandbox_key };
}

/** What the worker and the API parts share. */
interface Parts {
  orm: Orm;
  logger: Logger;
  secrets: SecretBox;
  temporal: TemporalClientHandle;
}

/** The worker, the settlement and report-cleanup Schedules and the payout batch sweeper. */
async function startWorkerPart(config: Config, parts: Parts & { temporalAddress: string; allowPrivateDestinations: boolean; workflowBundlePath: string | undefined }, stops: Stops): Promise<WorkerHandle> {
  const { orm, logger, secrets, temporal } = parts;
  const worker = await startWorker({
    address: parts.temporalAddress,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    orm,
    logger,
    client: temporal.client,
    workflowBundlePath: parts.workflowBundlePath ?? config.WORKFLOW_BUNDLE_PATH,
    tuning: {
      maxWorkflowTasks: config.WORKER_MAX_WORKFLOW_TASKS,
      workflowTaskPolls: config.WORKER_WORKFLOW_TASK_POLLS,
      maxLocalActivities: config.WORKER_MAX_LOCAL_ACTIVITIES,
      maxActivities: config.WORKER_MAX_ACTIVITIES,
      maxCachedWorkflows: config.WORKER_MAX_CACHED_WORKFLOWS,
    },
    railInlineWaitMs: config.RAIL_INLINE_WAIT_MS,
    payoutQueueSeconds: config.PAYOUT_QUEUE_SECONDS,
    collectionDebit: { noticeMs: config.COLLECTION_NOTICE_SECONDS * 1000, windows: config.UPI_AUTOPAY_WINDOWS },
    provider: {
      maxRps: config.PROVIDER_MAX_RPS,
      retryDelaysSeconds: config.PROVIDER_RETRY_DELAYS_SECONDS,
      lookupWindowSeconds: config.PROVIDER_LOOKUP_WINDOW_SECONDS,
      pollSeconds: config.PROVIDER_POLL_SECONDS,
      verificationPendingSeconds: config.VERIFICATION_PENDING_SECONDS,
      paymentExpirySeconds: config.UPI_COLLECT_EXPIRY_SECONDS,
      // Read when a netbanking payment is sent: without PUBLIC_BASE_URL the API's own address is known only later.
      publicBaseUrl: () => config.publicBaseUrl,
    },
    sandbox: {
      processingMs: config.SANDBOX_PAYOUT_DELAY_MS,
      slowMs: config.SANDBOX_SLOW_DELAY_MS,
      reversalMs: config.SANDBOX_REVERSAL_DELAY_MS,
    },
    webhooks: {
      secrets,
      allowPrivateSandbox: parts.allowPrivateDestinations,
      startDelivery: temporal.gateway.startDelivery,
      startWebhookFanOut: temporal.gateway.startWebhookFanOut,
      startDeliveryRetries: temporal.gateway.startDeliveryRetries,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      dispatchIntervalMs: config.WEBHOOK_DISPATCH_INTERVAL_MS,
      outOfOrderHoldMs: config.WEBHOOK_OUT_OF_ORDER_HOLD_MS,
      retryStartsPerSecond: config.WEBHOOK_RETRY_STARTS_PER_SECOND,
      busyRetryStartsPerSecond: config.WEBHOOK_RETRY_STARTS_PER_SECOND_BUSY,
      retryMaxDeferMs: config.WEBHOOK_RETRY_MAX_DEFER_MS,
      gatherMs: config.WEBHOOK_DISPATCH_GATHER_MS,
    },
  });
  stops.push({ name: 'worker', stop: worker.shutdown });
  await ensureSettlementSchedule(temporal.client, {
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    time: config.SETTLEMENT_TIME,
    timezone: config.SETTLEMENT_TIMEZONE,
  });
  await ensureReportCleanupSchedule(temporal.client, { taskQueue: config.TEMPORAL_TASK_QUEUE });
  await ensureReconcileSchedules(temporal.client, orm, { taskQueue: config.TEMPORAL_TASK_QUEUE, intervalSeconds: config.RECONCILE_INTERVAL_SECONDS, logger });
  await adoptMigratedMandates(temporal.client, orm, { taskQueue: config.TEMPORAL_TASK_QUEUE, slowApprovalMs: config.SANDBOX_SLOW_DELAY_MS, logger });
  const sweeper = startBatchSweeper({ orm, gateway: temporal.gateway, intervalMs: config.PAYOUT_BATCH_SWEEP_INTERVAL_MS, logger });
  stops.push({ name: 'payout batch sweeper', stop: sweeper.stop });
  return worker;
}

/** The HTTP API, listening; its base URL with the real port (PORT=0 picks one). */
async function startHttpServer(config: Config, parts: Parts, stops: Stops): Promise<{ server: Server; apiUrl: string }> {
  const apiKeys = startApiKeyCache({ databaseUrl: parts.orm.config.get('clientUrl')!, logger: parts.logger });
  stops.push({ name: 'api key cache', stop: apiKeys.stop });
  // Serving before the listener is up is correct (keys are then read from the table), only slower.
  if (!(await apiKeys.ready(5_000))) parts.logger.warn('API key change listener not connected yet: keys are read from the database until it is');
  const app = createApp({ config, orm: parts.orm, temporal: parts.temporal.gateway, logger: parts.logger, secrets: parts.secrets, apiKeys });
  const server = createServer(app, config);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  stops.push({
    name: 'http server',
    // Stop accepting, let in-flight requests finish, then drop idle keep-alive sockets.
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  });
  const { port } = server.address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
  return { server, apiUrl: `${config.tls ? 'https' : 'http'}://${host}:${port}` };
}
