import { randomBytes } from 'node:crypto';
import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';

/**
 * Where uploaded files live (docs/architecture.md §5: a folder under DATA_DIR by default, an S3-compatible
 * bucket in production). Keys are relative paths such as
 * `development/product-images/p1/1732300000000-boots-1a2b3c4d.jpg`.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under the key, replacing what was there; readers never see a partial file. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes one file; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  /** The keys of every file under a folder prefix (`development/product-images/p1/`), in no set order. */
  list(prefix: string): Promise<string[]>;
  /** Removes every file under a folder prefix (`development/product-images/p1/`), such as a product's orphans. */
  deletePrefix(prefix: string): Promise<void>;
  /** The absolute URL a browser loads the file from. */
  url(key: string): string;
  /** Releases connections; the store is not used afterwards. */
  close(): Promise<void>;
}

/**
 * Files are cached for a year and never revalidated: a key is never reused, because it carries the
 * upload's time and a random tag, so a changed image always gets a new URL.
 */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A key's folder or file name: safe in a URL, a file system and S3, and never `.`, `..` or hidden. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
const MAX_KEY_LENGTH = 1024;

/** Raised for a key or prefix that could escape its folder or is not made of safe characters. */
export class InvalidFileKeyError extends Error {}

/** True for `a/b/c.ext`: safe segments joined by `/`, no empty, relative or hidden segment. */
export function isValidFileKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertValidFileKey(key: string): void {
  if (!isValidFileKey(key)) throw new InvalidFileKeyError(`Not a valid file key: ${JSON.stringify(key)}`);
}

/**
 * A prefix names a folder and ends with `/`: without it, `product-images/p1` would also match
 * `product-images/p10/…` on S3. The empty prefix (everything) is refused.
 */
export function assertValidFilePrefix(prefix: string): void {
  if (!prefix.endsWith('/') || !isValidFileKey(prefix.slice(0, -1))) {
    throw new InvalidFileKeyError(`Not a valid folder prefix: ${JSON.stringify(prefix)}`);
  }
}

/**
 * The folder holding every file of one product. Each environment has its own products, and the
 * same id (a seeded demo product) can exist in several, so the path of docs/product.md §7.8 sits under the
 * environment's folder: cleaning one environment's product never touches another's files.
 */
export function productImagePrefix(environment: Environment, productId: string): string {
  if (!ENVIRONMENTS.includes(environment)) {
    throw new InvalidFileKeyError(`Not an environment: ${JSON.stringify(environment)}`);
  }
  if (!SEGMENT.test(productId)) throw new InvalidFileKeyError(`Not a valid product id: ${JSON.stringify(productId)}`);
  return `${environment}/product-images/${productId}/`;
}

/** Longest name kept from the uploaded file: enough to recognise it, short enough for any store. */
const MAX_STEM_LENGTH = 60;

/**
 * The uploaded name reduced to safe characters, without its extension (which the caller sets
 * from the detected format): `Été à Paris (2).JPG` → `ete-a-paris-2`.
 */
export function safeFileStem(fileName: string): string {
  const base = fileName.split(/[\\/]/).at(-1) ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const safe = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .slice(0, MAX_STEM_LENGTH)
    .replace(/^[-_]+|[-_]+$/g, '');
  return safe === '' ? 'image' : safe;
}

export interface ProductImageKeyInput {
  environment: Environment;
  productId: string;
  /** Milliseconds since the epoch, usually `Date.now()` at upload. */
  timestamp: number;
  /** The name the browser sent; only its stem is kept, made safe. */
  fileName: string;
  /** The extension of the format the server detected and wrote (`jpg`, `png`, …), never the upload's. */
  extension: string;
  /**
   * Tells apart two uploads of one name in the same millisecond (several files in one request),
   * which would otherwise share a key and a year-long cached URL. Random unless given.
   */
  tag?: string;
}

/**
 * `{env}/product-images/{productID}/{timestamp}-{filename}` (docs/product.md §7.8's path, per environment),
 * where the file name is the uploaded stem made safe, a short random tag and the detected
 * format's extension.
 */
export function productImageKey(input: ProductImageKeyInput): string {
  if (!Number.isSafeInteger(input.timestamp) || input.timestamp < 0) {
    throw new InvalidFileKeyError(`Not a valid timestamp: ${input.timestamp}`);
  }
  if (!/^[a-z0-9]{1,5}$/.test(input.extension)) {
    throw new InvalidFileKeyError(`Not a valid extension: ${JSON.stringify(input.extension)}`);
  }
  const tag = input.tag ?? randomBytes(4).toString('hex');
  const key = `${productImagePrefix(input.environment, input.productId)}${input.timestamp}-${safeFileStem(input.fileName)}-${tag}.${input.extension}`;
  assertValidFileKey(key);
  return key;
}

/** The thumbnail's key beside its image: `…/1732300000000-boots-1a2b3c4d.jpg` → `….thumb.webp`. */
export function thumbnailKey(imageKey: string, extension: string): string {
  assertValidFileKey(imageKey);
  const slash = imageKey.lastIndexOf('/');
  const dot = imageKey.lastIndexOf('.');
  const stem = dot > slash ? imageKey.slice(0, dot) : imageKey;
  const key = `${stem}.thumb.${extension}`;
  assertValidFileKey(key);
  return key;
}
