import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileStore } from './create-file-store';
import {
  InvalidFileKeyError,
  isValidFileKey,
  productImageKey,
  productImagePrefix,
  safeFileStem,
  thumbnailKey,
} from './file-store';
import { LocalFileStore, registerLocalFileRoutes } from './local-file-store';

const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** A GET with the path sent exactly as written: inject and fetch would resolve `..` first. */
function rawGet(port: number, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: rawPath }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

describe('file keys', () => {
  it('accepts relative paths of safe segments and refuses anything that could escape or hide', () => {
    expect(isValidFileKey('development/product-images/p1/1732300000000-boots-1a2b3c4d.jpg')).toBe(true);
    for (const key of [
      '',
      '/etc/passwd',
      '../secret',
      'a/../b',
      'a/./b',
      'a//b',
      'a/',
      'a\\b',
      '.tmp/x',
      'a/.hidden',
      'a b',
      'a/%2e%2e',
      'é.png',
      'x'.repeat(201),
    ]) {
      expect(isValidFileKey(key), key).toBe(false);
    }
  });

  it('builds a product image key from the detected format, never the uploaded extension', () => {
    const key = productImageKey({
      environment: 'beta',
      productId: 'prod_42',
      timestamp: 1732300000000,
      fileName: 'C:\\Users\\me\\Été à Paris (2).svg',
      extension: 'png',
      tag: '1a2b3c4d',
    });
    expect(key).toBe('beta/product-images/prod_42/1732300000000-ete-a-paris-2-1a2b3c4d.png');
    expect(thumbnailKey(key, 'webp')).toBe(
      'beta/product-images/prod_42/1732300000000-ete-a-paris-2-1a2b3c4d.thumb.webp',
    );
    // Two uploads of one name in the same millisecond still get two keys.
    const input = { environment: 'beta', productId: 'p', timestamp: 1, fileName: 'a.jpg', extension: 'jpg' } as const;
    expect(productImageKey(input)).not.toBe(productImageKey(input));
    expect(productImageKey(input)).toMatch(/^beta\/product-images\/p\/1-a-[0-9a-f]{8}\.jpg$/);
  });

  it('makes any uploaded name safe and refuses unsafe ids', () => {
    expect(safeFileStem('../../etc/passwd')).toBe('passwd');
    expect(safeFileStem('.png')).toBe('png');
    expect(safeFileStem('???.jpg')).toBe('image');
    expect(safeFileStem('')).toBe('image');
    expect(safeFileStem(`${'long'.repeat(40)}.jpg`)).toHaveLength(60);
    expect(() => productImagePrefix('development', '../p1')).toThrow(InvalidFileKeyError);
    expect(() => productImagePrefix('staging' as 'beta', 'p1')).toThrow(InvalidFileKeyError);
    expect(() =>
      productImageKey({ environment: 'beta', productId: 'p', timestamp: 1, fileName: 'a', extension: '../x' }),
    ).toThrow(InvalidFileKeyError);
  });
});

describe('local file store', () => {
  let dir: string;
  let store: LocalFileStore;
  let app: FastifyInstance;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-files-'));
    store = new LocalFileStore({ root: path.join(dir, 'files'), baseUrl: 'https://outpost.example/files/' });
    app = Fastify();
    await registerLocalFileRoutes(app, store);
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the file whole under its key and serves it for a year with its type', async () => {
    const key = 'development/product-images/p1/1732300000000-boots-1a2b3c4d.png';
    await store.put(key, PNG_BYTES, 'image/png');
    expect(await readFile(path.join(dir, 'files', key))).toEqual(PNG_BYTES);
    // Nothing is left half-written beside it.
    expect(await readdir(path.join(dir, 'files', '.tmp'))).toEqual([]);
    expect(store.url(key)).toBe(`https://outpost.example/files/${key}`);

    const response = await app.inject({ method: 'GET', url: `/files/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload).toEqual(PNG_BYTES);

    const head = await app.inject({ method: 'HEAD', url: `/files/${key}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(PNG_BYTES.length));
  });

  it('replaces a file atomically and serves the other image types by extension', async () => {
    await store.put('a/x.webp', Buffer.from('old'), 'image/webp');
    await store.put('a/x.webp', Buffer.from('new'), 'image/webp');
    await store.put('a/y.avif', Buffer.from('avif'), 'image/avif');
    await store.put('a/z.jpg', Buffer.from('jpeg'), 'image/jpeg');
    expect((await app.inject({ url: '/files/a/x.webp' })).body).toBe('new');
    expect((await app.inject({ url: '/files/a/x.webp' })).headers['content-type']).toBe('image/webp');
    expect((await app.inject({ url: '/files/a/y.avif' })).headers['content-type']).toBe('image/avif');
    expect((await app.inject({ url: '/files/a/z.jpg' })).headers['content-type']).toBe('image/jpeg');
  });

  it('answers 404 for missing files and folders, and never lists a folder', async () => {
    await store.put('development/product-images/p1/a.png', PNG_BYTES, 'image/png');
    for (const url of [
      '/files/development/product-images/p1/missing.png',
      '/files/development/product-images/p1/',
      '/files/development/product-images/p1',
      '/files/',
      '/files',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('a.png');
    }
  });

  it('refuses paths that leave the folder or reach hidden files', async () => {
    await writeFile(path.join(dir, 'secret.txt'), 'classified');
    await store.put('a/b.png', PNG_BYTES, 'image/png');
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    for (const url of [
      '/files/../secret.txt',
      '/files/%2e%2e/secret.txt',
      '/files/a/..%2f..%2fsecret.txt',
      '/files/a/%2e%2e/%2e%2e/secret.txt',
      '/files/a%5c..%5c..%5csecret.txt',
      '/files//etc/passwd',
      '/files/a/../../secret.txt',
      '/files/.tmp/',
    ]) {
      const response = await rawGet(port, url);
      expect(response.status, url).toBe(404);
      expect(response.body, url).not.toContain('classified');
    }
    expect(() => store.pathOf('../secret.txt')).toThrow(InvalidFileKeyError);
    await expect(store.put('../secret.txt', PNG_BYTES, 'image/png')).rejects.toThrow(InvalidFileKeyError);
    await expect(store.delete('a/../../secret.txt')).rejects.toThrow(InvalidFileKeyError);
    expect(existsSync(path.join(dir, 'secret.txt'))).toBe(true);
  });

  it('lists a folder, deletes one file, and a product folder with deletePrefix, leaving its neighbours', async () => {
    await store.put('development/product-images/p1/a.png', PNG_BYTES, 'image/png');
    await store.put('development/product-images/p1/a.thumb.webp', PNG_BYTES, 'image/webp');
    await store.put('development/product-images/p10/b.png', PNG_BYTES, 'image/png');
    await store.put('beta/product-images/p1/c.png', PNG_BYTES, 'image/png');

    expect((await store.list('development/product-images/p1/')).sort()).toEqual([
      'development/product-images/p1/a.png',
      'development/product-images/p1/a.thumb.webp',
    ]);
    expect(await store.list('development/product-images/none/')).toEqual([]);
    await expect(store.list('development/product-images/p')).rejects.toThrow(InvalidFileKeyError);

    await store.delete('development/product-images/p1/a.thumb.webp');
    await store.delete('development/product-images/p1/never-there.png');
    expect((await app.inject({ url: '/files/development/product-images/p1/a.thumb.webp' })).statusCode).toBe(404);

    await store.deletePrefix('development/product-images/p1/');
    await store.deletePrefix('development/product-images/p2/');
    expect((await app.inject({ url: '/files/development/product-images/p1/a.png' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/files/development/product-images/p10/b.png' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/files/beta/product-images/p1/c.png' })).statusCode).toBe(200);

    for (const prefix of ['', '/', 'development/product-images/p', '../', 'a//']) {
      await expect(store.deletePrefix(prefix), prefix).rejects.toThrow(InvalidFileKeyError);
    }
  });
});

describe('createFileStore', () => {
  it('picks a folder under DATA_DIR by default and a bucket for s3', async () => {
    const local = createFileStore({
      fileStore: { kind: 'local' },
      dataDir: '/srv/outpost/data',
      publicUrl: 'https://outpost.example',
    });
    expect(local.kind).toBe('local');
    expect(local).toBeInstanceOf(LocalFileStore);
    expect((local as LocalFileStore).root).toBe('/srv/outpost/data/files');
    expect(local.url('a/b.png')).toBe('https://outpost.example/files/a/b.png');

    const s3 = createFileStore({
      fileStore: {
        kind: 's3',
        bucket: 'outpost-files',
        region: 'eu-west-1',
        endpoint: undefined,
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: false,
        publicUrl: 'https://cdn.outpost.example/',
      },
      dataDir: '/srv/outpost/data',
      publicUrl: 'https://outpost.example',
    });
    expect(s3.kind).toBe('s3');
    expect(s3.url('a/b.png')).toBe('https://cdn.outpost.example/a/b.png');
    await s3.close();
  });
});
