// Prefixed, time-sortable identifiers (ULID after the prefix), as the contract names them.
import { ulid } from 'ulid';

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
