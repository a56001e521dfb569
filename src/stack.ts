// Starts the service's parts in order and stops them in reverse: embedded PostgreSQL and Temporal
// (only when DATABASE_URL / TEMPORAL_ADDRESS are unset), migrations, the worker, the HTTP API.
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { secretsKeyOf, type Config } from './config.ts';
import type { Logger } from './logger.ts';
import { createApp, createServer } from './api/app.ts';
import { countAccounts, createAccount } from './db/accounts.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { ensureDatabaseExists, migrate, openOrm, type Orm } from './db/orm.ts';
import { createSecretBox } from './db/sealed.ts';
import { sealClearTextWebhookSecrets } from './db/webhooks.ts';
import { connectTemporal, gatewaySettings, type TemporalClientHandle } from './temporal/client/gateway.ts';
import { resolveTemporalBinary } from './temporal/worker/binary.ts';
import { startDevServer } from './temporal/worker/dev-server.ts';
import { startBatchSweeper } from './temporal/worker/batch-sweeper.ts';
import { ensureSettlementSchedule } from './temporal/worker/settlement-schedule.ts';
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

export async function startStack(given: Config, logger: Logger, role: Role = 'all', options: StackOptions = {}): Promise<Stack> {
  // What the development entry (`npm start`, role all) does differently when unset: private sandbox webhook
  // destinations are allowed, and the secrets key is generated under DATA_DIR (API.md, Webhooks).
  const allowPrivateDestinations = given.WEBHOOK_ALLOW_PRIVATE_DESTINATIONS ?? role === 'all';
  const config: Config = { ...given, WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: allowPrivateDestinations };
  const secrets = createSecretBox(secretsKeyOf(config, role === 'all'));
  const stops: Array<{ name: string; stop: () => Promise<unknown> }> = [];
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
    const sealed = await sealClearTextWebhookSecrets(orm.em.fork(), secrets);
    if (sealed) logger.info({ sealed }, 'sealed webhook secrets stored in clear text before encryption');

    let temporalAddress = config.TEMPORAL_ADDRESS;
    let temporalUiUrl: string | undefined;
    if (!temporalAddress) {
      const binary = resolveTemporalBinary(config.TEMPORAL_CLI_PATH, (line) => logger.info(line));
      const dev = await startDevServer({
        binary,
        dataDir: path.join(config.DATA_DIR, 'temporal'),
        port: config.TEMPORAL_PORT,
        uiPort: config.TEMPORAL_UI_PORT,
        namespace: config.TEMPORAL_NAMESPACE,
      });
      stops.push({ name: 'temporal dev server', stop: dev.stop });
      temporalAddress = dev.address;
      temporalUiUrl = dev.uiUrl;
    }

    let demo: Stack['demo'];
    if (role !== 'worker') {
      const em = orm.em.fork();
      if ((await countAccounts(em)) === 0) {
        const created = await createAccount(em, 'Demo account');
        demo = { account_id: created.account_id, sandbox_key: created.sandbox_key };
      }
    }

    // One client per process: the API starts workflows with it, and so does the worker's outbox dispatcher.
    const settings = gatewaySettings(config);
    const temporal: TemporalClientHandle = await connectTemporal({
      address: temporalAddress,
      namespace: config.TEMPORAL_NAMESPACE,
      orm,
      settings,
    });
    stops.push({ name: 'temporal client', stop: temporal.close });

    let worker: WorkerHandle | undefined;
    if (role !== 'api') {
      worker = await startWorker({
        address: temporalAddress,
        namespace: config.TEMPORAL_NAMESPACE,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        orm,
        logger,
        client: temporal.client,
        workflowBundlePath: options.workflowBundlePath,
        tuning: {
          maxWorkflowTasks: config.WORKER_MAX_WORKFLOW_TASKS,
          workflowTaskPolls: config.WORKER_WORKFLOW_TASK_POLLS,
          maxLocalActivities: config.WORKER_MAX_LOCAL_ACTIVITIES,
          maxActivities: config.WORKER_MAX_ACTIVITIES,
          maxCachedWorkflows: config.WORKER_MAX_CACHED_WORKFLOWS,
        },
        railInlineWaitMs: config.RAIL_INLINE_WAIT_MS,
        provider: {
          maxRps: config.PROVIDER_MAX_RPS,
          retryDelaysSeconds: config.PROVIDER_RETRY_DELAYS_SECONDS,
          lookupWindowSeconds: config.PROVIDER_LOOKUP_WINDOW_SECONDS,
          pollSeconds: config.PROVIDER_POLL_SECONDS,
        },
        sandbox: {
          processingMs: config.SANDBOX_PAYOUT_DELAY_MS,
          slowMs: config.SANDBOX_SLOW_DELAY_MS,
          reversalMs: config.SANDBOX_REVERSAL_DELAY_MS,
        },
        webhooks: {
          secrets,
          allowPrivateSandbox: allowPrivateDestinations,
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
      const sweeper = startBatchSweeper({ orm, gateway: temporal.gateway, intervalMs: config.PAYOUT_BATCH_SWEEP_INTERVAL_MS, logger });
      stops.push({ name: 'payout batch sweeper', stop: sweeper.stop });
    }

    let server: Server | undefined;
    let apiUrl: string | undefined;
    if (role !== 'worker') {
      const app = createApp({ config, orm, temporal: temporal.gateway, logger, secrets });
      const httpServer = createServer(app, config);
      server = httpServer;
      await new Promise<void>((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(config.PORT, config.HOST, () => resolve());
      });
      stops.push({
        name: 'http server',
        // Stop accepting, let in-flight requests finish, then drop idle keep-alive sockets.
        stop: () =>
          new Promise<void>((resolve) => {
            httpServer.close(() => resolve());
            httpServer.closeIdleConnections();
          }),
      });
      const { port } = httpServer.address() as AddressInfo;
      const host = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
      apiUrl = `${config.tls ? 'https' : 'http'}://${host}:${port}`;
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
