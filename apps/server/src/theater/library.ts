import {
  type Episode,
  type EpisodeStat,
  episodeLabel,
  type TheaterCollection,
  type TheaterEntry,
  type TheaterLibrary,
  type TheaterLink,
  type TheaterVideo,
} from '@outpost/contracts/theater';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { FileStore } from '../platform/storage/file-store';
import type { EpisodeRow, EpisodeStatRow, TheaterVideoRow } from './tables';

/*
 * What players read of the theater: the library, one entry of the viewer with its previous and next, and a
 * player's favourites. Each read is a fixed number of queries, whatever the library's size.
 */

type Files = Pick<FileStore, 'url'>;

const urlOf = (files: Files, key: string | null) => (key === null ? null : files.url(key));

export function toEpisode(row: EpisodeRow, stats: readonly EpisodeStatRow[], files: Files): Episode {
  return {
    episodeID: row.episode_id,
    season: row.season,
    episode: row.episode,
    title: row.title,
    url: row.url,
    youtubeUrl: row.youtube_url,
    youtubeID: row.youtube_id,
    bannerUrl: urlOf(files, row.banner_key),
    bannerThumbnailUrl: urlOf(files, row.banner_thumbnail_key),
    stats: {
      values: stats.map((stat): EpisodeStat => ({ key: stat.stat_key, label: stat.label, value: Number(stat.value) })),
      updatedAt: row.stats_updated_at,
    },
    favouriteCount: Number(row.favourite_count),
  };
}

export function toVideo(row: TheaterVideoRow, files: Files): TheaterVideo {
  return {
    videoID: row.video_id,
    title: row.title,
    vimeoID: row.vimeo_id,
    thumbnail: urlOf(files, row.thumbnail_key),
    created: row.created,
  };
}

/** Rows grouped by a key, each group in the order the rows came. */
function groupBy<Row>(rows: readonly Row[], key: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * The whole library: episodes newest first (docs/product.md §7.10), collections oldest first with their
 * videos in order.
 */
export async function readTheaterLibrary(db: Kysely<GameDatabase>, files: Files): Promise<TheaterLibrary> {
  const [episodes, stats, collections, members] = await Promise.all([
    db.selectFrom('episodes').selectAll().orderBy('season', 'desc').orderBy('episode', 'desc').execute(),
    db.selectFrom('episode_stats').selectAll().orderBy('episode_id').orderBy('position').execute(),
    db.selectFrom('theater_collections').selectAll().orderBy('created_at').orderBy('collection_id').execute(),
    db
      .selectFrom('theater_collection_videos')
      .innerJoin('theater_videos', 'theater_videos.video_id', 'theater_collection_videos.video_id')
      .selectAll('theater_videos')
      .select(['theater_collection_videos.collection_id', 'sublabel', 'video_number'])
      .orderBy('theater_collection_videos.collection_id')
      .orderBy('video_number')
      .execute(),
  ]);
  const statsOf = groupBy(stats, (stat) => stat.episode_id);
  const membersOf = groupBy(members, (member) => member.collection_id);
  return {
    episodes: episodes.map((row) => toEpisode(row, statsOf.get(row.episode_id) ?? [], files)),
    collections: collections.map(
      (collection): TheaterCollection => ({
        collectionID: collection.collection_id,
        title: collection.title,
        videos: (membersOf.get(collection.collection_id) ?? []).map((member) => ({
          ...toVideo(member, files),
          sublabel: member.sublabel,
          videoNumber: member.video_number,
        })),
      }),
    ),
  };
}

/** The words of a theater video's previous/next link: its sublabel, or its place in the collection. */
const videoLabel = (member: { sublabel: string; video_number: number }) =>
  member.sublabel || `Video ${member.video_number}`;

async function episodeEntry(db: Kysely<GameDatabase>, files: Files, row: EpisodeRow): Promise<TheaterEntry> {
  // Watching order is season, then episode, ascending: the neighbours on either side of (season, episode).
  const neighbour = (direction: 'previous' | 'next') =>
    db
      .selectFrom('episodes')
      .select(['episode_id', 'title', 'season', 'episode'])
      .where((eb) =>
        direction === 'previous'
          ? eb.or([
              eb('season', '<', row.season),
              eb.and([eb('season', '=', row.season), eb('episode', '<', row.episode)]),
            ])
          : eb.or([
              eb('season', '>', row.season),
              eb.and([eb('season', '=', row.season), eb('episode', '>', row.episode)]),
            ]),
      )
      .orderBy('season', direction === 'previous' ? 'desc' : 'asc')
      .orderBy('episode', direction === 'previous' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
  const [stats, previous, next] = await Promise.all([
    db.selectFrom('episode_stats').selectAll().where('episode_id', '=', row.episode_id).orderBy('position').execute(),
    neighbour('previous'),
    neighbour('next'),
  ]);
  const link = (other: typeof previous): TheaterLink | null =>
    other ? { theaterID: other.episode_id, title: other.title, label: episodeLabel(other) } : null;
  return { kind: 'episode', episode: toEpisode(row, stats, files), previous: link(previous), next: link(next) };
}

async function videoEntry(db: Kysely<GameDatabase>, files: Files, row: TheaterVideoRow): Promise<TheaterEntry> {
  // A video in several collections steps through the oldest one holding it.
  const membership = await db
    .selectFrom('theater_collection_videos')
    .innerJoin('theater_collections', 'theater_collections.collection_id', 'theater_collection_videos.collection_id')
    .select(['theater_collections.collection_id', 'theater_collections.title', 'video_number'])
    .where('video_id', '=', row.video_id)
    .orderBy('theater_collections.created_at')
    .orderBy('theater_collections.collection_id')
    .limit(1)
    .executeTakeFirst();
  const video = toVideo(row, files);
  if (!membership) return { kind: 'video', video, collection: null, previous: null, next: null };
  const neighbour = (direction: 'previous' | 'next') =>
    db
      .selectFrom('theater_collection_videos')
      .innerJoin('theater_videos', 'theater_videos.video_id', 'theater_collection_videos.video_id')
      .select(['theater_videos.video_id', 'theater_videos.title', 'sublabel', 'video_number'])
      .where('collection_id', '=', membership.collection_id)
      .where('video_number', direction === 'previous' ? '<' : '>', membership.video_number)
      .orderBy('video_number', direction === 'previous' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
  const [previous, next] = await Promise.all([neighbour('previous'), neighbour('next')]);
  const link = (other: typeof previous): TheaterLink | null =>
    other ? { theaterID: other.video_id, title: other.title, label: videoLabel(other) } : null;
  return {
    kind: 'video',
    video,
    collection: { collectionID: membership.collection_id, title: membership.title },
    previous: link(previous),
    next: link(next),
  };
}

/** What the viewer at /story/{theaterID} shows, or null when the id names nothing. */
export async function readTheaterEntry(
  db: Kysely<GameDatabase>,
  files: Files,
  theaterID: string,
): Promise<TheaterEntry | null> {
  const [episode, video] = await Promise.all([
    db.selectFrom('episodes').selectAll().where('episode_id', '=', theaterID).executeTakeFirst(),
    db.selectFrom('theater_videos').selectAll().where('video_id', '=', theaterID).executeTakeFirst(),
  ]);
  if (episode) return episodeEntry(db, files, episode);
  if (video) return videoEntry(db, files, video);
  return null;
}

/** What a shared link to /story/{theaterID} previews. */
export interface TheaterCard {
  kind: 'episode' | 'video';
  theaterID: string;
  title: string;
  /** "Season 2 · Episode 10" for an episode, the collection's title for a video in one. */
  subtitle: string | null;
  /** An episode's banner, a video's image or else its thumbnail. */
  imageKey: string | null;
}

/** The preview of an episode or theater video, or null when the id names nothing; one query each. */
export async function readTheaterCard(db: Kysely<GameDatabase>, theaterID: string): Promise<TheaterCard | null> {
  const [episode, video] = await Promise.all([
    db
      .selectFrom('episodes')
      .select(['title', 'season', 'episode', 'banner_key'])
      .where('episode_id', '=', theaterID)
      .executeTakeFirst(),
    db
      .selectFrom('theater_videos')
      .leftJoin('theater_collection_videos', 'theater_collection_videos.video_id', 'theater_videos.video_id')
      .leftJoin('theater_collections', 'theater_collections.collection_id', 'theater_collection_videos.collection_id')
      .select([
        'theater_videos.title',
        'theater_videos.image_key',
        'theater_videos.thumbnail_key',
        'theater_collections.title as collection_title',
      ])
      .where('theater_videos.video_id', '=', theaterID)
      .orderBy('theater_collections.created_at')
      .orderBy('theater_collections.collection_id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (episode) {
    return {
      kind: 'episode',
      theaterID,
      title: episode.title,
      subtitle: episodeLabel(episode),
      imageKey: episode.banner_key,
    };
  }
  if (video) {
    return {
      kind: 'video',
      theaterID,
      title: video.title,
      subtitle: video.collection_title,
      imageKey: video.image_key ?? video.thumbnail_key,
    };
  }
  return null;
}

/** A player's favourite episodes, most recent first. */
export async function readFavouriteEpisodes(db: Kysely<GameDatabase>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('episode_favourites')
    .select('episode_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('episode_id')
    .execute();
  return rows.map((row) => row.episode_id);
}
