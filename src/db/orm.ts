// MikroORM setup: one ORM per process, committed migrations applied at start (never schema.update()).
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities.ts';
import { Migration20261122000000_foundation } from './migrations/Migration20261122000000_foundation.ts';
import { Migration20261122010000_payouts } from './migrations/Migration20261122010000_payouts.ts';
import { Migration20261122020000_payments } from './migrations/Migration20261122020000_payments.ts';
import { Migration20261123000000_webhooks } from './migrations/Migration20261123000000_webhooks.ts';
import { Migration20261124000000_collections } from './migrations/Migration20261124000000_collections.ts';
import { Migration20261124010000_batch_simulate } from './migrations/Migration20261124010000_batch_simulate.ts';
import { Migration20261125000000_top_up_status_check } from './migrations/Migration20261125000000_top_up_status_check.ts';
import { Migration20261126000000_rate_limits } from './migrations/Migration20261126000000_rate_limits.ts';
import { Migration20261126120000_payout_rail_handover } from './migrations/Migration20261126120000_payout_rail_handover.ts';
import { Migration20261126130000_unsealed_replays_index } from './migrations/Migration20261126130000_unsealed_replays_index.ts';
import { Migration20261126200000_payment_links } from './migrations/Migration20261126200000_payment_links.ts';
import { Migration20261126210000_reports } from './migrations/Migration20261126210000_reports.ts';
import { Migration20261127090000_report_chunks_uncompressed } from './migrations/Migration20261127090000_report_chunks_uncompressed.ts';
import { Migration20261128000000_webhook_retry_queue } from './migrations/Migration20261128000000_webhook_retry_queue.ts';
import { Migration20261129000000_webhook_retry_queue_task_queue } from './migrations/Migration20261129000000_webhook_retry_queue_task_queue.ts';
import { Migration20261130000000_connections } from './migrations/Migration20261130000000_connections.ts';
import { Migration20261130100000_report_retention } from './migrations/Migration20261130100000_report_retention.ts';
import { Migration20261130100100_unsealed_secret_replays_index } from './migrations/Migration20261130100100_unsealed_secret_replays_index.ts';
import { Migration20261130400000_connection_settings } from './migrations/Migration20261130400000_connection_settings.ts';
import { Migration20261130500000_live_payouts } from './migrations/Migration20261130500000_live_payouts.ts';
import { Migration20261130600000_provider_events } from './migrations/Migration20261130600000_provider_events.ts';
import { Migration20261130700000_mandates } from './migrations/Migration20261130700000_mandates.ts';
import { Migration20261201000000_reconciliation } from './migrations/Migration20261201000000_reconciliation.ts';
import { Migration20261202000000_live_payments } from './migrations/Migration20261202000000_live_payments.ts';
import { Migration20261202500000_live_settlements_and_link_qr } from './migrations/Migration20261202500000_live_settlements_and_link_qr.ts';
import { Migration20261203000000_collection_mandates } from './migrations/Migration20261203000000_collection_mandates.ts';
import { Migration20261204000000_api_key_changes } from './migrations/Migration20261204000000_api_key_changes.ts';
import { Migration20261205000000_link_attempt_hold } from './migrations/Migration20261205000000_link_attempt_hold.ts';
import { Migration20261206000000_live_mandates } from './migrations/Migration20261206000000_live_mandates.ts';
import { Migration20261207010000_provider_event_matching } from './migrations/Migration20261207010000_provider_event_matching.ts';
import { Migration20261207030000_object_connections } from './migrations/Migration20261207030000_object_connections.ts';
import { Migration20261207050000_customer_client_details } from './migrations/Migration20261207050000_customer_client_details.ts';
import { Migration20261207060000_collection_source_call } from './migrations/Migration20261207060000_collection_source_call.ts';
import { Migration20261208010000_connection_attention } from './migrations/Migration20261208010000_connection_attention.ts';
import { Migration20261209000000_collection_setup_refusals } from './migrations/Migration20261209000000_collection_setup_refusals.ts';
import { Migration20261210000000_api_key_roles } from './migrations/Migration20261210000000_api_key_roles.ts';
import { Migration20261211000000_payout_waits } from './migrations/Migration20261211000000_payout_waits.ts';
import { Migration20261211010000_refund_creators } from './migrations/Migration20261211010000_refund_creators.ts';
import { Migration20261212000000_batch_place_wait } from './migrations/Migration20261212000000_batch_place_wait.ts';
import { Migration20261213000000_beneficiary_verifications } from './migrations/Migration20261213000000_beneficiary_verifications.ts';

/** Committed migrations, in order. Append new ones; never edit one that has landed. */
export const migrationsList = [
  { name: 'Migration20261122000000_foundation', class: Migration20261122000000_foundation },
  { name: 'Migration20261122010000_payouts', class: Migration20261122010000_payouts },
  { name: 'Migration20261122020000_payments', class: Migration20261122020000_payments },
  { name: 'Migration20261123000000_webhooks', class: Migration20261123000000_webhooks },
  { name: 'Migration20261124000000_collections', class: Migration20261124000000_collections },
  { name: 'Migration20261124010000_batch_simulate', class: Migration20261124010000_batch_simulate },
  { name: 'Migration20261125000000_top_up_status_check', class: Migration20261125000000_top_up_status_check },
  { name: 'Migration20261126000000_rate_limits', class: Migration20261126000000_rate_limits },
  { name: 'Migration20261126120000_payout_rail_handover', class: Migration20261126120000_payout_rail_handover },
  { name: 'Migration20261126130000_unsealed_replays_index', class: Migration20261126130000_unsealed_replays_index },
  { name: 'Migration20261126200000_payment_links', class: Migration20261126200000_payment_links },
  { name: 'Migration20261126210000_reports', class: Migration20261126210000_reports },
  { name: 'Migration20261127090000_report_chunks_uncompressed', class: Migration20261127090000_report_chunks_uncompressed },
  { name: 'Migration20261128000000_webhook_retry_queue', class: Migration20261128000000_webhook_retry_queue },
  { name: 'Migration20261129000000_webhook_retry_queue_task_queue', class: Migration20261129000000_webhook_retry_queue_task_queue },
  { name: 'Migration20261130000000_connections', class: Migration20261130000000_connections },
  { name: 'Migration20261130100000_report_retention', class: Migration20261130100000_report_retention },
  { name: 'Migration20261130100100_unsealed_secret_replays_index', class: Migration20261130100100_unsealed_secret_replays_index },
  { name: 'Migration20261130400000_connection_settings', class: Migration20261130400000_connection_settings },
  { name: 'Migration20261130500000_live_payouts', class: Migration20261130500000_live_payouts },
  { name: 'Migration20261130600000_provider_events', class: Migration20261130600000_provider_events },
  { name: 'Migration20261130700000_mandates', class: Migration20261130700000_mandates },
  { name: 'Migration20261201000000_reconciliation', class: Migration20261201000000_reconciliation },
  { name: 'Migration20261202000000_live_payments', class: Migration20261202000000_live_payments },
  { name: 'Migration20261202500000_live_settlements_and_link_qr', class: Migration20261202500000_live_settlements_and_link_qr },
  { name: 'Migration20261203000000_collection_mandates', class: Migration20261203000000_collection_mandates },
  { name: 'Migration20261204000000_api_key_changes', class: Migration20261204000000_api_key_changes },
  { name: 'Migration20261205000000_link_attempt_hold', class: Migration20261205000000_link_attempt_hold },
  { name: 'Migration20261206000000_live_mandates', class: Migration20261206000000_live_mandates },
  { name: 'Migration20261207010000_provider_event_matching', class: Migration20261207010000_provider_event_matching },
  { name: 'Migration20261207030000_object_connections', class: Migration20261207030000_object_connections },
  { name: 'Migration20261207050000_customer_client_details', class: Migration20261207050000_customer_client_details },
  { name: 'Migration20261207060000_collection_source_call', class: Migration20261207060000_collection_source_call },
  { name: 'Migration20261208010000_connection_attention', class: Migration20261208010000_connection_attention },
  { name: 'Migration20261209000000_collection_setup_refusals', class: Migration20261209000000_collection_setup_refusals },
  { name: 'Migration20261210000000_api_key_roles', class: Migration20261210000000_api_key_roles },
  { name: 'Migration20261211000000_payout_waits', class: Migration20261211000000_payout_waits },
  { name: 'Migration20261211010000_refund_creators', class: Migration20261211010000_refund_creators },
  { name: 'Migration20261212000000_batch_place_wait', class: Migration20261212000000_batch_place_wait },
  { name: 'Migration20261213000000_beneficiary_verifications', class: Migration20261213000000_beneficiary_verifications },
];

export type Orm = MikroORM;

/** Creates the database named in the URL when it does not exist yet (first start, fresh test run). */
export async function ensureDatabaseExists(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) return;
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // created concurrently by another process
      });
    }
  } finally {
    await client.end();
  }
}

export async function openOrm(
  databaseUrl: string,
  options: { poolMax?: number; debug?: boolean; /** where MikroORM's own lines go (default console.log) */ logger?: (message: string) => void } = {},
): Promise<Orm> {
  return MikroORM.init({
    ...(options.logger ? { logger: options.logger } : {}),
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
    pool: { min: 0, max: options.poolMax ?? 20 },
    debug: options.debug ?? false,
    allowGlobalContext: false,
    ensureDatabase: false,
  });
}

/** Any constant: the advisory lock that lets one process at a time apply migrations. */
const MIGRATION_LOCK = 7_261_122;

/**
 * Applies pending migrations. Processes that start together (an API and a worker, two test services)
 * take turns through a PostgreSQL advisory lock held on a connection of its own; the later ones then
 * find nothing pending.
 */
export async function migrate(orm: Orm): Promise<string[]> {
  const client = new pg.Client({ connectionString: orm.config.get('clientUrl') });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await orm.migrator.up();
    return applied.map((m) => m.name);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}

/** One round trip to the database (GET /readyz). */
export async function pingDatabase(em: EntityManager): Promise<true> {
  await em.execute('select 1');
  return true;
}
