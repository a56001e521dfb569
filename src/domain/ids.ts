// Prefixed, time-sortable identifiers (ULID after the prefix), as the contract names them.
import { monotonicFactory } from 'ulid';

/**
 * Monotonic within the process: ids made in the same millisecond still sort in the order they were made,
 * so events written one after another in one transaction (collection.failed, then collection.halted) list
 * in that order. Plain ULIDs would order them at random within the millisecond.
 */
const ulid = monotonicFactory(pooledRandom);

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
  balanceTransaction: 'txn',
  request: 'req',
} as const;

export type IdKind = keyof typeof idPrefixes;

export function newId(kind: IdKind): string {
  return `${idPrefixes[kind]}_${ulid()}`;
}

/** True when `id` looks like an id of this kind (prefix and a 26-char ULID). */
export function isIdOf(kind: IdKind, id: string): boolean {
  return new RegExp(`^${idPrefixes[kind]}_[0-9A-HJKMNP-TV-Z]{26}$`).test(id);
}
