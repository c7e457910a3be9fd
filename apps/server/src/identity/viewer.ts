import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Viewer } from '../platform/http/access';
import { appendRouteHook, isApiRoute } from '../platform/http/route-hooks';
import type { IdentityDatabase } from '../stores';
import type { Auth } from './auth';
import { findProfile } from './queries';

/**
 * Reads the session from the cookie or the `Authorization: Bearer` token, then the profile.
 * When the library slides an active session's expiry forward it also renews the cookie; those
 * Set-Cookie headers are kept per request and sent with the answer (registerSessionRefresh),
 * so a player who keeps coming back stays signed in.
 */
export function createViewerResolver(auth: Auth, identity: Kysely<IdentityDatabase>) {
  const renewedCookies = new WeakMap<FastifyRequest, string[]>();

  async function resolveViewer(request: FastifyRequest): Promise<Viewer | null> {
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
      profile: await findProfile(identity, session.user.id),
    };
  }

  // Only API routes resolve a viewer, so only they carry the hook.
  function registerSessionRefresh(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      if (!isApiRoute(route.url)) return;
      appendRouteHook(route, 'onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
        const cookies = renewedCookies.get(request);
        if (cookies) reply.header('set-cookie', cookies);
        done(null, payload);
      });
    });
  }

  return { resolveViewer, registerSessionRefresh };
}
