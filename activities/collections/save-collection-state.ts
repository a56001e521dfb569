// Saving the state a collection's workflow reached, with its status history and the events it causes.
import type { MikroORM } from '@mikro-orm/postgresql';
import { eventTypeForStatus } from '../../src/domain/collections.ts';
import { recordEvent, storedSimulations } from '../../src/db/events.ts';
import { recordStatusChange } from '../../src/db/status-history.ts';
import { collectionView } from '../../src/db/views.ts';
import { type SaveCollectionStateInput, loadCollection } from './collection-store.ts';
import type { CollectionResponse } from '../../src/contract/collections.ts';

/**
 * Writes the state the workflow reached, with the status history and the events it causes:
 * `collection.charged` / `collection.failed` for a charge, `collection.halted` / `collection.completed`
 * when the status becomes one of those. A write older than the stored one changes nothing.
 */
export async function saveCollectionState(orm: MikroORM, input: SaveCollectionStateInput): Promise<CollectionResponse> {
  return orm.em.fork().transactional(async (tx) => {
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
    if (input.startAt !== undefined) row.startAt = new Date(input.startAt);
    row.pauseReason = state.status === 'paused' ? (state.pauseReason ?? null) : null;
    if (state.status === 'cancelled' && from !== 'cancelled') row.cancelReason = state.cancelReason ?? null;
    if (from !== state.status) {
      switch (state.status) {
        case 'created':
          break;
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
    if (input.upcoming) {
      await recordEvent(tx, { accountId: row.accountId, mode: row.mode, type: 'collection.upcoming', object: view, simulate, data: { debit_at: Math.floor(input.upcoming.debitAt / 1000), amount: view.amount } });
    }
    const statusEvent = from !== state.status ? eventTypeForStatus(state.status, from) : undefined;
    if (statusEvent) await emit(statusEvent);
    return view;
  });
}
