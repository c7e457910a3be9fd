import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { ROUTES } from '@outpost/contracts/routes';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRoleSessions } from './accounts-helpers';
import { goWithinApp, useSite } from './harness';

/*
 * Using the screen (docs/decisions/0107-using-the-screen.md): the back office uses a desktop's width, and no table cuts
 * off its last columns. Measured at 1,280 px on every page that needs no record in its path, and the theater's.
 */

const fixture = useSite();
const { sessions } = useRoleSessions(fixture, ['admin'] as const);
const url = (path: string) => `${fixture.site.url}${path}`;

const PAGES = [
  ROUTES.adminHome,
  '/admin/configuration',
  ...Object.values(ADMIN_ROUTES).filter((path) => !path.includes(':')),
  '/story/admin',
];

/** The screen's width against the room the page gives it, and each table's overflow. */
const measure = (page: Page) =>
  page.evaluate(() => {
    const heading = document.querySelector('main h1');
    const screen = heading?.closest('section') ?? heading?.parentElement;
    // The console's column beside its side navigation (the whole page where there is none).
    const column = document.querySelector('[data-console-screen]') ?? document.getElementById('main');
    const room = column ? column.clientWidth : 0;
    return {
      share: screen && room ? screen.getBoundingClientRect().width / Math.min(room, 1152) : 0,
      cut: [...document.querySelectorAll('main table')].flatMap((table) => {
        const region = table.parentElement;
        const over = region ? region.scrollWidth - region.clientWidth : 0;
        return over > 1
          ? [`${table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent}: ${over}px`]
          : [];
      }),
    };
  });

describe('the back office on a desktop', () => {
  it('fills the page’s width and shows every column of its tables', async () => {
    const { page } = sessions.admin;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url(ROUTES.adminHome));
    for (const path of PAGES) {
      await goWithinApp(page, fixture.site.url, path);
      // The lists' rows, where a page has any.
      await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
      const { share, cut } = await measure(page);
      expect(cut, path).toEqual([]);
      // The console's content column (at most 72rem, less its padding) is the screen's.
      expect(share, path).toBeGreaterThan(0.9);
    }
  });
});
