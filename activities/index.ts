// The composition of every activity the worker registers, from injected dependencies.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PayoutRail } from '../src/rails/payouts.ts';
import { createPayoutActivities } from './payouts.ts';
import { createPayoutBatchActivities } from './payout-batches.ts';
import { createTopUpActivities } from './top-ups.ts';

export interface ActivityDeps {
  orm: MikroORM;
  rails: { payouts: { sandbox: PayoutRail; live: PayoutRail } };
}

export function createActivities(deps: ActivityDeps) {
  return {
    ...createTopUpActivities(deps),
    ...createPayoutActivities({ orm: deps.orm, rails: deps.rails.payouts }),
    ...createPayoutBatchActivities({ orm: deps.orm }),
  };
}
