// Creating a collection: `active`, its first charge due at `startAt`.
import type { MikroORM } from '@mikro-orm/postgresql';
import { CollectionEntity } from '../../src/db/entities.ts';
import { storeSimulations } from '../../src/db/events.ts';
import { recordStatusChange } from '../../src/db/status-history.ts';
import { collectionView } from '../../src/db/views.ts';
import type { CollectionRequest } from './collection-store.ts';
import type { CollectionResponse } from '../../src/contract/collections.ts';

/**
 * Writes the collection `active`, first charge due at `startAt`. Idempotent by key: when the key already
 * made a collection (this one or, after a lost response, another id), that one is returned.
 */
export async function createCollection(orm: MikroORM, request: CollectionRequest): Promise<CollectionResponse> {
  return orm.em.fork().transactional(async (tx) => {
    const existing = await tx.findOne(CollectionEntity, { accountId: request.accountId, mode: request.mode, idempotencyKey: request.idempotencyKey });
    if (existing) return collectionView(existing);
    const row = tx.create(CollectionEntity, {
      id: request.collectionId,
      accountId: request.accountId,
      mode: request.mode,
      customerId: request.customerId,
      mandateId: request.mandateId,
      pauseReason: null,
      cancelReason: null,
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
}
