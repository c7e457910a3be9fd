import type { Domain } from '../domain';
import { documentContentSecurityPolicy, mergeCspSources } from '../platform/http/security-headers';
import { registerTheaterAdminRoutes } from './admin-routes';
import { THEATER_CSP_SOURCES, theaterDocuments } from './documents';
import { EPISODE_STATS_KIND } from './ingest-kind';
import { registerIngestRoutes } from './ingest-routes';
import { THEATER_LIVE_TOPICS } from './live';
import { theaterMigrations } from './migrations/index';
import { theaterPersonalData } from './personal-data';
import { registerTheaterRoutes } from './routes';
import { searchEpisodes } from './search';
import { seedTheater } from './seed';

/** The story theater: mtota episodes, their collections, favourites and the ingest of new ones. */
export const domain: Domain = {
  name: 'theater',
  migrations: { game: theaterMigrations },
  seed: seedTheater,
  register(app, { game, stores, files, config }) {
    registerTheaterRoutes(app, { game, files });
    registerIngestRoutes(app, { game: stores.game });
    registerTheaterAdminRoutes(app, { game: stores.game, files, imageMaxBytes: config.imageMaxBytes });
  },
  search: searchEpisodes,
  liveTopics: THEATER_LIVE_TOPICS,
  gameEventKinds: [EPISODE_STATS_KIND],
  personalData: theaterPersonalData,
  documents: ({ game, files, config, cspSources }) =>
    theaterDocuments({
      game,
      files,
      publicUrl: config.publicUrl,
      csp: documentContentSecurityPolicy(
        config.appEnv === 'production',
        mergeCspSources(cspSources, THEATER_CSP_SOURCES),
      ),
    }),
};
