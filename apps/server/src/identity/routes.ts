import { adminEnvironmentParamsSchema } from '@outpost/contracts/environments';
import {
  checkEmailQuerySchema,
  checkEmailResultSchema,
  DISPLAY_NAME_TAKEN,
  type Me,
  meSchema,
  profileSchema,
  registerInputSchema,
  type SessionEnd,
  updateProfileInputSchema,
} from '@outpost/contracts/identity';
import {
  type AdminAccess,
  adminAccessSchema,
  CAPABILITIES,
  type Capability,
  can,
} from '@outpost/contracts/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import type { ProfilePart } from '../domain';
import { signedInViewer } from '../platform/http/access';
import { FunctionError } from '../platform/http/errors';
import { limitTo, type RateLimit } from '../platform/http/rate-limit';
import { findUserIdByEmail, insertProfile, setDisplayName } from './queries';

export interface IdentityRouteOptions {
  identity: Kysely<IdentityDatabase>;
  checkEmailRateLimit: RateLimit;
  /** The store the game's players use (APP_ENV's), where the other domains' shares of the profile are. */
  game: Kysely<GameDatabase>;
  /** What the other domains add to the signed-in player's profile (premium). */
  profileParts: readonly ProfilePart[];
  /** Why the session a request presented ended, once its viewer was read (viewer.ts). */
  sessionEndOf(request: FastifyRequest): SessionEnd | undefined;
}

export function registerIdentityRoutes(app: FastifyInstance, options: IdentityRouteOptions): void {
  const { identity } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // A session that ended elsewhere (a suspension, a password changed on another device) says why.
  api.get('/api/auth/me', { schema: { response: { 200: meSchema } } }, async (request): Promise<Me> => {
    const viewer = await request.viewer();
    if (viewer) {
      const user = { id: viewer.userId, email: viewer.email };
      if (!viewer.profile) return { user, profile: null };
      const parts = await Promise.all(options.profileParts.map((part) => part(options.game, viewer.userId)));
      return { user, profile: Object.assign({ ...viewer.profile }, ...parts) };
    }
    const ended = options.sessionEndOf(request);
    return { user: null, profile: null, ...(ended ? { sessionEnded: ended } : {}) };
  });

  // check-email answers whether an account uses the address (docs/product.md §7.1).
  api.get(
    '/api/fn/check-email',
    {
      schema: { querystring: checkEmailQuerySchema, response: { 200: checkEmailResultSchema } },
      config: { rateLimit: limitTo(options.checkEmailRateLimit) },
    },
    async (request) => ({ exists: (await findUserIdByEmail(identity, request.query.email)) !== undefined }),
  );

  // register creates the profile of the account that just signed up (docs/product.md §7.1).
  api.post(
    '/api/fn/register',
    { schema: { body: registerInputSchema, response: { 200: profileSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      const input = request.body;
      if (input.email !== viewer.email.toLowerCase()) {
        throw new FunctionError('invalid-argument', 'The email does not match the signed-in account.');
      }
      const created = new Date().toISOString();
      const outcome = await insertProfile(identity, { userId: viewer.userId, displayName: input.displayName, created });
      if (outcome === 'profile-exists') throw new FunctionError('aborted', 'This account already has a profile.');
      if (outcome === 'name-taken') throw new FunctionError('aborted', DISPLAY_NAME_TAKEN);
      return { displayName: input.displayName, keys: [], created };
    },
  );

  // The account page's display name, by register's rules.
  api.put(
    '/api/account/profile',
    { schema: { body: updateProfileInputSchema, response: { 200: profileSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      const result = await setDisplayName(identity, viewer.userId, request.body.displayName);
      if (result.outcome === 'name-taken') throw new FunctionError('aborted', DISPLAY_NAME_TAKEN);
      return result.profile;
    },
  );

  // What the admin area may show this viewer in one environment (the route's policy admits admin, moderator, staff).
  api.get(
    '/api/admin/:env/access',
    { schema: { params: adminEnvironmentParamsSchema, response: { 200: adminAccessSchema } } },
    async (request): Promise<AdminAccess> => {
      const { env } = request.params;
      const viewer = await signedInViewer(request);
      const capabilities = Object.fromEntries(
        (Object.keys(CAPABILITIES) as Capability[]).map((capability) => [
          capability,
          can(viewer.profile?.keys, capability),
        ]),
      ) as Record<Capability, boolean>;
      return { environment: env, displayName: viewer.profile?.displayName ?? null, capabilities };
    },
  );
}
