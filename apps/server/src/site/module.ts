import type { Domain } from '../domain';
import { siteMigrations } from './migrations/index';
import { sitePersonalData } from './personal-data';
import { registerSiteRoutes } from './routes';
import { seedSite } from './seed';

/** The public site: email signups and the segments they join. */
export const domain: Domain = {
  name: 'site',
  migrations: { game: siteMigrations },
  seed: seedSite,
  register(app, { game, rateLimits }) {
    registerSiteRoutes(app, {
      game,
      signupRateLimit: rateLimits.emailSignup,
      segmentRateLimit: rateLimits.emailSignup,
    });
  },
  personalData: sitePersonalData,
};
