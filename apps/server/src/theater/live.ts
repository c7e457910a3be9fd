import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { ChangeSource } from '../platform/changes/triggers';
import { BACK_OFFICE_AUDIENCE, backOfficeOrPlayers, type LiveTopic } from '../platform/live/routes';
import type { FileStore } from '../platform/storage/file-store';
import { findEpisode } from './admin-queries';
import { toAdminEpisode } from './admin-routes';
import { readTheaterEntry } from './library';

/*
 * mtota's live topic (docs/product.md §7.10: episodes, ordered by season then episode): an episode's record or
 * its in-game stats changed. Players get what /story/{id} shows; the back office its admin record.
 */

export interface TheaterLiveScope {
  game: Kysely<GameDatabase>;
  /** Where banners are served from. */
  files: Pick<FileStore, 'url'>;
}

export const THEATER_CHANGE_SOURCES: readonly ChangeSource[] = [
  { topic: 'episodes', table: 'episodes', key: 'episode_id' },
  { topic: 'episodes', table: 'episode_stats', key: 'episode_id' },
];

export const THEATER_LIVE_TOPICS: readonly LiveTopic<TheaterLiveScope>[] = [
  {
    name: 'episodes',
    access: 'public',
    side: 'game',
    sources: THEATER_CHANGE_SOURCES,
    audience: backOfficeOrPlayers,
    load: async (key, audience, { game, files }) => {
      if (audience === BACK_OFFICE_AUDIENCE) {
        const stored = await findEpisode(game, key);
        return stored ? toAdminEpisode(stored, files) : null;
      }
      const entry = await readTheaterEntry(game, files, key);
      return entry?.kind === 'episode' ? entry : null;
    },
  },
];
