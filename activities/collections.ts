// Collection writes, one operation per file under activities/collections/: creation, the request of each charge
// (read fresh, so a changed vpa applies at the next attempt), and every state the collection workflow reaches, with
// its history row and events. Each write is one database transaction.
import type { MikroORM } from '@mikro-orm/postgresql';
import { newId } from '../src/domain/ids.ts';
import type { AutopayWindows, DebitRules } from '../src/domain/autopay-windows.ts';
import { CollectionEntity, MandateEntity } from '../src/db/entities.ts';
import { chargeRequest } from './collections/charge-request.ts';
import type { ChargeRequestInput, CollectionRequest, SaveCollectionStateInput } from './collections/collection-store.ts';
import { createCollection } from './collections/create-collection.ts';
import { saveCollectionState } from './collections/save-collection-state.ts';

export type { ChargeRequestInput, CollectionRequest, SaveCollectionStateInput } from './collections/collection-store.ts';

export function createCollectionActivities(deps: { orm: MikroORM; debit?: { noticeMs: number; windows: AutopayWindows } }) {
  return {
    /**
     * The UPI AutoPay rules of a collection whose run started before collections charged through mandates (its plan
     * has none): today's notice period and windows, and the validity of the mandate the migration gave it. Null when
     * it has no mandate or the worker knows no rules.
     */
    async debitRulesOf(collectionId: string): Promise<DebitRules | null> {
      const em = deps.orm.em.fork();
      const collection = await em.findOne(CollectionEntity, { id: collectionId }, { fields: ['mandateId'] });
      const mandate = collection?.mandateId ? await em.findOne(MandateEntity, { id: collection.mandateId }, { fields: ['startAt', 'expireAt'] }) : null;
      if (!mandate || !deps.debit) return null;
      return { ...deps.debit, validity: { startAt: mandate.startAt.getTime(), expireAt: mandate.expireAt.getTime() } };
    },
    /** See createCollection. */
    createCollection: (request: CollectionRequest) => createCollection(deps.orm, request),
    /** See chargeRequest. */
    chargeRequest: (input: ChargeRequestInput) => chargeRequest(deps.orm, input),
    /** A payment id for a live debit's notice, made once and kept in the workflow's history. */
    newDebitPaymentId: async (): Promise<string> => newId('payment'),
    /** See saveCollectionState. */
    saveCollectionState: (input: SaveCollectionStateInput) => saveCollectionState(deps.orm, input),
  };
}

export type CollectionActivities = ReturnType<typeof createCollectionActivities>;
