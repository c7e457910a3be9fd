/**
 * Maps items through `work` with at most `limit` calls in flight, answering in the items' order.
 * `work` is expected not to reject (the senders turn failures into outcomes).
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Runs each `work` given with at most `limit` in flight across all callers, the others waiting
 * their turn in the order they came: the FCM sender's requests, whichever send they belong to.
 */
export function boundedSlots(limit: number): <R>(work: () => Promise<R>) => Promise<R> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (active < limit) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes to the next in line, or frees.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
