import type { Domain } from '../domain';
import { registerBetaAdminRoutes } from './admin-routes';
import { BETA_LIVE_TOPICS } from './live';
import { betaMigrations } from './migrations/index';
import { betaPersonalData } from './personal-data';
import { registerBetaRoutes } from './routes';
import { seedBeta } from './seed';
import { BETA_SEGMENT_ATTRIBUTES } from './segment-attributes';

/** The beta programme: invites, requests, testing objectives and feedback. */
export const domain: Domain = {
  name: 'beta',
  segmentAttributes: BETA_SEGMENT_ATTRIBUTES,
  migrations: { game: betaMigrations },
  seed: seedBeta,
  register(app, { game, stores, rateLimits }) {
    registerBetaRoutes(app, { game, rateLimits: { invites: rateLimits.invites, feedback: rateLimits.feedback } });
    registerBetaAdminRoutes(app, { game: stores.game, identity: stores.identity });
  },
  liveTopics: BETA_LIVE_TOPICS,
  personalData: betaPersonalData,
};
