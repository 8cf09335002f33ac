/**
 * Runs `task` on every item, at most `concurrency` at a time, and answers the
 * results in the items' order. A task that throws rejects the whole, as
 * Promise.all does: catch inside the task to keep going.
 */
export async function mapConcurrently<T, R>(items: readonly T[], concurrency: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return results;
}
