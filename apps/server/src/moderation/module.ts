import type { Domain } from '../domain';
import { registerModerationAdminRoutes } from './admin-routes';
import { REPORT_KIND } from './ingest-kind';
import { moderationMigrations } from './migrations/index';
import { moderationPersonalData } from './personal-data';
import { countTrendingIssues, countUnresolvedReports } from './queries';
import { registerReportFilingRoutes } from './routes';
import { seedModeration } from './seed';

/** Moderation: the reports players file and the moderators' work on them. */
export const domain: Domain = {
  name: 'moderation',
  migrations: { game: moderationMigrations },
  seed: seedModeration,
  register(app, { stores, config, rateLimits }) {
    registerReportFilingRoutes(app, {
      game: stores.game,
      identity: stores.identity,
      appEnv: config.appEnv,
      fileRateLimit: rateLimits.report,
    });
    registerModerationAdminRoutes(app, { game: stores.game, identity: stores.identity });
  },
  personalData: moderationPersonalData,
  gameEventKinds: [REPORT_KIND],
  counts: {
    unresolvedReports: ({ game }) => countUnresolvedReports(game),
    trendingIssues: ({ game }) => countTrendingIssues(game),
  },
};
