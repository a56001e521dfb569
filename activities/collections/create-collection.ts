// Creating a collection: `active`, its first charge due at `startAt`; or `created`, waiting for the mandate made for it.
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { CollectionEntity, MandateEntity } from '../../src/db/entities.ts';
import { refuse } from '../lifecycle.ts';
import { storeSimulations } from '../../src/db/events.ts';
import { recordStatusChange } from '../../src/db/status-history.ts';
import { collectionView } from '../../src/db/views.ts';
import type { CollectionRequest } from './collection-store.ts';
import type { CollectionResponse } from '../../src/contract/collections.ts';

const OPEN = ['created', 'active', 'paused', 'halted'] as const;

/**
 * A mandate backs one open collection, so its frequency and max_amount bound what it can debit. Checked under the
 * mandate's row lock, so two collections asked for at once cannot both pass; only new collections are checked (a
 * mandate that already backed several before the rule keeps them).
 */
async function checkMandateFree(tx: EntityManager, mandateId: string): Promise<void> {
  await tx.findOne(MandateEntity, { id: mandateId }, { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id'] });
  const open = await tx.findOne(CollectionEntity, { mandateId, status: { $in: [...OPEN] } }, { fields: ['id'] });
  if (open) {
    throw refuse('InvalidState', `The mandate already backs the open collection ${open.id}; a mandate backs one open collection (cancel that one first, or use another mandate).`, {
      param: 'mandate_id',
    });
  }
}

/**
 * Writes the collection `active`, first charge due at `startAt` (or `created`, without a due charge, when its mandate
 * was made for it). Idempotent by key: when the key already made a collection (this one or, after a lost response,
 * another id), that one is returned.
 */
export async function createCollection(orm: MikroORM, request: CollectionRequest): Promise<CollectionResponse> {
  return orm.em.fork().transactional(async (tx) => {
    const existing = await tx.findOne(CollectionEntity, { accountId: request.accountId, mode: request.mode, idempotencyKey: request.idempotencyKey });
    if (existing) return collectionView(existing);
    await checkMandateFree(tx, request.mandateId);
    const status = request.madeMandate ? 'created' : 'active';
    const row = tx.create(CollectionEntity, {
      id: request.collectionId,
      accountId: request.accountId,
      mode: request.mode,
      customerId: request.customerId,
      mandateId: request.mandateId,
      pauseReason: null,
      cancelReason: null,
      authorizationUrl: request.madeMandate?.authorizationUrl ?? null,
      amount: request.amount,
      currency: request.currency,
      schedule: request.schedule,
      dayOfMonth: request.dayOfMonth,
      startAt: new Date(request.startAt),
      totalCount: request.totalCount,
      description: request.description,
      metadata: request.metadata,
      status,
      paidCount: 0,
      failedCount: 0,
      currentCycle: 1,
      cycleAttempts: 0,
      nextChargeAt: status === 'active' ? new Date(request.startAt) : null,
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
    await recordStatusChange(tx, 'collection', row.id, null, status);
    await storeSimulations(tx, 'collections', row.id, request.simulate ?? []);
    return collectionView(row);
  });
}
