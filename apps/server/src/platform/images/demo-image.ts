import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { type PreparedImage, prepareImage } from './prepare-image';

/*
 * The demo data's images: SVG compositions drawn by each domain's seeder, rendered here and sent
 * through prepareImage, the pipeline every admin upload takes, so the shop and the theater show
 * them exactly as they would show uploaded images. Nothing is downloaded.
 */

/** Larger than any drawing rendered here; prepareImage wants a limit. */
const DEMO_IMAGE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The time in a demo image's key. Keys carry their upload's time so that no two uploads share
 * one; a demo image's key is made unique by its content instead (demoImageTag), so every seed
 * writes the same key and leaves no copy behind.
 */
export const DEMO_IMAGE_TIMESTAMP = 0;

/**
 * Renders are kept for the process: the test suites seed the demo data many times, and a drawing
 * renders to the same bytes every time, so each is drawn once and its buffers reused.
 */
const rendered = new Map<string, Promise<PreparedImage>>();

/** An SVG drawing (its own width and height) as the image and thumbnail an upload of it would store. */
export function renderDemoImage(svg: string): Promise<PreparedImage> {
  let image = rendered.get(svg);
  if (image === undefined) {
    // A JPEG, as a photo of the product would be: the fastest to encode and re-encode, and small.
    image = sharp(Buffer.from(svg))
      .jpeg({ quality: 95 })
      .toBuffer()
      .then((bytes) => prepareImage(bytes, { maxBytes: DEMO_IMAGE_MAX_BYTES }));
    // A failed render is not kept, so the next seed tries again.
    image.catch(() => rendered.delete(svg));
    rendered.set(svg, image);
  }
  return image;
}

/**
 * A demo image's key tag, from its bytes: the same drawing gets the same key on every seed (no
 * orphaned copies), and a changed drawing a new key, so a year-long cached URL never shows stale bytes.
 */
export function demoImageTag(image: PreparedImage): string {
  return createHash('sha256').update(image.image.body).digest('hex').slice(0, 8);
}

/** Text for an SVG drawing: `&`, `<`, `>` and quotes escaped. */
export function svgText(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A small deterministic random sequence (mulberry32), so a drawing varies by its seed but never between runs. */
export function seededRandom(seed: string): () => number {
  let state = [...seed].reduce(
    (hash, character) => Math.imul(hash ^ character.charCodeAt(0), 16_777_619),
    2_166_136_261,
  );
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
