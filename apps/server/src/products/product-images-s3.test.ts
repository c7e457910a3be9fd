import type { Product } from '@outpost/contracts/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpWithProfile } from '../identity/testing';
import { storeTroubleMessage } from '../platform/db/unavailable';
import { type LocalS3, startLocalS3 } from '../platform/storage/local-s3';
import { S3FileStore } from '../platform/storage/s3-file-store';
import { errorAnswer } from '../testing/error-answer';
import { freePort } from '../testing/server-process';
import { buildTestApp, type TestApp } from '../testing/test-stores';
import { createProductThrough, newProductInput, pngBytes, saveInput, saveProductThrough } from './testing';

const BUCKET = 'outpost-products';

/** A product save through the whole app with FILE_STORE=s3, against s3rver (S3's REST protocol, locally). */
describe('product images on an S3-compatible store', () => {
  let s3: LocalS3;
  let t: TestApp;
  let staff: SignedIn;

  beforeAll(async () => {
    s3 = await startLocalS3(BUCKET);
    t = await buildTestApp('sqlite', { files: s3.store });
    staff = await signUpWithProfile(t.app, (id, keys) => setProfileKeys(t.stores.identity, id, keys), {
      email: 'staff@example.com',
      displayName: 'staffer',
      keys: ['staff'],
    });
  });
  afterAll(async () => {
    await t?.cleanup();
    await s3?.close();
  });

  it('stores the image and its thumbnail in the bucket, and deletes them when the image is removed', async () => {
    const created = await createProductThrough(t.app, staff.bearer, 'beta', newProductInput());
    const product = created.json() as Product;
    const saved = await saveProductThrough(t.app, staff.bearer, 'beta', product.productID, saveInput(product), [
      { name: 'boots.png', bytes: await pngBytes() },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const [image] = (saved.json() as Product).images;
    expect(image?.url).toMatch(new RegExp(`/${BUCKET}/beta/product-images/boots/\\d+-boots-[0-9a-f]{8}\\.png$`));

    const served = await fetch(image?.url ?? '');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(image?.thumbnailUrl ?? '')).headers.get('content-type')).toBe('image/webp');

    const removed = await saveProductThrough(
      t.app,
      staff.bearer,
      'beta',
      product.productID,
      saveInput(saved.json() as Product, { images: [] }),
    );
    expect(removed.statusCode).toBe(200);
    expect((await fetch(image?.url ?? '')).status).toBe(404);
    expect((await fetch(image?.thumbnailUrl ?? '')).status).toBe(404);
  });

  it('answers a save with an image 503 in words while the bucket cannot be reached, and changes nothing', async () => {
    const port = await freePort();
    const away = new S3FileStore({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      publicUrl: `http://127.0.0.1:${port}/${BUCKET}`,
    });
    const cut = await buildTestApp('sqlite', { files: away });
    try {
      const admin = await signUpWithProfile(cut.app, (id, keys) => setProfileKeys(cut.stores.identity, id, keys), {
        email: 'staff@example.com',
        displayName: 'staffer',
        keys: ['staff'],
      });
      const product = (await createProductThrough(cut.app, admin.bearer, 'beta', newProductInput())).json() as Product;
      const refused = await saveProductThrough(cut.app, admin.bearer, 'beta', product.productID, saveInput(product), [
        { name: 'boots.png', bytes: await pngBytes() },
      ]);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual(errorAnswer('unavailable', storeTroubleMessage('unreachable')));
      const stored = await cut.app.inject({
        url: `/api/admin/beta/products/${product.productID}`,
        headers: { authorization: admin.bearer },
      });
      expect((stored.json() as Product).images).toEqual([]);
    } finally {
      await cut.cleanup();
      await away.close();
    }
  });
});
