import {
  type AdminEpisode,
  type AdminTheaterCollection,
  type AdminTheaterVideo,
  THEATER_MESSAGES,
  type TheaterLibrary,
} from '@outpost/contracts/theater';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useRoleSessions } from './accounts-helpers';
import { openNewForm } from './admin-pages';
import { callApi, freePort, MOBILE_VIEWPORT, seriousAxeViolations, useSite } from './harness';

// 3 sign-ups from one address: under the server's default auth rate limits. Uploaded images are
// addressed from PUBLIC_URL, so the site's address is fixed first. No demo data: the library holds
// only what this file puts there, so "the top of the library" is known.
const port = await freePort();
const fixture = useSite({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SEED_DEMO_DATA: 'false' });
const ROLES = ['staff', 'moderator', 'player'] as const;
const { sessions } = useRoleSessions(fixture, ROLES);

const url = (path: string) => `${fixture.site.url}${path}`;
const ADMIN_API = '/api/admin/development/theater';
const tag = Date.now().toString(36).slice(-5);
const TITLE = `Homecoming ${tag}`;
const VIDEOS = [
  { videoID: `briefing-${tag}`, title: `Briefing ${tag}`, vimeo: 'https://vimeo.com/76979871', vimeoID: '76979871' },
  { videoID: `debrief-${tag}`, title: `Debrief ${tag}`, vimeo: '22439234', vimeoID: '22439234' },
] as const;
const COLLECTION = { collectionID: `field-notes-${tag}`, title: `Field Notes ${tag}` };

beforeAll(async () => {
  // Neighbours the new episode must sort above: s2e9 (as text "10" < "9") and s1e12.
  for (const [season, episode] of [
    [2, 9],
    [1, 12],
  ] as const) {
    await callApi<AdminEpisode>(sessions.staff.page, 'POST', `${ADMIN_API}/episodes`, {
      season,
      episode,
      title: `Earlier ${season}.${episode} ${tag}`,
      url: 'https://media.example.com/earlier.mp4',
    });
  }
});

/** The form's outcome, word for word, in its role="alert" region. */
async function expectAlert(scope: Page | Locator, text: string): Promise<void> {
  const alert = scope.getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  expect(await alert.innerText()).toBe(text);
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

async function openTheaterAdmin(page: Page, search = ''): Promise<void> {
  await page.goto(url(`/story/admin${search}`));
  await page.getByRole('heading', { level: 1, name: 'Theater' }).waitFor();
}

const episodeRow = (page: Page, episodeID: string) => page.getByRole('row').filter({ hasText: episodeID });
const pngOf = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe('the theater admin, as staff', () => {
  it('opens inside the admin shell and creates an episode from typed text, stored as integers, on top of the library', async () => {
    const { page } = sessions.staff;
    await openTheaterAdmin(page);
    // The admin shell: its bar, its environment switch and its Theater link.
    await page.getByText('Admin Dashboard').waitFor();
    expect(await page.getByLabel('Environment').inputValue()).toBe('development');
    expect(
      await page
        .getByRole('navigation', { name: 'Admin' })
        .getByRole('link', { name: 'Theater' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await page.getByRole('tab', { name: 'Episodes' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { level: 2, name: 'Episodes' }).waitFor();

    const form = await openNewForm(page, 'New episode');
    const id = form.getByLabel('Episode ID');
    expect(await id.getAttribute('placeholder')).toBeNull();
    await form.getByLabel('Season').fill('2');
    await form.getByLabel('Episode', { exact: true }).fill('10');
    expect(await id.getAttribute('placeholder')).toBe('s2e10');
    expect(await form.getByLabel('Season').getAttribute('inputmode')).toBe('numeric');

    // Each problem at its field, the first one focused.
    await form.getByRole('button', { name: 'Create episode' }).click();
    const title = form.getByLabel('Title');
    await form.getByText(THEATER_MESSAGES.titleRequired).waitFor();
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect(await isFocused(title)).toBe(true);
    await form.getByText(THEATER_MESSAGES.source).waitFor();

    // The YouTube id shows as the link is typed.
    const youtube = form.getByLabel('YouTube link');
    await youtube.fill('https://example.com/watch?v=dQw4w9WgXcQ');
    await form.getByText(THEATER_MESSAGES.youtubeUrl).waitFor();
    await youtube.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42');
    await form.getByText('YouTube video ID: dQw4w9WgXcQ').waitFor();
    await title.fill(TITLE);
    await form.getByRole('button', { name: 'Create episode' }).click();
    // The form closes with its outcome above the list; the next one opens blank.
    await expectAlert(page, THEATER_MESSAGES.episodeCreated);
    await form.waitFor({ state: 'detached' });
    const next = await openNewForm(page, 'New episode');
    expect(await next.getByLabel('Title').inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await next.waitFor({ state: 'detached' });

    const stored = await callApi<AdminEpisode>(page, 'GET', `${ADMIN_API}/episodes/s2e10`);
    expect(stored).toMatchObject({
      episodeID: 's2e10',
      season: 2,
      episode: 10,
      title: TITLE,
      youtubeID: 'dQw4w9WgXcQ',
    });
    expect(typeof stored.season).toBe('number');
    expect(typeof stored.episode).toBe('number');
    const row = episodeRow(page, 's2e10');
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      '—',
      '2',
      '10',
      TITLE,
      's2e10',
      'dQw4w9WgXcQ',
      '0',
      // Updated (priority 3) gives way in a 1,280 px window (docs/decisions/0129-tables-that-fit.md).
      'Edit',
    ]);

    // The library runs season then episode, descending, as numbers: s2e10, s2e9, s1e12.
    const library = await callApi<TheaterLibrary>(page, 'GET', '/api/theater');
    expect(library.episodes.map((episode) => [episode.season, episode.episode])).toEqual([
      [2, 10],
      [2, 9],
      [1, 12],
    ]);
    await page.goto(url('/story/'));
    await page.getByRole('heading', { level: 1, name: 'The Story Theater' }).waitFor();
    expect(await page.getByRole('heading', { level: 3 }).first().innerText()).toBe(TITLE);
  });

  it('saves an edit with the version it loaded, and after a newer save offers to load it', async () => {
    const { page } = sessions.staff;
    await openTheaterAdmin(page);
    await page.getByRole('button', { name: 'Edit episode s2e10' }).click();
    const form = page.getByRole('form', { name: 'Edit episode s2e10' });
    // Picked in the list, the form takes the focus; the ID cannot change.
    expect(await isFocused(form.getByRole('heading', { name: 'Edit episode s2e10' }))).toBe(true);
    expect(await form.getByLabel('Episode ID').inputValue()).toBe('s2e10');
    expect(await form.getByLabel('Episode ID').getAttribute('readonly')).not.toBeNull();

    // Someone else saves after the form was loaded.
    const loaded = await callApi<AdminEpisode>(page, 'GET', `${ADMIN_API}/episodes/s2e10`);
    await callApi(page, 'PUT', `${ADMIN_API}/episodes/s2e10`, {
      season: '2',
      episode: '10',
      title: `${TITLE} (recut)`,
      youtubeUrl: loaded.youtubeUrl,
      version: loaded.version,
    });
    await form.getByLabel('Title').fill(`${TITLE}: mine`);
    await form.getByRole('button', { name: 'Save episode' }).click();
    const refusal = form.getByRole('alert').filter({ hasText: 'The episode was not saved.' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(
      /^The episode was not saved\. Someone saved this episode after you opened it/,
    );
    await form.getByRole('button', { name: 'Load the latest version (discards your changes)' }).click();
    await expectAlert(form, 'Loaded the latest saved version.');
    expect(await form.getByLabel('Title').inputValue()).toBe(`${TITLE} (recut)`);

    await form.getByLabel('Title').fill(TITLE);
    await form.getByRole('button', { name: 'Save episode' }).click();
    await expectAlert(page, THEATER_MESSAGES.episodeSaved);
    expect(await callApi<AdminEpisode>(page, 'GET', `${ADMIN_API}/episodes/s2e10`)).toMatchObject({
      title: TITLE,
      version: loaded.version + 2,
    });
  });

  it('uploads a banner: a refused file says why, a PNG shows as the thumbnail in the form, the list and the library', async () => {
    const { page } = sessions.staff;
    await openTheaterAdmin(page);
    await page.getByRole('button', { name: 'Edit episode s2e10' }).click();
    const form = page.getByRole('form', { name: 'Edit episode s2e10' });
    const banner = form.getByRole('group', { name: 'Banner' });
    await banner.getByText('No banner yet').waitFor();
    const chooser = banner.getByLabel('Choose a banner image');
    expect(await chooser.getAttribute('accept')).toBe('image/*');

    await chooser.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await banner.getByRole('button', { name: 'Upload banner' }).click();
    const refusal = banner.getByRole('alert').filter({ hasText: 'Error uploading file: ' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/^Error uploading file: \S/);

    await chooser.setInputFiles({
      name: 'homecoming.png',
      mimeType: 'image/png',
      buffer: await pngOf(640, 360, '#7a3512'),
    });
    // Previewed before it is sent, as a data: URL (the CSP allows no blob: images).
    expect(await banner.getByRole('img', { name: 'Chosen banner' }).getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    await banner.getByRole('button', { name: 'Upload banner' }).click();
    await expectAlert(banner, THEATER_MESSAGES.episodeSaved);

    const stored = await callApi<AdminEpisode>(page, 'GET', `${ADMIN_API}/episodes/s2e10`);
    expect(stored.bannerThumbnailUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/files\/development\/theater\/episodes\/s2e10\//,
    );
    const saved = banner.getByRole('img', { name: 'Saved banner' });
    expect(await saved.getAttribute('src')).toBe(stored.bannerThumbnailUrl);
    await expect
      .poll(() => saved.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(320);
    const thumbnail = episodeRow(page, 's2e10').getByRole('cell').first().locator('img');
    await expect.poll(() => thumbnail.getAttribute('src')).toBe(stored.bannerThumbnailUrl);

    // The form carries on from the version the upload answered: a save still goes through.
    await form.getByRole('button', { name: 'Save episode' }).click();
    await expectAlert(page, THEATER_MESSAGES.episodeSaved);

    await page.goto(url('/story/'));
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: TITLE }) });
    expect(await card.locator('img').getAttribute('src')).toBe(stored.bannerThumbnailUrl);
  });

  it('creates theater videos and a collection, reorders it by keyboard and by drag, and saves each order', async () => {
    const { page } = sessions.staff;
    await openTheaterAdmin(page);
    await page.getByRole('tab', { name: 'Theater videos' }).click();
    await page.waitForURL(url('/story/admin?tab=videos'));
    await page.getByRole('heading', { level: 2, name: 'Theater videos' }).waitFor();
    for (const video of VIDEOS) {
      const form = await openNewForm(page, 'New theater video');
      await form.getByLabel('Video ID').fill(video.videoID);
      await form.getByLabel('Title').fill(video.title);
      await form.getByLabel('Vimeo video').fill(video.vimeo);
      await form.getByText(`Vimeo video number: ${video.vimeoID}`).waitFor();
      await form.getByRole('button', { name: 'Create video' }).click();
      await expectAlert(page, THEATER_MESSAGES.videoCreated);
      await page.getByRole('row').filter({ hasText: video.videoID }).waitFor();
    }
    const created = await callApi<AdminTheaterVideo>(page, 'GET', `${ADMIN_API}/videos/${VIDEOS[0].videoID}`);
    expect(created.vimeoID).toBe('76979871');

    // The tabs answer the arrow keys, and the URL keeps the choice.
    await page.getByRole('tab', { name: 'Theater videos' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(url('/story/admin?tab=collections'));
    expect(await isFocused(page.getByRole('tab', { name: 'Collections' }))).toBe(true);
    await page.getByRole('heading', { level: 2, name: 'Collections' }).waitFor();

    const create = await openNewForm(page, 'New collection');
    await create.getByLabel('Collection ID').fill(COLLECTION.collectionID);
    await create.getByLabel('Title').fill(COLLECTION.title);
    await create.getByRole('button', { name: 'Create collection' }).click();
    const editor = page.getByRole('form', { name: `Edit collection ${COLLECTION.collectionID}` });
    await expectAlert(editor, THEATER_MESSAGES.collectionCreated);
    expect(page.url()).toBe(url(`/story/admin?tab=collections&collection=${COLLECTION.collectionID}`));

    for (const video of VIDEOS) {
      await editor.getByLabel('Add a video').selectOption(video.videoID);
      await editor.getByRole('button', { name: 'Add to collection' }).click();
    }
    const members = editor.getByRole('list', { name: 'Videos in this collection, in order' }).getByRole('listitem');
    const order = async () =>
      (await members.allInnerTexts()).map((text) => VIDEOS.findIndex((video) => text.includes(video.videoID)));
    expect(await order()).toEqual([0, 1]);
    const [first, second] = VIDEOS;

    // By keyboard: the second moves up, the focus stays on its button and the move is announced.
    const up = editor.getByRole('button', { name: `Move ${second.title} up` });
    await up.focus();
    await page.keyboard.press('Enter');
    expect(await order()).toEqual([1, 0]);
    expect(await isFocused(up)).toBe(true);
    await editor
      .getByRole('status')
      .filter({ hasText: `${second.title} is now video 1 of 2.` })
      .waitFor();
    expect(await up.getAttribute('aria-disabled')).toBe('true');
    await editor.getByRole('textbox', { name: `Sublabel of ${second.title}` }).fill('Part 1');
    await editor.getByRole('textbox', { name: `Sublabel of ${first.title}` }).fill('Part 2');
    await editor.getByRole('button', { name: 'Save collection' }).click();
    await expectAlert(editor, THEATER_MESSAGES.collectionSaved);
    const numbered = (collection: AdminTheaterCollection) =>
      collection.videos.map((video) => [video.videoID, video.videoNumber, video.sublabel]);
    expect(numbered(await callApi(page, 'GET', `${ADMIN_API}/collections/${COLLECTION.collectionID}`))).toEqual([
      [second.videoID, 1, 'Part 1'],
      [first.videoID, 2, 'Part 2'],
    ]);

    // By drag: the first video's handle dropped on the top row puts it back on top.
    // Both rows in view: a drag that has to scroll the page first never starts.
    await editor
      .getByRole('list', { name: 'Videos in this collection, in order' })
      .evaluate((list) => list.scrollIntoView({ block: 'center' }));
    await members.nth(1).locator('[draggable="true"]').dragTo(members.nth(0));
    expect(await order()).toEqual([0, 1]);
    await editor
      .getByRole('status')
      .filter({ hasText: `${first.title} is now video 1 of 2.` })
      .waitFor();
    await editor.getByRole('button', { name: 'Save collection' }).click();
    await expectAlert(editor, THEATER_MESSAGES.collectionSaved);
    expect(numbered(await callApi(page, 'GET', `${ADMIN_API}/collections/${COLLECTION.collectionID}`))).toEqual([
      [first.videoID, 1, 'Part 2'],
      [second.videoID, 2, 'Part 1'],
    ]);
    // The editor shows the saved order, and so does a reload of the page (the URL names the collection).
    expect(await order()).toEqual([0, 1]);
    await page.reload();
    await page.getByRole('form', { name: `Edit collection ${COLLECTION.collectionID}` }).waitFor();
    expect(await order()).toEqual([0, 1]);
    const listed = page.getByRole('row').filter({ hasText: COLLECTION.collectionID });
    expect(await listed.getByRole('listitem').allInnerTexts()).toEqual([
      `${first.title} (Part 2)`,
      `${second.title} (Part 1)`,
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('reads well on a phone, with no serious accessibility problem', async () => {
    const { page } = sessions.staff;
    await page.setViewportSize(MOBILE_VIEWPORT);
    try {
      await openTheaterAdmin(page);
      await episodeRow(page, 's2e10').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        MOBILE_VIEWPORT.width,
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      await openTheaterAdmin(page, `?tab=collections&collection=${COLLECTION.collectionID}`);
      await page.getByRole('form', { name: `Edit collection ${COLLECTION.collectionID}` }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        MOBILE_VIEWPORT.width,
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});

describe('the theater admin, as others', () => {
  it('shows a moderator the lists with a read-only notice, and no way to change them', async () => {
    const { page } = sessions.moderator;
    await openTheaterAdmin(page);
    await page.getByText('Your role may view the episodes but not change them.').waitFor();
    await episodeRow(page, 's2e10').waitFor();
    expect(await page.getByRole('button', { name: '+ New episode' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit episode s2e10' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Collections' }).click();
    await page.getByText('Your role may view the collections but not change them.').waitFor();
    await page.getByRole('row').filter({ hasText: COLLECTION.collectionID }).waitFor();
    expect(await page.getByRole('button', { name: `Edit collection ${COLLECTION.collectionID}` }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('refuses a plain player: the admin shell says so, and the admin API answers 403', async () => {
    const { page } = sessions.player;
    await page.goto(url('/story/admin'));
    await page.getByText('Your account does not have access to the admin area.').waitFor();
    const answer = await page.evaluate(async (path) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ season: '9', episode: '9', title: 'Not mine', url: 'https://media.example.com/x.mp4' }),
      });
      return { status: response.status, body: await response.json() };
    }, `${ADMIN_API}/episodes`);
    expect(answer).toMatchObject({ status: 403, body: { error: { status: 'PERMISSION_DENIED' } } });
    await expect(callApi(sessions.staff.page, 'GET', `${ADMIN_API}/episodes/s9e9`)).rejects.toThrow(/: 404 /);
  });
});
