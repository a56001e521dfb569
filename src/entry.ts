// Shared by the three entry points: load config, start the stack for a role, stop it on a signal.
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { createLogger } from './logger.ts';
import { startStack, type Role } from './stack.ts';

export async function run(role: Role): Promise<void> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  let stack;
  try {
    stack = await startStack(config, logger, role);
  } catch (err) {
    process.stderr.write(`\nCould not start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  const lines = [''];
  if (stack.apiUrl) {
    lines.push(`  API          ${stack.apiUrl}/v1   (OpenAPI: ${stack.apiUrl}/v1/openapi.json)`);
    lines.push(`  Reference    ${stack.apiUrl}/docs`);
  }
  if (stack.temporalUiUrl) lines.push(`  Temporal UI  ${stack.temporalUiUrl}`);
  lines.push(`  Temporal     ${stack.temporalAddress} (namespace ${config.TEMPORAL_NAMESPACE})`);
  lines.push(`  Database     ${config.DATABASE_URL ? 'DATABASE_URL' : `embedded PostgreSQL, data in ${config.DATA_DIR}`}`);
  if (stack.demo) {
    lines.push('', `  Demo account ${stack.demo.account_id} created. Its sandbox key (shown once):`, `    ${stack.demo.sandbox_key}`);
    lines.push(`  Try: curl ${stack.apiUrl}/v1/balance -u ${stack.demo.sandbox_key}:`);
  }
  lines.push('', `  ${role === 'worker' ? 'Worker' : 'Service'} ready. Ctrl-C stops it.`, '');
  process.stdout.write(lines.join('\n') + '\n');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A worker that dies on its own takes the process with it, so a supervisor can restart it.
  stack.worker?.done.then(
    () => {
      if (!stopping) void shutdown('worker stopped');
    },
    () => {
      if (!stopping) void shutdown('worker failed');
    },
  );
}
