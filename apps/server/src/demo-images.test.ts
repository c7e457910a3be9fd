import type { MerchCatalogue } from '@outpost/contracts/merch';
import type { AdminEpisode, TheaterLibrary } from '@outpost/contracts/theater';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpRoles } from './identity/testing';
import { createFileStore } from './platform/storage/create-file-store';
import type { FileStore } from './platform/storage/file-store';
import { pngBytes } from './products/testing';
import { seedDemoData } from './seed';
import { buildTestApp, TEST_DIALECTS, type TestApp } from './testing/test-stores';
import { adminCall, uploadImage } from './theater/admin-testing';

const CONTENT_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

describe.each(TEST_DIALECTS)('the demo images on %s', (dialect) => {
  let t: TestApp;
  let files: FileStore;
  let staff: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    // The store the app serves files from: the same folder, under the same public URL.
    files = createFileStore({ fileStore: { kind: 'local' }, dataDir: t.dataDir, publicUrl: 'http://localhost:3000' });
    ({ staff } = await signUpRoles(t.app, t.stores.identity, { staff: ['staff'] }));
    await seedDemoData(t.stores, 'development', { files });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  /** Loads a file as a browser would, and decodes what came back. */
  async function served(url: string | null) {
    expect(url).toMatch(/^http:\/\/localhost:3000\/files\//);
    const response = await t.app.inject({ method: 'GET', url: new URL(url ?? '').pathname });
    expect(response.statusCode).toBe(200);
    const { format, width, height } = await sharp(response.rawPayload).metadata();
    expect(response.headers['content-type']).toBe(CONTENT_TYPES[format]);
    return { format, width, height, bytes: response.rawPayload };
  }

  it("shows every merch product's drawing in the shop, as an upload's image and thumbnail", async () => {
    const catalogue = (await t.app.inject({ method: 'GET', url: '/api/shop/merch' })).json() as MerchCatalogue;
    expect(catalogue.products.map((product) => product.productID).sort()).toEqual(['outpost-hoodie', 'radio-tee']);
    for (const product of catalogue.products) {
      expect(product.images).toHaveLength(1);
      const [image] = product.images;
      expect(await served(image?.url ?? null)).toMatchObject({ format: 'jpeg', width: 640, height: 640 });
      expect(await served(image?.thumbnailUrl ?? null)).toMatchObject({ format: 'webp', width: 320, height: 320 });
    }
    // The products off sale have theirs too, for the back office's list.
    const pictured = await t.stores.game.development.selectFrom('product_images').select('product_id').execute();
    expect(pictured.map((row) => row.product_id).sort()).toEqual([
      'founders-pin',
      'outpost-hoodie',
      'radio-tee',
      'ration-cap',
    ]);
  });

  it("shows every demo episode's banner and every demo video's thumbnail in the theater, each drawn apart", async () => {
    const library = (await t.app.inject({ method: 'GET', url: '/api/theater' })).json() as TheaterLibrary;
    expect(library.episodes).toHaveLength(9);
    const drawings = new Set<string>();
    for (const episode of library.episodes) {
      const banner = await served(episode.bannerUrl);
      expect(banner).toMatchObject({ format: 'jpeg', width: 960, height: 540 });
      drawings.add(banner.bytes.toString('base64'));
      expect(await served(episode.bannerThumbnailUrl)).toMatchObject({ format: 'webp', width: 320, height: 180 });
    }
    const videos = library.collections.flatMap((collection) => collection.videos);
    expect(videos).toHaveLength(4);
    for (const video of videos) {
      expect(await served(video.thumbnail)).toMatchObject({ format: 'webp', width: 320, height: 180 });
    }
    expect(drawings.size).toBe(9);
  });

  it('seeds again onto the same files, and leaves a picture an admin uploaded', async () => {
    const before = (await files.list('development/')).sort();
    expect(before).toHaveLength(2 * (4 + 9 + 4));
    await seedDemoData(t.stores, 'development', { files });
    expect((await files.list('development/')).sort()).toEqual(before);

    const upload = await uploadImage(t.app, staff, '/episodes/s1e1/banner', await pngBytes(640, 360));
    expect(upload.statusCode).toBe(200);
    const episode = () =>
      adminCall(t.app, staff, 'GET', '/episodes/s1e1').then((response) => response.json() as AdminEpisode);
    const uploaded = (await episode()).bannerUrl;
    await seedDemoData(t.stores, 'development', { files });
    expect((await episode()).bannerUrl).toBe(uploaded);
    expect(await served(uploaded)).toMatchObject({ format: 'png', width: 640, height: 360 });
  });
});
