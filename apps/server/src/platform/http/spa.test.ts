import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-stores';

const INDEX = '<!doctype html><title>Outpost</title><div id="root"></div>';

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDist = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'outpost-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg/>');
    t = await buildTestApp('sqlite', { config: { webDist } });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it.each([
    '/',
    '/index.html',
    '/story',
    '/story/',
    '/story/admin',
    '/story/ep-42',
    '/shop/',
    '/shop',
    '/about/',
    '/download/',
    '/login',
    '/privacy',
    '/terms',
  ])('answers the known path %s with the app and 200', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
  });

  it.each(['/nope', '/story/ep-42/extra', '/shop/items/1', '/admin/products/list'])(
    'answers the unknown path %s with the app and 404, so the Not-found screen shows',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX);
    },
  );

  it('serves hashed assets for a year and other files briefly', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing file or API path with a JSON 404, not the app', async () => {
    for (const url of ['/assets/gone.js', '/api/nothing-here']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { status: 'NOT_FOUND', message: `Nothing at GET ${url}.` } });
    }
  });
});
