import type { SessionEnd } from '@outpost/contracts/identity';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database';
import type { Viewer } from '../platform/http/access';
import { FunctionError } from '../platform/http/errors';
import { appendRouteHook, isApiRoute } from '../platform/http/route-hooks';
import type { LiveSession, LiveSessions } from '../platform/live/routes';
import type { Auth } from './auth';
import { type NotedCause, noteSessionEnds, type SessionsToNote, withdrawSessionEnds } from './ended-sessions';
import { accountStanding } from './lifecycle/standing';
import { ENDED_SESSIONS_TOPIC, PROFILE_TOPIC } from './live';
import { SessionCache } from './session-cache';
import { checkSession, endByStanding, endOfPresented, suspendedRefusal } from './session-end';
import { createSessionReader, type ReadSession } from './session-reader';

const SIGN_OUT_PATH = '/api/auth/sign-out';
const CHANGE_PASSWORD_PATH = '/api/auth/change-password';
const RESET_PASSWORD_PATH = '/api/auth/reset-password';
/** The auth library's routes: one catch-all route (identity/auth-routes.ts). */
const AUTH_ROUTE = '/api/auth/*';

/** How long a verified session is taken on its credential's word (see SessionCache). */
const SESSION_CACHE = { ttlMs: 10_000, maxEntries: 10_000 };

/** Cookies named like a session cookie (any prefix), as sent: the library reads one of them by its exact name. */
function sessionCookies(request: FastifyRequest): string[] {
  return (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.slice(0, part.indexOf('=')).endsWith('.session_token'));
}

/**
 * What names a request's session in the cache: its whole Authorization and Cookie headers, so
 * that a request is taken from the cache only when it presents exactly what was verified (a
 * decoy cookie named like the session's, sent first, must not make another request look the
 * same). Undefined when it presents no credential the library could read.
 */
function credentialOf(request: FastifyRequest): string | undefined {
  const { authorization, cookie } = request.headers;
  return authorization || sessionCookies(request).length > 0 ? `${authorization ?? ''}\n${cookie ?? ''}` : undefined;
}

/**
 * The session tokens a request may name (a signed value is `token.signature`): unverified, so
 * only good for forgetting, never for trusting. Every cookie named like the session's counts.
 */
function claimedSessionTokens(request: FastifyRequest): string[] {
  const bearer = request.headers.authorization?.replace(/^Bearer\s+/i, '');
  const cookies = sessionCookies(request).map((cookie) => cookie.slice(cookie.indexOf('=') + 1));
  return [bearer, ...cookies].flatMap((value) => {
    if (!value) return [];
    try {
      return [decodeURIComponent(value).split('.')[0] ?? ''];
    } catch {
      return [];
    }
  });
}

/** A string field of a JSON body, when there is one. */
function bodyField(request: FastifyRequest, name: string): unknown {
  const { body } = request;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

/** Whether the route answers only signed-in accounts (its policy asks for more than a visitor). */
function needsViewer(request: FastifyRequest): boolean {
  const access = request.routeOptions.config.policy?.access;
  return access !== undefined && access !== 'public' && access !== 'service';
}

const PLEASE_SIGN_IN = 'Please sign in first.';

/**
 * Reads the session from the cookie or the `Authorization: Bearer` token, then the profile
 * (always fresh: keys decide what a viewer may do). A session verified in the last seconds is
 * taken from the session cache; any other is checked by the session reader, or by the library
 * where the reader cannot tell (session-reader.ts). When the library slides an active session's
 * expiry forward it also renews the cookie; those Set-Cookie headers are kept per request and sent
 * with the answer (registerSessionHooks), so a player who keeps coming back stays signed in.
 */
export function createViewerResolver(auth: Auth, identity: Kysely<IdentityDatabase>) {
  const renewedCookies = new WeakMap<FastifyRequest, string[]>();
  const sessions = new SessionCache(SESSION_CACHE);
  const readSession = createSessionReader(auth, identity);
  const passwordChanges = new WeakMap<FastifyRequest, string>();
  /** The session each request presented, once verified: a live stream it opens is bound to it. */
  const heldSessions = new WeakMap<FastifyRequest, LiveSession>();
  /** Why a request that presented a session has no viewer, when it is to be told. */
  const sessionEnds = new WeakMap<FastifyRequest, SessionEnd>();
  /** The sessions a sign-out or password change noted as ending: the notes of those still alive after it are taken back. */
  const notedEnds = new WeakMap<FastifyRequest, string[]>();

  async function verifiedSession(request: FastifyRequest): Promise<Pick<Viewer, 'userId' | 'email'> | null> {
    const credential = credentialOf(request);
    if (!credential) return null;
    const cached = sessions.get(credential);
    const session = cached ?? (await readSession(request.headers)) ?? (await askTheLibrary(request));
    if (!session) return null;
    if (!cached) {
      const { expiresAt, ...entry } = session;
      sessions.set(credential, entry, expiresAt);
    }
    heldSessions.set(request, { userId: session.userId, token: session.sessionToken, expiresAt: session.expiresAt });
    return { userId: session.userId, email: session.email };
  }

  /** The library's full check, for what the session reader leaves to it: it may renew or clear cookies. */
  async function askTheLibrary(request: FastifyRequest): Promise<ReadSession | null> {
    const { headers, response: session } = await auth.api.getSession({
      headers: fromNodeHeaders(request.headers),
      returnHeaders: true,
    });
    const cookies = headers.getSetCookie();
    if (cookies.length > 0) renewedCookies.set(request, cookies);
    if (!session) return null;
    return {
      userId: session.user.id,
      email: session.user.email,
      sessionToken: session.session.token,
      expiresAt: session.session.expiresAt.getTime(),
    };
  }

  /**
   * The session's account with its profile, read fresh on every request: an account suspended or
   * being deleted has no viewer, even while its session is still cached here (its sessions were
   * ended, but another instance's cache may still hold one for a few seconds). A request whose
   * session ended is told why where it matters: a suspension by a route that needs a viewer (as a
   * sign-in is refused), any noted end by GET /api/auth/me (sessionEndOf).
   */
  async function resolveViewer(request: FastifyRequest): Promise<Viewer | null> {
    const session = await verifiedSession(request);
    if (session) {
      const standing = await accountStanding(identity, session.userId);
      if (standing.kind === 'active') return { ...session, profile: standing.profile };
      return withoutViewer(request, endByStanding(standing));
    }
    // Only a credential whose session is gone costs this read: a note is found by its token's hash.
    const end = credentialOf(request) ? await endOfPresented(identity, claimedSessionTokens(request)) : undefined;
    if (!end) return null;
    // The library clears the cookie of a session it cannot find; kept instead while its holder is
    // to be told why it ended (a sign-out cleared it in its own browser), until the next sign-in.
    if (end.cause !== 'signed-out') renewedCookies.delete(request);
    return withoutViewer(request, end);
  }

  /** No viewer, for a reason: a suspended player's call to a route that needs one is refused with it. */
  function withoutViewer(request: FastifyRequest, end: SessionEnd): null {
    sessionEnds.set(request, end);
    if (end.suspension && needsViewer(request)) throw suspendedRefusal(end.suspension.endsAt, end.suspension.reason);
    return null;
  }

  /** Why the session a request presented ended, once its viewer was read (undefined: none ended, or no news). */
  const sessionEndOf = (request: FastifyRequest): SessionEnd | undefined => sessionEnds.get(request);

  /** What a request that needs a viewer and has none is answered: a suspension says until when and why. */
  function refusal(request: FastifyRequest): FunctionError {
    const suspension = sessionEnds.get(request)?.suspension;
    return suspension
      ? suspendedRefusal(suspension.endsAt, suspension.reason)
      : new FunctionError('unauthenticated', PLEASE_SIGN_IN);
  }

  /** Notes why sessions are about to end, for the request that ends them (taken back for those it did not end). */
  async function noteEnds(request: FastifyRequest, which: SessionsToNote, cause: NotedCause): Promise<void> {
    const tokens = await noteSessionEnds(identity, which, cause);
    if (tokens.length > 0) notedEnds.set(request, [...(notedEnds.get(request) ?? []), ...tokens]);
  }

  /** The account a password-reset token is for (the library keeps it as a one-time value). */
  async function resetTarget(token: unknown): Promise<string | undefined> {
    if (typeof token !== 'string' || token === '') return undefined;
    const verification = await identity
      .selectFrom('auth_verifications')
      .select('value')
      .where('identifier', '=', `reset-password:${token}`)
      .executeTakeFirst();
    return verification?.value;
  }

  /** Whose session a request presents, read without sliding it forward (so no cookie comes of it). */
  async function sessionOwner(request: FastifyRequest): Promise<string | null> {
    const session = await auth.api.getSession({
      headers: fromNodeHeaders(request.headers),
      query: { disableRefresh: true },
    });
    return session?.user.id ?? null;
  }

  // Only API routes resolve a viewer, so only they carry the hooks.
  function registerSessionHooks(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      if (!isApiRoute(route.url)) return;
      if (route.url === AUTH_ROUTE) {
        appendRouteHook(route, 'onRequest', async (request: FastifyRequest) => {
          if (request.method !== 'POST') return;
          // Before the sign-out runs: no request after it may find the session in the cache.
          if (request.url.startsWith(SIGN_OUT_PATH)) {
            for (const token of claimedSessionTokens(request)) sessions.forgetSession(token);
          }
          // A changed password signs the user's other devices out (the library revokes their
          // sessions): none of them may go on through the cache. Whose it was is read before the change.
          if (request.url.startsWith(CHANGE_PASSWORD_PATH)) {
            const owner = await sessionOwner(request);
            if (owner) passwordChanges.set(request, owner);
          }
        });
        // With the body read, before the library ends the sessions: why they end, for the streams
        // open on them and the devices still presenting them.
        appendRouteHook(route, 'preValidation', async (request: FastifyRequest) => {
          if (request.method !== 'POST') return;
          if (request.url.startsWith(SIGN_OUT_PATH)) {
            await noteEnds(request, { tokens: claimedSessionTokens(request) }, 'signed-out');
          }
          const owner = passwordChanges.get(request);
          if (owner !== undefined && bodyField(request, 'revokeOtherSessions') === true) {
            await noteEnds(request, { userId: owner }, 'password-changed');
            // The library gives the device that changes it a new session: its own ends without news.
            await noteEnds(request, { tokens: claimedSessionTokens(request) }, 'replaced');
          }
          if (request.url.startsWith(RESET_PASSWORD_PATH)) {
            const target = await resetTarget(bodyField(request, 'token'));
            if (target !== undefined) await noteEnds(request, { userId: target }, 'password-changed');
          }
        });
        // Before the answer leaves: no request the client sends after it may find those sessions.
        appendRouteHook(route, 'onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
          const owner = passwordChanges.get(request);
          if (owner !== undefined && reply.statusCode === 200) sessions.forgetUser(owner);
          // A note stands only for a session that really ended (a refused change ends none).
          const noted = notedEnds.get(request);
          if (noted) await withdrawSessionEnds(identity, noted);
          return payload;
        });
      }
      appendRouteHook(route, 'onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
        const cookies = renewedCookies.get(request);
        if (cookies) reply.header('set-cookie', cookies);
        done(null, payload);
      });
    });
  }

  /** Forgets every cached session of a user at once (their sessions were ended: suspension, deletion). */
  const forgetUser = (userId: string) => sessions.forgetUser(userId);

  /** The live streams' view of sessions: a stream ends, saying why, when its session or its access does. */
  const liveSessions: LiveSessions = {
    sessionOf: (request) => heldSessions.get(request),
    refusal,
    check: (session) => checkSession(identity, session),
    // Sessions deleted (sign-out, password, suspension, deletion) and profiles changed (keys).
    watchedTopics: [ENDED_SESSIONS_TOPIC, PROFILE_TOPIC],
  };

  return { resolveViewer, registerSessionHooks, forgetUser, sessionEndOf, liveSessions };
}

export type ViewerResolver = ReturnType<typeof createViewerResolver>;

declare module '../domain' {
  interface DomainServices {
    /** Who is behind each request, which the app resolves once per request; identity forgets ended sessions. */
    viewers: ViewerResolver;
  }
}
