// What every collection operation shares: what a collection is made of, what its workflow saves, and how a
// collection row is read.
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { CollectionSchedule } from '../../src/domain/collection-schedule.ts';
import type { CollectionState } from '../../src/domain/collections.ts';
import type { Mode } from '../../src/domain/modes.ts';
import { CollectionEntity, type Collection } from '../../src/db/entities.ts';
import { refuse } from '../lifecycle.ts';

export interface CollectionRequest {
  collectionId: string;
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
  customerId: string;
  /** The mandate it charges through. */
  mandateId: string;
  amount: number;
  currency: 'INR';
  schedule: CollectionSchedule;
  dayOfMonth: number | null;
  /** Unix ms of the first charge. */
  startAt: number;
  totalCount: number | null;
  description: string | null;
  metadata: Record<string, string>;
  /** The mandate's validity (unix ms): the collection never charges outside it. */
  mandateValidity?: { startAt: number; expireAt: number };
  /**
   * The mandate was made for this collection (no mandate_id given): it waits `created` for the customer's approval
   * at `authorizationUrl`, and withdraws or revokes that mandate when it ends.
   */
  madeMandate?: { startAtGiven: boolean; authorizationUrl: string; mandateWorkflowId: string };
  /** Sandbox-Simulate webhook values of the creating request, inherited by the collection's events. */
  simulate?: readonly string[];
}

export interface ChargeRequestInput {
  collectionId: string;
  cycle: number;
  attempt: number;
  /** Live: the payment id the attempt's pre-debit notice announced (its order at the provider is under it). */
  paymentId?: string | null;
  /** Debits of this attempt the provider refused as set-up errors (none used the attempt): each next one is a new payment. */
  setupRefusals?: number;
}

/** A state the collection workflow reached; `version` orders its writes, so a retried older one is a no-op. */
export interface SaveCollectionStateInput {
  collectionId: string;
  version: number;
  state: CollectionState;
  /** The charge attempt whose outcome led here, if any (its event goes out with this write). */
  charge?: { paymentId: string; outcome: 'captured' | 'failed' };
  /** A debit this write announces (unix ms): `collection.upcoming` goes out with it. */
  upcoming?: { debitAt: number };
  /** Unix ms of the first cycle, written when a `created` collection becomes active (it counts from the approval). */
  startAt?: number;
}

export async function loadCollection(em: EntityManager, collectionId: string, lock = false): Promise<Collection> {
  const row = await em.findOne(CollectionEntity, { id: collectionId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!row) throw refuse('NotFound', `collection ${collectionId} not found`);
  return row;
}
