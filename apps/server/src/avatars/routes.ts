import {
  AVATAR_MESSAGES,
  avatarClaimSchema,
  avatarListSchema,
  claimAvatarQuerySchema,
} from '@outpost/contracts/avatars';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { signedInViewer } from '../platform/http/access';
import { answering, FunctionError } from '../platform/http/errors';
import { claimAvatar, listAvatars, UnknownAvatarError } from './queries';

export interface AvatarRoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
}

const answer = answering((error) =>
  error instanceof UnknownAvatarError
    ? new FunctionError('not-found', AVATAR_MESSAGES.notFound, { avatarID: error.avatarID })
    : error,
);

/** Avatars: the list with the viewer's claims, and claim-avatar (docs/product.md §7.1). */
export function registerAvatarRoutes(app: FastifyInstance, options: AvatarRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { game: db } = options;

  api.get('/api/avatars', { schema: { response: { 200: avatarListSchema } } }, async (request) => {
    const viewer = await request.viewer();
    return { avatars: await listAvatars(db, viewer?.userId ?? null) };
  });

  // claim-avatar, query avatarID and userID (docs/product.md §7.1). The userID names whose claim it is, so it
  // must be the caller's own: nobody claims for someone else.
  api.get(
    '/api/fn/claim-avatar',
    { schema: { querystring: claimAvatarQuerySchema, response: { 200: avatarClaimSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      const { avatarID, userID } = request.query;
      if (userID !== viewer.userId) {
        throw new FunctionError('permission-denied', AVATAR_MESSAGES.notYours, { code: 'not-your-account' });
      }
      const claim = await answer(() => claimAvatar(db, { avatarID, userId: viewer.userId, at: new Date() }));
      return {
        avatarID,
        userID,
        ...claim,
        message: claim.newlyClaimed ? AVATAR_MESSAGES.claimed : AVATAR_MESSAGES.alreadyClaimed,
      };
    },
  );
}
