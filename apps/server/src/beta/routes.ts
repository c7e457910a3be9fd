import {
  accountBetaSchema,
  BETA_MESSAGES,
  betaProgrammeSchema,
  betaRequestInputSchema,
  betaRequestSchema,
  feedbackInputSchema,
  feedbackSchema,
  inviteClaimSchema,
  inviteParamsSchema,
  invitePreviewSchema,
} from '@outpost/contracts/beta';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { signedInViewer } from '../platform/http/access';
import { answering, FunctionError } from '../platform/http/errors';
import { limitTo, perViewer, type RateLimit } from '../platform/http/rate-limit';
import { readAccountBeta } from './account-beta';
import { readBetaConfig } from './beta-config';
import { claimRefusal, feedbackRefusal, inviteRefusal } from './errors';
import { sendFeedback } from './feedback';
import { claimInvite, previewInvite } from './invites';
import { listActiveObjectives } from './objectives';
import { requestBetaEntry } from './requests';

export interface BetaRoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
  rateLimits: {
    /** Invite lookups and claims per player, each: codes are random, so guessing them is slowed down. */
    invites: RateLimit;
    /** Feedback sent per player. */
    feedback: RateLimit;
  };
}

const answerClaim = answering(claimRefusal);
const answerFeedback = answering(feedbackRefusal);

/**
 * The players' side of the beta programme: beta-config and the active testing objectives, the player's beta
 * request and shared invites, invite lookup and claim, and feedback, all in the store of APP_ENV.
 */
export function registerBetaRoutes(app: FastifyInstance, options: BetaRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { game: db, rateLimits } = options;
  const perPlayer = (limit: RateLimit) => ({ rateLimit: { ...limitTo(limit), keyGenerator: perViewer } });

  api.get('/api/beta', { schema: { response: { 200: betaProgrammeSchema } } }, async () => {
    const [config, objectives] = await Promise.all([readBetaConfig(db), listActiveObjectives(db)]);
    return { config, objectives };
  });

  api.get('/api/account/beta', { schema: { response: { 200: accountBetaSchema } } }, async (request) => {
    const viewer = await signedInViewer(request);
    return readAccountBeta(db, viewer.userId);
  });

  api.put(
    '/api/account/beta/request',
    { schema: { body: betaRequestInputSchema, response: { 200: betaRequestSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      if (!viewer.profile) {
        throw new FunctionError('aborted', BETA_MESSAGES.profileRequired, { code: 'profile-required' });
      }
      return requestBetaEntry(db, {
        userId: viewer.userId,
        email: viewer.email,
        displayName: viewer.profile.displayName,
        data: request.body.data,
        now: new Date(),
      });
    },
  );

  api.get(
    '/api/account/invites/:inviteID',
    {
      schema: { params: inviteParamsSchema, response: { 200: invitePreviewSchema } },
      config: perPlayer(rateLimits.invites),
    },
    async (request) => {
      const viewer = await signedInViewer(request);
      const preview = await previewInvite(db, request.params.inviteID, viewer.userId, new Date());
      if (!preview) throw inviteRefusal('invite-not-found');
      return preview;
    },
  );

  api.post(
    '/api/account/invites/:inviteID/claim',
    {
      schema: { params: inviteParamsSchema, response: { 200: inviteClaimSchema } },
      config: perPlayer(rateLimits.invites),
    },
    async (request) => {
      const viewer = await signedInViewer(request);
      return answerClaim(() =>
        claimInvite(db, { inviteID: request.params.inviteID, userId: viewer.userId, now: new Date() }),
      );
    },
  );

  api.post(
    '/api/account/feedback',
    {
      schema: { body: feedbackInputSchema, response: { 200: feedbackSchema } },
      config: perPlayer(rateLimits.feedback),
    },
    async (request) => {
      const viewer = await signedInViewer(request);
      return answerFeedback(() => sendFeedback(db, { userId: viewer.userId, input: request.body, now: new Date() }));
    },
  );
}
