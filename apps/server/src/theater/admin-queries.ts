import type { AdminListPage } from '@outpost/contracts/admin-list';
import {
  type createEpisodeInputSchema,
  type createTheaterCollectionInputSchema,
  type createTheaterVideoInputSchema,
  defaultEpisodeID,
  type EpisodeListQuery,
  type TheaterCollectionListQuery,
  type TheaterKind,
  type TheaterVideoListQuery,
  theaterIdTakenMessage,
  unknownEpisodeMessage,
  unknownVideosMessage,
  type updateEpisodeInputSchema,
  type updateTheaterCollectionInputSchema,
  type updateTheaterVideoInputSchema,
  youtubeIdFromUrl,
} from '@outpost/contracts/theater';
import type { Kysely } from 'kysely';
import type { z } from 'zod/mini';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { isForeignKeyViolation, isUniqueViolation } from '../platform/db/errors';
import { fetchListPage } from '../platform/db/list-page';
import { containsText } from '../platform/db/text-search';
import type { StoredImageFiles } from '../products/index';
import type {
  EpisodeRow,
  EpisodeStatRow,
  TheaterCollectionRow,
  TheaterCollectionVideoRow,
  TheaterVideoRow,
} from './tables';

/*
 * Every write of the theater's back office: episodes (mtota), theater videos, collections and the
 * shared id space of /story/{id}. Each write is one transaction that first appends its admin-log
 * entry (docs/decisions/0053-domains-as-modules.md): the place a change event will be published from.
 */

export const THEATER_ADMIN_ACTIONS = {
  episodeCreate: 'episode.create',
  episodeUpdate: 'episode.update',
  episodeDelete: 'episode.delete',
  episodeBanner: 'episode.banner',
  videoCreate: 'theaterVideo.create',
  videoUpdate: 'theaterVideo.update',
  videoDelete: 'theaterVideo.delete',
  videoThumbnail: 'theaterVideo.thumbnail',
  collectionCreate: 'theaterCollection.create',
  collectionUpdate: 'theaterCollection.update',
  collectionDelete: 'theaterCollection.delete',
} as const;

type CreateEpisode = z.output<typeof createEpisodeInputSchema>;
type UpdateEpisode = z.output<typeof updateEpisodeInputSchema>;
/** What an episode's fields hold once parsed: season and episode integers (docs/product.md §5.5), empty links null. */
type EpisodeFields = Omit<UpdateEpisode, 'version'>;
type CreateVideo = z.output<typeof createTheaterVideoInputSchema>;
type UpdateVideo = z.output<typeof updateTheaterVideoInputSchema>;
type CreateCollection = z.output<typeof createTheaterCollectionInputSchema>;
type UpdateCollection = z.output<typeof updateTheaterCollectionInputSchema>;

// ── Refusals ────────────────────────────────────────────────────────────────────────────────

/**
 * A key some other record holds (409). `field` is the input's field at fault, for the form to
 * mark (details.fields): the ID being claimed, or the episode number.
 */
export abstract class TheaterKeyTakenError extends Error {
  abstract readonly field: string;
}

/** The id names an episode or a theater video already: /story/{id} must name one thing (409). */
export class TheaterIdTakenError extends TheaterKeyTakenError {
  readonly field: string;

  /** `claimedAs` is the kind being created, whose ID field is at fault; `holder` the kind holding the id. */
  constructor(id: string, holder: TheaterKind, claimedAs: TheaterKind) {
    super(theaterIdTakenMessage(id, holder));
    this.field = claimedAs === 'episode' ? 'episodeID' : 'videoID';
  }
}

/** Another episode has this season and episode number (409): the number is what the admin changes. */
export class EpisodeNumberTakenError extends TheaterKeyTakenError {
  readonly field = 'episode';
}

/** A collection id already taken (409). */
export class CollectionExistsError extends TheaterKeyTakenError {
  readonly field = 'collectionID';

  constructor(collectionID: string) {
    super(`A collection with the ID "${collectionID}" already exists.`);
  }
}

/** A record the path names does not exist (404). */
export class TheaterNotFoundError extends Error {}

/** A save that started from a version someone else has since replaced (409). */
export class TheaterVersionConflictError extends Error {}

/** A collection naming theater videos that do not exist (400). */
export class UnknownVideosError extends Error {
  constructor(videoIDs: readonly string[]) {
    super(unknownVideosMessage(videoIDs));
  }
}

/** The 404s of records a path names. */
export const theaterNotFound = {
  episode: (episodeID: string) => new TheaterNotFoundError(unknownEpisodeMessage(episodeID)),
  video: (videoID: string) => new TheaterNotFoundError(`There is no theater video "${videoID}".`),
  collection: (collectionID: string) => new TheaterNotFoundError(`There is no collection "${collectionID}".`),
};

const staleVersion = (what: string) =>
  new TheaterVersionConflictError(
    `Someone saved this ${what} after you opened it. Reload it to see their changes, then make yours again.`,
  );

/** Raised inside a create's transaction when the id's key refused it; explained once the transaction is over. */
class IdClaimRefused extends Error {
  constructor(
    readonly id: string,
    readonly kind: TheaterKind,
  ) {
    super(`theater id ${id} is taken`);
  }
}

/** Raised inside a transaction when the (season, episode) key refused a write; explained afterwards. */
class EpisodeNumberRefused extends Error {
  constructor(
    readonly season: number,
    readonly episode: number,
  ) {
    super(`season ${season} episode ${episode} is taken`);
  }
}

/**
 * Turns a refusal raised inside a transaction into the one the admin reads, naming what holds the
 * key. It reads after the transaction has ended: on PostgreSQL a failed statement ends what the
 * transaction may still do, and the holder has committed by then (its key is what refused ours).
 */
async function explained(db: Kysely<GameDatabase>, error: unknown): Promise<unknown> {
  if (error instanceof IdClaimRefused) {
    const holder = await db
      .selectFrom('theater_ids')
      .select('kind')
      .where('theater_id', '=', error.id)
      .executeTakeFirst();
    return new TheaterIdTakenError(error.id, (holder?.kind as TheaterKind | undefined) ?? error.kind, error.kind);
  }
  if (error instanceof EpisodeNumberRefused) {
    const holder = await db
      .selectFrom('episodes')
      .select(['episode_id', 'title'])
      .where('season', '=', error.season)
      .where('episode', '=', error.episode)
      .executeTakeFirst();
    const name = holder ? ` "${holder.title}" (${holder.episode_id})` : ' another episode';
    return new EpisodeNumberTakenError(
      `Season ${error.season} already has an episode ${error.episode}:${name}. Give this one another number.`,
    );
  }
  return error;
}

/** Runs a change's transaction, answering its key refusals as messages for people. */
async function changing<Result>(
  db: Kysely<GameDatabase>,
  work: (trx: Kysely<GameDatabase>) => Promise<Result>,
): Promise<Result> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    throw await explained(db, error);
  }
}

/**
 * Takes an id of /story/{id} for an episode or a theater video, first in its create's
 * transaction: two creates of one id, even of different kinds and at the same moment, meet the
 * table's key and exactly one gets it.
 */
async function claimTheaterId(trx: Kysely<GameDatabase>, id: string, kind: TheaterKind): Promise<void> {
  try {
    await trx.insertInto('theater_ids').values({ theater_id: id, kind }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new IdClaimRefused(id, kind);
    throw error;
  }
}

async function releaseTheaterId(trx: Kysely<GameDatabase>, id: string): Promise<void> {
  await trx.deleteFrom('theater_ids').where('theater_id', '=', id).execute();
}

/** A statement that writes an episode's (season, episode), whose key may refuse it. */
async function numbered<Result>(fields: EpisodeFields, write: () => Promise<Result>): Promise<Result> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new EpisodeNumberRefused(fields.season, fields.episode);
    throw error;
  }
}

/** Exactly one row changed, or the version the save names is no longer the stored one. */
function expectOneRow(result: { numUpdatedRows: bigint }, what: string): void {
  if (Number(result.numUpdatedRows) !== 1) throw staleVersion(what);
}

// ── Episodes ────────────────────────────────────────────────────────────────────────────────

/** An episode as stored: its row and its in-game stats in the game's order. */
export interface StoredEpisode {
  row: EpisodeRow;
  stats: EpisodeStatRow[];
}

async function statsOf(db: Kysely<GameDatabase>, episodeIDs: readonly string[]): Promise<EpisodeStatRow[]> {
  if (episodeIDs.length === 0) return [];
  return db.selectFrom('episode_stats').selectAll().where('episode_id', 'in', episodeIDs).orderBy('position').execute();
}

function withStats(rows: readonly EpisodeRow[], stats: readonly EpisodeStatRow[]): StoredEpisode[] {
  return rows.map((row) => ({ row, stats: stats.filter((stat) => stat.episode_id === row.episode_id) }));
}

export async function findEpisode(db: Kysely<GameDatabase>, episodeID: string): Promise<StoredEpisode | undefined> {
  const [row, stats] = await Promise.all([
    db.selectFrom('episodes').selectAll().where('episode_id', '=', episodeID).executeTakeFirst(),
    statsOf(db, [episodeID]),
  ]);
  return row && { row, stats };
}

/** How the log names a collection's member, so a change of its place or its sublabel reads as one: "c-three (Finale)". */
const memberName = (videoID: string, sublabel: string) => (sublabel ? `${videoID} (${sublabel})` : videoID);

/** How the log names an episode: its place and title. */
async function episodeName(db: Kysely<GameDatabase>, episodeID: string) {
  const stored = await findEpisode(db, episodeID);
  return stored ? { season: stored.row.season, episode: stored.row.episode, title: stored.row.title } : {};
}

async function requireEpisode(db: Kysely<GameDatabase>, episodeID: string): Promise<StoredEpisode> {
  const stored = await findEpisode(db, episodeID);
  if (!stored) throw theaterNotFound.episode(episodeID);
  return stored;
}

const EPISODE_SORTS = {
  season: ['season', 'episode'],
  title: ['title'],
  updatedAt: ['updated_at'],
} as const satisfies Record<EpisodeListQuery['sort'], readonly (keyof EpisodeRow)[]>;

/**
 * One page of the episodes (the admin list protocol); by default newest first, as docs/product.md §7.10
 * orders mtota.
 */
export async function listEpisodes(
  db: Kysely<GameDatabase>,
  query: EpisodeListQuery,
): Promise<AdminListPage<StoredEpisode>> {
  let filtered = db.selectFrom('episodes');
  if (query.q) filtered = filtered.where(containsText(['title', 'episode_id'], query.q));
  if (query.season !== undefined) filtered = filtered.where('season', '=', query.season);
  let ordered = filtered.selectAll();
  for (const column of EPISODE_SORTS[query.sort]) ordered = ordered.orderBy(column, query.order);
  const { rows, ...page } = await fetchListPage(filtered, ordered.orderBy('episode_id', query.order), query);
  const stats = await statsOf(
    db,
    rows.map((row) => row.episode_id),
  );
  return { ...page, rows: withStats(rows, stats) };
}

/** The columns an episode's fields set; youtubeID is derived from the link, never typed. */
function episodeColumns(fields: EpisodeFields) {
  return {
    season: fields.season,
    episode: fields.episode,
    title: fields.title,
    url: fields.url,
    youtube_url: fields.youtubeUrl,
    youtube_id: fields.youtubeUrl === null ? null : youtubeIdFromUrl(fields.youtubeUrl),
  };
}

/**
 * Creates an episode (docs/product.md §3.12, §5.5: season and episode already integers). Its id defaults to
 * "s{season}e{episode}" and is claimed in the shared id space first; a taken id or number is a 409
 * naming what holds it. Answers the episode's id.
 */
export async function createEpisode(
  db: Kysely<GameDatabase>,
  input: CreateEpisode,
  context: AdminChange,
): Promise<string> {
  const episodeID = input.episodeID ?? defaultEpisodeID(input.season, input.episode);
  const columns = episodeColumns(input);
  const at = (context.now ?? new Date()).toISOString();
  await changing(db, async (trx) => {
    await appendAdminLog(
      trx,
      adminLogRecord(context, THEATER_ADMIN_ACTIONS.episodeCreate, {
        episodeID,
        season: input.season,
        episode: input.episode,
        title: input.title,
        url: input.url,
        youtubeUrl: input.youtubeUrl,
        youtubeID: columns.youtube_id,
      }),
    );
    await claimTheaterId(trx, episodeID, 'episode');
    await numbered(input, () =>
      trx
        .insertInto('episodes')
        .values({
          episode_id: episodeID,
          ...columns,
          banner_key: null,
          banner_thumbnail_key: null,
          favourite_count: 0,
          stats_updated_at: null,
          version: 1,
          created_at: at,
          updated_at: at,
        })
        .execute(),
    );
  });
  return episodeID;
}

/** The fields a save changes, each with its value before and after, for the admin log. */
function changedFields<Fields extends Record<string, unknown>>(before: Fields, after: Fields) {
  return Object.fromEntries(
    Object.keys(after)
      .filter((field) => before[field] !== after[field])
      .map((field) => [field, { from: before[field], to: after[field] }]),
  );
}

/**
 * Saves an episode's fields (the whole episode, as the edit screen holds it). The save names the
 * version it started from; `UPDATE … WHERE version = ?` lets exactly one of two racing saves
 * through, and the other is told to reload.
 */
export async function updateEpisode(
  db: Kysely<GameDatabase>,
  episodeID: string,
  input: UpdateEpisode,
  context: AdminChange,
): Promise<void> {
  const columns = episodeColumns(input);
  const at = (context.now ?? new Date()).toISOString();
  await changing(db, async (trx) => {
    const { row } = await requireEpisode(trx, episodeID);
    if (row.version !== input.version) throw staleVersion('episode');
    const before = {
      season: row.season,
      episode: row.episode,
      title: row.title,
      url: row.url,
      youtubeUrl: row.youtube_url,
    };
    await appendAdminLog(
      trx,
      adminLogRecord(context, THEATER_ADMIN_ACTIONS.episodeUpdate, {
        episodeID,
        title: input.title,
        version: input.version + 1,
        changes: changedFields(before, {
          season: input.season,
          episode: input.episode,
          title: input.title,
          url: input.url,
          youtubeUrl: input.youtubeUrl,
        }),
      }),
    );
    const updated = await numbered(input, () =>
      trx
        .updateTable('episodes')
        .set({ ...columns, version: input.version + 1, updated_at: at })
        .where('episode_id', '=', episodeID)
        .where('version', '=', input.version)
        .executeTakeFirst(),
    );
    expectOneRow(updated, 'episode');
  });
}

/** A record's stored image and thumbnail, or none before its first upload. */
function imageFilesOf(imageKey: string | null, thumbnailKey: string | null): StoredImageFiles[] {
  return imageKey === null || thumbnailKey === null ? [] : [{ imageKey, thumbnailKey }];
}

const bannerFiles = (row: EpisodeRow) => imageFilesOf(row.banner_key, row.banner_thumbnail_key);

/**
 * Deletes an episode with its favourites and stats (their keys cascade) and frees its id. Answers
 * its banner's files, which the caller removes once this has committed.
 */
export async function deleteEpisode(
  db: Kysely<GameDatabase>,
  episodeID: string,
  context: AdminChange,
): Promise<StoredImageFiles[]> {
  return changing(db, async (trx) => {
    const { row } = await requireEpisode(trx, episodeID);
    await appendAdminLog(
      trx,
      adminLogRecord(context, THEATER_ADMIN_ACTIONS.episodeDelete, {
        episodeID,
        season: row.season,
        episode: row.episode,
        title: row.title,
        favouriteCount: row.favourite_count,
      }),
    );
    const deleted = await trx.deleteFrom('episodes').where('episode_id', '=', episodeID).executeTakeFirst();
    // Deleted meanwhile by another admin, whose transaction has freed the id already.
    if (Number(deleted.numDeletedRows) !== 1) throw theaterNotFound.episode(episodeID);
    await releaseTheaterId(trx, episodeID);
    return bannerFiles(row);
  });
}

/**
 * Bumps a row's version first: the row lock (PostgreSQL) that queues two image uploads of one
 * record, so each reads the files the previous one left and none is forgotten.
 */
async function lockForImage(
  trx: Kysely<GameDatabase>,
  table: 'episodes' | 'theater_videos',
  id: string,
  at: string,
): Promise<boolean> {
  const query =
    table === 'episodes'
      ? trx
          .updateTable('episodes')
          .set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
          .where('episode_id', '=', id)
      : trx
          .updateTable('theater_videos')
          .set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
          .where('video_id', '=', id);
  const locked = await query.executeTakeFirst();
  return Number(locked.numUpdatedRows) === 1;
}

/**
 * Makes stored files the episode's banner and bumps its version. Answers the previous banner's
 * files, which the caller removes once this has committed (and the new ones if it fails).
 */
export async function setEpisodeBanner(
  db: Kysely<GameDatabase>,
  episodeID: string,
  banner: StoredImageFiles,
  context: AdminChange,
): Promise<StoredImageFiles[]> {
  const at = (context.now ?? new Date()).toISOString();
  return changing(db, async (trx) => {
    await appendAdminLog(
      trx,
      adminLogRecord(context, THEATER_ADMIN_ACTIONS.episodeBanner, {
        episodeID,
        ...(await episodeName(trx, episodeID)),
        bannerKey: banner.imageKey,
        bannerThumbnailKey: banner.thumbnailKey,
      }),
    );
    if (!(await lockForImage(trx, 'episodes', episodeID, at))) throw theaterNotFound.episode(episodeID);
    const { row } = await requireEpisode(trx, episodeID);
    await trx
      .updateTable('episodes')
      .set({ banner_key: banner.imageKey, banner_thumbnail_key: banner.thumbnailKey })
      .where('episode_id', '=', episodeID)
      .execute();
    return bannerFiles(row);
  });
}

/**
 * Writes episodes as given, restoring the fields of rows of the same ids (the demo seed restores
 * its episodes with it) but keeping their banners, whose files an admin uploaded, and their
 * favourite counts, which the favourite rows own. Not an admin change, so no admin-log entry; run
 * it in the caller's transaction.
 */
export async function putEpisodes(db: Kysely<GameDatabase>, episodes: readonly EpisodeRow[]): Promise<void> {
  for (const episode of episodes) {
    await db
      .insertInto('theater_ids')
      .values({ theater_id: episode.episode_id, kind: 'episode' })
      .onConflict((conflict) => conflict.column('theater_id').doNothing())
      .execute();
    const {
      episode_id: _id,
      created_at: _created,
      favourite_count: _count,
      banner_key: _banner,
      banner_thumbnail_key: _thumbnail,
      version: _version,
      ...changes
    } = episode;
    await db
      .insertInto('episodes')
      .values(episode)
      .onConflict((conflict) =>
        // A bumped version makes an edit screen opened before the restore reload first.
        conflict.column('episode_id').doUpdateSet((eb) => ({ ...changes, version: eb('episodes.version', '+', 1) })),
      )
      .execute();
  }
}

// ── Theater videos ──────────────────────────────────────────────────────────────────────────

/** A theater video as stored, with the collections it belongs to. */
export interface StoredVideo {
  row: TheaterVideoRow;
  collections: string[];
}

async function withCollections(db: Kysely<GameDatabase>, rows: readonly TheaterVideoRow[]): Promise<StoredVideo[]> {
  const ids = rows.map((row) => row.video_id);
  const memberships =
    ids.length === 0
      ? []
      : await db
          .selectFrom('theater_collection_videos')
          .innerJoin(
            'theater_collections',
            'theater_collections.collection_id',
            'theater_collection_videos.collection_id',
          )
          .select(['theater_collection_videos.video_id', 'theater_collection_videos.collection_id'])
          .where('theater_collection_videos.video_id', 'in', ids)
          .orderBy('theater_collections.created_at')
          .orderBy('theater_collections.collection_id')
          .execute();
  return rows.map((row) => ({
    row,
    collections: memberships.filter((member) => member.video_id === row.video_id).map((member) => member.collection_id),
  }));
}

export async function findVideo(db: Kysely<GameDatabase>, videoID: string): Promise<StoredVideo | undefined> {
  const row = await db.selectFrom('theater_videos').selectAll().where('video_id', '=', videoID).executeTakeFirst();
  return row && (await withCollections(db, [row]))[0];
}

const VIDEO_SORTS = { created: 'created', title: 'title' } as const satisfies Record<
  TheaterVideoListQuery['sort'],
  keyof TheaterVideoRow
>;

/** One page of the theater videos (the admin list protocol), newest first by default. */
export async function listVideos(
  db: Kysely<GameDatabase>,
  query: TheaterVideoListQuery,
): Promise<AdminListPage<StoredVideo>> {
  let filtered = db.selectFrom('theater_videos');
  if (query.q) filtered = filtered.where(containsText(['title', 'video_id'], query.q));
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy(VIDEO_SORTS[query.sort], query.order).orderBy('video_id', query.order),
    query,
  );
  return { ...page, rows: await withCollections(db, rows) };
}

/** Creates a theater video, `created` by the server's clock; its id is claimed in the shared id space first. */
export async function createVideo(db: Kysely<GameDatabase>, input: CreateVideo, context: AdminChange): Promise<void> {
  const at = (context.now ?? new Date()).toISOString();
  await changing(db, async (trx) => {
    await appendAdminLog(trx, adminLogRecord(context, THEATER_ADMIN_ACTIONS.videoCreate, { ...input }));
    await claimTheaterId(trx, input.videoID, 'video');
    await trx
      .insertInto('theater_videos')
      .values({
        video_id: input.videoID,
        title: input.title,
        vimeo_id: input.vimeoID,
        thumbnail_key: null,
        image_key: null,
        created: at,
        version: 1,
        updated_at: at,
      })
      .execute();
  });
}

/** Saves a video's title and Vimeo id, from the version the screen loaded (409 when stale). */
export async function updateVideo(
  db: Kysely<GameDatabase>,
  videoID: string,
  input: UpdateVideo,
  context: AdminChange,
): Promise<void> {
  const at = (context.now ?? new Date()).toISOString();
  await changing(db, async (trx) => {
    const stored = await findVideo(trx, videoID);
    if (!stored) throw theaterNotFound.video(videoID);
    if (stored.row.version !== input.version) throw staleVersion('theater video');
    await appendAdminLog(
      trx,
      adminLogRecord(context, THEATER_ADMIN_ACTIONS.videoUpdate, {
        videoID,
        title: input.title,
        version: input.version + 1,
        changes: changedFields(
          { title: stored.row.title, vimeoID: stored.row.vimeo_id },
          { title: input.title, vimeoID: input.vimeoID },
        ),
      }),
    );
    const updated = await trx
      .updateTable('theater_videos')
      .set({ title: input.title, vimeo_id: input.vimeoID, version: input.version + 1, updated_at: at })
      .where('video_id', '=', videoID)
      .where('version', '=', input.version)
      .executeTakeFirst();
    expectOneRow(updated, 'theater video');
  });
}

const videoImageFiles = (row: TheaterVideoRow) => imageFilesOf(row.image_key, row.thumbnail_key);

/**
 * Deletes a theater video and frees its id; the collections that held it close ranks (their
 * videoNumbers stay 1, 2, …) and get a new version. Answers its image's files, to remove once
 * this has committed.
 */
export async function deleteVideo(
  db: Kysely<GameDatabase>,
  videoID: string,
  context: AdminChange,
): Promise<StoredImageFiles[]> {
  const at = (context.now ?? new Date()).toISOString();
  return changing(db, async (trx) => {
    const stored = await findVideo(trx, videoID);
    if (!stored) throw theaterNotFound.video(videoID);
    await appendAdminLog(
      trx,
      adminLogRecord(context, THEATER_ADMIN_ACTIONS.videoDelete, {
        videoID,
        title: stored.row.title,
        collections: stored.collections,
      }),
    );
    for (const collectionID of stored.collections) {
      await trx
        .updateTable('theater_collections')
        .set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
        .where('collection_id', '=', collectionID)
        .execute();
      const members = await membersOf(trx, [collectionID]);
      await writeMembers(
        trx,
        collectionID,
        members
          .filter((member) => member.video_id !== videoID)
          .map((member) => ({ videoID: member.video_id, sublabel: member.sublabel })),
      );
    }
    const deleted = await trx.deleteFrom('theater_videos').where('video_id', '=', videoID).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw theaterNotFound.video(videoID);
    await releaseTheaterId(trx, videoID);
    return videoImageFiles(stored.row);
  });
}

/** Makes stored files the video's image and thumbnail; answers the previous ones, to remove after the commit. */
export async function setVideoThumbnail(
  db: Kysely<GameDatabase>,
  videoID: string,
  image: StoredImageFiles,
  context: AdminChange,
): Promise<StoredImageFiles[]> {
  const at = (context.now ?? new Date()).toISOString();
  return changing(db, async (trx) => {
    await appendAdminLog(
      trx,
      adminLogRecord(context, THEATER_ADMIN_ACTIONS.videoThumbnail, {
        videoID,
        title: (await findVideo(trx, videoID))?.row.title,
        imageKey: image.imageKey,
        thumbnailKey: image.thumbnailKey,
      }),
    );
    if (!(await lockForImage(trx, 'theater_videos', videoID, at))) throw theaterNotFound.video(videoID);
    const stored = await findVideo(trx, videoID);
    if (!stored) throw theaterNotFound.video(videoID);
    await trx
      .updateTable('theater_videos')
      .set({ image_key: image.imageKey, thumbnail_key: image.thumbnailKey })
      .where('video_id', '=', videoID)
      .execute();
    return videoImageFiles(stored.row);
  });
}

/** Writes theater videos as given, restoring rows of the same ids but keeping their images (the demo seed). No admin-log entry. */
export async function putVideos(db: Kysely<GameDatabase>, videos: readonly TheaterVideoRow[]): Promise<void> {
  for (const video of videos) {
    await db
      .insertInto('theater_ids')
      .values({ theater_id: video.video_id, kind: 'video' })
      .onConflict((conflict) => conflict.column('theater_id').doNothing())
      .execute();
    const { video_id: _id, version: _version, image_key: _image, thumbnail_key: _thumbnail, ...changes } = video;
    await db
      .insertInto('theater_videos')
      .values(video)
      .onConflict((conflict) =>
        conflict
          .column('video_id')
          .doUpdateSet((eb) => ({ ...changes, version: eb('theater_videos.version', '+', 1) })),
      )
      .execute();
  }
}

// ── Collections ─────────────────────────────────────────────────────────────────────────────

/** A member of a collection: its membership and the video's row. */
export type CollectionMemberRow = TheaterCollectionVideoRow & Omit<TheaterVideoRow, 'video_id'>;

/** A collection as stored, with its videos in videoNumber order. */
export interface StoredCollection {
  row: TheaterCollectionRow;
  members: CollectionMemberRow[];
}

async function membersOf(db: Kysely<GameDatabase>, collectionIDs: readonly string[]): Promise<CollectionMemberRow[]> {
  if (collectionIDs.length === 0) return [];
  return db
    .selectFrom('theater_collection_videos as member')
    .innerJoin('theater_videos as video', 'video.video_id', 'member.video_id')
    .selectAll('video')
    .select(['member.collection_id', 'member.video_id', 'member.sublabel', 'member.video_number'])
    .where('member.collection_id', 'in', collectionIDs)
    .orderBy('member.collection_id')
    .orderBy('member.video_number')
    .execute();
}

/** Replaces a collection's members with these, numbered 1, 2, … in the order given. */
async function writeMembers(
  trx: Kysely<GameDatabase>,
  collectionID: string,
  members: readonly { videoID: string; sublabel: string }[],
): Promise<void> {
  await trx.deleteFrom('theater_collection_videos').where('collection_id', '=', collectionID).execute();
  if (members.length === 0) return;
  await trx
    .insertInto('theater_collection_videos')
    .values(
      members.map((member, position) => ({
        collection_id: collectionID,
        video_id: member.videoID,
        sublabel: member.sublabel,
        video_number: position + 1,
      })),
    )
    .execute();
}

function withMembers(rows: readonly TheaterCollectionRow[], members: readonly CollectionMemberRow[]) {
  return rows.map((row) => ({ row, members: members.filter((member) => member.collection_id === row.collection_id) }));
}

export async function findCollection(
  db: Kysely<GameDatabase>,
  collectionID: string,
): Promise<StoredCollection | undefined> {
  const [row, members] = await Promise.all([
    db.selectFrom('theater_collections').selectAll().where('collection_id', '=', collectionID).executeTakeFirst(),
    membersOf(db, [collectionID]),
  ]);
  return row && { row, members };
}

const COLLECTION_SORTS = { created: 'created_at', title: 'title' } as const satisfies Record<
  TheaterCollectionListQuery['sort'],
  keyof TheaterCollectionRow
>;

/** One page of the collections (the admin list protocol), oldest first by default. */
export async function listCollections(
  db: Kysely<GameDatabase>,
  query: TheaterCollectionListQuery,
): Promise<AdminListPage<StoredCollection>> {
  let filtered = db.selectFrom('theater_collections');
  if (query.q) filtered = filtered.where(containsText(['title', 'collection_id'], query.q));
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy(COLLECTION_SORTS[query.sort], query.order).orderBy('collection_id', query.order),
    query,
  );
  const members = await membersOf(
    db,
    rows.map((row) => row.collection_id),
  );
  return { ...page, rows: withMembers(rows, members) };
}

export async function createCollection(
  db: Kysely<GameDatabase>,
  input: CreateCollection,
  context: AdminChange,
): Promise<void> {
  const at = (context.now ?? new Date()).toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await appendAdminLog(trx, adminLogRecord(context, THEATER_ADMIN_ACTIONS.collectionCreate, { ...input }));
      await trx
        .insertInto('theater_collections')
        .values({ collection_id: input.collectionID, title: input.title, version: 1, created_at: at, updated_at: at })
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new CollectionExistsError(input.collectionID);
    throw error;
  }
}

async function missingVideos(db: Kysely<GameDatabase>, videoIDs: readonly string[]): Promise<string[]> {
  if (videoIDs.length === 0) return [];
  const found = await db.selectFrom('theater_videos').select('video_id').where('video_id', 'in', videoIDs).execute();
  const existing = new Set(found.map((row) => row.video_id));
  return videoIDs.filter((id) => !existing.has(id));
}

/**
 * Saves a collection's title and its members in their new order (videoNumber = place + 1), from
 * the version the screen loaded: the whole membership is replaced in one transaction, so a
 * reorder is one save. Videos that do not exist are a 400 naming them.
 */
export async function updateCollection(
  db: Kysely<GameDatabase>,
  collectionID: string,
  input: UpdateCollection,
  context: AdminChange,
): Promise<void> {
  const at = (context.now ?? new Date()).toISOString();
  const videoIDs = input.members.map((member) => member.videoID);
  try {
    await db.transaction().execute(async (trx) => {
      const stored = await findCollection(trx, collectionID);
      if (!stored) throw theaterNotFound.collection(collectionID);
      if (stored.row.version !== input.version) throw staleVersion('collection');
      const missing = await missingVideos(trx, videoIDs);
      if (missing.length > 0) throw new UnknownVideosError(missing);
      await appendAdminLog(
        trx,
        adminLogRecord(context, THEATER_ADMIN_ACTIONS.collectionUpdate, {
          collectionID,
          title: input.title,
          version: input.version + 1,
          changes: changedFields({ title: stored.row.title }, { title: input.title }),
          members: input.members.map((member) => memberName(member.videoID, member.sublabel)),
          previousMembers: stored.members.map((member) => memberName(member.video_id, member.sublabel)),
        }),
      );
      const updated = await trx
        .updateTable('theater_collections')
        .set({ title: input.title, version: input.version + 1, updated_at: at })
        .where('collection_id', '=', collectionID)
        .where('version', '=', input.version)
        .executeTakeFirst();
      expectOneRow(updated, 'collection');
      await writeMembers(trx, collectionID, input.members);
    });
  } catch (error) {
    // A video deleted by a transaction that committed after the check above.
    if (isForeignKeyViolation(error)) throw new UnknownVideosError(await missingVideos(db, videoIDs));
    throw error;
  }
}

export async function deleteCollection(
  db: Kysely<GameDatabase>,
  collectionID: string,
  context: AdminChange,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const title = (await findCollection(trx, collectionID))?.row.title;
    await appendAdminLog(trx, adminLogRecord(context, THEATER_ADMIN_ACTIONS.collectionDelete, { collectionID, title }));
    // Its memberships go with it (their key cascades); the videos stay.
    const deleted = await trx
      .deleteFrom('theater_collections')
      .where('collection_id', '=', collectionID)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw theaterNotFound.collection(collectionID);
  });
}

/**
 * Writes collections and their members as given, replacing rows and members of the same ids
 * (the demo seed). No admin-log entry; run it in the caller's transaction.
 */
export async function putCollections(
  db: Kysely<GameDatabase>,
  collections: readonly { row: TheaterCollectionRow; members: readonly { videoID: string; sublabel: string }[] }[],
): Promise<void> {
  for (const { row, members } of collections) {
    const { collection_id: _id, created_at: _created, version: _version, ...changes } = row;
    await db
      .insertInto('theater_collections')
      .values(row)
      .onConflict((conflict) =>
        conflict
          .column('collection_id')
          .doUpdateSet((eb) => ({ ...changes, version: eb('theater_collections.version', '+', 1) })),
      )
      .execute();
    await writeMembers(db, row.collection_id, members);
  }
}
