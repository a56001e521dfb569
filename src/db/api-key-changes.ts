// Changes to API keys made by this very process (a revoke through `revokeApiKey`), told at once to this process's
// key caches (api-key-cache.ts). Other processes learn of the same change through PostgreSQL's NOTIFY, which reaches
// this process too, but a moment later: without this, a request this process serves right after its own revoke
// could still find the key in its cache.
//
// A revoke answers only once every other API process has forgotten the key too (untilForgottenEverywhere): each
// process's listener acknowledges a change it applied on API_KEY_CHANGE_ACKS_CHANNEL, and the revoker waits for the
// acknowledgement of every listening connection PostgreSQL lists. "Refused at once by every API process" is then true
// of every request sent after the revoke answered, however late a busy machine delivers the notification. A process
// that never acknowledges (it lost its connection: its cache is then off) holds the revoke at most API_KEY_CACHE_MAX_AGE_MS,
// after which no entry read before the change is used anywhere.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool, PoolClient } from 'pg';

const listeners = new Set<() => void>();

/** The application_name of a key cache's listening connection, once it listens (and so hears every change). */
export const API_KEY_LISTENER_NAME = 'paygate api key changes';
export const API_KEY_CHANGE_ACKS_CHANNEL = 'api_key_change_acks';
/** How long a cached key is used at most, in every API process. */
export const API_KEY_CACHE_MAX_AGE_MS = 10_000;
const POLL_MS = 20;

/** Calls `forget` whenever this process changes a key; returns the unsubscribe function. */
export function onLocalApiKeyChange(forget: () => void): () => void {
  listeners.add(forget);
  return () => listeners.delete(forget);
}

export function localApiKeyChanged(): void {
  for (const forget of listeners) forget();
}

/**
 * Runs `change` (which commits a change of the key with this hash) and answers once every API process listening
 * before it has acknowledged forgetting the key, or `maxWaitMs` after the change committed.
 */
export async function untilForgottenEverywhere<T>(em: EntityManager, keyHash: string, change: () => Promise<T>, maxWaitMs = API_KEY_CACHE_MAX_AGE_MS): Promise<T> {
  const pool = (await em.getConnection().getNativeClient()) as unknown as Pool;
  const client: PoolClient = await pool.connect();
  const acked = new Set<number>();
  const onAck = (message: { channel: string; payload?: string; processId: number }) => {
    if (message.channel === API_KEY_CHANGE_ACKS_CHANNEL && message.payload === keyHash) acked.add(message.processId);
  };
  client.on('notification', onAck);
  try {
    // Listening before the change: an acknowledgement can come back before the change's own statement answers.
    await client.query(`listen ${API_KEY_CHANGE_ACKS_CHANNEL}`);
    const result = await change();
    const deadline = Date.now() + maxWaitMs;
    for (;;) {
      const { rows } = await client.query<{ pid: number }>(`select pid from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()`, [API_KEY_LISTENER_NAME]);
      if (rows.every((row) => acked.has(row.pid)) || Date.now() >= deadline) return result;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    client.removeListener('notification', onAck);
    await client.query(`unlisten ${API_KEY_CHANGE_ACKS_CHANNEL}`).catch(() => {});
    client.release();
  }
}
