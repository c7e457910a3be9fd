import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-stores';
import { errorBody } from './errors';

const page = (name: string) => `<!doctype html><title>${name}</title><div id="root"><h1>${name}</h1></div>`;
const SHELL = '<!doctype html><title>Outpost</title><div id="root"></div>';
const HOME = page('Home');
const ABOUT = page('About');
const TERMS = page('Terms');
const NOT_FOUND = page('Page Not Found');

function tempDist(files: Record<string, string>): string {
  const webDist = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'outpost-web-'));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(webDist, file)), { recursive: true });
    fs.writeFileSync(path.join(webDist, file), content);
  }
  return webDist;
}

describe('serving the web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // The layout apps/web/scripts/build.ts writes.
    webDist = tempDist({
      'index.html': HOME,
      'about/index.html': ABOUT,
      'terms/index.html': TERMS,
      '404.html': NOT_FOUND,
      'shell.html': SHELL,
      'assets/index-abc123.js': 'console.log(1)',
      'assets/app-def456.js': 'console.log("plain")',
      'assets/app-def456.js.br': 'brotli bytes',
      'assets/app-def456.js.gz': 'gzip bytes',
      'favicon.svg': '<svg/>',
      '.vite/manifest.json': '{}',
    });
    t = await buildTestApp('sqlite', { config: { webDist } });
  });
  afterAll(async () => {
    await t.cleanup();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each([
    ['/', HOME],
    ['/index.html', HOME],
    ['/about/', ABOUT],
    ['/about', ABOUT],
    ['/terms', TERMS],
    ['/terms/', TERMS],
    ['/terms?from=footer', TERMS],
  ])('answers %s with its prerendered page and 200', async (url, body) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(body);
  });

  it.each([
    '/story',
    '/story/',
    '/story/admin',
    '/story/ep-42',
    '/shop/',
    '/shop',
    '/download/',
    '/login',
    '/privacy',
    '/admin',
    '/admin/moderation',
  ])('answers %s, which the browser renders, with the shell and 200', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(SHELL);
  });

  it.each([
    '/nope',
    '/story/ep-42/extra',
    '/shop/items/1',
    '/admin/products',
    '/admin/products/p1/extra',
    '/About/',
    '//about',
  ])('answers the unknown path %s with the prerendered Not-found page and 404', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(NOT_FOUND);
  });

  it('serves hashed assets for a year and other files briefly', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never serves an HTML document or the build manifest as a file', async () => {
    for (const url of ['/shell.html', '/404.html', '/about/index.html', '/.vite/manifest.json']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual(errorBody('not-found', `Nothing at GET ${url}.`));
    }
  });

  it('sends a page compressed with brotli or gzip when the browser accepts it', async () => {
    const brotli = await t.app.inject({ url: '/about/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(ABOUT);
    const gzip = await t.app.inject({ url: '/nope', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.statusCode).toBe(404);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(NOT_FOUND);
    const plain = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(HOME);
  });

  it("sends an asset's precompressed twin when the browser accepts it, never the twin by its own name", async () => {
    const brotli = await t.app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.body).toBe('brotli bytes');
    const gzip = await t.app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe('gzip bytes');
    const plain = await t.app.inject({ url: '/assets/app-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("plain")');
    // An asset without twins is sent as it is.
    const single = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(single.headers['content-encoding']).toBeUndefined();
    expect(single.body).toBe('console.log(1)');
    expect((await t.app.inject({ url: '/assets/app-def456.js.br' })).statusCode).toBe(404);
  });

  it('reads the pages once at start', async () => {
    fs.writeFileSync(path.join(webDist, 'about/index.html'), page('Changed'));
    const response = await t.app.inject({ url: '/about/' });
    expect(response.body).toBe(ABOUT);
  });

  it('answers a missing file or API path with a JSON 404, not the app', async () => {
    for (const url of ['/assets/gone.js', '/api/nothing-here']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(errorBody('not-found', `Nothing at GET ${url}.`));
    }
  });
});

describe('serving a web build without prerendered pages', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = tempDist({ 'index.html': SHELL });
    t = await buildTestApp('sqlite', { config: { webDist } });
  });
  afterAll(async () => {
    await t.cleanup();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers every page with index.html, 200 for known paths and 404 for the rest', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/index.html', 200],
      ['/about/', 200],
      ['/nope', 404],
    ] as const) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(status);
      expect(response.body, url).toBe(SHELL);
    }
  });
});
