// Collection writes, one operation per file under activities/collections/: creation, the request of each charge
// (read fresh, so a changed vpa applies at the next attempt), and every state the collection workflow reaches, with
// its history row and events. Each write is one database transaction.
import type { MikroORM } from '@mikro-orm/postgresql';
import { chargeRequest } from './collections/charge-request.ts';
import type { ChargeRequestInput, CollectionRequest, SaveCollectionStateInput } from './collections/collection-store.ts';
import { createCollection } from './collections/create-collection.ts';
import { saveCollectionState } from './collections/save-collection-state.ts';

export type { ChargeRequestInput, CollectionRequest, SaveCollectionStateInput } from './collections/collection-store.ts';

export function createCollectionActivities(deps: { orm: MikroORM }) {
  return {
    /** See createCollection. */
    createCollection: (request: CollectionRequest) => createCollection(deps.orm, request),
    /** See chargeRequest. */
    chargeRequest: (input: ChargeRequestInput) => chargeRequest(deps.orm, input),
    /** See saveCollectionState. */
    saveCollectionState: (input: SaveCollectionStateInput) => saveCollectionState(deps.orm, input),
  };
}

export type CollectionActivities = ReturnType<typeof createCollectionActivities>;
