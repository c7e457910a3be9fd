import type { Domain } from '../domain';
import { registerModerationAdminRoutes } from './admin-routes';
import { REPORT_KIND } from './ingest-kind';
import { MODERATION_LIVE_TOPICS } from './live';
import { moderationMigrations } from './migrations/index';
import { moderationPersonalData } from './personal-data';
import { moderationPlayerRecord } from './player-record';
import {
  countTrendingIssues,
  countTrendingIssuesAt,
  countUnresolvedReports,
  countUnresolvedReportsAt,
  reportNumbersOf,
  reportsNumbered,
} from './queries';
import { registerReportFilingRoutes } from './routes';
import { seedModeration } from './seed';

/** Moderation: the reports players file and the moderators' work on them. */
export const domain: Domain = {
  name: 'moderation',
  migrations: { game: moderationMigrations },
  seed: seedModeration,
  register(app, { stores, config, rateLimits, domains }) {
    registerReportFilingRoutes(app, {
      game: stores.game,
      identity: stores.identity,
      appEnv: config.appEnv,
      fileRateLimit: rateLimits.report,
    });
    registerModerationAdminRoutes(app, {
      game: stores.game,
      identity: stores.identity,
      playerRecord: domains.flatMap((domain) => (domain.playerRecord ? [domain.playerRecord] : [])),
    });
  },
  personalData: moderationPersonalData,
  playerRecord: moderationPlayerRecord,
  liveTopics: MODERATION_LIVE_TOPICS,
  gameEventKinds: [REPORT_KIND],
  counts: {
    unresolvedReports: ({ game }) => countUnresolvedReports(game),
    trendingIssues: ({ game }) => countTrendingIssues(game),
  },
  countsAt: {
    unresolvedReports: ({ game }, at) => countUnresolvedReportsAt(game, at),
    trendingIssues: ({ game }, at) => countTrendingIssuesAt(game, at),
  },
  reportNumbers: reportNumbersOf,
  numberedRecords: reportsNumbered,
};
