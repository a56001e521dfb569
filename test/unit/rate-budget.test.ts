// The per-key budget shared by API processes (src/db/rate-budget.ts), against a stand-in of its one PostgreSQL row
// whose answers come back only when the test lets them: the slowness of a busy machine, made deterministic. The
// bound the README promises is checked for any order in which writes and requests meet: with P processes a key gets at
// most limit + P x chunk requests through in one window, and never fewer than its limit.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { budgetRateLimiter, chunkOf } from '../../src/db/rate-budget.ts';
import type { Orm } from '../../src/db/orm.ts';

/** The rate_limits table of one database, whose answers to writes are held until `release()`. */
function heldRow() {
  const rows = new Map<string, { points: number; expire: number }>();
  const held: Array<() => void> = [];
  const client = {
    async query(config: { text: string; values: unknown[] }) {
      if (config.text.trimStart().startsWith('insert')) {
        const [key, add, expire, now] = config.values as [string, number, number, number];
        const row = rows.get(key);
        const next = !row || row.expire <= now ? { points: add, expire } : { points: row.points + add, expire: row.expire };
        rows.set(key, next); // committed now; only the answer is late
        await new Promise<void>((resolve) => held.push(resolve));
        return { rows: [{ ...next }] };
      }
      const [key, now] = config.values as [string, number];
      const row = rows.get(key);
      return { rows: row && row.expire > now ? [{ ...row }] : [] };
    },
  };
  const orm = { em: { getConnection: () => ({ getNativeClient: async () => client }) } } as unknown as Orm;
  return {
    orm,
    /** Lets every answer held so far arrive, or only the oldest `count`. */
    release: (count = held.length) => held.splice(0, count).forEach((resolve) => resolve()),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function processes(orm: Orm, count: number, limit: number) {
  return Array.from({ length: count }, () =>
    budgetRateLimiter(orm, { keyPrefix: 'sandbox', points: limit, duration: 60, insurance: new RateLimiterMemory({ points: limit, duration: 60 }) }),
  );
}

/**
 * Sends `perRound` requests of one key to each process, then lets the answers of their writes arrive (all of them, or
 * only the oldest one: `answers`); `rounds` times.
 */
async function run(limit: number, processCount: number, perRound: number, rounds: number, answers: 'all' | 'oldest'): Promise<{ passed: number; sent: number }> {
  const db = heldRow();
  const limiters = processes(db.orm, processCount, limit);
  const outcomes: Array<Promise<boolean>> = [];
  for (let round = 0; round < rounds; round++) {
    for (const limiter of limiters) {
      for (let i = 0; i < perRound; i++) {
        outcomes.push(
          limiter.consume('key_1').then(
            () => true,
            (err: unknown) => {
              if (err instanceof RateLimiterRes) return false;
              throw err;
            },
          ),
        );
      }
    }
    await settle();
    db.release(answers === 'all' ? undefined : 1);
    await settle();
  }
  for (let i = 0; i < 50; i++) {
    db.release();
    await settle();
  }
  const passed = (await Promise.all(outcomes)).filter(Boolean).length;
  return { passed, sent: outcomes.length };
}

describe('the per-key budget across processes, answers arriving late', () => {
  for (const [limit, processCount] of [
    [20, 2],
    [20, 4],
    [100, 2],
    [100, 5],
  ] as const) {
    const bound = limit + processCount * chunkOf(limit);
    test(`limit ${limit}, ${processCount} processes: at least the limit and at most ${bound} through in one window, however the requests meet the writes`, async () => {
      for (const answers of ['all', 'oldest'] as const) {
        for (const perRound of [1, 2, 3, 5, 8, 13]) {
          const { passed, sent } = await run(limit, processCount, perRound, Math.ceil((3 * limit) / (perRound * processCount)), answers);
          const what = `${perRound} a round, ${answers} answers then`;
          assert.ok(sent >= 3 * limit);
          assert.ok(passed >= limit, `${what}: only ${passed} of ${sent} got through a limit of ${limit}`);
          assert.ok(passed <= bound, `${what}: ${passed} of ${sent} got through, over limit ${limit} + ${processCount} chunks of ${chunkOf(limit)}`);
        }
      }
    });
  }
});
