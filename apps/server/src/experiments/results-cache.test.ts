import type { ExperimentResults } from '@outpost/contracts/experiments/schemas';
import { describe, expect, it } from 'vitest';
import { createResultsCache } from './results-cache';

const resultsAt = (asOf: string): ExperimentResults => ({
  experimentID: 'e',
  metric: 'playtimePerPlayer',
  asOf,
  variants: [],
});

/**
 * A cache on a clock the test moves, whose computations the test settles by hand (`settle` holds one a
 * computation started, in order); `errors` are the failed refreshes it reported.
 */
function cacheOnClock() {
  const clock = { ms: 0 };
  const errors: unknown[] = [];
  const settle: { resolve: (results: ExperimentResults) => void; reject: (error: Error) => void }[] = [];
  const compute = () =>
    new Promise<ExperimentResults>((resolve, reject) => {
      settle.push({ resolve, reject });
    });
  const cache = createResultsCache({
    now: () => clock.ms,
    onRefreshError: (error) => errors.push(error),
    freshMs: 30_000,
  });
  return { clock, cache, settle, compute, errors };
}

/** The same, once it keeps the results 'one' for experiment test/e at its row 'row'. */
async function cacheKeepingOne() {
  const made = cacheOnClock();
  const first = made.cache.read('test/e', 'row', made.compute);
  made.settle[0]?.resolve(resultsAt('one'));
  await first;
  return made;
}

describe('results cache', () => {
  it('computes once for requests at once and answers the kept results while fresh', async () => {
    const { clock, cache, settle, compute } = cacheOnClock();
    const first = cache.read('test/e', 'row', compute);
    const second = cache.read('test/e', 'row', compute);
    expect(settle).toHaveLength(1);
    settle[0]?.resolve(resultsAt('one'));
    expect(await first).toEqual(resultsAt('one'));
    expect(await second).toEqual(resultsAt('one'));
    clock.ms = 29_999;
    expect(await cache.read('test/e', 'row', compute)).toEqual(resultsAt('one'));
    expect(settle).toHaveLength(1);
  });

  it('past its freshness answers the kept results at once while one computation replaces them', async () => {
    const { clock, cache, settle, compute } = await cacheKeepingOne();
    clock.ms = 30_000;
    expect(await cache.read('test/e', 'row', compute)).toEqual(resultsAt('one'));
    expect(await cache.read('test/e', 'row', compute)).toEqual(resultsAt('one'));
    expect(settle).toHaveLength(2);
    settle[1]?.resolve(resultsAt('two'));
    await Promise.resolve();
    expect(await cache.read('test/e', 'row', compute)).toEqual(resultsAt('two'));
    expect(settle).toHaveLength(2);
  });

  it('computes a changed row and another experiment afresh, waiting for them', async () => {
    const { cache, settle, compute } = await cacheKeepingOne();
    const edited = cache.read('test/e', 'stopped row', compute);
    const other = cache.read('test/f', 'row', compute);
    expect(settle).toHaveLength(3);
    settle[1]?.resolve(resultsAt('stopped'));
    settle[2]?.resolve(resultsAt('other'));
    expect(await edited).toEqual(resultsAt('stopped'));
    expect(await other).toEqual(resultsAt('other'));
  });

  it('keeps no failed first computation, and keeps answering the last results when a refresh fails', async () => {
    const { clock, cache, settle, compute, errors } = cacheOnClock();
    const failed = cache.read('test/e', 'row', compute);
    settle[0]?.reject(new Error('store down'));
    await expect(failed).rejects.toThrow('store down');
    const retried = cache.read('test/e', 'row', compute);
    expect(settle).toHaveLength(2);
    settle[1]?.resolve(resultsAt('one'));
    await retried;
    clock.ms = 30_000;
    expect(await cache.read('test/e', 'row', compute)).toEqual(resultsAt('one'));
    settle[2]?.reject(new Error('store down again'));
    await Promise.resolve();
    expect(errors).toEqual([new Error('store down again')]);
    // Tried again only after another spell of freshness, not by every request.
    expect(await cache.read('test/e', 'row', compute)).toEqual(resultsAt('one'));
    expect(settle).toHaveLength(3);
    clock.ms = 60_000;
    await cache.read('test/e', 'row', compute);
    expect(settle).toHaveLength(4);
  });
});
