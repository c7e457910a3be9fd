import type { Environment } from '@outpost/contracts/environments';
import { type SessionEnd, sessionEndSchema } from '@outpost/contracts/identity';
import {
  LIVE_CONTROL_EVENTS,
  LIVE_TOPICS,
  type LiveTopicName,
  liveStreamPath,
  QUERY_KEYS,
  type QueryKey,
} from '@outpost/contracts/live-topics';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { noteSessionEnd } from './session';

/*
 * Live updates (docs/decisions/0040-live-updates-in-the-web-app.md): a screen that shows live data follows its topics
 * with `useLive(topics)` (or `useLive(topics, environment)` in the back office), which keeps one
 * server-sent-events stream (`GET /api/live`) open while the screen is mounted and refreshes the
 * screen's queries when a topic's records change. The events' records are not written into the
 * cache: each query refetches what its own route answers, so a stream never has to know a screen's
 * shapes. Only lazy screens import this: it is not part of the first visit's JavaScript.
 */

/**
 * Where a stream stands: opening (`connecting`), caught up and following (`live`), dropped and
 * being reopened by the browser (`reconnecting`: updates are paused meanwhile, and what was missed
 * comes when it is back), or given up (`closed`: the server refused it, e.g. a session that ended,
 * or the screen follows nothing).
 */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'closed';

/** The queries a stream of `topics` refreshes: the players' screens', or `environment`'s back office's. Each once. */
export function liveQueryKeys(topics: readonly LiveTopicName[], environment?: Environment): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const topic of topics) {
    const declared = LIVE_TOPICS[topic];
    for (const key of environment ? declared.backOfficeKeys(environment) : declared.playerKeys) {
      keys.set(JSON.stringify(key), key);
    }
  }
  return [...keys.values()];
}

/** The part of the browser's EventSource a stream uses (a test hands in its own). */
export interface LiveSource {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
}

/** Why a stream ended, from its last event's data; a message of another shape says only that it ended. */
function readEnd(data: unknown): SessionEnd | undefined {
  try {
    const parsed = z.safeParse(sessionEndSchema, JSON.parse(String(data)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** EventSource.CLOSED: the browser will not reconnect. */
const CLOSED = 2;

/**
 * How long changes are gathered before their queries refetch: a save that writes several rows, or
 * a reconnect's catch-up, then refetches each query once rather than once per event.
 */
export const LIVE_GATHER_MS = 100;

export interface FollowLiveOptions {
  queryClient: QueryClient;
  topics: readonly LiveTopicName[];
  environment?: Environment;
  onState: (state: LiveState) => void;
  /** Opens the stream; the browser's EventSource unless a test says otherwise. */
  open?: (url: string) => LiveSource;
  /** Told why, when the stream's last event says the session it was opened with ended. */
  onEnded?: (end: SessionEnd) => void;
}

/**
 * Follows `topics` outside React: opens the stream, refreshes the topics' queries as their
 * records change, and reports where the stream stands. Returns the function that closes it.
 *
 * The browser's EventSource reconnects a dropped stream by itself and sends the last event id
 * back (Last-Event-ID), so the server replays what was missed, or says `reset` when that is too
 * much (every followed query then refetches). A new stream has no such id: on its first `ready`,
 * the queries whose answers are older than the stream (kept in the cache from an earlier visit of
 * the screen) refetch, as changes made before it opened never reach it.
 *
 * When the session the stream was opened with ends (here, in another tab, on another device), or
 * its account's access changes, the server's last event (`ended`) says why and closes the stream:
 * the session is asked for again at once (the page then shows who is signed in now), and the
 * browser reopens the stream with what it holds now (as a visitor, or refused for a topic that
 * needs the session).
 */
export function followLive({
  queryClient,
  topics,
  environment,
  onState,
  open = (url) => new EventSource(url),
  onEnded,
}: FollowLiveOptions): () => void {
  const keysOf = (followed: readonly LiveTopicName[]) => liveQueryKeys(followed, environment);
  const allKeys = keysOf(topics);
  const openedAt = Date.now();
  const source = open(liveStreamPath(topics, environment));
  let caughtUp = false;

  const gathered = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const queryKey of gathered.values()) void queryClient.invalidateQueries({ queryKey });
    gathered.clear();
  };
  const refresh = (keys: readonly QueryKey[]) => {
    for (const key of keys) gathered.set(JSON.stringify(key), key);
    timer ??= setTimeout(flush, LIVE_GATHER_MS);
  };

  source.addEventListener(LIVE_CONTROL_EVENTS.ready, () => {
    if (!caughtUp) {
      caughtUp = true;
      for (const queryKey of allKeys) {
        void queryClient.invalidateQueries({
          queryKey,
          // Answered before the stream opened, and not being asked again right now.
          predicate: ({ state }) =>
            state.dataUpdatedAt > 0 && state.dataUpdatedAt < openedAt && state.fetchStatus === 'idle',
        });
      }
    }
    onState('live');
  });
  source.addEventListener(LIVE_CONTROL_EVENTS.reset, () => {
    caughtUp = true;
    refresh(allKeys);
    onState('live');
  });
  for (const topic of topics) {
    const keys = keysOf([topic]);
    source.addEventListener(topic, () => refresh(keys));
  }
  source.addEventListener(LIVE_CONTROL_EVENTS.ended, (event) => {
    const end = readEnd(event.data);
    if (end) onEnded?.(end);
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.me });
  });
  source.addEventListener('error', () => onState(source.readyState === CLOSED ? 'closed' : 'reconnecting'));

  return () => {
    source.close();
    // What arrived before the screen went still refreshes: its cache is then right for the next visit.
    flush();
  };
}

/**
 * Keeps the screen's queries of `topics` current while it is mounted: one stream per call, closed
 * on unmount or when the topics or the environment change. Without `environment` it follows what
 * the players' screens show (`playerKeys`); with it, that environment's back office (`backOfficeKeys`,
 * which needs the admin area). An empty list follows nothing ('closed'). Returns where the stream
 * stands, for <LiveStatus>.
 */
export function useLive(topics: readonly LiveTopicName[], environment?: Environment): LiveState {
  const queryClient = useQueryClient();
  // The effect depends on text, not on the array: a screen may pass a new array each render.
  const followed = [...new Set(topics)].sort().join(',');
  const [seen, setSeen] = useState<{ followed: string; environment?: Environment; state: LiveState } | null>(null);

  useEffect(() => {
    if (followed === '') return;
    return followLive({
      queryClient,
      topics: followed.split(',') as LiveTopicName[],
      environment,
      onState: (state) => setSeen({ followed, environment, state }),
      onEnded: noteSessionEnd,
    });
  }, [queryClient, followed, environment]);

  if (followed === '') return 'closed';
  // A stream just opened for other topics starts over, whatever the last one reached.
  return seen && seen.followed === followed && seen.environment === environment ? seen.state : 'connecting';
}
