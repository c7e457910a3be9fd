import { EXPERIMENTS_TOPIC } from '@outpost/contracts/experiments/contract';
import { type Me, SESSION_END_MESSAGES, type SessionEnd } from '@outpost/contracts/identity';
import { LIVE_CONTROL_EVENTS, QUERY_KEYS } from '@outpost/contracts/live-topics';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followLive, LIVE_GATHER_MS, type LiveSource, type LiveState, liveQueryKeys } from './live';
import { formatSuspensionEnd, sessionEndNotice } from './session';

/** A stream the test drives: it fires the events a server would send, and the browser's errors. */
class FakeSource implements LiveSource {
  readyState = 0;
  closed = false;
  readonly #listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  fire(type: string, readyState = 1, data?: string): void {
    this.readyState = readyState;
    for (const listener of this.#listeners.get(type) ?? []) listener({ data });
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
    // A drop is on the calendar too.
    expect(liveQueryKeys(['drops', 'machines'], 'beta')).toEqual([
      ['admin', 'beta', 'shop', 'drops'],
      ['admin', 'beta', 'shop', 'machines'],
      ['admin', 'beta', 'calendar'],
    ]);
    expect(liveQueryKeys(['order-profile', 'profile'])).toEqual([QUERY_KEYS.orderProfile, QUERY_KEYS.me]);
    // An experiment started or stopped (by an admin, or on time by the job) moves on the calendar.
    expect(liveQueryKeys([EXPERIMENTS_TOPIC], 'beta')).toEqual([
      ['admin', 'beta', 'experiments'],
      ['admin', 'beta', 'calendar'],
    ]);
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
      ['admin', 'beta', 'calendar'],
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

  it('asks who is signed in at once when the stream’s last event says its session ended, and says why', () => {
    const ends: SessionEnd[] = [];
    const { source, invalidated, states } = follow({ topics: ['machines'], onEnded: (end) => ends.push(end) });
    source.fire('ready');
    const suspended: SessionEnd = {
      cause: 'suspended',
      message: 'Your account is suspended until the Outpost team lifts the suspension. Reason: Cheating',
      suspension: { reason: 'Cheating', endsAt: null },
    };
    source.fire(LIVE_CONTROL_EVENTS.ended, 1, JSON.stringify(suspended));
    // Not gathered: the page shows the signed-out state without waiting.
    expect(invalidated).toEqual([QUERY_KEYS.me]);
    expect(ends).toEqual([suspended]);
    // The server closes the stream; the browser reopens it with what it holds now.
    source.fire('error', 0);
    expect(states).toEqual(['live', 'reconnecting']);
    // A last event this client cannot read still ends the session here.
    source.fire(LIVE_CONTROL_EVENTS.ended, 1, '{"cause":"something new"}');
    expect(invalidated).toEqual([QUERY_KEYS.me, QUERY_KEYS.me]);
    expect(ends).toHaveLength(1);
  });
});

describe('sessionEndNotice', () => {
  const signedOut = (sessionEnded?: SessionEnd): Me => ({
    user: null,
    profile: null,
    ...(sessionEnded ? { sessionEnded } : {}),
  });
  const end = (cause: Exclude<SessionEnd['cause'], 'suspended'>): SessionEnd => ({
    cause,
    message: SESSION_END_MESSAGES[cause],
  });

  it('says why a session ended under the page, a suspension in the reader’s own time', () => {
    const suspended: SessionEnd = {
      cause: 'suspended',
      message: 'Your account is suspended until 3 December 2026 at 14:00 UTC. Reason: Spamming',
      suspension: { reason: 'Spamming', endsAt: '2026-12-03T14:00:00.000Z' },
    };
    const inTokyo = (iso: string) => formatSuspensionEnd(iso, 'en-GB', 'Asia/Tokyo');
    expect(sessionEndNotice(signedOut(suspended), null, inTokyo)).toBe(
      'Your account is suspended until 3 December 2026 at 23:00. Reason: Spamming',
    );
    // Told by a stream before the session was asked for again.
    expect(sessionEndNotice(signedOut(), end('password-changed'))).toBe(SESSION_END_MESSAGES['password-changed']);
    expect(sessionEndNotice(signedOut(end('deleted')), null)).toBe(SESSION_END_MESSAGES.deleted);
  });

  it('says nothing after a sign-out, a change of access, or while someone is signed in', () => {
    expect(sessionEndNotice(undefined, end('ended'))).toBeNull();
    expect(sessionEndNotice(signedOut(end('signed-out')), null)).toBeNull();
    expect(sessionEndNotice(signedOut(), end('access-changed'))).toBeNull();
    expect(sessionEndNotice(signedOut(), null)).toBeNull();
    const signedIn = { user: { id: 'u1', email: 'a@example.com' }, profile: null } satisfies Me;
    expect(sessionEndNotice(signedIn, end('ended'))).toBeNull();
  });
});
