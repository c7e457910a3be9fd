import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from './harness';

/*
 * The demo data's pictures, drawn at seed time, load in the shop and the theater as uploaded images do: the 4
 * demo products (2 on show: 'outpost-hoodie' and 'radio-tee'), the 9 demo episodes and the 4 videos of
 * 'Behind the Outpost'.
 */

const fixture = useSite();

interface ShownImage {
  alt: string | null;
  naturalWidth: number;
  naturalHeight: number;
  src: string;
}

/** Every image `images` finds, each scrolled to (cards' pictures load lazily) and loaded. */
async function loadedImages(images: Locator): Promise<ShownImage[]> {
  const shown: ShownImage[] = [];
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
    shown.push(
      await image.evaluate((element: HTMLImageElement) => ({
        alt: element.getAttribute('alt'),
        naturalWidth: element.naturalWidth,
        naturalHeight: element.naturalHeight,
        src: element.currentSrc,
      })),
    );
  }
  return shown;
}

const ownFile = (page: Page) => new RegExp(`^${new URL(page.url()).origin}/files/development/`);

describe('the demo pictures', () => {
  it("show in the shop's merch: each product's photo, named by its alt text", async () => {
    const { context, page, consoleErrors } = await openPage(fixture.browser, {
      viewport: { width: 1280, height: 900 },
    });
    try {
      await page.goto(`${fixture.site.url}/shop/`);
      const merch = page.getByRole('region', { name: 'Merch', exact: true });
      await merch.getByRole('heading', { level: 3, name: 'Outpost Hoodie' }).waitFor();
      const photos = await loadedImages(merch.getByRole('listitem').locator('img'));
      expect(photos.map((photo) => photo.alt)).toEqual(['Outpost Hoodie', 'Radio Tower Tee']);
      for (const photo of photos) {
        expect(photo.src).toMatch(ownFile(page));
        expect([photo.naturalWidth, photo.naturalHeight]).toEqual([320, 320]);
      }
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("show in the theater: every episode's banner and every video's thumbnail, on a phone", async () => {
    const { context, page, consoleErrors } = await openPage(fixture.browser, { viewport: MOBILE_VIEWPORT });
    try {
      await page.goto(`${fixture.site.url}/story`);
      await page.getByRole('link', { name: 'Signal Fire' }).waitFor();
      const cards = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.locator('img') });
      const titles = await cards.getByRole('heading', { level: 3 }).allInnerTexts();
      expect(titles).toHaveLength(9 + 4);
      expect(titles).toEqual(expect.arrayContaining(['First Light at the Outpost', 'Recording the Score']));
      const posters = await loadedImages(cards.locator('img'));
      expect(posters).toHaveLength(titles.length);
      for (const poster of posters) {
        expect(poster.src).toMatch(ownFile(page));
        expect([poster.naturalWidth, poster.naturalHeight]).toEqual([320, 180]);
        // Decorative by design: the title beside it, a link, names the card.
        expect(poster.alt).toBe('');
      }
      expect(await seriousAxeViolations(page)).toEqual([]);

      // An episode's page shows its full banner on the stage.
      await page.getByRole('link', { name: 'First Light at the Outpost' }).click();
      await page.getByRole('heading', { level: 1, name: 'First Light at the Outpost' }).waitFor();
      const [stage] = await loadedImages(page.getByRole('main').locator('img').first());
      expect(stage).toMatchObject({ naturalWidth: 960, naturalHeight: 540, src: expect.stringMatching(/\.jpg$/) });
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
