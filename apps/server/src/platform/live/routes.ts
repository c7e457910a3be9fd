import type { ServerResponse } from 'node:http';
import { type Environment, environmentSchema } from '@outpost/contracts/environments';
import { type SessionEnd, sessionEnd } from '@outpost/contracts/identity';
import type { LiveTopicAccess } from '@outpost/contracts/live-topics';
import { can } from '@outpost/contracts/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { ChangeSource } from '../changes/triggers';
import type { Viewer } from '../http/access';
import { FunctionError } from '../http/errors';
import { asOneString } from '../one-string';
import { parseCursor } from './cursor';
import { type Audience, type LiveHub, LiveStream, type ServedTopic, type StreamSession } from './hub';

/** A topic as this server serves it: its tables, who may follow it as which audience, and its loader. */
export interface LiveTopic<Scope> extends ServedTopic<Scope> {
  access: LiveTopicAccess;
  /** The tables whose writes are the topic's changes (their triggers record them). */
  sources: readonly ChangeSource[];
  /**
   * The audience a viewer follows the topic as: in the back office (`backOffice`: a stream naming
   * an environment, for the admin area) or on the players' screens.
   */
  audience(viewer: Viewer | null, backOffice: boolean): Audience;
}

/** The audience of an `owner` topic: each signed-in player alone, and only their own record's changes. */
export function ownerAudience(viewer: Viewer | null): Audience {
  return { id: `owner:${viewer?.userId}`, onlyKey: viewer?.userId ?? '' };
}

/** The back office's audience: staff follow a topic's records whole, all alike. */
export const BACK_OFFICE_AUDIENCE: Audience = { id: 'back-office' };

/** The players' audience of a topic anyone may follow: what players may see of it, the same for each. */
export const PLAYERS_AUDIENCE: Audience = { id: 'players' };

/** The audience of a topic followed both in the back office and on the players' screens. */
export function backOfficeOrPlayers(_viewer: Viewer | null, backOffice: boolean): Audience {
  return backOffice ? BACK_OFFICE_AUDIENCE : PLAYERS_AUDIENCE;
}

/**
 * The topic of a back-office list (the admin log, reports, orders, jobs, …), for the holders of
 * `access`: its event says which row changed and carries no record (null), as the list refetches
 * its page, whose sort, filters and names one row could not place; nothing is loaded per change.
 */
export function backOfficeListTopic<Scope>(
  topic: Pick<LiveTopic<Scope>, 'name' | 'side' | 'sources'> & { access: Exclude<LiveTopicAccess, 'public' | 'owner'> },
): LiveTopic<Scope> {
  return { ...topic, audience: () => BACK_OFFICE_AUDIENCE, load: async () => null };
}

/** The session a stream is opened with, as the sessions' owner hands it over. */
export interface LiveSession {
  userId: string;
  /** The session's own token, by which `check` reads it: never sent anywhere. */
  token: string;
  /** Epoch ms. */
  expiresAt: number;
}

/**
 * A session checked again: its viewer now, why it ended (the stream's last event), or `reconnect`:
 * it was replaced by a new session on the same device, so the stream closes without a last event
 * and the browser reconnects with the credential it holds now.
 */
export type SessionCheck = { viewer: Viewer; expiresAt: number } | { end: SessionEnd } | { reconnect: true };

/** How streams learn that the session they were opened with ended, or that its access changed. */
export interface LiveSessions {
  /** The session behind a request whose viewer was read; undefined for a visitor. */
  sessionOf(request: FastifyRequest): LiveSession | undefined;
  /** What a request that needs a viewer and has none is answered (a suspended player is told why). */
  refusal(request: FastifyRequest): FunctionError;
  /** That session's viewer now, with its expiry, or why it ended. */
  check(session: LiveSession): Promise<SessionCheck>;
  /** The identity store's topics, keyed by an account, whose changes may end its sessions or change its access. */
  watchedTopics: readonly string[];
}

export interface LiveRouteOptions<Scope> {
  hub: LiveHub<Scope>;
  sessions: LiveSessions;
  topics: ReadonlyMap<string, LiveTopic<Scope>>;
  /** The environment players' screens follow (APP_ENV). */
  appEnv: Environment;
  /** The game store of an environment, as the hub's feeds name it. */
  storeOf(environment: Environment): string;
  scopeOf(environment: Environment): Scope;
}

const querySchema = z.object({
  topics: z.string({ error: 'topics is required: the live topics to follow, comma-separated.' }),
  env: z.optional(environmentSchema),
  /** For clients that cannot send the Last-Event-ID header. */
  lastEventId: z.optional(z.string().check(z.maxLength(40))),
});

/** The topics asked for, each known, at most once. */
function topicsAsked<Scope>(text: string, topics: ReadonlyMap<string, LiveTopic<Scope>>): LiveTopic<Scope>[] {
  const names = [
    ...new Set(
      text
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length === 0) throw new FunctionError('invalid-argument', 'Name at least one live topic to follow.');
  return names.map((name) => {
    const topic = topics.get(name);
    if (!topic) {
      throw new FunctionError(
        'invalid-argument',
        `"${name}" is not a live topic; follow ${[...topics.keys()].join(', ')}.`,
      );
    }
    return topic;
  });
}

type Followed<Scope> = Map<string, { topic: LiveTopic<Scope>; audience: Audience }>;

/**
 * The topics as `viewer` follows them, each with its audience, or the refusal the route answers:
 * an owner's topic needs a signed-in owner; a stream of a named environment (`backOffice`) needs
 * the admin area, and a topic whose access is a capability is the back office's only, for its holders.
 */
function follow<Scope>(
  topics: readonly LiveTopic<Scope>[],
  viewer: Viewer | null,
  backOffice: boolean,
  unauthenticated: () => FunctionError,
): Followed<Scope> {
  if (!viewer && (backOffice || topics.some((topic) => topic.access === 'owner'))) throw unauthenticated();
  if (backOffice && !can(viewer?.profile?.keys, 'adminArea')) {
    throw new FunctionError('permission-denied', 'Your account is not allowed to do this.');
  }
  for (const topic of topics) {
    if (topic.access === 'public' || topic.access === 'owner') continue;
    if (!backOffice) {
      throw new FunctionError(
        'invalid-argument',
        `${topic.name} is followed in the back office: name its environment (&env=).`,
      );
    }
    if (!can(viewer?.profile?.keys, topic.access)) {
      throw new FunctionError('permission-denied', 'Your account is not allowed to do this.');
    }
  }
  return new Map(topics.map((topic) => [topic.name, { topic, audience: topic.audience(viewer, backOffice) }]));
}

/** Whether the account may still follow the same topics as the same audiences (its keys may have changed). */
function followsAsBefore<Scope>(
  before: Followed<Scope>,
  topics: readonly LiveTopic<Scope>[],
  viewer: Viewer,
  backOffice: boolean,
): boolean {
  try {
    const now = follow(topics, viewer, backOffice, () => new FunctionError('unauthenticated', ''));
    return [...before].every(([name, { audience }]) => {
      const again = now.get(name)?.audience;
      return again?.id === audience.id && again.onlyKey === audience.onlyKey;
    });
  } catch {
    return false;
  }
}

const ACCESS_CHANGED = JSON.stringify(sessionEnd('access-changed'));

/**
 * The stream's session, checked again on the hub's word: it goes on while the session counts and
 * its account follows the same topics as the same audiences; otherwise its last event says why.
 */
function heldSession<Scope>(
  sessions: LiveSessions,
  session: LiveSession,
  followed: Followed<Scope>,
  backOffice: boolean,
): StreamSession {
  const topics = [...followed.values()].map(({ topic }) => topic);
  return {
    userId: session.userId,
    expiresAt: session.expiresAt,
    async recheck() {
      const now = await sessions.check(session);
      if ('reconnect' in now) return now;
      if ('end' in now) return { end: JSON.stringify(now.end) };
      return followsAsBefore(followed, topics, now.viewer, backOffice)
        ? { expiresAt: now.expiresAt }
        : { end: ACCESS_CHANGED };
    },
  };
}

/**
 * Node keeps the text of a response's head (OutgoingMessage's `_header`, undocumented) for as long
 * as the response lives, as it appended it header by header: a stream's lives while its page is open.
 */
function holdHeadAsOneString(response: ServerResponse): void {
  const head = response as ServerResponse & { _header?: unknown };
  if (typeof head._header === 'string') head._header = asOneString(head._header);
}

/**
 * GET /api/live: server-sent events of the topics asked for (`?topics=a,b`), each authorized as
 * the route reading the same data is: an owner's topic needs the signed-in owner; a stream of a
 * named environment (`&env=`) is the back office's and needs the admin area, and a topic whose
 * access is a capability is the back office's only, for its holders. A reconnect's
 * Last-Event-ID resumes where the stream stopped.
 */
export function registerLiveRoute<Scope>(app: FastifyInstance, options: LiveRouteOptions<Scope>): void {
  app.get(
    '/api/live',
    { schema: { querystring: querySchema, response: { 200: z.string() } } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.query as z.infer<typeof querySchema>;
      const topics = topicsAsked(query.topics, options.topics);
      const viewer = await request.viewer();
      const backOffice = query.env !== undefined;
      const followed = follow(topics, viewer, backOffice, () => options.sessions.refusal(request));
      const session = viewer ? options.sessions.sessionOf(request) : undefined;
      const environment = query.env ?? options.appEnv;
      const gameStore = options.storeOf(environment);
      const resume = parseCursor((request.headers['last-event-id'] as string | undefined) ?? query.lastEventId);

      // From here the answer is the stream: Fastify's reply is done with, the headers set so far kept.
      reply.hijack();
      const response = reply.raw;
      // An event stream ends only when its connection closes, so its body needs no chunk framing:
      // each event then goes to the socket as it is, a frame shared by every stream at that point.
      response.useChunkedEncodingByDefault = false;
      response.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        // nginx would otherwise hold events back in its buffer.
        'x-accel-buffering': 'no',
      });
      // How long a browser waits before reconnecting a dropped stream.
      response.write('retry: 2000\n\n');
      holdHeadAsOneString(response);
      const stream = new LiveStream<Scope>({
        response,
        topics: followed,
        gameStore,
        scope: options.scopeOf(environment),
        ...(session ? { session: heldSession(options.sessions, session, followed, backOffice) } : {}),
        cursor: options.hub.currentCursor(gameStore),
        onClose: () => options.hub.remove(stream),
      });
      await options.hub.open(stream, resume);
    },
  );
}
