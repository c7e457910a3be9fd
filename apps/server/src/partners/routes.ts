import {
  accountReferralSchema,
  partnerInviteClaimSchema,
  partnerInviteParamsSchema,
  referralJoinSchema,
  referralLandingSchema,
  referralParamsSchema,
  tierClaimSchema,
  tierParamsSchema,
} from '@outpost/contracts/partners';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import { signedInViewer } from '../platform/http/access';
import { answering } from '../platform/http/errors';
import { limitTo, perViewer, type RateLimit } from '../platform/http/rate-limit';
import { playerRefusal } from './errors';
import { accountReferral, claimPartnerInvite, claimReferralTier, joinThroughLink, referralLanding } from './programme';

export interface PartnerRoutesOptions {
  identity: Kysely<IdentityDatabase>;
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
  /** Partner invite claims per player: codes are random, so guessing them is slowed down. */
  inviteClaimRateLimit: RateLimit;
}

const answer = answering(playerRefusal);

/**
 * The players' side of the partner programme: a referral link's landing page, joining through it, a partner's
 * link with its tiers and their claims, and claiming a partner invite, all in the store of APP_ENV.
 */
export function registerPartnerRoutes(app: FastifyInstance, options: PartnerRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const stores = { identity: options.identity, game: options.game };

  api.get(
    '/api/referrals/:referralID',
    { schema: { params: referralParamsSchema, response: { 200: referralLandingSchema } } },
    async (request) => {
      const viewer = await request.viewer();
      return answer(() => referralLanding(stores, request.params.referralID, viewer?.userId ?? null, new Date()));
    },
  );

  api.post(
    '/api/account/referrals/:referralID/join',
    { schema: { params: referralParamsSchema, response: { 200: referralJoinSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      return answer(() => joinThroughLink(stores, request.params.referralID, viewer.userId, new Date()));
    },
  );

  api.get('/api/account/referral-link', { schema: { response: { 200: accountReferralSchema } } }, async (request) => {
    const viewer = await signedInViewer(request);
    return accountReferral(stores, viewer.userId, viewer.profile?.keys ?? [], new Date());
  });

  api.post(
    '/api/account/referral-link/tiers/:tierID/claim',
    { schema: { params: tierParamsSchema, response: { 200: tierClaimSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      return answer(() =>
        claimReferralTier(stores, viewer.userId, viewer.profile?.keys ?? [], request.params.tierID, new Date()),
      );
    },
  );

  api.post(
    '/api/account/partner-invites/:inviteID/claim',
    {
      schema: { params: partnerInviteParamsSchema, response: { 200: partnerInviteClaimSchema } },
      config: { rateLimit: { ...limitTo(options.inviteClaimRateLimit), keyGenerator: perViewer } },
    },
    async (request) => {
      const viewer = await signedInViewer(request);
      return answer(() => claimPartnerInvite(stores, request.params.inviteID, viewer.userId, new Date()));
    },
  );
}
