import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../platform/db/schema';
import type { Viewer } from '../platform/http/access';
import type { Auth } from './auth';
import { findProfile } from './queries';

/** Reads the session from the cookie or the `Authorization: Bearer` token, then the profile. */
export function createViewerResolver(auth: Auth, identity: Kysely<IdentityDatabase>) {
  return async (request: FastifyRequest): Promise<Viewer | null> => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return null;
    return {
      userId: session.user.id,
      email: session.user.email,
      profile: await findProfile(identity, session.user.id),
    };
  };
}
