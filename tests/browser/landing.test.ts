import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useSite } from './harness';

const fixture = useSite();

const SPEC_SECTIONS = [
  'Get Early Access',
  'Build & Decorate',
  'Play & Quest',
  'Your World Your Hangout',
  'Avatar Fashion goes IRL',
  'Help Build the world',
];

describe('the landing page', () => {
  it('has the sections of docs/product.md §2.3 in order, each with its content', async () => {
    const { page, context, consoleErrors } = await openPage(fixture.browser, {
      viewport: { width: 1280, height: 800 },
    });
    await page.goto(`${fixture.site.url}/`);
    await page.locator('#signup').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);

    const headings = await page
      .locator('main h2')
      .evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim()));
    const positions = SPEC_SECTIONS.map((title) => headings.indexOf(title));
    expect(
      positions.every((position) => position >= 0),
      JSON.stringify(headings),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    // The order of the page's parts, by their position in the document.
    const order = await page.evaluate(() => {
      const main = document.querySelector('main');
      const at = (selector: string) => {
        const node = main?.querySelector(selector);
        return node ? [...(main?.querySelectorAll('*') ?? [])].indexOf(node) : -1;
      };
      return {
        teaser: at('video'),
        chat: at('a[href*="chat"], a[href*="discord"]'),
        signup: at('#signup'),
        photos: at('section[aria-labelledby="photos-title"] img[loading="lazy"]'),
        badges: at('a[href*="apps.apple.com"]'),
      };
    });
    expect(order.teaser).toBeGreaterThanOrEqual(0);
    expect(order.teaser).toBeLessThan(order.chat);
    expect(order.chat).toBeLessThan(order.signup);
    expect(order.signup).toBeLessThan(order.photos);
    expect(order.photos).toBeLessThan(order.badges);

    const teaser = page.locator('main video').first();
    expect(await teaser.evaluate((video: HTMLVideoElement) => video.muted && video.autoplay)).toBe(true);
    const loop = page.locator('main video').last();
    expect(await loop.evaluate((video: HTMLVideoElement) => video.loop && video.muted)).toBe(true);

    // Chat community, podcast, short-video, photo and text-post networks.
    for (const name of [
      'Outpost on Discord',
      'The Outpost podcast',
      'Outpost on TikTok',
      'Outpost on Instagram',
      'Outpost on X',
    ]) {
      expect(await page.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('paints before any video downloads, and fetches the loop only when the visitor scrolls to it', async () => {
    const { page, context } = await openPage(fixture.browser, { viewport: { width: 1280, height: 800 } });
    const media: { url: string; afterLoad: boolean }[] = [];
    let loaded = false;
    page.on('request', (request: Request) => {
      if (/\.(webm|mp4)$/.test(new URL(request.url()).pathname)) media.push({ url: request.url(), afterLoad: loaded });
    });
    await page.goto(`${fixture.site.url}/`, { waitUntil: 'load' });
    loaded = true;
    expect(media.filter((entry) => !entry.afterLoad)).toEqual([]);
    await page.waitForTimeout(500);
    expect(media.some((entry) => entry.url.includes('radar-loop'))).toBe(false);

    await page.locator('main video').last().scrollIntoViewIfNeeded();
    await page.waitForRequest(/radar-loop\.(webm|mp4)$/);
    await context.close();
  });

  it('shows its error fallback when a screen part fails instead of a blank page', async () => {
    const { page, context } = await openPage(fixture.browser);
    await page.addInitScript(() => {
      window.matchMedia = () => {
        throw new Error('matchMedia is broken in this browser');
      };
    });
    await page.goto(`${fixture.site.url}/`);
    await page.getByRole('alert').getByRole('heading', { name: 'Signal lost' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    await context.close();
  });
});
