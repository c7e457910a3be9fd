import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { THEATER_MESSAGES } from '@outpost/contracts/theater';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentContentSecurityPolicy } from '../platform/http/security-headers';
import { LocalFileStore } from '../platform/storage/local-file-store';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { THEATER_CSP_SOURCES } from './documents';
import { putTestCollection, putTestEpisode, putTestVideo } from './testing';

/** The shell the web build writes: its title and description are what the theater's head replaces. */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Outpost: a social open-world game."
    />
    <title>Outpost — join the resistance</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** The head's tags as [attribute value, content] pairs, from the markup itself. */
function metaOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    tags[match[1] ?? ''] = match[2] ?? '';
  }
  return tags;
}

/** A web build of just the shell, in a folder of its own. */
function shellDist(): string {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-story-web-'));
  fs.writeFileSync(path.join(webDist, 'shell.html'), SHELL);
  return webDist;
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const STORY_CSP = documentContentSecurityPolicy(false, THEATER_CSP_SOURCES);

describe.each(TEST_DIALECTS)('the story screens’ documents on %s', (dialect) => {
  let t: TestApp;
  let webDist: string;
  const db = () => t.stores.game.development;
  const page = (url: string) => t.app.inject({ url });

  beforeAll(async () => {
    webDist = shellDist();
    t = await buildTestApp(dialect, { config: { webDist, publicUrl: 'https://outpost.example' } });
    await putTestEpisode(db(), {
      episodeID: 's2e10',
      season: 2,
      episode: 10,
      title: `Tom & "Jerry" <script>alert('x')</script>`,
      bannerKey: 'development/theater/s2e10/banner.webp',
      bannerThumbnailKey: 'development/theater/s2e10/banner-320.webp',
    });
    await putTestEpisode(db(), { episodeID: 's1e1', season: 1, episode: 1, title: 'Landfall' });
    await putTestVideo(db(), {
      videoID: 'crew-cut',
      title: 'The crew',
      imageKey: 'development/theater/crew-cut/image.webp',
      thumbnailKey: 'development/theater/crew-cut/thumb.webp',
    });
    await putTestVideo(db(), { videoID: 'lone', title: 'Alone', thumbnailKey: 'development/theater/lone/thumb.webp' });
    await putTestCollection(db(), { collectionID: 'extras', title: 'Extras', videos: ['crew-cut'] });
  });
  afterAll(async () => {
    await t.cleanup();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('gives the theater home its title and preview tags, with the story policy', async () => {
    for (const url of ['/story', '/story/']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-security-policy']).toBe(STORY_CSP);
      expect(titleOf(response.body)).toBe('Story Theater — Outpost');
      expect(canonicalOf(response.body)).toBe('https://outpost.example/story');
      expect(metaOf(response.body)).toMatchObject({
        'og:type': 'website',
        'og:title': 'Story Theater — Outpost',
        'og:url': 'https://outpost.example/story',
        'twitter:card': 'summary',
      });
      // The shell's own description gave way to the theater's, and the rest of the shell stayed.
      expect(response.body).not.toContain('a social open-world game');
      expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('previews an episode with its title, season and episode, and its banner at an absolute address', async () => {
    const response = await page('/story/s2e10');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe(STORY_CSP);
    const escaped = 'Tom &amp; &quot;Jerry&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;';
    expect(titleOf(response.body)).toBe(`${escaped} — Outpost`);
    expect(response.body).not.toContain('<script>alert');
    const description = 'Season 2 · Episode 10 — watch it in the Story Theater';
    expect(response.body).toContain(`<meta name="description" content="${description}">`);
    expect(canonicalOf(response.body)).toBe('https://outpost.example/story/s2e10');
    expect(metaOf(response.body)).toEqual({
      description,
      'og:type': 'video.episode',
      'og:site_name': 'Outpost',
      'og:title': escaped,
      'og:description': description,
      'og:url': 'https://outpost.example/story/s2e10',
      'og:image': 'https://outpost.example/files/development/theater/s2e10/banner.webp',
      'twitter:card': 'summary_large_image',
      'twitter:title': escaped,
      'twitter:description': description,
      'twitter:image': 'https://outpost.example/files/development/theater/s2e10/banner.webp',
    });
    expect(response.body).not.toContain('noindex');
  });

  it('previews an episode without a banner as a summary without an image', async () => {
    const response = await page('/story/s1e1/');
    expect(response.statusCode).toBe(200);
    expect(titleOf(response.body)).toBe('Landfall — Outpost');
    const meta = metaOf(response.body);
    expect(meta['og:image']).toBeUndefined();
    expect(meta['twitter:card']).toBe('summary');
  });

  it('previews a theater video with its collection and its image, or its thumbnail', async () => {
    const inCollection = metaOf((await page('/story/crew-cut')).body);
    expect(inCollection).toMatchObject({
      'og:type': 'video.other',
      'og:title': 'The crew',
      'og:description': 'Extras — watch it in the Story Theater',
      'og:image': 'https://outpost.example/files/development/theater/crew-cut/image.webp',
    });
    const alone = metaOf((await page('/story/lone')).body);
    expect(alone).toMatchObject({
      'og:description': 'A theater video — watch it in the Story Theater',
      'og:image': 'https://outpost.example/files/development/theater/lone/thumb.webp',
    });
  });

  it('finds an id however its letters are cased, and names its one address', async () => {
    const response = await page('/story/S2E10');
    expect(response.statusCode).toBe(200);
    expect(canonicalOf(response.body)).toBe('https://outpost.example/story/s2e10');
  });

  it('answers an id that names nothing, or cannot be one, with the shell, 404 and noindex', async () => {
    for (const url of ['/story/s9e9', '/story/Not_An_Id', '/story/%3Cscript%3E']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-security-policy']).toBe(STORY_CSP);
      expect(titleOf(response.body)).toBe('Episode not found — Outpost');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).toContain(`<meta name="description" content="${THEATER_MESSAGES.notFound}">`);
      expect(canonicalOf(response.body)).toBeUndefined();
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('serves the theater admin the plain shell with the story policy', async () => {
    const response = await page('/story/admin');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe(STORY_CSP);
    expect(response.body).toBe(SHELL);
  });

  it('keeps the strict policy on every other page', async () => {
    const response = await page('/shop/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe(documentContentSecurityPolicy(false));
  });
});

describe('the story documents with a file store that answers paths', () => {
  it('makes the banner’s address absolute with PUBLIC_URL', async () => {
    const webDist = shellDist();
    const files = new LocalFileStore({ root: path.join(webDist, 'files'), baseUrl: '/files' });
    const t = await buildTestApp('sqlite', { files, config: { webDist, publicUrl: 'https://outpost.example' } });
    try {
      await putTestEpisode(t.stores.game.development, {
        episodeID: 's1e1',
        season: 1,
        episode: 1,
        bannerKey: 'development/theater/s1e1/banner.webp',
      });
      expect(metaOf((await t.app.inject({ url: '/story/s1e1' })).body)['og:image']).toBe(
        'https://outpost.example/files/development/theater/s1e1/banner.webp',
      );
    } finally {
      await t.cleanup();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});
