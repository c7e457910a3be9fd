/**
 * `npm run screens`: screenshots of the site with the demo data, for the README. Builds nothing itself (the
 * npm script builds the web app first); starts the server as the browser tests do, signs up the demo admin
 * and signs in through the real form, makes one admin change so the log has a history, and saves each screen
 * full-page at 1280 px and 390 px wide under docs/screens/.
 *
 * Deterministic where it is cheap: the browser's clock stands still at the moment of the seed, the
 * API's `now` (which countdowns use) is that moment too, motion is reduced, every image is loaded
 * and every animation finished before a shot. The server's own clock runs, so the dates it stamps
 * (the admin log's entry, the reports' times) are the day the script ran.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_ROUTES, adminReportPath, adminUserPath } from '@outpost/contracts/admin-routes';
import { CALENDAR_PATHS } from '@outpost/contracts/calendar/paths';
import { adminExperimentPath } from '@outpost/contracts/experiments/paths';
import { REMOTE_CONFIG_PATHS } from '@outpost/contracts/remote-config/paths';
import { ROUTES } from '@outpost/contracts/routes';
import { adminSegmentPath } from '@outpost/contracts/segments/paths';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { demoSeededAt } from '../apps/server/src/ops/seed';
import { type Account, grantKeys, signUpThroughUi } from '../tests/browser/accounts-helpers';
import { callApi, launchBrowser, MOBILE_VIEWPORT, type Site, settled, startSite } from '../tests/browser/harness';

const OUT_DIR = path.join(import.meta.dirname, '..', 'docs', 'screens');

/**
 * The admin the screens are taken as: the name of the admin log's example sentence
 * (docs/decisions/0086-the-admin-log-as-a-history.md).
 */
const DEMO_ADMIN: Account = {
  displayName: 'BossAdmin',
  email: 'boss@outpost.example',
  password: 'demo-admin-password-1',
};

/** A demo report (moderation/seed.ts) still open, so its page shows the resolve form. */
const REPORT_ID = 'demoreport000001';
/** One the admin resolves first, so the admin log has an entry to show. */
const RESOLVED_REPORT = {
  id: 'demoreport000004',
  resolution: 'Fixed in the next build: the radio tower ladder no longer drops players through the floor.',
};

/** A demo player with reports about them, for the player page (identity/seed.ts, moderation/seed.ts). */
const DEMO_PLAYER_ID = 'demo-player-crate-raider';

interface Screen {
  name: string;
  path: string;
  /** What the admin does on the screen before the shot (opens the search, a form). */
  act?: (page: Page) => Promise<void>;
}

const SCREENS: readonly Screen[] = [
  { name: 'dashboard', path: ROUTES.adminHome },
  { name: 'admin-log', path: ADMIN_ROUTES.adminLog },
  { name: 'report', path: adminReportPath(REPORT_ID) },
  { name: 'player', path: adminUserPath(DEMO_PLAYER_ID) },
  {
    name: 'search',
    path: ROUTES.adminHome,
    act: async (page) => {
      await page.keyboard.press('Control+k');
      await page.keyboard.type('crate');
      await page.getByRole('option').first().waitFor();
    },
  },
  {
    name: 'new-drop',
    path: ADMIN_ROUTES.adminShopDrops,
    act: async (page) => {
      await page.getByRole('button', { name: '+ New drop', exact: true }).click();
      await page.getByRole('dialog', { name: 'New drop', exact: true }).waitFor();
    },
  },
  { name: 'live-stats', path: ADMIN_ROUTES.adminLive },
  { name: 'remote-config', path: REMOTE_CONFIG_PATHS.admin },
  { name: 'calendar', path: CALENDAR_PATHS.admin },
  { name: 'experiment', path: adminExperimentPath('generous-daily-reward') },
  { name: 'segment', path: adminSegmentPath('mobile-regulars') },
  { name: 'shop', path: ROUTES.shop },
];

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: MOBILE_VIEWPORT.width, height: MOBILE_VIEWPORT.height },
] as const;

/** Waits until the screen is whole: its heading, no loading notes, every image loaded, nothing moving. */
async function whole(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(
    () => ![...document.querySelectorAll('main *')].some((node) => /^Loading\b/.test(node.textContent ?? '')),
  );
  // A full-page shot does not scroll, so lazy images below the fold would stay empty.
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
  await settled(page);
}

/** Keeps the API's `now` at the seed's moment, as the page's own clock is: countdowns read the same on every run. */
async function fixClock(page: Page, at: string): Promise<void> {
  await page.clock.setFixedTime(new Date(at));
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    // The live stream never ends, so it is passed through untouched.
    if (request.method() !== 'GET' || (await request.headerValue('accept'))?.includes('text/event-stream')) {
      return route.fallback();
    }
    const response = await route.fetch();
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('application/json')) return route.fulfill({ response });
    const body = await response.json();
    if (body && typeof body === 'object' && typeof body.now === 'string') body.now = at;
    return route.fulfill({ response, json: body });
  });
}

/** A full-page PNG, its colours reduced to a palette: screenshots of flat UI lose nothing visible and shrink a lot. */
async function shoot(page: Page, file: string): Promise<number> {
  const png = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  const small = await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9, effort: 8 }).toBuffer();
  fs.writeFileSync(file, small);
  return small.length;
}

async function takeScreens(site: Site, browser: Browser, seededAt: string): Promise<void> {
  const options = { locale: 'en-US', timezoneId: 'UTC', reducedMotion: 'reduce', deviceScaleFactor: 1 } as const;
  const signIn = await browser.newContext({ ...options, viewport: WIDTHS[0] });
  const page = await signIn.newPage();
  await signUpThroughUi(page, site, DEMO_ADMIN);
  await grantKeys(site, DEMO_ADMIN.email, ['admin']);
  await callApi(page, 'POST', `/api/admin/development/reports/${RESOLVED_REPORT.id}/resolve`, {
    resolution: RESOLVED_REPORT.resolution,
  });
  const session = await signIn.storageState();
  await signIn.close();

  fs.mkdirSync(OUT_DIR, { recursive: true });
  for (const viewport of WIDTHS) {
    const context = await browser.newContext({ ...options, viewport, storageState: session });
    const screen = await context.newPage();
    await fixClock(screen, seededAt);
    for (const { name, path: screenPath, act } of SCREENS) {
      await screen.goto(`${site.url}${screenPath}`);
      await whole(screen);
      if (act) {
        await act(screen);
        await settled(screen);
      }
      const file = path.join(OUT_DIR, `${name}-${viewport.width}.png`);
      const bytes = await shoot(screen, file);
      console.info(`${path.relative(process.cwd(), file)}  ${Math.round(bytes / 1024)} KB`);
    }
    await context.close();
  }
}

const started = performance.now();
const site = await startSite();
try {
  const seededAt = await demoSeededAt(site.server.stores.game.development);
  if (seededAt === undefined) throw new Error('The site started without its demo data.');
  const browser = await launchBrowser();
  try {
    await takeScreens(site, browser, seededAt);
  } finally {
    await browser.close();
  }
} finally {
  await site.close();
}
console.info(`Took the screens in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
