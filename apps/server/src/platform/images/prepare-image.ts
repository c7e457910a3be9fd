import sharp, { type Metadata, type Sharp } from 'sharp';
import { FunctionError } from '../http/errors';

/** The formats browsers show everywhere. SVG is left out on purpose: it can carry scripts. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

export interface PreparedFile {
  body: Buffer;
  contentType: string;
  /** The extension for the file's key, from the format written, never from the upload's name. */
  extension: string;
  width: number;
  height: number;
}

export interface PreparedImage {
  /** The upload re-encoded in its own format: upright, without metadata, at most `maxDimension` px. */
  image: PreparedFile;
  /** A small WebP of the first frame for lists and previews. */
  thumbnail: PreparedFile;
}

export interface PrepareImageOptions {
  /** The largest upload accepted (IMAGE_MAX_BYTES). */
  maxBytes: number;
  /** Decoded pixels allowed (all frames together), against small files that decode to gigabytes. */
  maxPixels?: number;
  /** The stored image's longest side; larger uploads are scaled down, smaller ones kept as they are. */
  maxDimension?: number;
  thumbnailWidth?: number;
}

export const NOT_AN_IMAGE_MESSAGE = 'The file is not an image (JPEG, PNG, WebP, GIF or AVIF).';
export const UNREADABLE_IMAGE_MESSAGE = 'The image could not be read; the file may be damaged.';

/** An upload over the size or pixel limit; answered 413 so clients know resending it is useless. */
export class ImageTooLargeError extends FunctionError {
  constructor(message: string) {
    super('invalid-argument', message, { code: 'image-too-large' }, 413);
  }
}

/** An upload that is not one of the accepted image formats, whatever its name or declared type. */
export class NotAnImageError extends FunctionError {
  constructor(message = NOT_AN_IMAGE_MESSAGE, code = 'not-an-image') {
    super('invalid-argument', message, { code });
  }
}

const DEFAULT_MAX_PIXELS = 40_000_000;
const DEFAULT_MAX_DIMENSION = 2048;
const DEFAULT_THUMBNAIL_WIDTH = 320;
/** Keeps a very tall image's thumbnail from being a long strip. */
const THUMBNAIL_HEIGHT_FACTOR = 3;

const OUTPUT: Record<ImageFormat, { contentType: string; extension: string }> = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  avif: { contentType: 'image/avif', extension: 'avif' },
};

/** "10 MB" for 10 × 1024 × 1024, as people read a limit. */
export function formatBytes(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/**
 * The format read from the bytes' own header. libvips reports AVIF as HEIF with AV1 compression;
 * other HEIF (HEIC from phones) is refused, as most browsers cannot show it.
 */
function detectFormat(metadata: Metadata): ImageFormat | undefined {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return metadata.format;
    case 'heif':
      return metadata.compression === 'av1' ? 'avif' : undefined;
    default:
      return undefined;
  }
}

/** Re-encodes in the upload's format; sharp writes no metadata unless asked, so EXIF and GPS go. */
function encode(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 85 });
    case 'png':
      return pipeline.png();
    case 'webp':
      return pipeline.webp({ quality: 85 });
    case 'gif':
      return pipeline.gif();
    case 'avif':
      return pipeline.avif({ quality: 60 });
  }
}

/**
 * Checks an upload and makes what is stored from it: the size first (cheap), then the format
 * from the content (sharp reads only the header), then the pixel count before anything is
 * decoded. The image is turned upright by its EXIF orientation, then re-encoded without any
 * metadata (EXIF, GPS, XMP; colours converted to sRGB), and a WebP thumbnail is made from it.
 * Throws ImageTooLargeError (413) or NotAnImageError (400) with messages for people.
 */
export async function prepareImage(bytes: Buffer, options: PrepareImageOptions): Promise<PreparedImage> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const maxDimension = options.maxDimension ?? DEFAULT_MAX_DIMENSION;
  const thumbnailWidth = options.thumbnailWidth ?? DEFAULT_THUMBNAIL_WIDTH;
  if (bytes.length > options.maxBytes) {
    throw new ImageTooLargeError(`The image is larger than ${formatBytes(options.maxBytes)}.`);
  }

  let metadata: Metadata;
  try {
    // Reads the header only, so no pixel limit is needed yet; the count is checked just below.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new NotAnImageError();
  }
  const format = detectFormat(metadata);
  if (format === undefined) throw new NotAnImageError();
  const frames = metadata.pages ?? 1;
  const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0) * frames;
  if (pixels > maxPixels) {
    throw new ImageTooLargeError(
      `The image has more than ${Number((maxPixels / 1_000_000).toFixed(1))} million pixels.`,
    );
  }

  // Animated GIF and WebP keep every frame; sharp resizes each frame alike.
  const animated = (format === 'gif' || format === 'webp') && frames > 1;
  try {
    const upright = sharp(bytes, { limitInputPixels: maxPixels, animated, autoOrient: true }).resize({
      width: maxDimension,
      height: maxDimension,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const image = await encode(upright, format).toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(image.data)
      .resize({
        width: thumbnailWidth,
        height: thumbnailWidth * THUMBNAIL_HEIGHT_FACTOR,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return {
      image: {
        body: image.data,
        ...OUTPUT[format],
        width: image.info.width,
        height: image.info.pageHeight ?? image.info.height,
      },
      thumbnail: {
        body: thumbnail.data,
        ...OUTPUT.webp,
        width: thumbnail.info.width,
        height: thumbnail.info.height,
      },
    };
  } catch (error) {
    // The header was an image's but the pixels do not decode: a truncated or damaged file.
    if (error instanceof Error && !(error instanceof FunctionError)) {
      throw new NotAnImageError(UNREADABLE_IMAGE_MESSAGE, 'image-unreadable');
    }
    throw error;
  }
}
