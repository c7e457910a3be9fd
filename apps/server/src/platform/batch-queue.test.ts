import { describe, expect, it } from 'vitest';
import { type BatchOutcome, BatchQueue } from './batch-queue';

/** A runner that records each batch and finishes it only when the test says so. */
function recordingRunner() {
  const batches: { key: string; items: number[]; finish: () => void }[] = [];
  const run = (key: string, items: readonly number[]) =>
    new Promise<BatchOutcome<string>[]>((resolve) => {
      batches.push({
        key,
        items: [...items],
        finish: () =>
          resolve(
            items.map((item) =>
              item < 0 ? { ok: false, error: new Error(`refused ${item}`) } : { ok: true, value: `${key}:${item}` },
            ),
          ),
      });
    });
  return { batches, run };
}

/** Lets the queue start what it has gathered (it starts batches on setImmediate). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchQueue', () => {
  it('runs the calls made together as one batch, each answered with its own outcome', async () => {
    const { batches, run } = recordingRunner();
    const queue = new BatchQueue(run, { maxBatch: 10 });
    const answers = [1, -2, 3].map((item) => queue.submit('a', item));
    await nextTurn();
    expect(batches.map((batch) => batch.items)).toEqual([[1, -2, 3]]);
    batches[0]?.finish();
    const settled = await Promise.allSettled(answers);
    expect(settled[0]).toEqual({ status: 'fulfilled', value: 'a:1' });
    expect(settled[1]).toMatchObject({ status: 'rejected', reason: { message: 'refused -2' } });
    expect(settled[2]).toEqual({ status: 'fulfilled', value: 'a:3' });
  });

  it('runs one batch per key at a time; the calls made meanwhile form the next one', async () => {
    const { batches, run } = recordingRunner();
    const queue = new BatchQueue(run, { maxBatch: 10 });
    const first = queue.submit('a', 1);
    await nextTurn();
    const waiting = [queue.submit('a', 2), queue.submit('a', 3)];
    const other = queue.submit('b', 9);
    await nextTurn();
    // Key a still runs its first batch; key b does not wait for it.
    expect(batches.map((batch) => [batch.key, batch.items])).toEqual([
      ['a', [1]],
      ['b', [9]],
    ]);
    batches[0]?.finish();
    expect(await first).toBe('a:1');
    await nextTurn();
    expect(batches.map((batch) => [batch.key, batch.items])).toEqual([
      ['a', [1]],
      ['b', [9]],
      ['a', [2, 3]],
    ]);
    batches[2]?.finish();
    batches[1]?.finish();
    expect(await Promise.all([...waiting, other])).toEqual(['a:2', 'a:3', 'b:9']);
  });

  it('splits what waits into batches of at most maxBatch, in order', async () => {
    const { batches, run } = recordingRunner();
    const queue = new BatchQueue(run, { maxBatch: 2 });
    const answers = [1, 2, 3, 4, 5].map((item) => queue.submit('a', item));
    for (let round = 0; round < 3; round += 1) {
      await nextTurn();
      batches[round]?.finish();
    }
    expect(await Promise.all(answers)).toEqual(['a:1', 'a:2', 'a:3', 'a:4', 'a:5']);
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails every call of a batch whose run throws, and goes on with the next batch', async () => {
    let runs = 0;
    const queue = new BatchQueue<string, number, number>(
      async (_key, items) => {
        runs += 1;
        if (runs === 1) throw new Error('the store is gone');
        return items.map((item) => ({ ok: true, value: item * 10 }));
      },
      { maxBatch: 10 },
    );
    // Both calls of the first batch hear of its failure (read at once: a rejection waits for nobody).
    const failing = Promise.allSettled([queue.submit('a', 1), queue.submit('a', 2)]);
    await nextTurn();
    const later = queue.submit('a', 3);
    expect((await failing).map((result) => result.status === 'rejected' && String(result.reason))).toEqual([
      'Error: the store is gone',
      'Error: the store is gone',
    ]);
    expect(await later).toBe(30);
    // A batch answering the wrong number of outcomes fails too.
    const short = new BatchQueue<string, number, number>(async () => [], { maxBatch: 10 });
    await expect(short.submit('a', 1)).rejects.toThrow('A batch of 1 answered 0 outcomes.');
  });

  it('refuses a batch size that is not a positive whole number', () => {
    expect(() => new BatchQueue(async () => [], { maxBatch: 0 })).toThrow(RangeError);
  });
});
