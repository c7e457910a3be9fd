import {
  type AdminEpisode,
  type AdminTheaterCollection,
  type CreateEpisodeInput,
  FAVOURITE_EPISODE_TEXT,
  THEATER_MESSAGES,
} from '@outpost/contracts/theater';
import type { BrowserContext, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, grantKeys, logInThroughUi, newAccount, signUpThroughUi } from './accounts-helpers';
import {
  callApi,
  freePort,
  MOBILE_VIEWPORT,
  openPage,
  seriousAxeViolations,
  useSite,
  waitForHydration,
} from './harness';

// 2 sign-ups and 1 sign-in from one address: under the server's default auth rate limits.
const INGEST_KEY = 'theater-test-ingest-key';
// Uploaded images are addressed from PUBLIC_URL, so the site's address is fixed first.
const port = await freePort();
const fixture = useSite({
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  INGEST_DEVELOPMENT_KEY: INGEST_KEY,
});
const url = (path: string) => `${fixture.site.url}${path}`;

const tag = Date.now().toString(36).slice(-5);
// Seasons far above the demo data's, so they are the newest and nothing else sits between them.
const EPISODES = {
  dust: { episodeID: `dust-${tag}`, season: '41', episode: '1', title: `Dust on the Wire ${tag}` },
  signal: { episodeID: `signal-${tag}`, season: '41', episode: '2', title: `Signal Fire ${tag}` },
  night: { episodeID: `night-${tag}`, season: '42', episode: '1', title: `The Long Night ${tag}` },
} satisfies Record<string, CreateEpisodeInput>;
const YOUTUBE_ID = 'dQw4w9WgXcQ';
const VIDEOS = [
  { videoID: `briefing-${tag}`, title: `Briefing at the Docks ${tag}`, vimeoID: '76979871', sublabel: 'Part 1' },
  { videoID: `debrief-${tag}`, title: `Debrief ${tag}`, vimeoID: 'https://vimeo.com/22439234', sublabel: 'Part 2' },
];
const COLLECTION = { collectionID: `field-notes-${tag}`, title: `Field Notes ${tag}` };
const PLAYER_HOSTS = /(^|\.)(youtube-nocookie\.com|youtube\.com|vimeo\.com|vimeocdn\.com|ytimg\.com)$/;

let staff: { context: BrowserContext; page: Page };
let player: Account;

/** Uploads an image file to an admin route from the page, as the admin screens do (multipart, our Origin). */
async function upload(page: Page, path: string, bytes: Buffer): Promise<void> {
  await page.evaluate(
    async ({ path, base64 }) => {
      const form = new FormData();
      const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      form.append('file', new Blob([data], { type: 'image/png' }), 'banner.png');
      const response = await fetch(path, { method: 'PUT', body: form });
      if (!response.ok) throw new Error(`PUT ${path}: ${response.status} ${await response.text()}`);
    },
    { path, base64: bytes.toString('base64') },
  );
}

beforeAll(async () => {
  const staffAccount = newAccount('staf');
  staff = await openPage(fixture.browser, { viewport: { width: 1280, height: 900 } });
  staff.context.setDefaultTimeout(8_000);
  await signUpThroughUi(staff.page, fixture.site, staffAccount);
  await grantKeys(fixture.site, staffAccount.email, ['staff']);

  // The library, through the real admin API.
  const admin = '/api/admin/development/theater';
  for (const episode of Object.values(EPISODES)) {
    await callApi<AdminEpisode>(staff.page, 'POST', `${admin}/episodes`, {
      ...episode,
      youtubeUrl: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
    });
  }
  const banner = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#7a3512' } })
    .png()
    .toBuffer();
  await upload(staff.page, `${admin}/episodes/${EPISODES.night.episodeID}/banner`, banner);
  for (const { sublabel: _, ...video } of VIDEOS) await callApi(staff.page, 'POST', `${admin}/videos`, video);
  const collection = await callApi<AdminTheaterCollection>(staff.page, 'POST', `${admin}/collections`, COLLECTION);
  await callApi(staff.page, 'PUT', `${admin}/collections/${COLLECTION.collectionID}`, {
    title: COLLECTION.title,
    members: VIDEOS.map(({ videoID, sublabel }) => ({ videoID, sublabel })),
    version: collection.version,
  });

  // The game reports its figures with the environment's service key.
  const ingest = await fetch(url('/api/ingest/development/episode-stats'), {
    method: 'PUT',
    headers: { authorization: `Bearer ${INGEST_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      episodes: [
        {
          episodeID: EPISODES.night.episodeID,
          stats: [
            { key: 'views', value: 12_345 },
            { key: 'completions', value: 6_789 },
          ],
        },
      ],
    }),
  });
  expect(ingest.status, await ingest.text()).toBe(200);

  player = newAccount('play');
});

afterAll(async () => {
  await staff?.context.close();
});

/**
 * A page with the site's CSP enforced, whose requests are recorded (with whether Play had been
 * pressed) and whose CSP violations are collected. The players' hosts answer from here, so
 * nothing leaves the machine.
 */
async function openWatchedPage(options: Parameters<typeof openPage>[1] = {}) {
  const session = await openPage(fixture.browser, {
    viewport: { width: 1280, height: 900 },
    bypassCSP: false,
    ...options,
  });
  session.context.setDefaultTimeout(8_000);
  const state = { played: false };
  const requests: { url: string; host: string; afterPlay: boolean; document: boolean }[] = [];
  session.page.on('request', (request: Request) => {
    const target = new URL(request.url());
    requests.push({
      url: request.url(),
      host: target.hostname,
      afterPlay: state.played,
      document: request.isNavigationRequest() && request.frame() === session.page.mainFrame(),
    });
  });
  await session.context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await session.context.route(
    (target) => PLAYER_HOSTS.test(target.hostname),
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Player</title><p>Playing</p>',
      }),
  );
  const violations = () =>
    session.page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  const playerRequests = () => requests.filter((request) => PLAYER_HOSTS.test(request.host));
  return { ...session, state, requests, violations, playerRequests };
}

const seasonHeadings = async (page: Page) =>
  (await page.getByRole('heading', { level: 2 }).allInnerTexts()).filter((text) => /^Season \d+$/.test(text));

const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });

/** A stat's figure in a description list: the definition after its term. */
const statValue = (scope: ReturnType<Page['locator']>, label: string) =>
  scope.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

describe('the theater home', () => {
  it('lets a visitor browse seasons newest first, jump to one, and see stats and collections', async () => {
    const { page, context, playerRequests, violations, consoleErrors } = await openWatchedPage();
    await page.goto(url('/story/'));
    await page.getByRole('heading', { level: 1, name: 'The Story Theater' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Season 42' }).waitFor();

    const seasons = (await seasonHeadings(page)).map((text) => Number(text.replace('Season ', '')));
    expect(seasons.slice(0, 2)).toEqual([42, 41]);
    expect(seasons).toEqual([...seasons].sort((a, b) => b - a));
    expect(await page.title()).toBe('Story Theater — Outpost');

    // Each season's episodes newest first, with their label and the game's figures.
    const season41 = page.getByRole('region', { name: 'Season 41' });
    expect(await season41.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      EPISODES.signal.title,
      EPISODES.dust.title,
    ]);
    const night = card(page, EPISODES.night.title);
    expect(await night.getByText('Season 42 · Episode 1').count()).toBe(1);
    expect(await statValue(night, 'Views in game').innerText()).toBe('12,345');
    expect(await statValue(night, 'Players who finished it').innerText()).toBe('6,789');
    // Our uploaded banner's thumbnail; an episode without one gets the drawn placeholder, and no stats.
    expect(await night.locator('img').getAttribute('src')).toMatch(
      new RegExp(
        `^${fixture.site.url}/files/development/theater/episodes/${EPISODES.night.episodeID}/[^/]+\\.thumb\\.webp$`,
      ),
    );
    const signal = card(page, EPISODES.signal.title);
    expect(await signal.locator('img').count()).toBe(0);
    expect(await signal.getByText('S41 · E2').count()).toBe(1);
    expect(await signal.locator('dl').count()).toBe(0);

    // The theater videos in their collection, in videoNumber order.
    const collection = page.getByRole('region', { name: COLLECTION.title });
    expect(await collection.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(
      VIDEOS.map((video) => video.title),
    );
    expect(
      await card(page, VIDEOS[1]?.title ?? '')
        .locator('p')
        .innerText(),
    ).toBe('Part 2');

    // The jump list moves to a season.
    const jumps = page.getByRole('navigation', { name: 'Seasons and collections' });
    await jumps.getByRole('link', { name: 'Season 41', exact: true }).click();
    await page.waitForURL(url('/story/#season-41'));
    await page.waitForFunction(() => {
      const heading = document.getElementById('season-41-title')?.getBoundingClientRect();
      return window.scrollY > 0 && heading !== undefined && heading.top >= 0 && heading.bottom <= window.innerHeight;
    });
    // No "Your favourites" for a visitor.
    expect(await page.getByRole('heading', { name: 'Your favourites' }).count()).toBe(0);

    expect(playerRequests()).toEqual([]);
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('wraps its cards to one column on a phone', async () => {
    const { page, context } = await openPage(fixture.browser, { viewport: MOBILE_VIEWPORT, isMobile: true });
    await page.goto(url('/story/'));
    const cards = page.getByRole('region', { name: 'Season 41' }).getByRole('listitem');
    await cards.first().waitFor();
    const [first, second] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
    expect(first?.x).toBe(second?.x);
    expect(second?.y).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0) - 1);
    expect(first?.width).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);
    await context.close();
  });
});

describe('the theater viewer', () => {
  it('loads the player only when the visitor presses Play', async () => {
    const { page, context, state, playerRequests, violations, consoleErrors } = await openWatchedPage();
    await page.goto(url('/story/'));
    await card(page, EPISODES.night.title).getByRole('link').click();
    await page.waitForURL(url(`/story/${EPISODES.night.episodeID}`));
    await page.getByRole('heading', { level: 1, name: EPISODES.night.title }).waitFor();
    await page.waitForFunction((title) => document.title === `${title} — Outpost`, EPISODES.night.title);

    // Before the click: our own banner and a real button, no frame, nothing asked of the players' hosts.
    const play = page.getByRole('button', { name: `Play ${EPISODES.night.title}` });
    await play.waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.locator('main img').first().getAttribute('src')).toBeTruthy();
    const stats = page.getByRole('region', { name: 'In-game stats' });
    expect(await statValue(stats, 'Views in game').innerText()).toBe('12,345');
    expect(await page.getByText('0 favourites').count()).toBe(1);
    const episodes = page.getByRole('navigation', { name: 'Episodes' });
    expect(await episodes.getByRole('link').allInnerTexts()).toEqual([
      expect.stringMatching(new RegExp(`^Previous: Season 41 · Episode 2\\s+${EPISODES.signal.title}$`)),
    ]);
    await page.waitForLoadState('networkidle');
    expect(playerRequests()).toEqual([]);

    state.played = true;
    const asked = page.waitForRequest((request) => request.url().startsWith('https://www.youtube-nocookie.com/'));
    await play.click();
    const frame = page.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?autoplay=1`);
    expect(await frame.getAttribute('title')).toBe(`${EPISODES.night.title} (YouTube player)`);
    expect(await frame.getAttribute('allow')).toBe('autoplay; encrypted-media; picture-in-picture; fullscreen');
    expect(await frame.getAttribute('allowfullscreen')).not.toBeNull();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    await asked;
    await page.frameLocator('iframe').getByText('Playing').waitFor();
    expect(playerRequests().length).toBeGreaterThan(0);
    expect(playerRequests().every((request) => request.afterPlay)).toBe(true);
    // The /story document's CSP lets this player in.
    expect(await violations()).toEqual([]);

    // Previous goes to the neighbour, with a new stage.
    // Scrolled first: with the player's frame focused, Playwright's own scroll-and-click lands on stale coordinates.
    await episodes.getByRole('link').scrollIntoViewIfNeeded();
    await episodes.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: EPISODES.signal.title }).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByRole('button', { name: `Play ${EPISODES.signal.title}` }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('plays a theater video from Vimeo, with its collection and neighbours', async () => {
    const { page, context, state, playerRequests, violations } = await openWatchedPage();
    const [first, second] = VIDEOS;
    if (!first || !second) throw new Error('two videos expected');
    await page.goto(url(`/story/${first.videoID}`));
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    await page.getByText(`From the collection ${COLLECTION.title}.`).waitFor();
    expect(await page.getByRole('navigation', { name: COLLECTION.title }).getByRole('link').allInnerTexts()).toEqual([
      expect.stringMatching(new RegExp(`^Next: Part 2\\s+${second.title}$`)),
    ]);
    await page.waitForLoadState('networkidle');
    expect(playerRequests()).toEqual([]);

    state.played = true;
    await page.getByRole('button', { name: `Play ${first.title}` }).click();
    const frame = page.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe('https://player.vimeo.com/video/76979871?autoplay=1');
    expect(await frame.getAttribute('title')).toBe(`${first.title} (Vimeo player)`);
    await page.frameLocator('iframe').getByText('Playing').waitFor();
    expect(playerRequests().every((request) => request.afterPlay)).toBe(true);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('answers an unknown id with 404 and a clear not-found state', async () => {
    const { page, context } = await openPage(fixture.browser);
    const response = await page.goto(url(`/story/nope-${tag}`));
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Episode not found' }).waitFor();
    await page.getByText(THEATER_MESSAGES.notFound).waitFor();
    expect(await page.title()).toBe('Episode not found — Outpost');
    await page.getByRole('link', { name: 'Back to the theater' }).click();
    await page.getByRole('heading', { level: 1, name: 'The Story Theater' }).waitFor();
    await context.close();
  });

  it('shows LOADING while its code is on its way', async () => {
    const { page, context } = await openPage(fixture.browser);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/theater-viewer-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url(`/story/${EPISODES.dust.episodeID}`), { waitUntil: 'domcontentloaded' });
    // Exact: the viewer's own "Loading the episode…" is not the route's fallback.
    await page.getByRole('status').getByText('LOADING', { exact: true }).waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: EPISODES.dust.title }).waitFor();
    expect(await page.getByText('LOADING', { exact: true }).count()).toBe(0);
    await context.close();
  });
});

describe('favourites', () => {
  it('lets a signed-in player favourite and unfavourite an episode', async () => {
    const { page, context, requests, state, violations } = await openWatchedPage();
    await signUpThroughUi(page, fixture.site, player);
    await page.getByRole('banner').getByRole('button', { name: 'LOGOUT' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Login / Signup' }).waitFor();

    // A visitor sees the count and the way to sign in, which brings them back here.
    const episodePath = `/story/${EPISODES.dust.episodeID}`;
    await page.goto(url(episodePath));
    await page.getByText('0 favourites').waitFor();
    expect(await page.getByRole('button', { name: 'Favourite' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in to keep favourites' }).click();
    const signIn = url(`/login?next=${encodeURIComponent(episodePath)}`);
    await page.waitForURL(signIn);
    // The sign-in address opened on its own (shared, bookmarked): the login screen's own document.
    await page.goto(signIn);
    const documentsBefore = requests.filter((request) => request.document).length;
    await logInThroughUi(page, player);
    await page.waitForURL(url(episodePath));
    const toggle = page.getByRole('button', { name: 'Favourite' });
    await toggle.waitFor();
    // The login screen sends the player back inside its document; the story then loads its own,
    // whose CSP lets the player in.
    expect(
      requests
        .filter((request) => request.document)
        .slice(documentsBefore)
        .map((request) => request.url),
    ).toEqual([url(episodePath)]);
    state.played = true;
    await page.getByRole('button', { name: `Play ${EPISODES.dust.title}` }).click();
    await page.frameLocator('iframe').getByText('Playing').waitFor();
    expect(await violations()).toEqual([]);

    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await page.getByRole('alert').getByText(FAVOURITE_EPISODE_TEXT.added).waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await page.getByText(/(^|\s)1 favourite$/).waitFor();

    // "Your favourites" appears on the theater home, first.
    await page.getByRole('link', { name: 'The Story Theater' }).click();
    const favourites = page.getByRole('region', { name: 'Your favourites' });
    await favourites.waitFor();
    expect(await favourites.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([EPISODES.dust.title]);
    expect(await page.getByRole('heading', { level: 2 }).first().innerText()).toBe('Your favourites');
    expect(await card(page, EPISODES.dust.title).first().getByText('1 favourite', { exact: true }).count()).toBe(1);

    await favourites.getByRole('link', { name: EPISODES.dust.title }).click();
    await toggle.waitFor();
    await page.waitForFunction(
      () => document.querySelector('button[aria-pressed]')?.getAttribute('aria-pressed') === 'true',
    );
    await toggle.click();
    await page.getByRole('alert').getByText(FAVOURITE_EPISODE_TEXT.removed).waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.getByText('0 favourites').waitFor();

    await page.getByRole('link', { name: 'The Story Theater' }).click();
    await page.getByRole('heading', { level: 2, name: 'Season 42' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Your favourites' }).count()).toBe(0);
    await context.close();
  });
});

describe('links into the story area', () => {
  it.each([
    ['the bar', { viewport: { width: 1280, height: 900 } }],
    ['the mobile menu', { viewport: MOBILE_VIEWPORT, isMobile: true }],
  ])('STORY in %s loads /story as a document', async (where, options) => {
    const { page, context, requests } = await openWatchedPage(options);
    await page.goto(url('/'));
    await waitForHydration(page, 'header a[href="/story"]');
    const before = requests.filter((request) => request.document).length;
    if (where === 'the mobile menu') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'STORY' }).click();
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'STORY' }).click();
    }
    await page.getByRole('heading', { level: 1, name: 'The Story Theater' }).waitFor();
    expect(
      requests
        .filter((request) => request.document)
        .slice(before)
        .map((request) => request.url),
    ).toEqual([url('/story')]);
    await context.close();
  });

  it("loads /story as a document from the about page's link too, and leaves it without one", async () => {
    const { page, context, requests } = await openWatchedPage();
    await page.goto(url('/about/'));
    await waitForHydration(page, 'header a[href="/shop/"]');
    const before = requests.filter((request) => request.document).length;
    await page.getByRole('link', { name: 'Open the story' }).click();
    await page.getByRole('heading', { level: 1, name: 'The Story Theater' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'SHOP' }).click();
    await page.getByRole('heading', { level: 1, name: 'The Outpost Shop' }).waitFor();
    expect(
      requests
        .filter((request) => request.document)
        .slice(before)
        .map((request) => request.url),
    ).toEqual([url('/story')]);
    await context.close();
  });
});

describe('accessibility (axe-core: no serious or critical violation)', () => {
  it.each([
    ['/story/', 'The Story Theater', 'desktop'],
    ['/story/', 'The Story Theater', 'mobile'],
    [`/story/${EPISODES.night.episodeID}`, EPISODES.night.title, 'desktop'],
    [`/story/${VIDEOS[0]?.videoID}`, VIDEOS[0]?.title ?? '', 'mobile'],
    [`/story/nope-${tag}`, 'Episode not found', 'desktop'],
  ])('%s (%s, %s)', async (path, heading, form) => {
    const { page, context } = await openPage(
      fixture.browser,
      form === 'mobile' ? { viewport: MOBILE_VIEWPORT, isMobile: true } : { viewport: { width: 1280, height: 900 } },
    );
    await page.goto(url(path));
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
