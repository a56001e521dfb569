// The live payout rail of the worker's composition root: each payout goes to the rail of its own connection
// (src/db/object-connections.ts), built from the connection's row with its key secret unsealed here (besides the inbound
// webhook route, the only place that unseals). The provider's pace is a PostgreSQL limiter keyed by connection, so
// it holds across every worker process; over it, a call waits rather than fails.
import { payoutConnection } from '../../../db/object-connections.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import { sharedRateLimiter } from '../../../db/rate-limits.ts';
import type { SecretBox } from '../../../db/sealed.ts';
import type { PayoutRail } from '../../../rails/payouts.ts';
import { connectedSettings } from './connected.ts';
import { unconnectedPayoutRail } from './unconnected-rail.ts';
import { isProviderSetupError } from '../../../connectors/errors.ts';
import { attentionCleared, needsAttention } from '../../../db/connection-attention.ts';
import type { Logger } from '../../../logger.ts';

export interface LivePayoutRailOptions {
  orm: MikroORM;
  secrets: SecretBox;
  /** PROVIDER_MAX_RPS. */
  maxRps: number;
  /** PROVIDER_POLL_SECONDS, in ms. */
  checkAgainInMs: number;
  /** Where a connection's change of attention is told (one warning line each). */
  logger?: Logger;
}

const SLICE_MS = 250;
const SLICES_PER_SECOND = 1000 / SLICE_MS;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The provider's pace of each connection, shared by every worker process and by every rail of the connection (payouts,
 * payments and refunds count together): `pace(connectionId)()` resolves when one more call keeps within `maxRps`.
 */
export function providerPace(orm: MikroORM, maxRps: number): (connectionId: string) => () => Promise<void> {
  const options = { maxRps };
  // Counted in quarter-second slices, each slice's count kept two seconds: a call goes only while its slice and the
  // five before it stay within PROVIDER_MAX_RPS, so no second-long stretch (the provider's measure) holds more, which
  // a fixed one-second window would allow up to twice over at its edge.
  const limiter = sharedRateLimiter(orm, { keyPrefix: 'provider', points: Number.MAX_SAFE_INTEGER, duration: 2, transientKeys: true });
  return (connectionId: string) => async () => {
    for (;;) {
      const now = Date.now();
      const slice = Math.floor(now / SLICE_MS);
      const key = (n: number) => `${connectionId}:${n}`;
      const [current, ...before] = await Promise.all([
        limiter.consume(key(slice)),
        // One slice more than a second's worth: a call admitted late in a slice reaches the provider a little later.
        ...Array.from({ length: SLICES_PER_SECOND + 1 }, (_, i) => limiter.get(key(slice - 1 - i))),
      ]);
      if (current.consumedPoints + before.reduce((sum, b) => sum + (b?.consumedPoints ?? 0), 0) <= options.maxRps) return;
      // Over: give the point back and wait for the next slice.
      await limiter.reward(key(slice), 1);
      await sleep((slice + 1) * SLICE_MS - now + Math.floor(Math.random() * 20));
    }
  };
}

export function createLivePayoutRail(options: LivePayoutRailOptions): PayoutRail {
  const { orm } = options;
  const pace = providerPace(orm, options.maxRps);
  const rails = new Map<string, PayoutRail>();
  const unconnected = unconnectedPayoutRail;

  /**
   * The rail of the payout's own connection, at the payout account number it left from (a send binds an unbound
   * payout to the account's active connection first; none: nothing is sent). Built once per connection settings.
   */
  async function railOfPayout(payoutId: string, bind: boolean): Promise<{ rail: PayoutRail; connectionId: string | null }> {
    const bound = await payoutConnection(orm.em.fork(), payoutId, bind);
    if (!bound) return { rail: unconnected, connectionId: null };
    const key = `${bound.connectionId}/${bound.credentialsVersion}/${bound.payoutAccountNumber ?? ''}`;
    const cached = rails.get(key);
    if (cached) return { rail: cached, connectionId: bound.connectionId };
    const connected = await connectedSettings({ ...options, pace }, bound.connectionId);
    if (!connected?.hasPayoutAccount) return { rail: unconnected, connectionId: null };
    const rail = connected.connector.createPayoutRail({ ...connected.settings, accountNumber: bound.payoutAccountNumber ?? connected.settings.accountNumber });
    rails.set(key, rail);
    return { rail, connectionId: bound.connectionId };
  }

  /**
   * A call of the connection's payouts capability: a set-up refusal marks the connection (and is thrown on, for the
   * payout to wait and try again); an answer clears the mark.
   */
  async function watched<T>(connectionId: string | null, call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      if (connectionId) await attentionCleared(orm.em.fork(), options.logger, connectionId, 'payouts');
      return result;
    } catch (err) {
      if (connectionId && isProviderSetupError(err)) {
        await needsAttention(orm.em.fork(), options.logger, { connectionId, capability: 'payouts', reason: err.reason, description: err.description });
      }
      throw err;
    }
  }

  return {
    async submit(submission) {
      const { rail, connectionId } = await railOfPayout(submission.payoutId, true);
      return watched(connectionId, () => rail.submit(submission));
    },
    async lookup(payoutId) {
      const { rail, connectionId } = await railOfPayout(payoutId, false);
      return watched(connectionId, () => rail.lookup(payoutId));
    },
  };
}
