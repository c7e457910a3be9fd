import type { Domain } from '../domain';
import { registerPartnerAdminRoutes } from './admin-routes';
import { finishKeyGrantsAtStart, keyGrantJob } from './key-grants';
import { partnerMigrations } from './migrations/index';
import { partnerPersonalData } from './personal-data';
import { referralRewardItemUse } from './rewards';
import { registerPartnerRoutes } from './routes';
import { seedPartners } from './seed';

/** The partner programme: partners' referral links, invites and the rewards they bring. */
export const domain: Domain = {
  name: 'partners',
  migrations: { game: partnerMigrations },
  seed: seedPartners,
  register(app, { identity, game, stores, rateLimits }) {
    registerPartnerRoutes(app, { identity, game, inviteClaimRateLimit: rateLimits.invites });
    registerPartnerAdminRoutes(app, { identity, game: stores.game });
    finishKeyGrantsAtStart(app, { identity, game });
  },
  jobs: ({ identity, game }) => [keyGrantJob({ identity, game })],
  itemUses: [referralRewardItemUse],
  personalData: partnerPersonalData,
};
