// The rail step of a live payout, as an ordinary activity (docs/decisions.md: provider calls are ordinary
// activities with their own retry profile and heartbeat). A create whose answer was lost is sent again with the
// same key and body after each of PROVIDER_RETRY_DELAYS_SECONDS (the activity names its next retry's delay), then
// only looked up by our reference: the payout fails (`processing_failed`) only when the provider still has no
// record of it PROVIDER_LOOKUP_WINDOW_SECONDS after the last send (docs/api.md, Live payouts).
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { RailStep, RailStepRequest } from '../../src/domain/lifecycle.ts';
import { failure, payoutLifecycle } from '../../src/domain/payouts.ts';
import { msSinceRailHandover, payoutStatusOf } from '../../src/db/payouts.ts';
import type { PayoutRail } from '../../src/rails/payouts.ts';
import type { PayoutResponse } from '../../src/contract/payouts.ts';

export interface LiveStepSettings {
  retryDelaysSeconds: readonly number[];
  lookupWindowSeconds: number;
}

/** How often a payout the provider has no record of is looked up again within the window. */
const LOOKUP_EVERY_MS = 5 * 60_000;

export function liveStepper(deps: {
  orm: MikroORM;
  rail: PayoutRail;
  provider: LiveStepSettings;
  step: (request: RailStepRequest) => Promise<RailStep<PayoutResponse>>;
  fail: (id: string) => Promise<PayoutResponse>;
}): (request: RailStepRequest) => Promise<RailStep<PayoutResponse>> {
  const delays = deps.provider.retryDelaysSeconds;
  return async (request) => {
    const context = Context.current();
    const beat = setInterval(() => context.heartbeat(), 5_000);
    try {
      const attempt = context.info.attempt;
      // Sends: the first and one after each delay; then lookups only.
      if (request.submit && attempt <= delays.length + 1) {
        try {
          return await deps.step({ id: request.id, submit: true, wait: false });
        } catch (err) {
          if (!isLostAnswer(err)) throw err;
          const delayS = attempt <= delays.length ? delays[attempt - 1] : Math.min(LOOKUP_EVERY_MS / 1000, deps.provider.lookupWindowSeconds);
          throw ApplicationFailure.create({ message: `the provider's answer was lost (${String(err)}); sending again with the same key`, type: 'ProviderAnswerLost', nextRetryDelay: `${delayS} seconds` });
        }
      }
      // Woken by a provider event that already settled it: nothing to ask the provider (its pace is shared).
      if (!request.submit && !(await stillWatched(deps.orm, request.id))) return await deps.step({ id: request.id, submit: false, wait: false });
      const looked = await deps.rail.lookup(request.id);
      if (looked.found) return await deps.step({ id: request.id, submit: false, wait: false });
      const since = await msSinceRailHandover(deps.orm.em.fork(), request.id);
      const left = deps.provider.lookupWindowSeconds * 1000 - (since ?? Infinity);
      if (left <= 0) return { view: await deps.fail(request.id), next: 'settled' };
      throw ApplicationFailure.create({
        message: 'the provider has no record of the payout yet; looking it up again',
        type: 'ProviderNoRecordYet',
        nextRetryDelay: `${Math.max(1, Math.ceil(Math.min(left + 1_000, LOOKUP_EVERY_MS) / 1000))} seconds`,
      });
    } finally {
      clearInterval(beat);
    }
  };
}

async function stillWatched(orm: MikroORM, payoutId: string): Promise<boolean> {
  const status = await payoutStatusOf(orm.em.fork(), payoutId);
  return status === null || (payoutLifecycle.watched as Record<string, boolean>)[status] !== false;
}

/** A failure the provider may have acted on without our hearing (ConnectorError's retryable kind, by name). */
function isLostAnswer(err: unknown): boolean {
  return err instanceof Error && (err.name === 'ProviderAnswerUnknownError' || (err as { retryable?: unknown }).retryable === true);
}

export const PROCESSING_FAILED = failure('processing_failed', 'The provider has no record of this payout an hour after it was last sent; no money left the account.');
