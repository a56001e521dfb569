// Collection writes: creation, the request of each charge (read fresh, so a changed vpa applies at the
// next attempt), and every state the collection workflow reaches, with its history row and events.
// Each write is one database transaction.
import { ApplicationFailure } from '@temporalio/activity';
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import type { CollectionSchedule } from '../src/domain/collection-schedule.ts';
import { type CollectionState, eventTypeForStatus } from '../src/domain/collections.ts';
import { awaiting } from '../src/domain/failures.ts';
import { newId } from '../src/domain/ids.ts';
import type { Mode } from '../src/domain/modes.ts';
import { CollectionEntity, CustomerEntity, type Collection } from '../src/db/entities.ts';
import { recordEvent, storeSimulations, storedSimulations } from '../src/db/events.ts';
import { recordStatusChange } from '../src/db/status-history.ts';
import { collectionView } from '../src/db/views.ts';
import { INTERNAL_KEY_PREFIX, paymentWorkflowId } from '../src/domain/workflow-ids.ts';
import { refuse } from './lifecycle.ts';
import type { PaymentRequest } from './payments.ts';
import type { CollectionResponse } from '../src/contract/collections.ts';

export interface CollectionRequest {
  collectionId: string;
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
  customerId: string;
  amount: number;
  currency: 'INR';
  schedule: CollectionSchedule;
  dayOfMonth: number | null;
  /** Unix ms of the first charge. */
  startAt: number;
  totalCount: number | null;
  description: string | null;
  metadata: Record<string, string>;
  /** Sandbox-Simulate webhook values of the creating request, inherited by the collection's events. */
  simulate?: readonly string[];
}

export interface ChargeRequestInput {
  collectionId: string;
  cycle: number;
  attempt: number;
}

/** A state the collection workflow reached; `version` orders its writes, so a retried older one is a no-op. */
export interface SaveCollectionStateInput {
  collectionId: string;
  version: number;
  state: CollectionState;
  /** The charge attempt whose outcome led here, if any (its event goes out with this write). */
  charge?: { paymentId: string; outcome: 'captured' | 'failed' };
}

/**
 * The idempotency key of a charge: one payment per (collection, cycle, attempt), whoever asks twice. In the
 * service's own namespace, so a caller's payment can never be taken for a charge.
 */
function chargeIdempotencyKey(input: ChargeRequestInput): string {
  return `${INTERNAL_KEY_PREFIX}${input.collectionId}:cycle:${input.cycle}:attempt:${input.attempt}`;
}

export function createCollectionActivities(deps: { orm: MikroORM }) {
  async function loadCollection(em: EntityManager, collectionId: string, lock = false): Promise<Collection> {
    const row = await em.findOne(CollectionEntity, { id: collectionId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!row) throw refuse('NotFound', `collection ${collectionId} not found`);
    return row;
  }

  return {
    /**
     * Writes the collection `active`, first charge due at `startAt`. Idempotent by key: when the key already
     * made a collection (this one or, after a lost response, another id), that one is returned.
     */
    async createCollection(request: CollectionRequest): Promise<CollectionResponse> {
      return deps.orm.em.fork().transactional(async (tx) => {
        const existing = await tx.findOne(CollectionEntity, { accountId: request.accountId, mode: request.mode, idempotencyKey: request.idempotencyKey });
        if (existing) return collectionView(existing);
        const row = tx.create(CollectionEntity, {
          id: request.collectionId,
          accountId: request.accountId,
          mode: request.mode,
          customerId: request.customerId,
          amount: request.amount,
          currency: request.currency,
          schedule: request.schedule,
          dayOfMonth: request.dayOfMonth,
          startAt: new Date(request.startAt),
          totalCount: request.totalCount,
          description: request.description,
          metadata: request.metadata,
          status: 'active',
          paidCount: 0,
          failedCount: 0,
          currentCycle: 1,
          cycleAttempts: 0,
          nextChargeAt: new Date(request.startAt),
          latestPaymentId: null,
          stateVersion: 0,
          idempotencyKey: request.idempotencyKey,
          createdAt: new Date(),
          pausedAt: null,
          haltedAt: null,
          cancelledAt: null,
          completedAt: null,
        });
        await tx.flush();
        await recordStatusChange(tx, 'collection', row.id, null, 'active');
        await storeSimulations(tx, 'collections', row.id, request.simulate ?? []);
        return collectionView(row);
      });
    },

    /**
     * The payment a charge attempt makes, read at the moment of the attempt: the customer's vpa as it is
     * now. The payment id is made up here; the payment workflow keyed by the charge's idempotency key
     * creates the payment at most once, whatever id a retried call makes up.
     */
    async chargeRequest(input: ChargeRequestInput): Promise<{ request: PaymentRequest; workflowId: string }> {
      const em = deps.orm.em.fork();
      const collection = await loadCollection(em, input.collectionId);
      const customer = await em.findOne(CustomerEntity, { id: collection.customerId, accountId: collection.accountId, mode: collection.mode });
      // Retryable on purpose: the charge waits (visible in the Temporal UI) until the customer has a vpa again.
      if (!customer?.vpa) throw ApplicationFailure.retryable(`customer ${collection.customerId} has no vpa to charge`, awaiting.CustomerWithoutVpa);
      const idempotencyKey = chargeIdempotencyKey(input);
      const request: PaymentRequest = {
        paymentId: newId('payment'),
        accountId: collection.accountId,
        mode: collection.mode,
        idempotencyKey,
        amount: Number(collection.amount),
        currency: 'INR',
        method: 'upi',
        vpa: customer.vpa,
        bank: null,
        receipt: null,
        customerId: customer.id,
        description: collection.description ?? `Collection ${collection.id}, cycle ${input.cycle}`,
        metadata: collection.metadata ?? {},
        simulate: await storedSimulations(em, 'collections', collection.id),
        collection: { id: collection.id, cycle: input.cycle, attempt: input.attempt },
      };
      return { request, workflowId: paymentWorkflowId(collection.accountId, collection.mode, idempotencyKey) };
    },

    /**
     * Writes the state the workflow reached, with the status history and the events it causes:
     * `collection.charged` / `collection.failed` for a charge, `collection.halted` / `collection.completed`
     * when the status becomes one of those. A write older than the stored one changes nothing.
     */
    async saveCollectionState(input: SaveCollectionStateInput): Promise<CollectionResponse> {
      return deps.orm.em.fork().transactional(async (tx) => {
        const row = await loadCollection(tx, input.collectionId, true);
        if (row.stateVersion >= input.version) return collectionView(row);
        const { state } = input;
        const from = row.status;
        const now = new Date();
        row.stateVersion = input.version;
        row.status = state.status;
        row.currentCycle = state.cycle;
        row.cycleAttempts = state.attempts;
        row.nextChargeAt = state.nextChargeAt === null ? null : new Date(state.nextChargeAt);
        row.paidCount = state.paidCount;
        row.failedCount = state.failedCount;
        if (input.charge) row.latestPaymentId = input.charge.paymentId;
        if (from !== state.status) {
          switch (state.status) {
            case 'active':
              row.pausedAt = null;
              row.haltedAt = null;
              break;
            case 'paused':
              row.pausedAt = now;
              break;
            case 'halted':
              row.haltedAt = now;
              break;
            case 'cancelled':
              row.cancelledAt = now;
              break;
            case 'completed':
              row.completedAt = now;
              break;
            default:
              state.status satisfies never;
          }
        }
        await tx.flush();
        if (from !== state.status) await recordStatusChange(tx, 'collection', row.id, from, state.status);

        const view = collectionView(row);
        const simulate = await storedSimulations(tx, 'collections', row.id);
        const emit = (type: string) => recordEvent(tx, { accountId: row.accountId, mode: row.mode, type, object: view, simulate });
        if (input.charge) await emit(input.charge.outcome === 'captured' ? 'collection.charged' : 'collection.failed');
        const statusEvent = from !== state.status ? eventTypeForStatus(state.status) : undefined;
        if (statusEvent) await emit(statusEvent);
        return view;
      });
    },
  };
}

export type CollectionActivities = ReturnType<typeof createCollectionActivities>;
