import { adminSegmentPath, SEGMENTS_PATHS } from '@outpost/contracts/segments/paths';
import { SEGMENTS_MESSAGES, type Segment, type SegmentSize } from '@outpost/contracts/segments/schemas';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRoleSessions } from '../../../../../tests/browser/accounts-helpers';
import { consoleScreen, expectAlert, openIn, openNewForm } from '../../../../../tests/browser/admin-pages';
import { callApi, MOBILE_VIEWPORT, seriousAxeViolations, useSite } from '../../../../../tests/browser/harness';

// The real server and the built web app in Chromium, in the site's own environment (development).
const fixture = useSite();
const { sessions } = useRoleSessions(fixture, ['staff'] as const);
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';
const API = '/api/admin/development/segments';
const SEGMENT_ID = 'browser-everyone';
const NAME = 'Everyone, from the browser';

const open = (page: Page, path: string) => openIn(page, fixture.site.url, 'development', path);

/** The live size as the form says it ("12 of 12 players"). */
const sizeText = (scope: Page | Locator) => scope.getByRole('status', { name: 'Players in it' }).innerText();

/** Every player of the environment, as the server counts them. */
async function totalPlayers(page: Page): Promise<number> {
  const definition = { match: 'all', rules: [{ attribute: 'accountAgeDays', op: 'atLeast', value: 0 }] };
  return (await callApi<SegmentSize>(page, 'POST', `${API}/size`, { definition })).total;
}

/** The whole page from its top: a full-page shot of a scrolled page draws the sticky header midway. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** How far the page scrolls sideways (none should: tables become cards, rules wrap). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('segments in the back office', () => {
  it('creates a segment, counts it live as its rules change, saves it and lists its members', async () => {
    const { page } = sessions.staff;
    // Reached from Configuration, in the game's area like remote config.
    await open(page, '/admin/configuration');
    const screen = consoleScreen(page);
    const link = screen
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Segments', exact: true }) });
    expect(await link.innerText()).toBe('Segments: audiences defined once: push, rewards and remote config take them.');
    await link.getByRole('link').click();
    await screen.getByRole('heading', { level: 1, name: 'Segments', exact: true }).waitFor();
    // The demo's segments, their rules in words.
    const lapsed = screen.getByRole('row').filter({ hasText: 'Lapsed spenders' });
    expect(await lapsed.innerText()).toContain('Days since last seen at least 14 and credits spent at least 100');
    await shoot(page, 'segments-list-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const total = await totalPlayers(page);
    expect(total).toBeGreaterThan(0);
    const everyone = `${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} players`;
    const nobody = `0 of ${total.toLocaleString('en-US')} players`;

    const form = await openNewForm(screen, 'New segment');
    await form.getByLabel('Segment ID', { exact: true }).fill(SEGMENT_ID);
    await form.getByLabel('Name', { exact: true }).fill(NAME);
    await form.getByLabel('Description (optional)', { exact: true }).fill('Every account, for the test.');
    const rule = form.getByRole('group', { name: 'Rule 1', exact: true });
    await rule.getByLabel('Attribute', { exact: true }).selectOption('accountAgeDays');
    // The attribute's hint is read with its select.
    expect(await rule.getByText('Whole days since the account was made.').count()).toBe(1);
    await rule.getByLabel('Value', { exact: true }).fill('1000000');
    await expect.poll(() => sizeText(form)).toBe(nobody);
    await rule.getByLabel('Value', { exact: true }).fill('0');
    await expect.poll(() => sizeText(form)).toBe(everyone);
    await page.screenshot({ path: `${SHOTS}/segments-new-1280.png` });
    await form.getByRole('button', { name: 'Create segment', exact: true }).click();

    // Created: its own page, with the rules as saved.
    await page.waitForURL(`${fixture.site.url}${adminSegmentPath(SEGMENT_ID)}`);
    await screen.getByRole('heading', { level: 1, name: `Segment ${NAME}` }).waitFor();
    const editor = screen.getByRole('form', { name: 'Rules and details', exact: true });
    await expect.poll(() => sizeText(editor)).toBe(everyone);

    // A rule changed: the size follows without a save; a value that is no number is not counted.
    const saved = editor.getByRole('group', { name: 'Rule 1', exact: true });
    await saved.getByLabel('Value', { exact: true }).fill('1000000');
    await expect.poll(() => sizeText(editor)).toBe(nobody);
    await saved.getByLabel('Comparison', { exact: true }).selectOption('atMost');
    await expect.poll(() => sizeText(editor)).toBe(everyone);
    await saved.getByLabel('Value', { exact: true }).fill('ten');
    await editor.getByText(`Not counted while a rule is unfinished: ${SEGMENTS_MESSAGES.value}`).waitFor();
    await saved.getByLabel('Value', { exact: true }).fill('1000000');

    // A group: any of its rules.
    await editor.getByRole('button', { name: 'Add group', exact: true }).click();
    const group = editor.getByRole('group', { name: 'Group 2', exact: true });
    // The keyboard lands in what was added.
    expect(
      await group
        .getByLabel('Players in group 2 match', { exact: true })
        .evaluate((select) => select === document.activeElement),
    ).toBe(true);
    await group.getByLabel('Players in group 2 match', { exact: true }).selectOption('any');
    const inGroup = group.getByRole('group', { name: 'Rule 2.1', exact: true });
    await inGroup.getByLabel('Attribute', { exact: true }).selectOption('accountAgeDays');
    await inGroup.getByLabel('Value', { exact: true }).fill('0');
    await expect.poll(() => sizeText(editor)).toBe(everyone);

    // Count again reads the players afresh.
    const recount = page.waitForRequest(
      (request) => request.url().endsWith(`${API}/size`) && request.postData()?.includes('"recount":true') === true,
    );
    await editor.getByRole('button', { name: 'Count again', exact: true }).click();
    await recount;
    await editor.getByText(/^Counted at /).waitFor();

    await editor.getByRole('button', { name: 'Save segment', exact: true }).click();
    await expectAlert(page, `Segment ${NAME} saved.`);
    const stored = await callApi<Segment>(page, 'GET', `${API}/${SEGMENT_ID}`);
    expect(stored.definition).toEqual({
      match: 'all',
      rules: [
        { attribute: 'accountAgeDays', op: 'atMost', value: 1_000_000 },
        { match: 'any', rules: [{ attribute: 'accountAgeDays', op: 'atLeast', value: 0 }] },
      ],
    });
    expect(stored.revision).toBe(2);

    const members = screen.getByRole('region', { name: 'Players in the segment' });
    await members.getByRole('row').nth(1).waitFor();
    await shoot(page, 'segments-editor-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A member's name opens their page.
    const player = members.getByRole('row').nth(1).getByRole('link').first();
    const playerName = await player.innerText();
    await player.click();
    await page.waitForURL(/\/admin\/moderation\/users\//);
    await consoleScreen(page).getByRole('heading', { level: 1 }).filter({ hasText: playerName }).waitFor();
  });

  it('refuses a save made stale by another save, with the server’s words', async () => {
    const { page } = sessions.staff;
    await open(page, adminSegmentPath(SEGMENT_ID));
    const editor = consoleScreen(page).getByRole('form', { name: 'Rules and details', exact: true });
    await editor.getByLabel('Name', { exact: true }).fill(`${NAME}, renamed here`);

    // Someone else saves it in between.
    const current = await callApi<Segment>(page, 'GET', `${API}/${SEGMENT_ID}`);
    await callApi(page, 'PUT', `${API}/${SEGMENT_ID}`, {
      name: current.name,
      description: 'Changed elsewhere.',
      definition: current.definition,
      revision: current.revision,
    });
    // The live topic says so before any save.
    await editor.getByRole('button', { name: 'Load their version', exact: true }).waitFor();

    await editor.getByRole('button', { name: 'Save segment', exact: true }).click();
    await expectAlert(page, `The segment was not saved. ${SEGMENTS_MESSAGES.stale}`);
    expect((await callApi<Segment>(page, 'GET', `${API}/${SEGMENT_ID}`)).description).toBe('Changed elsewhere.');

    await editor.getByRole('button', { name: 'Load their version', exact: true }).click();
    expect(await editor.getByLabel('Description (optional)', { exact: true }).inputValue()).toBe('Changed elsewhere.');
    expect(await editor.getByLabel('Name', { exact: true }).inputValue()).toBe(NAME);
  });

  it('fits a phone: no sideways scroll on the list or the editor', async () => {
    const { page } = sessions.staff;
    await page.setViewportSize(MOBILE_VIEWPORT);
    try {
      await open(page, SEGMENTS_PATHS.admin);
      await consoleScreen(page).getByRole('link', { name: NAME, exact: true }).waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shoot(page, 'segments-list-390');
      const form = await openNewForm(consoleScreen(page), 'New segment');
      await form.getByRole('group', { name: 'Rule 1', exact: true }).waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/segments-new-390.png` });
      await page
        .getByRole('dialog', { name: 'New segment' })
        .getByRole('button', { name: 'Close', exact: true })
        .click();

      await consoleScreen(page).getByRole('link', { name: NAME, exact: true }).click();
      const editor = consoleScreen(page).getByRole('form', { name: 'Rules and details', exact: true });
      await editor.getByRole('group', { name: 'Rule 2.1', exact: true }).waitFor();
      await consoleScreen(page)
        .getByRole('region', { name: 'Players in the segment' })
        .getByRole('link')
        .first()
        .waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shoot(page, 'segments-editor-390');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('deletes the segment after asking', async () => {
    const { page } = sessions.staff;
    await open(page, adminSegmentPath(SEGMENT_ID));
    await consoleScreen(page).getByRole('button', { name: 'Delete segment', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Delete the segment “${NAME}”?`, exact: true });
    await confirm.getByRole('button', { name: 'Delete segment', exact: true }).click();
    await page.waitForURL(`${fixture.site.url}${SEGMENTS_PATHS.admin}`);
    await consoleScreen(page).getByRole('link', { name: 'Lapsed spenders', exact: true }).waitFor();
    expect(await consoleScreen(page).getByRole('link', { name: NAME, exact: true }).count()).toBe(0);
    const gone = await page.evaluate((path) => fetch(path).then((response) => response.status), `${API}/${SEGMENT_ID}`);
    expect(gone).toBe(404);
  });
});
