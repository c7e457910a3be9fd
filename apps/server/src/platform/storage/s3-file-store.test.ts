import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../db/unavailable';
import { InvalidFileKeyError } from './file-store';
import { type LocalS3, startLocalS3 } from './local-s3';
import { S3FileStore } from './s3-file-store';

const BUCKET = 'outpost-test';

/**
 * The adapter against s3rver, a local server that speaks S3's REST protocol and keeps objects in
 * a folder: the real AWS SDK signs and sends real requests, and objects are read back over
 * plain HTTP, as a browser loads them.
 */
describe('S3 file store', () => {
  let s3: LocalS3;
  let endpoint: string;
  let store: S3FileStore;

  beforeAll(async () => {
    s3 = await startLocalS3(BUCKET);
    ({ endpoint, store } = s3);
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('puts an object with its type and cache policy, readable at its public URL', async () => {
    const key = 'development/product-images/p1/1732300000000-boots-1a2b3c4d.webp';
    const body = Buffer.from('RIFF....WEBPVP8 fake but stored as is');
    await store.put(key, body, 'image/webp');

    const url = store.url(key);
    expect(url).toBe(`${endpoint}/${BUCKET}/${key}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(body);
  });

  it('deletes one object; deleting a missing one is not an error', async () => {
    const key = 'development/product-images/p2/a.png';
    await store.put(key, Buffer.from('png'), 'image/png');
    expect((await fetch(store.url(key))).status).toBe(200);
    await store.delete(key);
    expect((await fetch(store.url(key))).status).toBe(404);
    await store.delete(key);
  });

  // One listing page here: s3rver encrypts its continuation tokens with DES, which Node's OpenSSL 3
  // no longer offers, so it answers 500 to any truncated listing; real services page normally.
  it('lists and deletes every object under a prefix, and nothing beside it', async () => {
    const keys = Array.from({ length: 12 }, (_, index) => `beta/product-images/p3/${index}.png`);
    await Promise.all(keys.map((key) => store.put(key, Buffer.from(key), 'image/png')));
    await store.put('beta/product-images/p30/keep.png', Buffer.from('keep'), 'image/png');
    await store.put('development/product-images/p3/keep.png', Buffer.from('keep'), 'image/png');

    expect((await store.list('beta/product-images/p3/')).sort()).toEqual([...keys].sort());
    expect(await store.list('beta/product-images/none/')).toEqual([]);

    await store.deletePrefix('beta/product-images/p3/');
    await store.deletePrefix('beta/product-images/none/');

    for (const key of keys) expect((await fetch(store.url(key))).status, key).toBe(404);
    expect((await fetch(store.url('beta/product-images/p30/keep.png'))).status).toBe(200);
    expect((await fetch(store.url('development/product-images/p3/keep.png'))).status).toBe(200);
  });

  it('refuses unsafe keys and prefixes before calling the service', async () => {
    await expect(store.put('../x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(InvalidFileKeyError);
    await expect(store.delete('/x.png')).rejects.toThrow(InvalidFileKeyError);
    await expect(store.deletePrefix('')).rejects.toThrow(InvalidFileKeyError);
    await expect(store.deletePrefix('beta/product-images/p')).rejects.toThrow(InvalidFileKeyError);
  });
});

/** A server that answers every S3 request with one of S3's error documents, as a service in trouble does. */
async function answeringS3Error(status: number, code: string, message: string) {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { endpoint, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const storeAt = (endpoint: string) =>
  new S3FileStore({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'key',
    secretAccessKey: 'secret',
    forcePathStyle: true,
    publicUrl: `${endpoint}/${BUCKET}`,
  });

describe('S3 file store in trouble', () => {
  it('fails as the store being unavailable when the service answers 5xx after the retries', async () => {
    const service = await answeringS3Error(503, 'SlowDown', 'Please reduce your request rate.');
    const store = storeAt(service.endpoint);
    try {
      const put = store.put('beta/product-images/p1/a.png', Buffer.from('png'), 'image/png');
      await expect(put).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(put).rejects.toMatchObject({ trouble: 'unreachable' });
      await expect(store.list('beta/')).rejects.toBeInstanceOf(StoreUnavailableError);
      // The SDK tried again before giving up.
      expect(service.requests.filter((request) => request.startsWith('PUT')).length).toBeGreaterThan(1);
    } finally {
      await store.close();
      await service.close();
    }
  });

  it('fails as unavailable when nothing answers at the address', async () => {
    const service = await answeringS3Error(200, 'None', 'none');
    await service.close();
    const store = storeAt(service.endpoint);
    try {
      await expect(store.delete('beta/product-images/p1/a.png')).rejects.toMatchObject({ trouble: 'unreachable' });
    } finally {
      await store.close();
    }
  });

  it('keeps a refusal (4xx) a fault to look into, not a passing trouble', async () => {
    const service = await answeringS3Error(403, 'AccessDenied', 'Access Denied');
    const store = storeAt(service.endpoint);
    try {
      const put = store.put('beta/product-images/p1/a.png', Buffer.from('png'), 'image/png');
      await expect(put).rejects.toThrow('Access Denied');
      await expect(put).rejects.not.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await store.close();
      await service.close();
    }
  });
});
