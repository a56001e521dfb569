// Bounded concurrency without a dependency: `fn` over every item, at most `limit` at once.

/** Runs `fn` for every item with at most `limit` running at once; rejects with the first failure. */
export async function runLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
