import type { Selectable } from 'kysely';

/**
 * The story theater's tables in each environment's store. Episodes and theater videos share one id space
 * (`theater_ids`), since both open at /story/{id}: a create inserts the id there first, in its transaction,
 * so two creates of one id (even of different kinds) meet its key.
 */
export interface TheaterIdTable {
  theater_id: string;
  /** 'episode' or 'video'. */
  kind: string;
}

/** An episode of mtota (docs/product.md §3.12). (season, episode) is unique: one episode 10 per season. */
export interface EpisodeTable {
  episode_id: string;
  season: number;
  episode: number;
  title: string;
  /** A direct video address (https), or null. */
  url: string | null;
  youtube_url: string | null;
  /** Derived from youtube_url when it is saved. */
  youtube_id: string | null;
  /** The banner's key in the file store and its thumbnail's; null until uploaded. */
  banner_key: string | null;
  banner_thumbnail_key: string | null;
  /** Rows of episode_favourites, kept with them in the same transaction. */
  favourite_count: number;
  /** When the game last reported stats/ingame; null before it ever has. */
  stats_updated_at: string | null;
  /** Goes up by one with every change: a save names the version it started from. */
  version: number;
  created_at: string;
  updated_at: string;
}

/** One in-game figure of an episode (docs/product.md §3.12: stats/ingame), in the order the game sent it. */
export interface EpisodeStatTable {
  episode_id: string;
  stat_key: string;
  label: string;
  value: number;
  position: number;
}

/** A player's favourite (one per player and episode). */
export interface EpisodeFavouriteTable {
  episode_id: string;
  user_id: string;
  created_at: string;
}

/** A theater video (docs/product.md §3.13): title, videoID, vimeoID, thumbnail, created. */
export interface TheaterVideoTable {
  video_id: string;
  title: string;
  vimeo_id: string;
  /** The thumbnail's key in the file store (a 320 px WebP) and the full image's; null until uploaded. */
  thumbnail_key: string | null;
  image_key: string | null;
  /** ISO 8601: docs/product.md §3.13's `created`. */
  created: string;
  version: number;
  updated_at: string;
}

export interface TheaterCollectionTable {
  collection_id: string;
  title: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A video's membership of a collection: its sublabel and its place (videoNumber, from 1). */
export interface TheaterCollectionVideoTable {
  collection_id: string;
  video_id: string;
  sublabel: string;
  video_number: number;
}

export type EpisodeRow = Selectable<EpisodeTable>;
export type EpisodeStatRow = Selectable<EpisodeStatTable>;
export type TheaterVideoRow = Selectable<TheaterVideoTable>;
export type TheaterCollectionRow = Selectable<TheaterCollectionTable>;
export type TheaterCollectionVideoRow = Selectable<TheaterCollectionVideoTable>;

export interface TheaterTables {
  theater_ids: TheaterIdTable;
  episodes: EpisodeTable;
  episode_stats: EpisodeStatTable;
  episode_favourites: EpisodeFavouriteTable;
  theater_videos: TheaterVideoTable;
  theater_collections: TheaterCollectionTable;
  theater_collection_videos: TheaterCollectionVideoTable;
}

declare module '../database' {
  interface GameDatabase extends TheaterTables {}
}
