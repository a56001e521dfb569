// The provider's pace per connection, shared by every worker process (API.md: PROVIDER_MAX_RPS per connection): a
// PostgreSQL limiter keyed by connection; over it, a call waits rather than fails. Every live rail and the gateway
// of a connection draw on the same count.
import type { MikroORM } from '@mikro-orm/postgresql';
import { sharedRateLimiter } from '../../db/rate-limits.ts';

const SLICE_MS = 250;
const SLICES_PER_SECOND = 1000 / SLICE_MS;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `pace(connectionId)()` resolves when one more request to the provider keeps within `maxRps`. */
export function providerPace(orm: MikroORM, maxRps: number): (connectionId: string) => () => Promise<void> {
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
      if (current.consumedPoints + before.reduce((sum, b) => sum + (b?.consumedPoints ?? 0), 0) <= maxRps) return;
      // Over: give the point back and wait for the next slice.
      await limiter.reward(key(slice), 1);
      await sleep((slice + 1) * SLICE_MS - now + Math.floor(Math.random() * 20));
    }
  };
}
