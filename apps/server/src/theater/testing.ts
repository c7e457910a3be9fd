import { youtubeIdFromUrl } from '@outpost/contracts/theater';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';

/**
 * Test helpers for the theater: episodes, theater videos, collections and in-game stats written
 * straight into a store, so a test sets up the library without the admin routes it may be testing.
 */

export interface TestEpisode {
  episodeID: string;
  season: number;
  episode: number;
  title?: string;
  /** Left out together with youtubeUrl, the episode gets a YouTube link. */
  url?: string | null;
  youtubeUrl?: string | null;
  bannerKey?: string | null;
  bannerThumbnailKey?: string | null;
  /** ISO 8601; now by default. */
  createdAt?: string;
}

const DEFAULT_YOUTUBE_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

export async function putTestEpisode(db: Kysely<GameDatabase>, episode: TestEpisode): Promise<void> {
  const at = episode.createdAt ?? new Date().toISOString();
  const youtubeUrl =
    episode.youtubeUrl === undefined && episode.url === undefined ? DEFAULT_YOUTUBE_URL : (episode.youtubeUrl ?? null);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('theater_ids').values({ theater_id: episode.episodeID, kind: 'episode' }).execute();
    await trx
      .insertInto('episodes')
      .values({
        episode_id: episode.episodeID,
        season: episode.season,
        episode: episode.episode,
        title: episode.title ?? `Episode ${episode.episode}`,
        url: episode.url ?? null,
        youtube_url: youtubeUrl,
        youtube_id: youtubeUrl ? youtubeIdFromUrl(youtubeUrl) : null,
        banner_key: episode.bannerKey ?? null,
        banner_thumbnail_key: episode.bannerThumbnailKey ?? null,
        favourite_count: 0,
        stats_updated_at: null,
        version: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
  });
}

export interface TestStat {
  key: string;
  label?: string;
  value: number;
}

/** Sets an episode's stats/ingame to these figures, in this order, reported at `at`. */
export async function putTestEpisodeStats(
  db: Kysely<GameDatabase>,
  episodeID: string,
  stats: readonly TestStat[],
  at: Date = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('episode_stats').where('episode_id', '=', episodeID).execute();
    if (stats.length > 0) {
      await trx
        .insertInto('episode_stats')
        .values(
          stats.map((stat, position) => ({
            episode_id: episodeID,
            stat_key: stat.key,
            label: stat.label ?? stat.key,
            value: stat.value,
            position,
          })),
        )
        .execute();
    }
    await trx
      .updateTable('episodes')
      .set({ stats_updated_at: at.toISOString() })
      .where('episode_id', '=', episodeID)
      .execute();
  });
}

export interface TestTheaterVideo {
  videoID: string;
  title?: string;
  vimeoID?: string;
  thumbnailKey?: string | null;
  imageKey?: string | null;
  /** ISO 8601; now by default. */
  created?: string;
}

export async function putTestVideo(db: Kysely<GameDatabase>, video: TestTheaterVideo): Promise<void> {
  const created = video.created ?? new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('theater_ids').values({ theater_id: video.videoID, kind: 'video' }).execute();
    await trx
      .insertInto('theater_videos')
      .values({
        video_id: video.videoID,
        title: video.title ?? `Video ${video.videoID}`,
        vimeo_id: video.vimeoID ?? '76979871',
        thumbnail_key: video.thumbnailKey ?? null,
        image_key: video.imageKey ?? null,
        created,
        version: 1,
        updated_at: created,
      })
      .execute();
  });
}

export interface TestCollection {
  collectionID: string;
  title?: string;
  /** ISO 8601; now by default. Collections are listed oldest first. */
  createdAt?: string;
  /** The members in videoNumber order (1, 2, …): a video id, or a video id with its sublabel. */
  videos: readonly (string | { videoID: string; sublabel: string })[];
}

export async function putTestCollection(db: Kysely<GameDatabase>, collection: TestCollection): Promise<void> {
  const at = collection.createdAt ?? new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('theater_collections')
      .values({
        collection_id: collection.collectionID,
        title: collection.title ?? `Collection ${collection.collectionID}`,
        version: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    if (collection.videos.length === 0) return;
    await trx
      .insertInto('theater_collection_videos')
      .values(
        collection.videos.map((member, index) => ({
          collection_id: collection.collectionID,
          video_id: typeof member === 'string' ? member : member.videoID,
          sublabel: typeof member === 'string' ? '' : member.sublabel,
          video_number: index + 1,
        })),
      )
      .execute();
  });
}

/** An episode's favourite count beside the favourite rows it counts: the two must always agree. */
export async function favouriteTally(
  db: Kysely<GameDatabase>,
  episodeID: string,
): Promise<{ count: number; rows: number }> {
  const episode = await db
    .selectFrom('episodes')
    .select('favourite_count')
    .where('episode_id', '=', episodeID)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('episode_favourites')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('episode_id', '=', episodeID)
    .executeTakeFirstOrThrow();
  return { count: Number(episode.favourite_count), rows: Number(rows.n) };
}
