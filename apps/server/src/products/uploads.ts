import type { Environment } from '@outpost/contracts/environments';
import { PRODUCT_MAX_NEW_IMAGES } from '@outpost/contracts/products';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { FunctionError } from '../platform/http/errors';
import { multipartRefusal } from '../platform/http/multipart';
import { parseCheckedJson } from '../platform/http/request-input';
import { formatBytes, ImageTooLargeError, type PreparedImage, prepareImage } from '../platform/images/prepare-image';
import type { FileStore } from '../platform/storage/file-store';
import { productImageKey, productImagePrefix, thumbnailKey } from '../platform/storage/file-store';
import type { StoredImageFiles } from './queries';

/** A file part of a save, read whole: an image is only ever checked as a whole. */
export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

/** The multipart form of a product save: its `product` field (JSON text) first, then `images` files. */
const PRODUCT_FIELD = 'product';
const IMAGES_FIELD = 'images';
/** The product's JSON is small; anything larger than this is not one. */
const PRODUCT_FIELD_MAX_BYTES = 256 * 1024;

/** The multipart limits of a save; the busboy defaults would let a request run long. */
export function uploadLimits(imageMaxBytes: number) {
  return {
    fileSize: imageMaxBytes,
    files: PRODUCT_MAX_NEW_IMAGES,
    fields: 1,
    fieldSize: PRODUCT_FIELD_MAX_BYTES,
    parts: PRODUCT_MAX_NEW_IMAGES + 1,
  };
}

/** @fastify/multipart's refusals of a save's limits as messages for people (it speaks in codes). */
function limitRefusal(code: string, imageMaxBytes: number, fileName: string | undefined): FunctionError | undefined {
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return withFile(new ImageTooLargeError(`The image is larger than ${formatBytes(imageMaxBytes)}.`), fileName);
    case 'FST_FILES_LIMIT':
      return new FunctionError(
        'invalid-argument',
        `At most ${PRODUCT_MAX_NEW_IMAGES} new images can be added in one save.`,
        undefined,
        413,
      );
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new FunctionError(
        'invalid-argument',
        `A product save holds one "${PRODUCT_FIELD}" field and at most ${PRODUCT_MAX_NEW_IMAGES} "${IMAGES_FIELD}" files.`,
        undefined,
        413,
      );
    default:
      return undefined;
  }
}

/** An image refusal naming the file, so the admin knows which of several to replace. */
function withFile(error: FunctionError, fileName: string | undefined): FunctionError {
  if (fileName === undefined) return error;
  const details = typeof error.details === 'object' && error.details !== null ? error.details : {};
  return new FunctionError(
    error.status,
    `${fileName}: ${error.message}`,
    { ...details, file: fileName },
    error.httpStatus,
  );
}

/**
 * Reads a multipart save into the body the route's schema checks: `{product, images}`. A JSON
 * save needs none of this; its body already has that shape (without files).
 */
export async function readMultipartSave(request: FastifyRequest, imageMaxBytes: number): Promise<unknown> {
  let product: unknown;
  const images: UploadedFile[] = [];
  let fileName: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== PRODUCT_FIELD || product !== undefined) {
          throw new FunctionError('invalid-argument', `Unexpected form field "${part.fieldname}".`);
        }
        if (part.valueTruncated)
          throw new FunctionError('invalid-argument', 'The product data is too large.', undefined, 413);
        product = parseJsonField(part.value);
      } else {
        fileName = part.filename;
        if (part.fieldname !== IMAGES_FIELD) {
          throw new FunctionError(
            'invalid-argument',
            `Files go in the "${IMAGES_FIELD}" field, not "${part.fieldname}".`,
          );
        }
        images.push({ fileName: part.filename, bytes: await part.toBuffer() });
        fileName = undefined;
      }
    }
  } catch (error) {
    throw multipartRefusal(error, (code) => limitRefusal(code, imageMaxBytes, fileName));
  }
  if (product === undefined) {
    throw new FunctionError(
      'invalid-argument',
      `The upload holds no "${PRODUCT_FIELD}" field: send the product's JSON in it, before the images.`,
    );
  }
  return { product, images };
}

function parseJsonField(value: unknown): unknown {
  return parseCheckedJson(String(value), (text) => {
    try {
      return JSON.parse(text);
    } catch {
      throw new FunctionError('invalid-argument', `The "${PRODUCT_FIELD}" field is not valid JSON.`);
    }
  });
}

export interface StoreImagesOptions {
  files: FileStore;
  environment: Environment;
  productID: string;
  imageMaxBytes: number;
}

/** An image prepareImage made, with the name it came under. */
export interface PreparedUpload {
  fileName: string;
  image: PreparedImage;
  /** Its key's tag; random unless given (see productImageKey). */
  tag?: string;
}

/**
 * Checks every upload before storing any (a refused one leaves nothing behind), then stores each
 * image and its thumbnail. If storing fails part way, what was stored is removed again.
 */
export async function storeProductImages(
  uploads: readonly UploadedFile[],
  options: StoreImagesOptions,
): Promise<StoredImageFiles[]> {
  const prepared: PreparedUpload[] = [];
  // One at a time: each decodes a full image in native memory.
  for (const upload of uploads) {
    try {
      prepared.push({
        fileName: upload.fileName,
        image: await prepareImage(upload.bytes, { maxBytes: options.imageMaxBytes }),
      });
    } catch (error) {
      throw error instanceof FunctionError ? withFile(error, upload.fileName) : error;
    }
  }
  return storePreparedProductImages(prepared, { ...options, timestamp: Date.now() });
}

/**
 * Stores prepared images and their thumbnails under the product's folder, with `timestamp` in
 * their keys. If storing fails part way, what was stored is removed again.
 */
export async function storePreparedProductImages(
  prepared: readonly PreparedUpload[],
  options: Omit<StoreImagesOptions, 'imageMaxBytes'> & { timestamp: number },
): Promise<StoredImageFiles[]> {
  const stored: StoredImageFiles[] = [];
  try {
    for (const { fileName, image, tag } of prepared) {
      const imageKey = productImageKey({
        environment: options.environment,
        productId: options.productID,
        timestamp: options.timestamp,
        fileName,
        extension: image.image.extension,
        ...(tag === undefined ? {} : { tag }),
      });
      const files = { imageKey, thumbnailKey: thumbnailKey(imageKey, image.thumbnail.extension) };
      stored.push(files);
      await options.files.put(files.imageKey, image.image.body, image.image.contentType);
      await options.files.put(files.thumbnailKey, image.thumbnail.body, image.thumbnail.contentType);
    }
  } catch (error) {
    await removeImageFiles(options.files, stored);
    throw error;
  }
  return stored;
}

/** Removes images' files; a file already gone is fine. Failures are left to the caller's log. */
export async function removeImageFiles(files: FileStore, images: readonly StoredImageFiles[]): Promise<void> {
  await Promise.all(images.flatMap((image) => [files.delete(image.imageKey), files.delete(image.thumbnailKey)]));
}

/** After a change committed: its removed files go; a failure only leaves an orphan, so it is logged, not thrown. */
export async function removeImageFilesLogged(
  files: FileStore,
  images: readonly StoredImageFiles[],
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await removeImageFiles(files, images);
  } catch (error) {
    log.warn({ err: error, keys: images.map((image) => image.imageKey) }, 'could not remove image files');
  }
}

/**
 * How old a file no row names must be before a sweep removes it: a save in flight stores its
 * files before its transaction commits, and must never lose them to a sweep running meanwhile.
 */
const ORPHAN_GRACE_MS = 15 * 60_000;

/** The upload time a product image key carries (`…/{timestamp}-{name}-{tag}.{ext}`). */
function uploadedAt(key: string): number | undefined {
  const match = /\/(\d+)-[^/]*$/.exec(key);
  return match ? Number(match[1]) : undefined;
}

export interface SweepOptions {
  files: FileStore;
  environment: Environment;
  productID: string;
  /** The product's images as now committed: their files stay. */
  keep: readonly StoredImageFiles[];
  log: FastifyBaseLogger;
  now?: number;
}

/**
 * Removes files in a product's folder that no image of it names and that are older than the
 * grace period: what a crash between storing a save's files and committing it left behind. Runs
 * after each committed save of the product; a failure leaves the orphans for the next one.
 */
export async function sweepOrphanImages(options: SweepOptions): Promise<void> {
  const keep = new Set(options.keep.flatMap((image) => [image.imageKey, image.thumbnailKey]));
  const cutoff = (options.now ?? Date.now()) - ORPHAN_GRACE_MS;
  try {
    const keys = await options.files.list(productImagePrefix(options.environment, options.productID));
    const orphans = keys.filter((key) => !keep.has(key) && (uploadedAt(key) ?? 0) < cutoff);
    await Promise.all(orphans.map((key) => options.files.delete(key)));
    if (orphans.length > 0) options.log.info({ orphans }, 'removed orphaned product image files');
  } catch (error) {
    options.log.warn({ err: error, productID: options.productID }, 'could not sweep product image files');
  }
}
