import multipart from '@fastify/multipart';
import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import { oneFieldDetails } from '@outpost/contracts/field-errors';
import {
  type AdminEpisode,
  type AdminTheaterCollection,
  type AdminTheaterVideo,
  adminEpisodeSchema,
  adminTheaterCollectionSchema,
  adminTheaterVideoSchema,
  createEpisodeInputSchema,
  createTheaterCollectionInputSchema,
  createTheaterVideoInputSchema,
  episodeListPageSchema,
  episodeListQuerySchema,
  episodeParamsSchema,
  STALE_VERSION_CODE,
  type TheaterKind,
  theaterCollectionListPageSchema,
  theaterCollectionListQuerySchema,
  theaterCollectionParamsSchema,
  theaterDeletedSchema,
  theaterVideoListPageSchema,
  theaterVideoListQuerySchema,
  theaterVideoParamsSchema,
  updateEpisodeInputSchema,
  updateTheaterCollectionInputSchema,
  updateTheaterVideoInputSchema,
} from '@outpost/contracts/theater';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores } from '../database';
import { answering, FunctionError } from '../platform/http/errors';
import type { FileStore } from '../platform/storage/file-store';
import { removeImageFiles, removeImageFilesLogged, type StoredImageFiles } from '../products/index';
import {
  createCollection,
  createEpisode,
  createVideo,
  deleteCollection,
  deleteEpisode,
  deleteVideo,
  findCollection,
  findEpisode,
  findVideo,
  listCollections,
  listEpisodes,
  listVideos,
  type StoredCollection,
  type StoredEpisode,
  type StoredVideo,
  setEpisodeBanner,
  setVideoThumbnail,
  TheaterKeyTakenError,
  TheaterNotFoundError,
  TheaterVersionConflictError,
  theaterNotFound,
  UnknownVideosError,
  updateCollection,
  updateEpisode,
  updateVideo,
} from './admin-queries';
import { toEpisode, toVideo } from './library';
import { imageUploadLimits, readImageUpload, storeTheaterImage } from './uploads';

export interface TheaterAdminRoutesOptions {
  game: AppStores['game'];
  files: FileStore;
  /** IMAGE_MAX_BYTES: the largest banner or thumbnail an upload may carry. */
  imageMaxBytes: number;
}

/** An episode as the theater admin reads it (and its live topic sends the back office). */
export function toAdminEpisode({ row, stats }: StoredEpisode, files: Pick<FileStore, 'url'>): AdminEpisode {
  return {
    ...toEpisode(row, stats, files),
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toAdminVideo({ row, collections }: StoredVideo, files: FileStore): AdminTheaterVideo {
  return { ...toVideo(row, files), collections, version: row.version, updatedAt: row.updated_at };
}

function toAdminCollection({ row, members }: StoredCollection, files: FileStore): AdminTheaterCollection {
  return {
    collectionID: row.collection_id,
    title: row.title,
    videos: members.map((member) => ({
      ...toVideo(member, files),
      sublabel: member.sublabel,
      videoNumber: member.video_number,
    })),
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The domain's refusals as the protocol's statuses; anything else is a fault and stays a 500. */
function toFunctionError(error: unknown): unknown {
  if (error instanceof TheaterNotFoundError) return new FunctionError('not-found', error.message);
  if (error instanceof TheaterKeyTakenError) {
    // The field at fault is named too, so the form marks it and moves the focus there.
    return new FunctionError('aborted', error.message, oneFieldDetails(error.field, error.message));
  }
  if (error instanceof TheaterVersionConflictError) {
    return new FunctionError('aborted', error.message, { code: STALE_VERSION_CODE });
  }
  if (error instanceof UnknownVideosError) return new FunctionError('invalid-argument', error.message);
  return error;
}

const answer = answering(toFunctionError);

/** A record that must exist, read after its change committed (or for a GET). */
async function required<Stored>(read: Promise<Stored | undefined>, missing: () => Error): Promise<Stored> {
  const stored = await read;
  if (!stored) throw toFunctionError(missing());
  return stored;
}

/**
 * The theater's back office: episodes (mtota), theater videos and collections. Anyone in the admin area
 * reads; staff and admins change (`manageTheater`, enforced by the route table's policies: the original had
 * no role check here). Every route names its environment and touches only that store and that environment's
 * files.
 */
export function registerTheaterAdminRoutes(app: FastifyInstance, options: TheaterAdminRoutesOptions): void {
  const { files, imageMaxBytes } = options;
  const storeOf = (environment: Environment) => options.game[environment];

  /**
   * An image upload for a record: read and checked before anything is stored; the record's change
   * commits or the new files go; once it has committed, the files it replaced go.
   */
  async function replaceImage(
    request: FastifyRequest,
    target: { environment: Environment; kind: TheaterKind; id: string; exists: () => Promise<unknown> },
    attach: (image: StoredImageFiles) => Promise<StoredImageFiles[]>,
  ): Promise<void> {
    const { exists, ...record } = target;
    const bytes = await readImageUpload(request, imageMaxBytes);
    // Nothing is decoded or stored for a record that is not there; the change checks again.
    await exists();
    const image = await storeTheaterImage(bytes, { files, imageMaxBytes, ...record });
    let released: StoredImageFiles[];
    try {
      released = await attach(image);
    } catch (error) {
      await removeImageFiles(files, [image]);
      throw toFunctionError(error);
    }
    await removeImageFilesLogged(files, released, request.log);
  }

  app.register(async (scope) => {
    // Multipart is parsed only here, where a banner or thumbnail arrives.
    await scope.register(multipart, { limits: imageUploadLimits(imageMaxBytes) });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    /* Episodes (mtota). */

    api.get(
      '/api/admin/:env/theater/episodes',
      {
        schema: {
          params: adminEnvironmentParamsSchema,
          querystring: episodeListQuerySchema,
          response: { 200: episodeListPageSchema },
        },
      },
      async (request) => {
        const page = await listEpisodes(storeOf(request.params.env), request.query);
        return { ...page, rows: page.rows.map((stored) => toAdminEpisode(stored, files)) };
      },
    );

    api.get(
      '/api/admin/:env/theater/episodes/:episodeID',
      { schema: { params: episodeParamsSchema, response: { 200: adminEpisodeSchema } } },
      async (request) => {
        const { env, episodeID } = request.params;
        return toAdminEpisode(
          await required(findEpisode(storeOf(env), episodeID), () => theaterNotFound.episode(episodeID)),
          files,
        );
      },
    );

    api.post(
      '/api/admin/:env/theater/episodes',
      {
        schema: {
          params: adminEnvironmentParamsSchema,
          body: createEpisodeInputSchema,
          response: { 200: adminEpisodeSchema },
        },
      },
      async (request) => {
        const { env } = request.params;
        const change = await adminChangeOf(request, env);
        const db = storeOf(env);
        const episodeID = await answer(() => createEpisode(db, request.body, change));
        return toAdminEpisode(
          await required(findEpisode(db, episodeID), () => theaterNotFound.episode(episodeID)),
          files,
        );
      },
    );

    api.put(
      '/api/admin/:env/theater/episodes/:episodeID',
      {
        schema: { params: episodeParamsSchema, body: updateEpisodeInputSchema, response: { 200: adminEpisodeSchema } },
      },
      async (request) => {
        const { env, episodeID } = request.params;
        const change = await adminChangeOf(request, env);
        const db = storeOf(env);
        await answer(() => updateEpisode(db, episodeID, request.body, change));
        return toAdminEpisode(
          await required(findEpisode(db, episodeID), () => theaterNotFound.episode(episodeID)),
          files,
        );
      },
    );

    api.delete(
      '/api/admin/:env/theater/episodes/:episodeID',
      { schema: { params: episodeParamsSchema, response: { 200: theaterDeletedSchema } } },
      async (request) => {
        const { env, episodeID } = request.params;
        const change = await adminChangeOf(request, env);
        const released = await answer(() => deleteEpisode(storeOf(env), episodeID, change));
        await removeImageFilesLogged(files, released, request.log);
        return { id: episodeID };
      },
    );

    api.put(
      '/api/admin/:env/theater/episodes/:episodeID/banner',
      {
        schema: {
          consumes: ['multipart/form-data'],
          params: episodeParamsSchema,
          response: { 200: adminEpisodeSchema },
        },
      },
      async (request) => {
        const { env, episodeID } = request.params;
        const change = await adminChangeOf(request, env);
        const db = storeOf(env);
        const exists = () => required(findEpisode(db, episodeID), () => theaterNotFound.episode(episodeID));
        await replaceImage(request, { environment: env, kind: 'episode', id: episodeID, exists }, (banner) =>
          setEpisodeBanner(db, episodeID, banner, change),
        );
        return toAdminEpisode(await exists(), files);
      },
    );

    /* Theater videos. */

    api.get(
      '/api/admin/:env/theater/videos',
      {
        schema: {
          params: adminEnvironmentParamsSchema,
          querystring: theaterVideoListQuerySchema,
          response: { 200: theaterVideoListPageSchema },
        },
      },
      async (request) => {
        const page = await listVideos(storeOf(request.params.env), request.query);
        return { ...page, rows: page.rows.map((stored) => toAdminVideo(stored, files)) };
      },
    );

    api.get(
      '/api/admin/:env/theater/videos/:videoID',
      { schema: { params: theaterVideoParamsSchema, response: { 200: adminTheaterVideoSchema } } },
      async (request) => {
        const { env, videoID } = request.params;
        return toAdminVideo(
          await required(findVideo(storeOf(env), videoID), () => theaterNotFound.video(videoID)),
          files,
        );
      },
    );

    api.post(
      '/api/admin/:env/theater/videos',
      {
        schema: {
          params: adminEnvironmentParamsSchema,
          body: createTheaterVideoInputSchema,
          response: { 200: adminTheaterVideoSchema },
        },
      },
      async (request) => {
        const { env } = request.params;
        const { videoID } = request.body;
        const change = await adminChangeOf(request, env);
        const db = storeOf(env);
        await answer(() => createVideo(db, request.body, change));
        return toAdminVideo(await required(findVideo(db, videoID), () => theaterNotFound.video(videoID)), files);
      },
    );

    api.put(
      '/api/admin/:env/theater/videos/:videoID',
      {
        schema: {
          params: theaterVideoParamsSchema,
          body: updateTheaterVideoInputSchema,
          response: { 200: adminTheaterVideoSchema },
        },
      },
      async (request) => {
        const { env, videoID } = request.params;
        const change = await adminChangeOf(request, env);
        const db = storeOf(env);
        await answer(() => updateVideo(db, videoID, request.body, change));
        return toAdminVideo(await required(findVideo(db, videoID), () => theaterNotFound.video(videoID)), files);
      },
    );

    api.delete(
      '/api/admin/:env/theater/videos/:videoID',
      { schema: { params: theaterVideoParamsSchema, response: { 200: theaterDeletedSchema } } },
      async (request) => {
        const { env, videoID } = request.params;
        const change = await adminChangeOf(request, env);
        const released = await answer(() => deleteVideo(storeOf(env), videoID, change));
        await removeImageFilesLogged(files, released, request.log);
        return { id: videoID };
      },
    );

    api.put(
      '/api/admin/:env/theater/videos/:videoID/thumbnail',
      {
        schema: {
          consumes: ['multipart/form-data'],
          params: theaterVideoParamsSchema,
          response: { 200: adminTheaterVideoSchema },
        },
      },
      async (request) => {
        const { env, videoID } = request.params;
        const change = await adminChangeOf(request, env);
        const db = storeOf(env);
        const exists = () => required(findVideo(db, videoID), () => theaterNotFound.video(videoID));
        await replaceImage(request, { environment: env, kind: 'video', id: videoID, exists }, (image) =>
          setVideoThumbnail(db, videoID, image, change),
        );
        return toAdminVideo(await exists(), files);
      },
    );

    /* Collections. */

    api.get(
      '/api/admin/:env/theater/collections',
      {
        schema: {
          params: adminEnvironmentParamsSchema,
          querystring: theaterCollectionListQuerySchema,
          response: { 200: theaterCollectionListPageSchema },
        },
      },
      async (request) => {
        const page = await listCollections(storeOf(request.params.env), request.query);
        return { ...page, rows: page.rows.map((stored) => toAdminCollection(stored, files)) };
      },
    );

    api.get(
      '/api/admin/:env/theater/collections/:collectionID',
      { schema: { params: theaterCollectionParamsSchema, response: { 200: adminTheaterCollectionSchema } } },
      async (request) => {
        const { env, collectionID } = request.params;
        return toAdminCollection(
          await required(findCollection(storeOf(env), collectionID), () => theaterNotFound.collection(collectionID)),
          files,
        );
      },
    );

    api.post(
      '/api/admin/:env/theater/collections',
      {
        schema: {
          params: adminEnvironmentParamsSchema,
          body: createTheaterCollectionInputSchema,
          response: { 200: adminTheaterCollectionSchema },
        },
      },
      async (request) => {
        const { env } = request.params;
        const { collectionID } = request.body;
        const change = await adminChangeOf(request, env);
        const db = storeOf(env);
        await answer(() => createCollection(db, request.body, change));
        return toAdminCollection(
          await required(findCollection(db, collectionID), () => theaterNotFound.collection(collectionID)),
          files,
        );
      },
    );

    api.put(
      '/api/admin/:env/theater/collections/:collectionID',
      {
        schema: {
          params: theaterCollectionParamsSchema,
          body: updateTheaterCollectionInputSchema,
          response: { 200: adminTheaterCollectionSchema },
        },
      },
      async (request) => {
        const { env, collectionID } = request.params;
        const change = await adminChangeOf(request, env);
        const db = storeOf(env);
        await answer(() => updateCollection(db, collectionID, request.body, change));
        return toAdminCollection(
          await required(findCollection(db, collectionID), () => theaterNotFound.collection(collectionID)),
          files,
        );
      },
    );

    api.delete(
      '/api/admin/:env/theater/collections/:collectionID',
      { schema: { params: theaterCollectionParamsSchema, response: { 200: theaterDeletedSchema } } },
      async (request) => {
        const { env, collectionID } = request.params;
        const change = await adminChangeOf(request, env);
        await answer(() => deleteCollection(storeOf(env), collectionID, change));
        return { id: collectionID };
      },
    );
  });
}
