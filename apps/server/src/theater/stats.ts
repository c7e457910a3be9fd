import { type ingestEpisodeStatsInputSchema, statLabel } from '@outpost/contracts/theater';
import { type Kysely, PostgresAdapter } from 'kysely';
import type { z } from 'zod/mini';
import type { GameDatabase } from '../database';

/** Raised when an ingestion names episodes the store does not have; nothing was stored. */
export class UnknownEpisodesError extends Error {
  constructor(readonly episodeIDs: readonly string[]) {
    super(`Unknown episodes: ${episodeIDs.join(', ')}`);
  }
}

/** The ingestion body as its schema parsed it: ids in their one spelling, labels possibly missing. */
type EpisodeStatsReport = z.output<typeof ingestEpisodeStatsInputSchema>['episodes'];

/** Rows per insert: a full report (500 episodes × 20 figures × 5 columns) passes SQLite's 32,766 parameters. */
const INSERT_BATCH = 1000;

/**
 * Replaces the in-game stats (docs/product.md §3.12 stats/ingame) of each episode named, as the game's servers
 * report them: the figures in the game's order, each labelled as sent or by `statLabel`, and the
 * time of the report. One transaction: an unknown episode stores nothing. The episodes' rows are
 * locked first, in one order (by id), so two reports of the same episodes replace one after the
 * other, never mixing their rows or waiting on each other in a circle. Answers how many episodes
 * it updated.
 */
export function replaceEpisodeStats(db: Kysely<GameDatabase>, episodes: EpisodeStatsReport, at: Date): Promise<number> {
  return db.transaction().execute((trx) => replaceEpisodeStatsIn(trx, episodes, at));
}

/** replaceEpisodeStats in the caller's transaction (a batch of the game's events stores them beside the others). */
export async function replaceEpisodeStatsIn(
  trx: Kysely<GameDatabase>,
  episodes: EpisodeStatsReport,
  at: Date,
): Promise<number> {
  const ids = episodes.map((entry) => entry.episodeID);
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  // SQLite runs one write transaction at a time and has no row locks to take.
  const found = await trx
    .selectFrom('episodes')
    .select('episode_id')
    .where('episode_id', 'in', ids)
    .orderBy('episode_id')
    .$if(postgres, (query) => query.forUpdate())
    .execute();
  const known = new Set(found.map((row) => row.episode_id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new UnknownEpisodesError(unknown);

  await trx.deleteFrom('episode_stats').where('episode_id', 'in', ids).execute();
  const rows = episodes.flatMap((entry) =>
    entry.stats.map((stat, position) => ({
      episode_id: entry.episodeID,
      stat_key: stat.key,
      label: stat.label ?? statLabel(stat.key),
      value: stat.value,
      position,
    })),
  );
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await trx
      .insertInto('episode_stats')
      .values(rows.slice(start, start + INSERT_BATCH))
      .execute();
  }
  await trx
    .updateTable('episodes')
    .set({ stats_updated_at: at.toISOString() })
    .where('episode_id', 'in', ids)
    .execute();
  return ids.length;
}
