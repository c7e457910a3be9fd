import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MOBILE_VIEWPORT, type Site, startSite, waitForHydration } from './harness';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ANDROID =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** Every prerendered page, by the paths that reach it, and an element to wait for until React has it. */
const PAGES: { path: string; hydrated: string; options?: BrowserContextOptions }[] = [
  // The landing page's lower part is a chunk of its own that hydrates after the rest.
  { path: '/', hydrated: '#signup button' },
  { path: '/', hydrated: '#signup button', options: { viewport: MOBILE_VIEWPORT, isMobile: true } },
  { path: '/index.html', hydrated: '#signup button' },
  { path: '/about/', hydrated: 'main h1' },
  { path: '/about', hydrated: 'main h1' },
  { path: '/download/', hydrated: 'main h1' },
  // Prerendered with the App Store first; an Android visitor gets Google Play first after hydration.
  { path: '/download/', hydrated: 'main h1', options: { userAgent: ANDROID, viewport: MOBILE_VIEWPORT } },
  { path: '/terms', hydrated: 'main h1' },
  { path: '/terms/', hydrated: 'main h1' },
  { path: '/privacy', hydrated: 'main h1' },
  { path: '/no-such-page', hydrated: 'main h1' },
];

/**
 * The web app built with React's development build, which reports every hydration mismatch
 * (attributes too; the production build only notices text), prerendered the same way.
 */
function buildForDevelopment(): string {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-web-dev-'));
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const result = spawnSync(
    process.execPath,
    ['--import', tsx, 'apps/web/scripts/build.ts', '--mode', 'development', '--out-dir', outDir],
    { cwd: ROOT, env: { ...process.env, NODE_ENV: 'development' }, encoding: 'utf8', timeout: 120_000 },
  );
  if (result.status !== 0) throw new Error(`The development build failed:\n${result.stdout}\n${result.stderr}`);
  return outDir;
}

/** One Chromium for both builds' pages: each page has a context of its own. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['the production build', () => undefined],
  ['the development build', buildForDevelopment],
])('hydrating the prerendered pages of %s', (_name, build) => {
  const fixture = {} as { site: Site; webDist: string | undefined };
  beforeAll(async () => {
    fixture.webDist = build();
    fixture.site = await startSite(fixture.webDist ? { WEB_DIST: fixture.webDist } : {});
  }, 180_000);
  afterAll(async () => {
    await fixture.site?.close();
    if (fixture.webDist) fs.rmSync(fixture.webDist, { recursive: true, force: true });
  });

  it.each(PAGES)(
    '$path keeps every prerendered element, shows no LOADING and logs nothing ($options)',
    async ({ path: pagePath, hydrated, options }) => {
      // No bypassCSP: an inline style or script in the HTML would be refused, and say so.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
      const page = await context.newPage();
      const messages: string[] = [];
      const url = `${fixture.site.url}${pagePath}`;
      page.on('console', (message) => {
        // The browser reports the 404 of the Not-found page itself: that is the status it should have.
        if (message.location().url === url && message.text().includes('status of 404')) return;
        if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
      });
      page.on('pageerror', (error) => messages.push(error.message));
      await page.addInitScript(() => {
        const seen = window as unknown as { prerendered?: Element[]; sawLoading?: boolean };
        seen.sawLoading = false;
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) if (node.textContent?.includes('LOADING')) seen.sawLoading = true;
          }
        }).observe(document, { childList: true, subtree: true });
        // Parsed, before any module script runs: the prerendered elements.
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') seen.prerendered = [...document.querySelectorAll('#root *')];
        });
      });

      const response = await page.goto(url);
      expect(response?.status()).toBe(pagePath === '/no-such-page' ? 404 : 200);
      await waitForHydration(page, hydrated);
      const result = await page.evaluate(() => {
        const seen = window as unknown as { prerendered?: Element[]; sawLoading?: boolean };
        const elements = seen.prerendered ?? [];
        return {
          elements: elements.length,
          replaced: elements
            .filter((element) => !element.isConnected)
            .map((element) => element.outerHTML.slice(0, 120)),
          sawLoading: seen.sawLoading,
        };
      });
      // Hydration took the prerendered DOM over; rendering it anew would have replaced it.
      expect(result.elements).toBeGreaterThan(20);
      expect(result.replaced).toEqual([]);
      expect(result.sawLoading).toBe(false);

      if (pagePath !== '/no-such-page') {
        // The live figures fill in after hydration (the session, the signup count): still no complaint.
        await page.waitForLoadState('networkidle');
      }
      if (options?.userAgent === ANDROID) {
        const badges = await page
          .locator('main')
          .getByRole('link', { name: /App Store|Google Play/ })
          .allTextContents();
        expect(badges[0]).toContain('Google Play');
      }
      expect(messages).toEqual([]);
      await context.close();
    },
  );
});
