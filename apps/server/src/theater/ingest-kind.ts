import { unknownEpisodesMessage } from '@outpost/contracts/theater';
import type { GameEventKind } from '../domain';
import { replaceEpisodeStatsIn } from './stats';

/**
 * Episode stats as events of the game's batches (POST /api/ingest/:env/events): each replaces its
 * episode's stats as PUT /api/ingest/:env/episode-stats does; an unknown episode's event is refused
 * on its own, and of several events of one episode in a batch the latest wins.
 */
export const EPISODE_STATS_KIND: GameEventKind<'episode-stats'> = {
  type: 'episode-stats',
  async refuse(db, events) {
    const ids = [...new Set(events.map(({ event }) => event.episodeID))];
    const rows = await db.selectFrom('episodes').select('episode_id').where('episode_id', 'in', ids).execute();
    const known = new Set(rows.map((row) => row.episode_id));
    return new Map(
      events
        .filter(({ event }) => !known.has(event.episodeID))
        .map(({ index, event }) => [index, unknownEpisodesMessage([event.episodeID])] as const),
    );
  },
  async store(trx, events, now) {
    const latest = new Map<string, (typeof events)[number]['event']>();
    for (const { event } of events) {
      const held = latest.get(event.episodeID);
      if (!held || new Date(event.at) >= new Date(held.at)) latest.set(event.episodeID, event);
    }
    await replaceEpisodeStatsIn(
      trx,
      [...latest.values()].map(({ episodeID, stats }) => ({ episodeID, stats })),
      now,
    );
  },
};
