import type { Domain } from '../domain';
import { registerSegmentsAdminRoutes } from './admin-routes';
import { SEGMENTS_LIVE_TOPICS } from './live';
import { segmentsMigrations } from './migrations/index';
import { seedSegments } from './seed';

/**
 * Segments: audiences defined once by rules over what the other domains know of a player (their
 * `segmentAttributes`), sized and listed in the back office. It holds no player's data.
 */
export const domain: Domain = {
  name: 'segments',
  migrations: { game: segmentsMigrations },
  seed: seedSegments,
  register(app, { stores, segments, domains }) {
    registerSegmentsAdminRoutes(app, {
      game: stores.game,
      identity: stores.identity,
      attributes: segments.readings,
      uses: domains.flatMap((domain) => domain.segmentUses ?? []),
    });
  },
  liveTopics: SEGMENTS_LIVE_TOPICS,
};
