import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorAnswer } from '../../testing/error-answer';
import { buildTestApp, type TestApp } from '../../testing/test-stores';
import { registerSpa } from './spa';

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

  it.each(['/story/admin', '/shop/', '/shop', '/download/', '/login', '/privacy', '/admin', '/admin/moderation'])(
    'answers %s, which the browser renders, with the shell and 200',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(SHELL);
    },
  );

  // The story screens' documents are the theater's (theater/documents.ts): the shell with a head
  // rendered for the path. /story/ep-42 was a 200 shell before the theater could tell whether
  // the episode exists; it names none here, so it answers 404 (the screen shows its not-found state).
  it('answers the story screens with the shell and the head the theater renders for the path', async () => {
    for (const url of ['/story', '/story/']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body, url).toContain('<title>Story Theater — Outpost</title>');
      expect(response.body, url).toContain('<div id="root"></div>');
    }
    const unknown = await t.app.inject({ url: '/story/ep-42' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.body).toContain('<meta name="robots" content="noindex">');
    expect(unknown.body).toContain('<div id="root"></div>');
  });

  it.each(['/nope', '/story/ep-42/extra', '/shop/items/1', '/administration', '/About/', '//about'])(
    'answers the unknown path %s with the prerendered Not-found page and 404',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(NOT_FOUND);
    },
  );

  // The back office's console says itself that it has no page there, beside its navigation.
  it.each(['/admin/products', '/admin/products/p1/extra', '/admin/nope/'])(
    'answers the unknown back-office path %s with the shell and 404',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(SHELL);
    },
  );

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
      expect(response.json()).toEqual(errorAnswer('not-found', `Nothing at GET ${url}.`));
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
      expect(response.json()).toEqual(errorAnswer('not-found', `Nothing at GET ${url}.`));
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

describe('documents a domain shapes', () => {
  const SHELL_WITH_HEAD =
    '<!doctype html><html><head><meta name="description" content="The site.">' +
    '<title>Outpost</title></head><body><div id="root"></div></body></html>';
  let app: FastifyInstance;
  let webDist: string;
  const heads: Record<string, string>[] = [];

  beforeAll(async () => {
    webDist = tempDist({ 'shell.html': SHELL_WITH_HEAD, '404.html': NOT_FOUND });
    app = Fastify({ logger: false });
    await registerSpa(app, webDist, {
      documents: [
        { path: '/story/admin', csp: "frame-src 'none'" },
        {
          path: '/story/:episodeID',
          csp: 'frame-src https://player.example',
          head: async (params) => {
            heads.push({ ...params });
            if (params.episodeID === 'broken') throw new Error('the store is down');
            if (params.episodeID === 'gone') return { title: 'Not here', description: 'Nothing.', notFound: true };
            return {
              title: `${params.episodeID} & "friends" <script>`,
              description: "It's <b>bold</b>",
              canonicalUrl: 'https://outpost.example/story/a?x=1&y=2',
              meta: [
                ['og:title', '"><script>alert(1)</script>'],
                ['twitter:card', 'summary'],
              ],
            };
          },
        },
      ],
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('renders the head in place of the title and description, every value escaped', async () => {
    const response = await app.inject({ url: '/story/ep-1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe('frame-src https://player.example');
    expect(response.body).toBe(
      '<!doctype html><html><head>' +
        [
          '<title>ep-1 &amp; &quot;friends&quot; &lt;script&gt;</title>',
          '<meta name="description" content="It&#39;s &lt;b&gt;bold&lt;/b&gt;">',
          '<link rel="canonical" href="https://outpost.example/story/a?x=1&amp;y=2">',
          '<meta property="og:title" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">',
          '<meta name="twitter:card" content="summary">',
        ].join('\n    ') +
        '</head><body><div id="root"></div></body></html>',
    );
  });

  it('hands the head the path’s parameters decoded', async () => {
    heads.length = 0;
    await app.inject({ url: '/story/caf%C3%A9/' });
    await app.inject({ url: '/story/100%25' });
    expect(heads).toEqual([{ episodeID: 'café' }, { episodeID: '100%' }]);
    // The framework refuses what is not percent-encoding before any document is looked for.
    expect((await app.inject({ url: '/story/bad%zz' })).statusCode).toBe(400);
    expect(heads).toHaveLength(2);
  });

  it('answers 404 with a noindex head when the path names nothing', async () => {
    const response = await app.inject({ url: '/story/gone' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Not here</title>\n    <meta name="description" content="Nothing.">');
    expect(response.body).toContain('<meta name="robots" content="noindex">');
  });

  it('serves the first matching document, and the plain shell for one without a head', async () => {
    const response = await app.inject({ url: '/story/admin' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("frame-src 'none'");
    expect(response.body).toBe(SHELL_WITH_HEAD);
  });

  it('serves the plain shell, with the document’s policy, when its head cannot be rendered', async () => {
    const response = await app.inject({ url: '/story/broken' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe('frame-src https://player.example');
    expect(response.body).toBe(SHELL_WITH_HEAD);
  });

  it('compresses a rendered document for the browser that accepts it', async () => {
    const plain = (await app.inject({ url: '/story/ep-2' })).body;
    const brotli = await app.inject({ url: '/story/ep-2', headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain);
    const gzip = await app.inject({ url: '/story/ep-2', headers: { 'accept-encoding': 'gzip' } });
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });

  it('leaves the other pages and unknown paths as they were', async () => {
    const unknown = await app.inject({ url: '/story/ep-1/extra' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(NOT_FOUND);
    expect(unknown.headers['content-security-policy']).toBeUndefined();
  });

  it('refuses to start when the shell has no title to put a head in place of', async () => {
    const titleless = tempDist({ 'shell.html': '<!doctype html><div id="root"></div>' });
    const other = Fastify({ logger: false });
    try {
      await expect(
        registerSpa(other, titleless, {
          documents: [{ path: '/story', head: async () => ({ title: 't', description: 'd' }) }],
        }),
      ).rejects.toThrow('the shell has no <title> element');
    } finally {
      await other.close();
      fs.rmSync(titleless, { recursive: true, force: true });
    }
  });
});
