// The rail step of a live payout, as an ordinary activity (docs/decisions.md: provider calls are ordinary
// activities with their own retry profile and heartbeat). A create whose answer was lost is sent again with the
// same key and body after each of PROVIDER_RETRY_DELAYS_SECONDS (the activity names its next retry's delay), then
// only looked up by our reference: the payout fails (`processing_failed`) only when the provider still has no
// record of it PROVIDER_LOOKUP_WINDOW_SECONDS after the last send (docs/api.md, Live payouts). A create the provider
// refused as a set-up error (the key, the IP allow-list, a feature: nothing was created) keeps the payout
// `initiated` and is sent again on the same schedule, then every last delay, until the window has passed since the
// first such refusal: then it fails `processing_failed`, nothing sent (docs/live-money.md). A payout one of whose
// sends went unanswered may exist at the provider, so it is failed that way only once a lookup finds no record.
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
  fail: (id: string, failure?: typeof PROCESSING_FAILED) => Promise<PayoutResponse>;
}): (request: RailStepRequest) => Promise<RailStep<PayoutResponse>> {
  const delays = deps.provider.retryDelaysSeconds;
  return async (request) => {
    const context = Context.current();
    const beat = setInterval(() => context.heartbeat(), 5_000);
    try {
      const attempt = context.info.attempt;
      // Sends: the first and one after each delay; then lookups only, unless every send so far met a set-up refusal.
      const refused = request.submit ? await setupState(deps.orm, request.id) : null;
      if (request.submit && (attempt <= delays.length + 1 || (refused?.refusedMs != null && !refused.answerLost))) {
        try {
          return await deps.step({ id: request.id, submit: true, wait: false });
        } catch (err) {
          if (isSetupRefusal(err)) return await refusedForSetup(deps, request.id, attempt, err);
          if (isLostAnswer(err)) await deps.orm.em.fork().execute('update payouts set answer_lost_at = coalesce(answer_lost_at, now()) where id = ?', [request.id]);
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

/** When the provider first refused the payout's create as a set-up error (ms ago), and whether a send went unanswered. */
async function setupState(orm: MikroORM, payoutId: string): Promise<{ refusedMs: number | null; answerLost: boolean }> {
  const [row] = await orm.em.fork().execute<{ ms: string | null; lost: boolean }[]>(
    `select floor(extract(epoch from now() - setup_refused_at) * 1000)::bigint as ms, answer_lost_at is not null as lost from payouts where id = ?`,
    [payoutId],
  );
  return { refusedMs: row?.ms == null ? null : Number(row.ms), answerLost: row?.lost ?? false };
}

/**
 * The create was refused as a set-up error: nothing was created. Within the window (from the first such refusal) it
 * is sent again after the next delay of the schedule (its last one, once they are used); past it, the payout fails
 * `processing_failed` with nothing sent, unless a send of it ever went unanswered (then a lookup must say first).
 */
async function refusedForSetup(
  deps: { orm: MikroORM; rail: PayoutRail; provider: LiveStepSettings; step: (request: RailStepRequest) => Promise<RailStep<PayoutResponse>>; fail: (id: string, failure?: typeof PROCESSING_FAILED) => Promise<PayoutResponse> },
  payoutId: string,
  attempt: number,
  err: Error,
): Promise<RailStep<PayoutResponse>> {
  const [row] = await deps.orm.em.fork().execute<{ ms: string; lost: boolean }[]>(
    `update payouts set setup_refused_at = coalesce(setup_refused_at, now()) where id = ?
     returning floor(extract(epoch from now() - setup_refused_at) * 1000)::bigint as ms, answer_lost_at is not null as lost`,
    [payoutId],
  );
  const left = deps.provider.lookupWindowSeconds * 1000 - Number(row?.ms ?? 0);
  if (left <= 0) {
    if (!row?.lost) return { view: await deps.fail(payoutId, SETUP_NEVER_FIXED), next: 'settled' };
    const looked = await deps.rail.lookup(payoutId);
    if (looked.found) return await deps.step({ id: payoutId, submit: false, wait: false });
    return { view: await deps.fail(payoutId, SETUP_NEVER_FIXED), next: 'settled' };
  }
  const delays = deps.provider.retryDelaysSeconds;
  const delayS = delays.length > 0 ? delays[Math.min(attempt, delays.length) - 1] : 60;
  throw ApplicationFailure.create({
    message: `the provider account is not set up for this payout (${err.message}); trying again`,
    type: 'ProviderSetupRefused',
    nextRetryDelay: `${Math.max(1, Math.ceil(Math.min(delayS * 1000, left + 1_000) / 1000))} seconds`,
  });
}

/** A set-up refusal of the provider (ProviderSetupError, by name): the account must be fixed; nothing was created. */
function isSetupRefusal(err: unknown): err is Error {
  return err instanceof Error && err.name === 'ProviderSetupError';
}

async function stillWatched(orm: MikroORM, payoutId: string): Promise<boolean> {
  const status = await payoutStatusOf(orm.em.fork(), payoutId);
  return status === null || (payoutLifecycle.watched as Record<string, boolean>)[status] !== false;
}

/** A failure the provider may have acted on without our hearing (ConnectorError's retryable kind, by name). */
function isLostAnswer(err: unknown): boolean {
  return err instanceof Error && (err.name === 'ProviderAnswerUnknownError' || (err as { retryable?: unknown }).retryable === true);
}

/** A payout whose create the provider kept refusing as a set-up error for the whole lookup window. */
export const SETUP_NEVER_FIXED = failure(
  'processing_failed',
  'The provider account was not set up for this payout (its key, IP allow-list or a feature) for the whole lookup window; nothing was sent and no money left the account.',
);

export const PROCESSING_FAILED = failure('processing_failed', 'The provider has no record of this payout an hour after it was last sent; no money left the account.');
