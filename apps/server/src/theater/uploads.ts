import { randomBytes } from 'node:crypto';
import type { Environment } from '@outpost/contracts/environments';
import type { TheaterKind } from '@outpost/contracts/theater';
import type { FastifyRequest } from 'fastify';
import { FunctionError } from '../platform/http/errors';
import { multipartRefusal } from '../platform/http/multipart';
import { formatBytes, ImageTooLargeError, type PreparedImage, prepareImage } from '../platform/images/prepare-image';
import { assertValidFileKey, type FileStore, thumbnailKey } from '../platform/storage/file-store';
import { removeImageFiles, type StoredImageFiles } from '../products/index';

/*
 * An episode's banner and a theater video's thumbnail: one image file per request, checked and
 * re-encoded by prepareImage (the back office's image rules), stored with its 320 px thumbnail
 * under the record's own folder.
 */

const FOLDERS = { episode: 'episodes', video: 'videos' } as const satisfies Record<TheaterKind, string>;

/** The multipart limits of an image upload: one file, nothing else, no larger than IMAGE_MAX_BYTES. */
export function imageUploadLimits(imageMaxBytes: number) {
  return { fileSize: imageMaxBytes, files: 1, fields: 0, parts: 1 };
}

const ONE_FILE_MESSAGE = 'Send one image file as multipart/form-data, and nothing else.';

/** @fastify/multipart's refusals of an image upload's limits (it speaks in codes) as messages for people. */
function limitRefusal(code: string, imageMaxBytes: number): FunctionError | undefined {
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ImageTooLargeError(`The image is larger than ${formatBytes(imageMaxBytes)}.`);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new FunctionError('invalid-argument', ONE_FILE_MESSAGE);
    default:
      return undefined;
  }
}

/**
 * Reads the one image file of an upload, whatever its form field is called (a form holds nothing
 * else). Refuses a body that is not multipart, holds no file or holds more than one part.
 */
export async function readImageUpload(request: FastifyRequest, imageMaxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new FunctionError('invalid-argument', ONE_FILE_MESSAGE);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field' || bytes !== undefined) throw new FunctionError('invalid-argument', ONE_FILE_MESSAGE);
      bytes = await part.toBuffer();
    }
  } catch (error) {
    throw multipartRefusal(error, (code) => limitRefusal(code, imageMaxBytes));
  }
  if (bytes === undefined) throw new FunctionError('invalid-argument', 'Choose an image file to upload.');
  return bytes;
}

export interface TheaterImageKeyInput {
  environment: Environment;
  kind: TheaterKind;
  /** The episode's or video's id (a theater id: lower-case letters, digits, '-'). */
  id: string;
  /** Milliseconds since the epoch, usually `Date.now()` at upload. */
  timestamp: number;
  /** The extension of the format the server detected and wrote, never the upload's. */
  extension: string;
  /** Keeps two uploads of one millisecond apart, so a key (and its year-long cached URL) is never reused. */
  tag?: string;
}

/** `{env}/theater/episodes/{episodeID}/{timestamp}-{tag}.{ext}` (or `…/videos/{videoID}/…`). */
export function theaterImageKey(input: TheaterImageKeyInput): string {
  if (!Number.isSafeInteger(input.timestamp) || input.timestamp < 0) {
    throw new Error(`Not a valid timestamp: ${input.timestamp}`);
  }
  const tag = input.tag ?? randomBytes(4).toString('hex');
  const key = `${input.environment}/theater/${FOLDERS[input.kind]}/${input.id}/${input.timestamp}-${tag}.${input.extension}`;
  assertValidFileKey(key);
  return key;
}

export interface StoreTheaterImageOptions {
  files: FileStore;
  environment: Environment;
  kind: TheaterKind;
  id: string;
  imageMaxBytes: number;
}

/**
 * Checks an upload (size, format from its content, pixel count), re-encodes it without metadata
 * and stores it with its 320 px WebP thumbnail. If the second file fails, the first is removed.
 */
export async function storeTheaterImage(bytes: Buffer, options: StoreTheaterImageOptions): Promise<StoredImageFiles> {
  const prepared = await prepareImage(bytes, { maxBytes: options.imageMaxBytes });
  return storePreparedTheaterImage(prepared, { ...options, timestamp: Date.now() });
}

/** Stores an image prepareImage made, and its thumbnail, under the record's folder; `tag` is random unless given. */
export async function storePreparedTheaterImage(
  prepared: PreparedImage,
  options: Omit<StoreTheaterImageOptions, 'imageMaxBytes'> & { timestamp: number; tag?: string },
): Promise<StoredImageFiles> {
  const imageKey = theaterImageKey({
    environment: options.environment,
    kind: options.kind,
    id: options.id,
    timestamp: options.timestamp,
    extension: prepared.image.extension,
    ...(options.tag === undefined ? {} : { tag: options.tag }),
  });
  const stored = { imageKey, thumbnailKey: thumbnailKey(imageKey, prepared.thumbnail.extension) };
  try {
    await options.files.put(stored.imageKey, prepared.image.body, prepared.image.contentType);
    await options.files.put(stored.thumbnailKey, prepared.thumbnail.body, prepared.thumbnail.contentType);
  } catch (error) {
    await removeImageFiles(options.files, [stored]);
    throw error;
  }
  return stored;
}
