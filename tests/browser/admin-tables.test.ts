import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { ROUTES } from '@outpost/contracts/routes';
import { MONEY_PATHS } from '@outpost/contracts/subscriptions/paths';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRoleSessions } from './accounts-helpers';
import { goWithinApp, MOBILE_VIEWPORT, useSite } from './harness';

/*
 * Tables that fit (docs/decisions/0129-tables-that-fit.md, after 0107-using-the-screen.md): on every back-office
 * page with the demo's data, at 1,280 px the screen fills its column and every table shows all it keeps, and on a
 * 390 px phone each list's rows are cards; at both widths nothing scrolls sideways and no word in a table cell
 * is broken across lines.
 */

const fixture = useSite();
const { sessions } = useRoleSessions(fixture, ['admin'] as const);
const url = (path: string) => `${fixture.site.url}${path}`;

const PAGES = [
  ROUTES.adminHome,
  '/admin/configuration',
  ...Object.values(ADMIN_ROUTES).filter((path) => !path.includes(':')),
  // The product list's table view (its cards are the default).
  `${ADMIN_ROUTES.adminProducts}?view=table`,
  ...Object.values(MONEY_PATHS),
  '/story/admin',
];

interface Measure {
  /** The page's width past the window's. */
  overflow: number;
  /** The screen's width over its column's (at most 72rem). */
  share: number;
  /** Tables whose region scrolls: the columns they cut. */
  cut: string[];
  /** Words a line break splits, with the table they are in. */
  broken: string[];
  /** Rows of each list, and how many of them are drawn as cards (a block, not a table row). */
  rows: number;
  cards: number;
}

/**
 * Measures the page as it is. A word is a run of letters between spaces and hyphens: a break between words or
 * after a hyphen is where text wraps; a word drawn on two lines (a DOM range around it has two boxes) is broken.
 */
const measure = (page: Page): Promise<Measure> =>
  page.evaluate(() => {
    const heading = document.querySelector('main h1');
    const screen = heading?.closest('section') ?? heading?.parentElement;
    const column = document.querySelector('[data-console-screen]') ?? document.getElementById('main');
    const room = column ? column.clientWidth : 0;
    const tables = [...document.querySelectorAll<HTMLTableElement>('main table')].filter(
      // Those on screen: not hidden for screen readers only, nor folded in a closed <details> (a chart's values).
      (table) =>
        table.getClientRects().length > 0 &&
        !table.closest('.visually-hidden') &&
        !table.closest('details:not([open])'),
    );
    const name = (table: HTMLTableElement) => table.querySelector('caption')?.textContent ?? 'a table';
    const broken: string[] = [];
    for (const table of tables) {
      for (const cell of table.querySelectorAll('td, th')) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            if (range.getClientRects().length > 1) broken.push(`${name(table)}: ${word[0]}`);
          }
        }
      }
    }
    // A list's rows: a table whose body has more than its one message row (nothing yet, nothing matches).
    const bodyRows = tables.flatMap((table) =>
      [...table.querySelectorAll('tbody tr')].filter((row) => row.querySelector('td[colspan]') === null),
    );
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      share: screen && room ? screen.getBoundingClientRect().width / Math.min(room, 1152) : 0,
      cut: tables.flatMap((table) => {
        const region = table.parentElement;
        const over = region ? region.scrollWidth - region.clientWidth : 0;
        return over > 1 ? [`${name(table)}: ${over}px`] : [];
      }),
      broken: [...new Set(broken)],
      rows: bodyRows.length,
      cards: bodyRows.filter((row) => getComputedStyle(row).display === 'block').length,
    };
  });

/** Every page of PAGES, once its lists have their rows; `check` gets each page's measure. */
async function walk(page: Page, check: (path: string, measured: Measure) => void): Promise<void> {
  await page.goto(url(ROUTES.adminHome));
  for (const path of PAGES) {
    await goWithinApp(page, fixture.site.url, path);
    await page.waitForFunction(
      () =>
        document.querySelector('[aria-busy="true"]') === null &&
        !document.querySelector('main')?.textContent?.includes('Loading…'),
    );
    check(path, await measure(page));
  }
}

describe('the back office’s tables', () => {
  it('fill a desktop’s width, show every column they keep and break no word', async () => {
    const { page } = sessions.admin;
    await page.setViewportSize({ width: 1280, height: 900 });
    let rows = 0;
    const wrong: object[] = [];
    await walk(page, (path, { overflow, share, cut, broken, rows: listed, cards }) => {
      // The console's content column (at most 72rem, less its padding) is the screen's.
      if (overflow > 0 || cut.length > 0 || broken.length > 0 || cards > 0 || share <= 0.9) {
        wrong.push({ path, overflow, share, cut, broken, cards });
      }
      rows += listed;
    });
    expect(wrong).toEqual([]);
    // The demo's data fills the lists: the words measured are real rows'.
    expect(rows).toBeGreaterThan(50);
  }, 60_000);

  it('show each row as a card on a phone, with no sideways scrolling and no broken word', async () => {
    const { page } = sessions.admin;
    await page.setViewportSize(MOBILE_VIEWPORT);
    let rows = 0;
    const wrong: object[] = [];
    await walk(page, (path, { overflow, cut, broken, rows: listed, cards }) => {
      if (overflow > 0 || cut.length > 0 || broken.length > 0 || cards < listed) {
        wrong.push({ path, overflow, cut, broken, rows: listed, cards });
      }
      rows += listed;
    });
    expect(wrong).toEqual([]);
    expect(rows).toBeGreaterThan(50);
  }, 60_000);
});
