// Bounded concurrency without a dependency: `fn` over every item, at most `limit` at once.

/** Runs `fn` for every item with at most `limit` running at once; rejects with the first failure. */
export async function runLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * A sleep that another part of the loop can end early (a notification, a stop): `wake()` ends the sleep in
 * progress, if any; a wake with nobody sleeping is forgotten.
 */
export function wakeableSleep(): { sleep: (ms: number) => Promise<void>; wake: () => void } {
  let wake: (() => void) | undefined;
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          wake = undefined;
          resolve();
        }, ms);
        wake = () => {
          wake = undefined;
          clearTimeout(timer);
          resolve();
        };
      }),
    wake: () => wake?.(),
  };
}
