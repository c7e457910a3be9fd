import type { Domain } from '../domain';
import { GAME_DATA_EXPERIMENT_METRICS } from './experiment-metrics';
import { countUnusedIngestKeys } from './keys';
import { GAME_DATA_KINDS } from './kinds';
import { GAME_DATA_LIVE_TOPICS } from './live';
import { readActiveNow, readActiveNowAt } from './live-stats';
import { gameDataMigrations } from './migrations/index';
import { gameDataPersonalData } from './personal-data';
import { gameDataPlayerRecord } from './player-record';
import { registerGameDataRoutes } from './routes';
import { seedGameData } from './seed';
import { GAME_DATA_SEGMENT_ATTRIBUTES } from './segment-attributes';
import { activePlayersSeries, playtimeSeries } from './series';

/**
 * The game's own records as its servers report them (docs/product.md §3.16), their service keys, and the
 * live stats.
 */
export const domain: Domain = {
  name: 'game-data',
  segmentAttributes: GAME_DATA_SEGMENT_ATTRIBUTES,
  experimentMetrics: GAME_DATA_EXPERIMENT_METRICS,
  migrations: { game: gameDataMigrations },
  seed: seedGameData,
  register(app, { stores, identity, domains, metrics }) {
    registerGameDataRoutes(app, {
      game: stores.game,
      identity,
      metrics,
      kinds: domains.flatMap((domain) => domain.gameEventKinds ?? []),
      series: Object.assign({}, ...domains.map((domain) => domain.series ?? {})),
    });
  },
  gameEventKinds: GAME_DATA_KINDS,
  liveTopics: GAME_DATA_LIVE_TOPICS,
  personalData: gameDataPersonalData,
  playerRecord: gameDataPlayerRecord,
  counts: {
    // Active Users is the live stats' Active now: one figure, from the same function and reports.
    activePlayers: async ({ game }) => (await readActiveNow(game)).activeNow,
    unusedIngestKeys: ({ game }) => countUnusedIngestKeys(game),
  },
  countsAt: { activePlayers: ({ game }, at) => readActiveNowAt(game, at) },
  series: { activePlayers: activePlayersSeries, playtimeSeconds: playtimeSeries },
};
