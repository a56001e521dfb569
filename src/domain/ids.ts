// Prefixed, time-sortable identifiers (ULID after the prefix), as the contract names them.
import { monotonicFactory, ulid } from 'ulid';

const pool = new Uint8Array(4096);
let drawn = pool.length;

/**
 * The same random bytes ulid's own generator uses (one cryptographic byte per character, divided by 256),
 * drawn from a pool refilled 4 KiB at a time rather than by one system call per character: 16 calls per id
 * showed up in the payout benchmark's profile.
 */
function pooledRandom(): number {
  if (drawn === pool.length) {
    globalThis.crypto.getRandomValues(pool);
    drawn = 0;
  }
  return pool[drawn++] / 256;
}

export const idPrefixes = {
  account: 'acct',
  apiKey: 'key',
  payment: 'pay',
  refund: 'rfnd',
  beneficiary: 'bene',
  beneficiaryVerification: 'bver',
  payout: 'pout',
  payoutBatch: 'pbat',
  paymentLink: 'plink',
  customer: 'cust',
  collection: 'coll',
  event: 'evt',
  webhookEndpoint: 'we',
  webhookDelivery: 'dlv',
  report: 'rpt',
  settlement: 'setl',
  topUp: 'topup',
  connection: 'conn',
  mandate: 'mdt',
  balanceTransaction: 'txn',
  request: 'req',
} as const;

export type IdKind = keyof typeof idPrefixes;

/**
 * Kinds whose ids must keep the order they were made in within a millisecond, each from a monotonic factory of its
 * own: events written one after another in one transaction (collection.failed, then collection.halted) share the
 * transaction's created_at, so their id is the only order the outbox, its dispatcher and GET /v1/events have; a
 * ledger's transactions and a delivery log list in the order they happened the same way. A monotonic id is the
 * previous one plus one, so none of these opens anything without the account's key, and none shares a factory
 * with an id that does (`plink_`, `rpt_`) or one anybody can read (`req_`).
 */
const sequenced: Partial<Record<IdKind, () => string>> = {
  event: monotonicFactory(pooledRandom),
  balanceTransaction: monotonicFactory(pooledRandom),
  webhookDelivery: monotonicFactory(pooledRandom),
};

/**
 * `<prefix>_<ULID>`: 48 bits of time, so ids sort by creation across milliseconds, then 80 fresh random bits
 * (docs/api.md, Conventions): an id cannot be guessed from another made in the same millisecond, nor from a Request-Id.
 */
export function newId(kind: IdKind): string {
  const sequence = sequenced[kind];
  return `${idPrefixes[kind]}_${sequence ? sequence() : ulid(undefined, pooledRandom)}`;
}

/** True when `id` looks like an id of this kind (prefix and a 26-char ULID). */
export function isIdOf(kind: IdKind, id: string): boolean {
  return new RegExp(`^${idPrefixes[kind]}_[0-9A-HJKMNP-TV-Z]{26}$`).test(id);
}
