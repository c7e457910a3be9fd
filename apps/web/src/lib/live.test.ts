import { QUERY_KEYS } from '@outpost/contracts/live-topics';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followLive, LIVE_GATHER_MS, type LiveSource, type LiveState, liveQueryKeys } from './live';

/** A stream the test drives: it fires the events a server would send, and the browser's errors. */
class FakeSource implements LiveSource {
  readyState = 0;
  closed = false;
  readonly #listeners = new Map<string, (() => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: () => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  fire(type: string, readyState = 1): void {
    this.readyState = readyState;
    for (const listener of this.#listeners.get(type) ?? []) listener();
  }
}

function follow(options: Omit<Parameters<typeof followLive>[0], 'queryClient' | 'onState' | 'open'>) {
  const queryClient = new QueryClient();
  const invalidated: unknown[][] = [];
  // What changes refetch (the first `ready`'s look at older answers filters with a predicate: its own test).
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    if (!filters?.predicate) invalidated.push([...(filters?.queryKey ?? [])]);
  });
  const states: LiveState[] = [];
  let source: FakeSource | undefined;
  const stop = followLive({
    ...options,
    queryClient,
    onState: (state) => states.push(state),
    open: (url) => {
      source = new FakeSource(url);
      return source;
    },
  });
  return { queryClient, invalidated, states, source: source as unknown as FakeSource, stop };
}

describe('live query keys', () => {
  it('are the players’ keys without an environment, the back office’s with one, each once', () => {
    expect(liveQueryKeys(['machines', 'credit-packs', 'drops'])).toEqual([QUERY_KEYS.shop]);
    expect(liveQueryKeys(['drops', 'machines'], 'beta')).toEqual([
      ['admin', 'beta', 'shop', 'drops'],
      ['admin', 'beta', 'shop', 'machines'],
    ]);
    expect(liveQueryKeys(['order-profile', 'profile'])).toEqual([QUERY_KEYS.orderProfile, QUERY_KEYS.me]);
  });
});

describe('followLive', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens one stream of its topics, and says when it is live, reconnecting or closed', () => {
    const { source, states } = follow({ topics: ['machines', 'credit-packs'], environment: 'production' });
    expect(source.url).toBe('/api/live?topics=credit-packs%2Cmachines&env=production');
    source.fire('ready');
    source.fire('error', 0);
    source.fire('ready');
    source.fire('error', 2);
    expect(states).toEqual(['live', 'reconnecting', 'live', 'closed']);
  });

  it('refetches the changed topic’s queries once per gathering, whatever the number of events', async () => {
    const { source, invalidated } = follow({ topics: ['drops', 'machines', 'credit-packs'], environment: 'beta' });
    source.fire('ready');
    source.fire('drops');
    source.fire('drops');
    source.fire('credit-packs');
    expect(invalidated).toEqual([]);
    await vi.advanceTimersByTimeAsync(LIVE_GATHER_MS);
    expect(invalidated).toEqual([
      ['admin', 'beta', 'shop', 'drops'],
      ['admin', 'beta', 'shop', 'machines'],
      ['admin', 'beta', 'shop', 'packs'],
    ]);
  });

  it('refetches every followed query when told to reset (too far behind to catch up)', async () => {
    const { source, invalidated, states } = follow({ topics: ['profile', 'order-profile'] });
    source.fire('reset');
    await vi.advanceTimersByTimeAsync(LIVE_GATHER_MS);
    expect(invalidated).toEqual([QUERY_KEYS.me, QUERY_KEYS.orderProfile]);
    expect(states).toEqual(['live']);
  });

  it('refetches, once it is live, what the cache kept from before the stream opened, and nothing newer', () => {
    vi.setSystemTime(1_000_000);
    const queryClient = new QueryClient();
    queryClient.setQueryData([...QUERY_KEYS.theater, 'library'], { episodes: [] });
    vi.setSystemTime(2_000_000);
    let source: FakeSource | undefined;
    followLive({
      queryClient,
      topics: ['episodes'],
      onState: () => {},
      open: (url) => {
        source = new FakeSource(url);
        return source;
      },
    });
    vi.setSystemTime(2_000_050);
    queryClient.setQueryData([...QUERY_KEYS.theater, 'entry', 's1e1'], { kind: 'episode' });
    source?.fire('ready');
    expect(queryClient.getQueryState([...QUERY_KEYS.theater, 'library'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([...QUERY_KEYS.theater, 'entry', 's1e1'])?.isInvalidated).toBe(false);
    // A reconnect's `ready` is caught up by the server's replay: nothing more to refetch.
    queryClient.setQueryData([...QUERY_KEYS.theater, 'library'], { episodes: [] });
    vi.setSystemTime(1_000_000);
    queryClient.setQueryData([...QUERY_KEYS.theater, 'favourites', 'u1'], { episodeIDs: [] });
    source?.fire('ready');
    expect(queryClient.getQueryState([...QUERY_KEYS.theater, 'favourites', 'u1'])?.isInvalidated).toBe(false);
  });

  it('closes the stream when stopped, refetching what had already changed', () => {
    const { source, invalidated, stop } = follow({ topics: ['episodes'] });
    source.fire('ready');
    source.fire('episodes');
    stop();
    expect(source.closed).toBe(true);
    expect(invalidated).toEqual([QUERY_KEYS.theater]);
  });
});
