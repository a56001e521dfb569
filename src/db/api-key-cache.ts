// The API keys this process has looked up, kept in memory so that a request with a known key costs no database
// round trip (docs/api.md, Authentication; issue #39). A revoked key must still stop working at once in every API
// process, so an entry lives only while this process hears of every change to the api_keys table:
// - a dedicated connection LISTENs on api_key_changes, which a trigger notifies with the key's hash whenever a key
//   row is created, changed or deleted (Migration20261204000000_api_key_changes); the entry goes on receipt;
// - without that connection (not yet connected, lost, reconnecting) nothing is cached and every request reads the
//   table, as it did before; on (re)connection the cache starts empty, since notifications sent meanwhile are lost;
// - a lookup that was in flight when any notification arrived is not cached (it may have read the row before the
//   change committed);
// - an entry is used for at most MAX_AGE_MS, a backstop should a connection die without the socket noticing; the
//   listener also runs a query every HEARTBEAT_MS and is replaced when it does not answer within HEARTBEAT_TIMEOUT_MS.
// What is cached is the key row's id, account and mode (never the secret; the map is keyed by the SHA-256 hash), and
// only for keys that exist and are not revoked: an unknown key is looked up every time (and limited per address).
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { API_KEY_CACHE_MAX_AGE_MS, API_KEY_CHANGE_ACKS_CHANNEL, API_KEY_LISTENER_NAME, onLocalApiKeyChange } from './api-key-changes.ts';
import { apiKeyPattern, findActiveKeyByHash, hashApiKey, type ActiveKey } from './accounts.ts';

export const API_KEY_CHANGES_CHANNEL = 'api_key_changes';
const MAX_AGE_MS = API_KEY_CACHE_MAX_AGE_MS;
const MAX_ENTRIES = 10_000;
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5_000;

/** Finds the active (not revoked) key with a secret; what authentication needs. */
export interface ApiKeyLookup {
  find(em: EntityManager, secret: string): Promise<ActiveKey | null>;
}

export interface ApiKeyCache extends ApiKeyLookup {
  /** True while the listener is connected (and the cache therefore in use). */
  readonly listening: boolean;
  /** Waits until the listener is connected (or `timeoutMs` passed); true when it is. */
  ready(timeoutMs?: number): Promise<boolean>;
  stop(): Promise<void>;
}

/** Ends a listener we are done with, deaf to its late events and errors. */
async function endQuietly(client: pg.Client): Promise<void> {
  client.removeAllListeners();
  client.on('error', () => {});
  await client.end().catch(() => {});
}

/** Resolves with `done()` once it is true (a waker in `waiters` is called) or `timeoutMs` has passed. */
function waitUntil(waiters: Set<() => void>, done: () => boolean, timeoutMs: number): Promise<boolean> {
  if (done()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      resolve(done());
    };
    const timer = setTimeout(() => {
      waiters.delete(wake);
      resolve(done());
    }, timeoutMs);
    waiters.add(wake);
  });
}

/** Starts listening at once (without waiting for the connection) and returns the cache. */
export function startApiKeyCache(options: { databaseUrl: string; logger: Logger; maxAgeMs?: number }): ApiKeyCache {
  const { databaseUrl, logger, maxAgeMs = MAX_AGE_MS } = options;
  const entries = new Map<string, { key: ActiveKey; at: number }>();
  let listener: pg.Client | undefined;
  let listening = false;
  /** Bumped by every notification and every change of `listening`: a lookup started before it is not cached. */
  let generation = 0;
  let stopped = false;
  let reconnectDelay = RECONNECT_MIN_MS;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const waiters = new Set<() => void>();

  const forgetAll = () => {
    entries.clear();
    generation++;
  };

  const lost = (client: pg.Client, err?: unknown) => {
    if (client !== listener) return;
    listener = undefined;
    listening = false;
    forgetAll();
    clearInterval(heartbeat);
    void endQuietly(client);
    if (stopped) return;
    logger.warn({ err, retryInMs: reconnectDelay }, 'API key change listener lost: keys are read from the database until it is back');
    reconnectTimer = setTimeout(connect, reconnectDelay);
    reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    if (stopped) return;
    // Named as a listener only once it listens (below): a revoke waits for the acknowledgement of every connection so named.
    const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true, query_timeout: HEARTBEAT_TIMEOUT_MS, application_name: `${API_KEY_LISTENER_NAME} (connecting)` });
    listener = client;
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      if (message.channel !== API_KEY_CHANGES_CHANNEL) return;
      generation++;
      if (message.payload) entries.delete(message.payload);
      else entries.clear();
      // Forgotten: the revoke that made this change may answer (api-key-changes.ts, untilForgottenEverywhere).
      client.query('select pg_notify($1, $2)', [API_KEY_CHANGE_ACKS_CHANNEL, message.payload ?? '']).catch((err: unknown) => lost(client, err));
    });
    try {
      await client.connect();
      await client.query(`listen ${API_KEY_CHANGES_CHANNEL}`);
      await client.query(`set application_name = '${API_KEY_LISTENER_NAME}'`);
    } catch (err) {
      lost(client, err);
      return;
    }
    if (client !== listener || stopped) return;
    // Only now: whatever was cached before (nothing, after a loss) could have missed a change.
    forgetAll();
    listening = true;
    reconnectDelay = RECONNECT_MIN_MS;
    heartbeat = setInterval(() => {
      client.query('select 1').catch((err: unknown) => lost(client, err));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    for (const wake of waiters) wake();
    waiters.clear();
  };
  void connect();
  const unsubscribe = onLocalApiKeyChange(forgetAll);

  return {
    get listening() {
      return listening;
    },
    async find(em, secret) {
      if (!apiKeyPattern.test(secret)) return null;
      const hash = hashApiKey(secret);
      const now = Date.now();
      const hit = entries.get(hash);
      if (hit && listening && now - hit.at < maxAgeMs) return hit.key;
      const started = generation;
      const key = await findActiveKeyByHash(em, hash);
      if (key && listening && started === generation) {
        entries.delete(hash); // re-inserted last: the oldest entries are the first in the map
        entries.set(hash, { key, at: now });
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      }
      return key;
    },
    ready(timeoutMs = 10_000) {
      return waitUntil(waiters, () => listening, timeoutMs);
    },
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(reconnectTimer);
      clearInterval(heartbeat);
      const client = listener;
      listener = undefined;
      listening = false;
      forgetAll();
      for (const wake of waiters) wake();
      if (client) await endQuietly(client);
    },
  };
}
