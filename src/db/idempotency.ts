// The HTTP idempotency records (docs/api.md, Idempotency), the statements the idempotency middleware runs.
// A claim's token is its locked_until as text (a fencing token): only the request that holds the current
// claim may settle it, so a request whose lock was taken over cannot overwrite or delete the new owner's record.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mode } from '../domain/modes.ts';
import { executePrepared } from './prepared.ts';

export interface IdempotencyScope {
  accountId: string;
  mode: Mode;
  key: string;
}

export interface IdempotencyRequest {
  method: string;
  path: string;
  requestHash: string;
}

export interface FoundIdempotencyRecord {
  method: string;
  path: string;
  request_hash: string;
  state: 'in_flight' | 'done';
  status_code: number | null;
  response_body: string | null;
  /** The claim is still held (locked_until is in the future). */
  locked: boolean;
}

const scopeValues = (s: IdempotencyScope) => [s.accountId, s.mode, s.key];

/** Claims a free key (state in_flight for lockMs): the claim's token, or undefined when the key has a record. */
export async function claimIdempotencyKey(em: EntityManager, scope: IdempotencyScope, request: IdempotencyRequest, lockMs: number): Promise<string | undefined> {
  const inserted = await executePrepared<{ token: string }>(
    em,
    `insert into idempotency_records (account_id, mode, key, method, path, request_hash, state, locked_until, created_at)
     values (?, ?, ?, ?, ?, ?, 'in_flight', now() + ? * interval '1 millisecond', now())
     on conflict (account_id, mode, key) do nothing
     returning extract(epoch from locked_until)::text as token`,
    [...scopeValues(scope), request.method, request.path, request.requestHash, lockMs],
  );
  return inserted[0]?.token;
}

/** The key's record, or undefined when it was freed meanwhile. */
export async function findIdempotencyRecord(em: EntityManager, scope: IdempotencyScope): Promise<FoundIdempotencyRecord | undefined> {
  const found = await em.execute<FoundIdempotencyRecord[]>(
    `select method, path, request_hash, state, status_code, response_body, locked_until > now() as locked
     from idempotency_records where account_id = ? and mode = ? and key = ?`,
    scopeValues(scope),
  );
  return found[0];
}

/** Takes over an in-flight claim whose lock expired (its process died): the new token, or undefined when another request took it first. */
export async function takeOverIdempotencyClaim(em: EntityManager, scope: IdempotencyScope, lockMs: number): Promise<string | undefined> {
  const taken = await em.execute<{ token: string }[]>(
    `update idempotency_records set locked_until = now() + ? * interval '1 millisecond'
     where account_id = ? and mode = ? and key = ? and state = 'in_flight' and locked_until <= now()
     returning extract(epoch from locked_until)::text as token`,
    [lockMs, ...scopeValues(scope)],
  );
  return taken[0]?.token;
}

/** Deletes the claim this token holds, so the key is free again. */
export async function releaseIdempotencyClaim(em: EntityManager, scope: IdempotencyScope, token: string): Promise<void> {
  await em.execute(
    `delete from idempotency_records
     where account_id = ? and mode = ? and key = ? and state = 'in_flight' and extract(epoch from locked_until)::text = ?`,
    [...scopeValues(scope), token],
  );
}

/** Stores the answer of the claim this token holds; false when the claim was taken over before. */
export async function completeIdempotencyClaim(em: EntityManager, scope: IdempotencyScope, token: string, status: number, body: string): Promise<boolean> {
  const updated = await executePrepared<{ key: string }>(
    em,
    `update idempotency_records set state = 'done', status_code = ?, response_body = ?, completed_at = now()
     where account_id = ? and mode = ? and key = ? and state = 'in_flight' and extract(epoch from locked_until)::text = ?
     returning key`,
    [status, body, ...scopeValues(scope), token],
  );
  return updated.length > 0;
}

/** The tables whose rows a request's idempotency key creates (each unique per account, mode and key). */
const keyedTables = ['top_ups', 'payouts', 'payout_batches', 'payments', 'refunds', 'collections'] as const;

/** True when something exists that a request with this key created (the key is then bound to it). */
export async function keyCreatedSomething(em: EntityManager, scope: IdempotencyScope): Promise<boolean> {
  const probes = keyedTables.map((table) => `exists (select 1 from ${table} where account_id = ? and mode = ? and idempotency_key = ?)`);
  const [row] = await em.execute<{ created: boolean }[]>(`select ${probes.join(' or ')} as created`, keyedTables.flatMap(() => scopeValues(scope)));
  return Boolean(row?.created);
}

/**
 * Keeps the claim this token holds, unanswered, but lets the next request take it over at once: the key stays
 * bound to this request's parameters (others get 422) while a retry with the same ones runs again and finds
 * what this one created.
 */
export async function unlockIdempotencyClaim(em: EntityManager, scope: IdempotencyScope, token: string): Promise<void> {
  await em.execute(
    `update idempotency_records set locked_until = now()
     where account_id = ? and mode = ? and key = ? and state = 'in_flight' and extract(epoch from locked_until)::text = ?`,
    [...scopeValues(scope), token],
  );
}
