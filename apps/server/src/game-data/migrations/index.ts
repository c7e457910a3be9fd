import type { Migration } from 'kysely';
import * as gameData from './2026-12-09-game-data';
import * as ingestedEventsUnindexed from './2026-12-11-ingested-events-unindexed';
import * as sessionsByPlayer from './2026-12-11-sessions-by-player';
import * as mapPresenceReports from './2026-12-22-map-presence-reports';
import * as activityCounters from './2026-12-26-activity-counters';
import * as activePlayers from './2026-12-28-active-players';
import * as highestLevelFirst from './2026-12-29-highest-level-first';

/** The game data's game-store migrations; never edit one that has shipped, add a new one. */
export const gameDataMigrations: Record<string, Migration> = {
  '2026-12-09-game-data': gameData,
  '2026-12-11-ingested-events-unindexed': ingestedEventsUnindexed,
  '2026-12-11-sessions-by-player': sessionsByPlayer,
  '2026-12-22-map-presence-reports': mapPresenceReports,
  '2026-12-26-activity-counters': activityCounters,
  '2026-12-28-active-players': activePlayers,
  '2026-12-29-highest-level-first': highestLevelFirst,
};
