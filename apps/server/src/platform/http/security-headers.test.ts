import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUnreadyTestApp, openTestStores, type TestStores } from '../../testing/test-stores';
import { THEATER_CSP_SOURCES } from '../../theater/documents';
import { documentContentSecurityPolicy, mergeCspSources } from './security-headers';

/** Every header each kind of answer carries, besides those of HTTP itself and of the route. */
const DOCUMENT = {
  'content-security-policy': documentContentSecurityPolicy(false),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const API = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};
const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
const SECURITY_HEADER_NAMES = new Set([...Object.keys(DOCUMENT), ...Object.keys(HSTS)]);

function securityHeadersOf(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => SECURITY_HEADER_NAMES.has(name)));
}

describe.each([
  ['development', false],
  ['production', true],
] as const)('security headers in %s', (appEnv, production) => {
  let stores: TestStores;
  let app: Awaited<ReturnType<typeof buildUnreadyTestApp>>;
  const transport = production ? HSTS : {};

  beforeAll(async () => {
    stores = await openTestStores('sqlite');
    const webDist = path.join(stores.dataDir, 'web');
    fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Outpost</title><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'assets', 'entry-abc123.js'), 'console.log(1);');
    app = await buildUnreadyTestApp(stores, { config: { appEnv, webDist, authSecret: 'x'.repeat(40) } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await stores.cleanup();
  });

  it('gives JSON answers what protects JSON', async () => {
    for (const url of ['/healthz', '/api/fn/check-email?email=someone@example.com', '/api/docs']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(securityHeadersOf(answer.headers), url).toEqual({ ...API, ...transport });
    }
  });

  it('gives refusals and errors of the API the same headers', async () => {
    const refused = await app.inject({ url: '/api/fn/check-email?email=nope' });
    expect(refused.statusCode).toBe(400);
    expect(securityHeadersOf(refused.headers)).toEqual({ ...API, ...transport });
    const unauthenticated = await app.inject({ url: '/api/admin/development/access' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(securityHeadersOf(unauthenticated.headers)).toEqual({ ...API, ...transport });
  });

  it('answers a URL the framework cannot read with our error shape and the document headers', async () => {
    const answer = await app.inject({ url: '/api/%zz' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: {
        status: 'INVALID_ARGUMENT',
        message: 'The address of the request is not a valid URL.',
        requestId: expect.any(String),
      },
    });
    expect(securityHeadersOf(answer.headers)).toEqual({
      ...DOCUMENT,
      'content-security-policy': documentContentSecurityPolicy(production),
      ...transport,
    });
  });

  it('answers HEAD on the health probes', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const answer = await app.inject({ method: 'HEAD', url });
      expect(answer.statusCode, url).toBe(200);
      expect(securityHeadersOf(answer.headers), url).toEqual({ ...API, ...transport });
    }
  });

  it('gives HTML documents and the files they load the full set, CSP included', async () => {
    const csp = documentContentSecurityPolicy(production);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp.includes('upgrade-insecure-requests')).toBe(production);
    for (const url of ['/', '/about/', '/no-such-page', '/assets/entry-abc123.js']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(url === '/no-such-page' ? 404 : 200);
      expect(securityHeadersOf(answer.headers), url).toEqual({
        ...DOCUMENT,
        'content-security-policy': csp,
        ...transport,
      });
    }
    expect(csp).not.toContain('youtube');
    expect(csp).toContain("media-src 'self';");
  });

  it('lets the story screens, and only them, frame the video players and play direct video addresses', async () => {
    const story = documentContentSecurityPolicy(production, THEATER_CSP_SOURCES);
    expect(story).toContain("frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com;");
    expect(story).toContain("media-src 'self' https:;");
    expect(story).toContain("script-src 'self';");
    expect(story).toContain("frame-ancestors 'none'");
    // The viewer of an episode that does not exist (404) moves on to others without a new document.
    for (const [url, status] of [
      ['/story', 200],
      ['/story/', 200],
      ['/story/admin', 200],
      ['/story/no-such-episode', 404],
    ] as const) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(status);
      expect(securityHeadersOf(answer.headers), url).toEqual({
        ...DOCUMENT,
        'content-security-policy': story,
        ...transport,
      });
    }
  });
});

describe('security headers with files on S3', () => {
  it('lets pages load stored images from the bucket’s public origin, and nothing else from it', async () => {
    const stores = await openTestStores('sqlite');
    const app = await buildUnreadyTestApp(stores, {
      config: {
        fileStore: {
          kind: 's3',
          bucket: 'outpost',
          region: 'us-east-1',
          endpoint: 'http://127.0.0.1:9',
          accessKeyId: 'key',
          secretAccessKey: 'secret',
          forcePathStyle: true,
          publicUrl: 'https://cdn.outpost.example/images/',
        },
      },
    });
    try {
      await app.ready();
      const csp = String((await app.inject({ url: '/no-such-page' })).headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' data: https://cdn.outpost.example;");
      expect(csp).toContain("default-src 'self';");
      expect(csp.match(/cdn\.outpost\.example/g)).toHaveLength(1);
    } finally {
      await app.close();
      await stores.cleanup();
    }
  });
});

describe('content security policy sources of configured services', () => {
  it('adds each service’s sources to its directives once, and a frame-src only when one is given', () => {
    const plain = documentContentSecurityPolicy(false);
    expect(plain).not.toContain('frame-src');
    const merged = mergeCspSources(
      { 'img-src': ['https://cdn.example'] },
      { 'img-src': ['https://*.paypal.com', 'https://cdn.example'], 'frame-src': ['https://*.paypal.com'] },
    );
    expect(merged).toEqual({
      'img-src': ['https://cdn.example', 'https://*.paypal.com'],
      'frame-src': ['https://*.paypal.com'],
    });
    const csp = documentContentSecurityPolicy(false, merged);
    expect(csp).toContain("img-src 'self' data: https://cdn.example https://*.paypal.com;");
    expect(csp).toContain("frame-src 'self' https://*.paypal.com;");
    expect(csp).toContain("script-src 'self';");
  });
});
