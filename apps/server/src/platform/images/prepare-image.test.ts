import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FunctionError } from '../http/errors';
import {
  formatBytes,
  ImageTooLargeError,
  NOT_AN_IMAGE_MESSAGE,
  NotAnImageError,
  prepareImage,
  UNREADABLE_IMAGE_MESSAGE,
} from './prepare-image';

const MB = 1024 * 1024;
const LIMITS = { maxBytes: 10 * MB };
/** The EXIF tag pointing at the GPS block (0x8825), as a little-endian file writes it. */
const GPS_IFD_TAG = Buffer.from([0x25, 0x88]);

/** A solid-colour image of the given size, left half red and right half blue so orientation shows. */
function picture(width: number, height: number) {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: '#d22' } }).composite([
    {
      input: { create: { width: width - half, height, channels: 3, background: '#22d' } },
      left: half,
      top: 0,
    },
  ]);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('prepareImage', () => {
  it('strips EXIF and GPS from a JPEG after turning it upright, and makes a WebP thumbnail', async () => {
    // 800×600 as stored, with EXIF orientation 6 (rotate 90° clockwise to view): 600×800 upright.
    const upload = await sharp(await picture(800, 600).jpeg().toBuffer())
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Snap 9' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 2964/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 17/1 4000/100',
        },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(upload).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneCo');
    expect(before.exif?.includes(GPS_IFD_TAG)).toBe(true);
    expect(before.orientation).toBe(6);

    const { image, thumbnail } = await prepareImage(upload, LIMITS);

    expect(image).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg', width: 600, height: 800 });
    const after = await sharp(image.body).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 600, height: 800 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(image.body.includes('Exif')).toBe(false);
    expect(image.body.includes('PhoneCo')).toBe(false);

    expect(thumbnail).toMatchObject({ contentType: 'image/webp', extension: 'webp', width: 320 });
    expect(thumbnail.height).toBeCloseTo(427, -1);
    const thumb = await sharp(thumbnail.body).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: thumbnail.width, height: thumbnail.height });
    expect(thumb.exif).toBeUndefined();
  });

  it('keeps a PNG a PNG, smaller images at their size, and scales big ones down', async () => {
    const small = await prepareImage(await picture(200, 100).png().toBuffer(), LIMITS);
    expect(small.image).toMatchObject({ contentType: 'image/png', extension: 'png', width: 200, height: 100 });
    expect((await sharp(small.image.body).metadata()).format).toBe('png');
    // Never enlarged: the thumbnail of a small image is its own size.
    expect(small.thumbnail).toMatchObject({ width: 200, height: 100 });

    const big = await prepareImage(await picture(4000, 1000).png().toBuffer(), LIMITS);
    expect(big.image).toMatchObject({ width: 2048, height: 512 });
    expect(big.thumbnail).toMatchObject({ width: 320, height: 80 });
  });

  it('accepts WebP, GIF and AVIF in their own formats, keeping an animation', async () => {
    const webp = await prepareImage(await picture(64, 48).webp().toBuffer(), LIMITS);
    expect(webp.image).toMatchObject({ contentType: 'image/webp', extension: 'webp', width: 64, height: 48 });
    const avif = await prepareImage(await picture(64, 48).avif().toBuffer(), LIMITS);
    expect(avif.image).toMatchObject({ contentType: 'image/avif', extension: 'avif', width: 64, height: 48 });

    // Three 40×30 frames stacked, written as an animated GIF.
    const frames = await picture(40, 90).raw().toBuffer({ resolveWithObject: true });
    const animation = await sharp(frames.data, { raw: { width: 40, height: 90, channels: 3, pageHeight: 30 } })
      .gif({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();
    const gif = await prepareImage(animation, LIMITS);
    expect(gif.image).toMatchObject({ contentType: 'image/gif', extension: 'gif', width: 40, height: 30 });
    expect((await sharp(gif.image.body).metadata()).pages).toBe(3);
    expect(gif.thumbnail).toMatchObject({ width: 40, height: 30 });
  });

  it('judges the content, not the name: text named .png, a PDF and an SVG are refused', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const tiff = await picture(10, 10).tiff().toBuffer();
    for (const bytes of [Buffer.from('not really a picture.png'), pdf, svg, tiff, Buffer.alloc(0)]) {
      const error = await rejection(prepareImage(bytes, LIMITS));
      expect(error).toBeInstanceOf(NotAnImageError);
      expect(error).toBeInstanceOf(FunctionError);
      expect((error as NotAnImageError).message).toBe(NOT_AN_IMAGE_MESSAGE);
      expect((error as NotAnImageError).httpStatus).toBe(400);
      expect((error as NotAnImageError).details).toEqual({ code: 'not-an-image' });
    }
  });

  it('refuses a damaged image whose header looks right', async () => {
    const jpeg = await picture(400, 300).jpeg().toBuffer();
    const error = await rejection(prepareImage(jpeg.subarray(0, jpeg.length / 2), LIMITS));
    expect(error).toBeInstanceOf(NotAnImageError);
    expect((error as NotAnImageError).message).toBe(UNREADABLE_IMAGE_MESSAGE);
  });

  it('refuses an upload over the size limit with 413 and a message people understand', async () => {
    const jpeg = await picture(400, 300).jpeg().toBuffer();
    const error = await rejection(prepareImage(jpeg, { maxBytes: jpeg.length - 1 }));
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect((error as ImageTooLargeError).httpStatus).toBe(413);
    expect((error as ImageTooLargeError).status).toBe('invalid-argument');

    const tenMb = await rejection(prepareImage(Buffer.alloc(10 * MB + 1), LIMITS));
    expect((tenMb as ImageTooLargeError).message).toBe('The image is larger than 10 MB.');
    expect((tenMb as ImageTooLargeError).httpStatus).toBe(413);
  });

  it('refuses a small file that would decode to too many pixels, before decoding it', async () => {
    // A 2,000 × 2,000 blank PNG is a few KB on the wire and 12 MB decoded; the default limit is
    // 40 million pixels, 1 million here so the test stays quick.
    const bomb = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(100 * 1024);
    const error = await rejection(prepareImage(bomb, { ...LIMITS, maxPixels: 1_000_000 }));
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect((error as ImageTooLargeError).message).toBe('The image has more than 1 million pixels.');
    expect((error as ImageTooLargeError).httpStatus).toBe(413);
  });

  it('writes limits as people read them', () => {
    expect(formatBytes(10 * MB)).toBe('10 MB');
    expect(formatBytes(2.5 * MB)).toBe('2.5 MB');
    expect(formatBytes(512 * 1024)).toBe('512 KB');
    expect(formatBytes(900)).toBe('900 bytes');
  });
});
