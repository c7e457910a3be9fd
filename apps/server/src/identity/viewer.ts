import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Viewer } from '../platform/http/access';
import { appendRouteHook, isApiRoute } from '../platform/http/route-hooks';
import type { IdentityDatabase } from '../stores';
import type { Auth } from './auth';
import { accountStanding } from './lifecycle/standing';
import { SessionCache } from './session-cache';
import { createSessionReader, type ReadSession } from './session-reader';

const SIGN_OUT_PATH = '/api/auth/sign-out';
const CHANGE_PASSWORD_PATH = '/api/auth/change-password';
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

  async function verifiedSession(request: FastifyRequest): Promise<Pick<Viewer, 'userId' | 'email'> | null> {
    const credential = credentialOf(request);
    if (!credential) return null;
    const cached = sessions.get(credential);
    if (cached) return cached;
    const session = (await readSession(request.headers)) ?? (await askTheLibrary(request));
    if (!session) return null;
    const { expiresAt, ...entry } = session;
    sessions.set(credential, entry, expiresAt);
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
   * ended, but another instance's cache may still hold one for a few seconds).
   */
  async function resolveViewer(request: FastifyRequest): Promise<Viewer | null> {
    const session = await verifiedSession(request);
    if (!session) return null;
    const standing = await accountStanding(identity, session.userId);
    return standing.kind === 'active' ? { ...session, profile: standing.profile } : null;
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
        // Before the answer leaves: no request the client sends after it may find those sessions.
        appendRouteHook(route, 'onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
          const owner = passwordChanges.get(request);
          if (owner !== undefined && reply.statusCode === 200) sessions.forgetUser(owner);
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

  return { resolveViewer, registerSessionHooks, forgetUser };
}

export type ViewerResolver = ReturnType<typeof createViewerResolver>;
