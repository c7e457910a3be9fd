import { environmentSchema } from '@outpost/contracts/environments';
import { checkEmailQuerySchema, type Me, registerInputSchema } from '@outpost/contracts/identity';
import { type AdminAccess, CAPABILITIES, type Capability, can } from '@outpost/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { IdentityDatabase } from '../platform/db/schema';
import { signedInViewer } from '../platform/http/access';
import { FunctionError } from '../platform/http/errors';
import { limitTo, type RateLimit } from '../platform/http/rate-limit';
import { findUserIdByEmail, insertProfile } from './queries';

export interface IdentityRouteOptions {
  identity: Kysely<IdentityDatabase>;
  checkEmailRateLimit: RateLimit;
}

export function registerIdentityRoutes(app: FastifyInstance, options: IdentityRouteOptions): void {
  const { identity } = options;

  app.get('/api/auth/me', async (request): Promise<Me> => {
    const viewer = await request.viewer();
    return viewer
      ? { user: { id: viewer.userId, email: viewer.email }, profile: viewer.profile }
      : { user: null, profile: null };
  });

  // Spec §7: check-email answers whether an account uses the address.
  app.get('/api/fn/check-email', { config: { rateLimit: limitTo(options.checkEmailRateLimit) } }, async (request) => {
    const { email } = z.parse(checkEmailQuerySchema, request.query);
    return { exists: (await findUserIdByEmail(identity, email)) !== undefined };
  });

  // Spec §7: register creates the profile of the account that just signed up.
  app.post('/api/fn/register', async (request) => {
    const viewer = await signedInViewer(request);
    const input = z.parse(registerInputSchema, request.body);
    if (input.email !== viewer.email.toLowerCase()) {
      throw new FunctionError('invalid-argument', 'The email does not match the signed-in account.');
    }
    const created = new Date().toISOString();
    const outcome = await insertProfile(identity, { userId: viewer.userId, displayName: input.displayName, created });
    if (outcome === 'profile-exists') throw new FunctionError('aborted', 'This account already has a profile.');
    if (outcome === 'name-taken')
      throw new FunctionError('aborted', 'That display name is taken. Please pick another.');
    return { displayName: input.displayName, keys: [], created };
  });

  // What the admin area may show this viewer in one environment (the route's policy admits admin, moderator, staff).
  app.get('/api/admin/:env/access', async (request): Promise<AdminAccess> => {
    const { env } = z.parse(z.object({ env: environmentSchema }), request.params);
    const viewer = await signedInViewer(request);
    const capabilities = Object.fromEntries(
      (Object.keys(CAPABILITIES) as Capability[]).map((capability) => [
        capability,
        can(viewer.profile?.keys, capability),
      ]),
    ) as Record<Capability, boolean>;
    return { environment: env, displayName: viewer.profile?.displayName ?? null, capabilities };
  });
}
